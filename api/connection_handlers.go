package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/connection"
)

// GET /whatsapp lists the caller's company's connections (a companyId parameter is
// ignored; session is accepted). Tokens are shown only to who manages connections.
func (a *API) listConnections(c *gin.Context) {
	manager := manageConnections.allows(currentUser(c), currentCompany(c))
	list, err := a.App.Connections.List(c.Request.Context(), manager)
	reply(c, list, err)
}

func (a *API) getConnection(c *gin.Context) {
	if id, ok := idParam(c, "id", connection.ErrNotFound); ok {
		w, err := a.App.Connections.Load(c.Request.Context(), id)
		reply(c, w, err)
	}
}

func (a *API) createConnection(c *gin.Context) {
	var in connection.Input
	if !bind(c, &in) {
		return
	}
	w, err := a.App.Connections.Create(c.Request.Context(), in)
	created(c, w, err)
}

func (a *API) updateConnection(c *gin.Context) {
	id, ok := idParam(c, "id", connection.ErrNotFound)
	var in connection.Input
	if !ok || !bind(c, &in) {
		return
	}
	w, err := a.App.Connections.Update(c.Request.Context(), id, in)
	reply(c, w, err)
}

func (a *API) deleteConnection(c *gin.Context) {
	if id, ok := idParam(c, "id", connection.ErrNotFound); ok {
		deleted(c, "Whatsapp deleted.", a.App.Connections.Delete(c.Request.Context(), id))
	}
}
