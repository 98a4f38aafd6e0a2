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
	getOne(c, connection.ErrNotFound, a.App.Connections.Load)
}

func (a *API) createConnection(c *gin.Context) { createOne(c, a.App.Connections.Create) }

func (a *API) updateConnection(c *gin.Context) {
	updateOne(c, connection.ErrNotFound, a.App.Connections.Update)
}

func (a *API) deleteConnection(c *gin.Context) {
	deleteOne(c, connection.ErrNotFound, "Whatsapp deleted.", a.App.Connections.Delete)
}
