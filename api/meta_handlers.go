package api

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/metalogin"
	"atende/pkg/metawebhook"
)

// MetaWebhookMaxBytes bounds a webhook body (Meta batches up to a few hundred KB).
const MetaWebhookMaxBytes = 5 << 20

// GET /webhooks/meta: Meta's subscription handshake. The challenge is echoed only for our
// verify token.
func (a *API) verifyMetaWebhook(c *gin.Context) {
	want := a.App.Cfg.Meta.VerifyToken
	if want == "" || c.Query("hub.mode") != "subscribe" || c.Query("hub.verify_token") != want {
		c.AbortWithStatusJSON(http.StatusForbidden, errs.New(http.StatusForbidden, "ERR_WEBHOOK_VERIFY", "Token de verificação inválido."))
		return
	}
	c.String(http.StatusOK, c.Query("hub.challenge"))
}

// POST /webhooks/meta: a signed delivery of the Cloud API, Messenger or Instagram. It is
// stored as is and answered at once; the worker expands it.
func (a *API) receiveMetaWebhook(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, MetaWebhookMaxBytes+1))
	if err != nil || len(body) > MetaWebhookMaxBytes {
		fail(c, errs.New(http.StatusRequestEntityTooLarge, "ERR_BAD_REQUEST", "Corpo da requisição inválido."))
		return
	}
	if !metawebhook.ValidSignature(a.App.Cfg.Meta.AppSecret, body, c.GetHeader("X-Hub-Signature-256")) {
		slog.Warn("meta webhook: bad signature", "ip", c.ClientIP())
		c.AbortWithStatusJSON(http.StatusUnauthorized, errs.New(http.StatusUnauthorized, "ERR_WEBHOOK_SIGNATURE", "Assinatura inválida."))
		return
	}
	if err := a.App.Meta.Webhooks.Receive(c.Request.Context(), body); err != nil {
		fail(c, err)
		return
	}
	c.String(http.StatusOK, "EVENT_RECEIVED")
}

// POST /facebook {facebookUserId, facebookUserToken, addInstagram}: links the user's pages
// (and Instagram accounts) as connections of the caller's company.
func (a *API) linkFacebook(c *gin.Context) {
	var in metalogin.Input
	if !bind(c, &in) {
		return
	}
	list, err := a.App.Meta.Login.Link(c.Request.Context(), in)
	reply(c, list, err)
}
