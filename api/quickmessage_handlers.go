package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/quickmessage"
)

// QuickMediaMaxBytes bounds quick message media uploads.
const QuickMediaMaxBytes = 20 << 20

// quickMediaTypes are the content types a quick message file may have (sniffed from the
// bytes; storage.Allowed never lets HTML, XML, SVG or scripts through).
var quickMediaTypes = []string{"image/", "video/", "audio/", "application/", "text/"}

func (a *API) listQuickMessages(c *gin.Context) {
	p, err := a.App.QuickMessages.List(c.Request.Context(), currentUser(c), c.Query("searchParam"), pageNumber(c))
	reply(c, p, err)
}

// GET /quick-messages/list: the '/' picker of the signed-in user (companyId and userId
// parameters are ignored; the token says who asks).
func (a *API) pickQuickMessages(c *gin.Context) {
	list, err := a.App.QuickMessages.Picker(c.Request.Context(), currentUser(c))
	reply(c, list, err)
}

func (a *API) getQuickMessage(c *gin.Context) {
	getOne(c, quickmessage.ErrNotFound, viewerID(c, a.App.QuickMessages.Get))
}

// POST /quick-messages: JSON, or multipart with the same fields and the file in "file", so
// that a quick message made of a file alone is created whole.
func (a *API) createQuickMessage(c *gin.Context) {
	if c.ContentType() != "multipart/form-data" {
		createOne(c, viewerIn(c, a.App.QuickMessages.Create))
		return
	}
	if _, err := parseMultipart(c); err != nil { // NUL or bad UTF-8 in a field: 400, not 500
		fail(c, orBadRequest(err))
		return
	}
	in := quickmessage.Input{}
	for field, dst := range map[string]**string{"shortcode": &in.Shortcode, "message": &in.Message} {
		if v, ok := c.GetPostForm(field); ok {
			*dst = &v
		}
	}
	for field, dst := range map[string]**bool{"geral": &in.Geral, "visao": &in.Visao} {
		if v, ok := c.GetPostForm(field); ok {
			b := v == "true"
			*dst = &b
		}
	}
	rel, name := "", ""
	if _, err := c.FormFile("file"); err == nil {
		var ok bool
		if rel, name, ok = a.saveUpload(c, "file", "quickMessage", QuickMediaMaxBytes, quickMediaTypes...); !ok {
			return
		}
	}
	m, err := a.App.QuickMessages.CreateWithMedia(c.Request.Context(), currentUser(c), in, rel, name)
	if err != nil && rel != "" {
		_ = a.App.Media.Remove(rel)
	}
	created(c, m, err)
}

func (a *API) updateQuickMessage(c *gin.Context) {
	updateOne(c, quickmessage.ErrNotFound, viewerIDIn(c, a.App.QuickMessages.Update))
}

func (a *API) deleteQuickMessage(c *gin.Context) {
	deleteOne(c, quickmessage.ErrNotFound, "Quick message deleted", viewerDel(c, a.App.QuickMessages.Delete))
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
	getOne(c, quickmessage.ErrNotFound, viewerID(c, a.App.QuickMessages.ClearMedia))
}
