package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/message"
	"atende/pkg/tenant"
)

const connectionKey = "connection"

// sandboxConnection authenticates a sandbox call by the connection's own bearer token
// (external testers, scripts; refused while the company is blocked or expired) or by a
// signed-in user of the connection's company (the simulate-customer panel), and loads the
// connection.
func (a *API) sandboxConnection() gin.HandlerFunc {
	return func(c *gin.Context) {
		id, ok := idParam(c, "connectionId", connection.ErrNotFound)
		if !ok {
			return
		}
		tok, _ := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		var conn connection.Connection
		var err error
		if len(tok) == connection.TokenLength && !strings.Contains(tok, ".") {
			conn, err = a.App.Connections.ByToken(c.Request.Context(), tok)
			if err == nil && conn.ID != id {
				err = connection.ErrNotFound
			}
			if err == nil {
				_, err = a.workingCompany(c.Request.Context(), conn.CompanyID)
			}
			c.Request = c.Request.WithContext(tenant.With(c.Request.Context(), conn.CompanyID))
		} else {
			if !a.signIn(c, false) {
				return
			}
			conn, err = a.App.Connections.Get(c.Request.Context(), id)
		}
		if err == nil && conn.Channel != connection.ChannelSandbox {
			err = connection.ErrNotSandbox
		}
		if err != nil {
			fail(c, err)
			return
		}
		c.Set(connectionKey, conn)
		c.Next()
	}
}

// maxSandboxID bounds a simulated message's id (WhatsApp's and Meta's are shorter).
const maxSandboxID = 128

// sandboxInbound is a customer writing to a sandbox connection: JSON or multipart
// {number, name, body, id?, media?}. The optional id makes a retried post a no-op.
func (a *API) sandboxInbound(c *gin.Context) {
	conn := c.MustGet(connectionKey).(connection.Connection)
	var in struct {
		ID     string `json:"id" form:"id"`
		Number string `json:"number" form:"number"`
		Name   string `json:"name" form:"name"`
		Body   string `json:"body" form:"body"`
	}
	var ups []upload
	if strings.HasPrefix(c.ContentType(), "multipart/") {
		form, err := parseMultipart(c)
		if err == nil && len(form.File["media"]) > 0 {
			ups, err = checkUploads(form.File["media"][:1], MediaMaxBytes)
		}
		if err != nil {
			fail(c, orBadRequest(err))
			return
		}
	}
	if !bindAny(c, &in) {
		return
	}
	number := digits(in.Number)
	ev := channel.Event{Kind: channel.EventMessage, ProviderID: in.ID, From: number, Name: strings.TrimSpace(in.Name),
		Body: in.Body, Timestamp: time.Now()}
	v := errs.Validation{}
	if len(number) < 8 || len(number) > 20 {
		v.Add("number", "Informe um número com 8 a 20 dígitos.")
	}
	if len(in.ID) > maxSandboxID { // it becomes the message's dedupe key
		v.Add("id", fmt.Sprintf("Informe um id de até %d caracteres.", maxSandboxID))
	}
	if strings.TrimSpace(ev.Body) == "" && len(ups) == 0 {
		v.Add("body", "Informe o texto ou um arquivo.")
	}
	err := v.Err()
	if err == nil && len(ups) > 0 { // the request is valid: only now is its file stored
		err = a.storeUploads(conn.CompanyID, "messages", ups, MediaMaxBytes)
	}
	if err != nil {
		fail(c, err)
		return
	}
	if len(ups) > 0 {
		ev.MediaPath, ev.MediaName, ev.MediaType = ups[0].Path, ups[0].Name, message.TypeFor(ups[0].MIME)
	}
	if ev.ProviderID == "" {
		ev.ProviderID = "SBXIN-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	id, dup, err := a.App.InboundStore.Record(c.Request.Context(), conn, ev)
	if dup || (err != nil && id == 0) {
		a.removeUploads(ups) // a repeated post keeps the first one's file; a failed one none
	}
	if err != nil && id == 0 {
		fail(c, err)
		return
	}
	// receivedAt puts the customer's message on the server's clock, beside the replies.
	c.JSON(http.StatusAccepted, gin.H{"eventId": id, "duplicate": dup, "providerId": ev.ProviderID, "receivedAt": ev.Timestamp})
}

// sandboxOutbound lists what Atende delivered to the pretend customers (?after=id&number=).
// With ?inboundAfter=id and a number it lists in "inbound" what that customer wrote too
// (after message id inboundAfter), so that every panel open on the customer shows the
// whole conversation, not only what it posted itself.
func (a *API) sandboxOutbound(c *gin.Context) {
	conn := c.MustGet(connectionKey).(connection.Connection)
	after, _ := strconv.ParseInt(c.Query("after"), 10, 64)
	number := digits(c.Query("number"))
	rows, err := sandbox.Outbound(c.Request.Context(), a.App.DB, conn.ID, after, number)
	for i := range rows {
		if rows[i].MediaPath != "" {
			rows[i].MediaURL = a.App.Media.URL(rows[i].MediaPath)
		}
	}
	res := gin.H{"messages": rows}
	if inboundAfter, asked := c.GetQuery("inboundAfter"); asked && number != "" && err == nil {
		from, _ := strconv.ParseInt(inboundAfter, 10, 64)
		var in []sandbox.Received
		in, err = sandbox.Inbound(c.Request.Context(), a.App.DB, conn, from, number)
		for i := range in {
			if in[i].MediaPath != "" {
				in[i].MediaURL = a.App.Media.URL(in[i].MediaPath)
			}
		}
		res["inbound"] = in
	}
	reply(c, res, err)
}

// ClockMaxBytes bounds PUT /sandbox/{id}/clock: {"at": "…"} is a few dozen bytes.
const ClockMaxBytes = 1 << 10

// sandboxClock tells the sandbox's pretend time (the simulate-customer panel's badge).
func (a *API) sandboxClock(c *gin.Context) {
	conn := c.MustGet(connectionKey).(connection.Connection)
	c.JSON(http.StatusOK, a.App.Connections.ClockOf(c.Request.Context(), conn))
}

// setSandboxClock sets a sandbox's pretend time, {"at": "2026-11-28T22:00:00-03:00"} or a
// wall time in the company's zone ("2026-11-28T22:00"), or back to the real clock with
// {"at": null}; the bot evaluates business hours at it.
func (a *API) setSandboxClock(c *gin.Context) {
	id, ok := idParam(c, "connectionId", connection.ErrNotFound)
	var in struct {
		At json.RawMessage `json:"at"`
	}
	if !ok || !bind(c, &in) {
		return
	}
	var at *string
	if len(in.At) == 0 || (string(in.At) != "null" && json.Unmarshal(in.At, &at) != nil) {
		v := errs.Validation{}
		v.Add("at", "Informe a data e hora (ou null para voltar ao relógio real).")
		fail(c, v.Err())
		return
	}
	clock, err := a.App.Connections.SetClock(c.Request.Context(), id, at)
	reply(c, clock, err)
}

func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}
