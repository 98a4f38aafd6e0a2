package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/quickmessage"
)

// QuickMediaMaxBytes bounds quick message media uploads.
const QuickMediaMaxBytes = 20 << 20

// quickMediaTypes are the content types a quick message file may have (no HTML or SVG,
// which a browser would run).
var quickMediaTypes = []string{"image/", "video/", "audio/", "application/", "text/plain"}

func (a *API) listQuickMessages(c *gin.Context) {
	p, err := a.App.QuickMessages.List(c.Request.Context(), currentUser(c), c.Query("searchParam"), queryInt(c, "pageNumber", 1))
	reply(c, p, err)
}

// GET /quick-messages/list: the '/' picker of the signed-in user (companyId and userId
// parameters are ignored; the token says who asks).
func (a *API) pickQuickMessages(c *gin.Context) {
	list, err := a.App.QuickMessages.Picker(c.Request.Context(), currentUser(c))
	reply(c, list, err)
}

func (a *API) getQuickMessage(c *gin.Context) {
	if id, ok := idParam(c, "id", quickmessage.ErrNotFound); ok {
		m, err := a.App.QuickMessages.Get(c.Request.Context(), currentUser(c), id)
		reply(c, m, err)
	}
}

func (a *API) createQuickMessage(c *gin.Context) {
	var in quickmessage.Input
	if !bind(c, &in) {
		return
	}
	m, err := a.App.QuickMessages.Create(c.Request.Context(), currentUser(c), in)
	created(c, m, err)
}

func (a *API) updateQuickMessage(c *gin.Context) {
	id, ok := idParam(c, "id", quickmessage.ErrNotFound)
	var in quickmessage.Input
	if !ok || !bind(c, &in) {
		return
	}
	m, err := a.App.QuickMessages.Update(c.Request.Context(), currentUser(c), id, in)
	reply(c, m, err)
}

func (a *API) deleteQuickMessage(c *gin.Context) {
	if id, ok := idParam(c, "id", quickmessage.ErrNotFound); ok {
		deleted(c, "Quick message deleted", a.App.QuickMessages.Delete(c.Request.Context(), currentUser(c), id))
	}
}

func (a *API) uploadQuickMessageMedia(c *gin.Context) {
	id, ok := idParam(c, "id", quickmessage.ErrNotFound)
	if !ok {
		return
	}
	me, ctx := currentUser(c), c.Request.Context()
	if _, err := a.App.QuickMessages.Editable(ctx, me, id); err != nil {
		fail(c, err)
		return
	}
	rel, name, ok := a.saveUpload(c, "file", "quickMessage", QuickMediaMaxBytes, quickMediaTypes...)
	if !ok {
		return
	}
	m, old, err := a.App.QuickMessages.SetMedia(ctx, me, id, rel, name)
	a.replaceUpload(c, m, rel, old, err)
}

func (a *API) deleteQuickMessageMedia(c *gin.Context) {
	if id, ok := idParam(c, "id", quickmessage.ErrNotFound); ok {
		m, err := a.App.QuickMessages.ClearMedia(c.Request.Context(), currentUser(c), id)
		reply(c, m, err)
	}
}
