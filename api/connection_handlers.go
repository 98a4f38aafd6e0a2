package api

import (
	"context"
	"encoding/json"

	"github.com/gin-gonic/gin"

	"atende/pkg/connection"
)

// GreetingMediaMaxBytes bounds the greeting's media file.
const GreetingMediaMaxBytes = 20 << 20

// greetingMediaTypes are what a greeting may attach (sniffed from the bytes;
// storage.Allowed never lets HTML, XML, SVG or scripts through).
var greetingMediaTypes = []string{"image/", "video/", "audio/", "application/", "text/"}

// GET /whatsapp lists the caller's company's connections (a companyId parameter is
// ignored; session is accepted). Tokens are shown only to who manages connections.
func (a *API) listConnections(c *gin.Context) {
	a.filterConnections(c)
}

// GET /whatsapp/filter?channel= is the list for one channel (pickers of campaigns, flows).
func (a *API) filterConnections(c *gin.Context) {
	manager := manageConnections.allows(currentUser(c), currentCompany(c))
	list, err := a.App.Connections.Filter(c.Request.Context(), manager, c.Query("channel"))
	reply(c, list, err)
}

// GET /whatsapp/all: every company's connections, for the operator's overview.
func (a *API) allConnections(c *gin.Context) {
	list, err := a.App.Connections.ListAll(c.Request.Context())
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

// POST /whatsapp/{id}/media-upload: the greeting's media file (multipart "file").
func (a *API) uploadGreetingMedia(c *gin.Context) {
	id, ok := idParam(c, "id", connection.ErrNotFound)
	if !ok {
		return
	}
	if _, err := a.App.Connections.Get(c.Request.Context(), id); err != nil {
		fail(c, err)
		return
	}
	rel, name, ok := a.saveUpload(c, "file", "greeting", GreetingMediaMaxBytes, greetingMediaTypes...)
	if !ok {
		return
	}
	conn, old, err := a.App.Connections.SetGreetingMedia(c.Request.Context(), id, rel, name)
	a.replaceUpload(c, conn, rel, old, err)
}

func (a *API) deleteGreetingMedia(c *gin.Context) {
	getOne(c, connection.ErrNotFound, a.App.Connections.ClearGreetingMedia)
}

// The operator's /whatsapp-admin/{id}: the company calls, run as the owning company.

func (a *API) adminGetConnection(c *gin.Context) {
	if a.asOwner(c) {
		a.getConnection(c)
	}
}

func (a *API) adminUpdateConnection(c *gin.Context) {
	if a.asOwner(c) {
		a.updateConnection(c)
	}
}

func (a *API) adminDeleteConnection(c *gin.Context) {
	if a.asOwner(c) {
		a.deleteConnection(c)
	}
}

// asOwner binds the request to the company owning connection :id; on failure it answered.
func (a *API) asOwner(c *gin.Context) bool {
	id, ok := idParam(c, "id", connection.ErrNotFound)
	if !ok {
		return false
	}
	ctx, err := a.App.Connections.AsOwner(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return false
	}
	c.Request = c.Request.WithContext(ctx)
	return true
}

// Sessions (spec/2 §4 actions by status): the session reports progress on the company's
// whatsappSession event.

func (a *API) startSession(c *gin.Context) {
	a.sessionAction(c, "Starting session.", a.App.Connections.StartSession)
}

func (a *API) renewQR(c *gin.Context) {
	a.sessionAction(c, "Starting session.", a.App.Connections.RenewQR)
}

func (a *API) stopSession(c *gin.Context) {
	a.sessionAction(c, "Session disconnected.", a.App.Connections.StopSession)
}

func (a *API) sessionAction(c *gin.Context, msg string, act func(context.Context, int64) error) {
	if id, ok := idParam(c, "id", connection.ErrNotFound); ok {
		reply(c, gin.H{"message": msg}, act(c.Request.Context(), id))
	}
}

// POST /whatsappsession/{id}/pairing-code {number}: pair by phone number instead of the
// QR code; the code follows on the whatsappSession event.
func (a *API) pairingCode(c *gin.Context) {
	id, ok := idParam(c, "id", connection.ErrNotFound)
	var in struct {
		Number json.RawMessage `json:"number"`
	}
	if ok && bind(c, &in) {
		err := a.App.Connections.PairPhone(c.Request.Context(), id, rawText(in.Number))
		reply(c, gin.H{"message": "Pairing code requested."}, err)
	}
}

// POST /whatsapp-restart reconnects the company's sessions.
func (a *API) restartConnections(c *gin.Context) {
	n, err := a.App.Connections.Restart(c.Request.Context())
	reply(c, gin.H{"message": "Whatsapp restart.", "restarted": n}, err)
}

// POST /closedimported/{id} closes the tickets a history import left waiting.
func (a *API) closeImported(c *gin.Context) {
	if id, ok := idParam(c, "id", connection.ErrNotFound); ok {
		n, err := a.App.Connections.CloseImported(c.Request.Context(), id)
		reply(c, gin.H{"message": "Imported tickets closed.", "closed": n}, err)
	}
}
