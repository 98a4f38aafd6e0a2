package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/errs"
)

// sandboxCall is a pretend customer's call to a sandbox connection that ended unanswered
// (JSON {number, name?, id?}): the pipeline logs it and answers it as it does a WhatsApp
// call (BEHAVIOUR §5). The optional id makes a retried post a no-op.
func (a *API) sandboxCall(c *gin.Context) {
	conn := c.MustGet(connectionKey).(connection.Connection)
	var in struct {
		ID     string `json:"id"`
		Number string `json:"number"`
		Name   string `json:"name"`
	}
	if !bind(c, &in) {
		return
	}
	number := digits(in.Number)
	if len(number) < 8 || len(number) > 20 {
		fail(c, errs.Validation{"number": "Informe um número com 8 a 20 dígitos."}.Err())
		return
	}
	if in.ID == "" {
		in.ID = "SBXCALL-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	ev := channel.Event{Kind: channel.EventCall, ProviderID: "call:" + in.ID, From: number, Name: strings.TrimSpace(in.Name),
		Timestamp: time.Now()}
	id, dup, err := a.App.InboundStore.Record(c.Request.Context(), conn, ev)
	if err != nil && id == 0 {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"eventId": id, "duplicate": dup, "providerId": ev.ProviderID})
}
