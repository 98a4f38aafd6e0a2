package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"atende/docs"
	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/externalapi"
	"atende/pkg/message"
	"atende/pkg/tenant"
	"atende/pkg/user"
	"atende/pkg/validate"
)

// apiConnection authenticates an external API call by the connection's bearer token alone:
// the token names the connection and so the company, whose subscription and plan (rule's
// flag) must allow the call.
func (a *API) apiConnection(rule access) gin.HandlerFunc {
	return func(c *gin.Context) {
		tok, _ := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		conn, err := a.App.Connections.ByToken(c.Request.Context(), strings.TrimSpace(tok))
		if err != nil {
			fail(c, errs.ErrInvalidToken)
			return
		}
		comp, err := a.workingCompany(c.Request.Context(), conn.CompanyID)
		switch {
		case err != nil:
			fail(c, err)
		case !rule.allows(user.User{}, comp): // the plan flag; there is no user
			fail(c, errs.New(http.StatusForbidden, "ERR_NO_PERMISSION", "O plano da empresa não inclui a API externa."))
		default:
			c.Set(connectionKey, conn)
			c.Request = c.Request.WithContext(tenant.With(c.Request.Context(), conn.CompanyID))
			c.Next()
		}
	}
}

// POST /api/messages/send: JSON {number, body, userId, queueId, sendSignature,
// closeTicket} or multipart with the same fields and files in "medias". It answers once
// the messages are written and queued; an Idempotency-Key header makes a retry safe.
func (a *API) externalSend(c *gin.Context) {
	conn := c.MustGet(connectionKey).(connection.Connection)
	r, ok := a.externalRequest(c, conn)
	if !ok {
		return
	}
	res, err := a.App.External.Send(c.Request.Context(), conn, r)
	if err != nil || res.Replayed {
		for _, m := range r.Medias {
			_ = a.App.Media.Remove(m.Path) // nothing refers to them
		}
	}
	if res.Replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	reply(c, res, err)
}

// externalRequest reads the JSON or multipart body, storing uploaded files; on failure it
// answered.
func (a *API) externalRequest(c *gin.Context, conn connection.Connection) (externalapi.Request, bool) {
	r := externalapi.Request{IdempotencyKey: strings.TrimSpace(c.GetHeader("Idempotency-Key"))}
	if !strings.HasPrefix(c.ContentType(), "multipart/") {
		var in struct {
			Number        json.RawMessage          `json:"number"`
			Body          string                   `json:"body"`
			UserID        validate.Nullable[int64] `json:"userId"`
			QueueID       validate.Nullable[int64] `json:"queueId"`
			SendSignature validate.Nullable[bool]  `json:"sendSignature"`
			CloseTicket   validate.Nullable[bool]  `json:"closeTicket"`
		}
		if !bind(c, &in) {
			return r, false
		}
		r.Number, r.Body = rawText(in.Number), in.Body
		r.UserID, r.QueueID = positive(in.UserID.Of()), positive(in.QueueID.Of())
		r.SendSignature, r.CloseTicket = in.SendSignature.Valid && in.SendSignature.Value, in.CloseTicket.Valid && in.CloseTicket.Value
		return r, true
	}
	form, err := parseMultipart(c)
	if err != nil {
		fail(c, orBadRequest(err))
		return r, false
	}
	r.Number, r.Body = c.PostForm("number"), c.PostForm("body")
	r.UserID, r.QueueID = formID(c, "userId"), formID(c, "queueId")
	r.SendSignature, _ = strconv.ParseBool(c.PostForm("sendSignature"))
	r.CloseTicket, _ = strconv.ParseBool(c.PostForm("closeTicket"))
	// The whole request is checked (files and fields) before any file is stored.
	ups, err := checkMedias(form)
	for _, u := range ups {
		r.Medias = append(r.Medias, externalapi.Media{Name: u.Name, Type: message.TypeFor(u.MIME), Size: u.fh.Size})
	}
	if err == nil {
		err = r.Check(conn.Channel)
	}
	if err == nil {
		err = a.storeUploads(conn.CompanyID, "messages", ups, MediaMaxBytes)
	}
	if err != nil {
		fail(c, err)
		return r, false
	}
	for i := range ups {
		r.Medias[i].Path = ups[i].Path
	}
	return r, true
}

// rawText reads a JSON string or number as text (numbers are often sent unquoted).
func rawText(b json.RawMessage) string {
	var s string
	if json.Unmarshal(b, &s) == nil {
		return s
	}
	return string(b)
}

func formID(c *gin.Context, name string) *int64 {
	n, err := strconv.ParseInt(c.PostForm(name), 10, 64)
	if err != nil {
		return nil
	}
	return positive(&n)
}

// positive drops ids of 0 or less (a form's "none").
func positive(id *int64) *int64 {
	if id == nil || *id <= 0 {
		return nil
	}
	return id
}

// GET /api/openapi.yaml describes the external API.
func (a *API) openAPI(c *gin.Context) {
	c.Data(http.StatusOK, "application/yaml; charset=utf-8", docs.OpenAPI)
}

// workingCompany is the company a connection token acts for, with its plan, refused while
// the operator has it blocked or its subscription expired (as a user's session is).
func (a *API) workingCompany(ctx context.Context, companyID int64) (company.Company, error) {
	comp, err := company.Store{DB: a.App.DB}.GetWithPlan(ctx, companyID)
	switch {
	case err != nil:
		return comp, err
	case comp.Blocked():
		return comp, errs.ErrCompanyBlocked
	case comp.Expired(time.Now()):
		return comp, errs.ErrSubscriptionExpired
	}
	return comp, nil
}
