package api

import (
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/externalapi"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// MediaMaxBytes bounds one attachment; a send carries at most externalapi.MaxMedias.
const MediaMaxBytes = 64 << 20

// MediaRequestMaxBytes bounds a whole multipart send, read before anything is checked.
const MediaRequestMaxBytes = externalapi.MaxMedias*MediaMaxBytes + formOverhead

func (a *API) listMessages(c *gin.Context) {
	id, ok := idParam(c, "ticketId", ticket.ErrNotFound)
	if !ok {
		return
	}
	before, _ := strconv.ParseInt(c.Query("before"), 10, 64)
	page, err := a.App.Messages.List(c.Request.Context(), currentUser(c), id, before, pageNumber(c))
	reply(c, page, err)
}

// sendMessage takes JSON, or multipart with files in "medias" (each sent as its own
// message, the body as the first one's caption).
func (a *API) sendMessage(c *gin.Context) {
	id, ok := idParam(c, "ticketId", ticket.ErrNotFound)
	if !ok {
		return
	}
	me := currentUser(c)
	var d message.Draft
	if !strings.HasPrefix(c.ContentType(), "multipart/") {
		if !bind(c, &d) {
			return
		}
		m, err := a.App.Messages.Send(c.Request.Context(), me, id, d)
		reply(c, m, err)
		return
	}
	form, err := parseMultipart(c)
	if err != nil {
		fail(c, orBadRequest(err))
		return
	}
	d.Body, d.IsPrivate = c.PostForm("body"), c.PostForm("isPrivate") == "true"
	d.SignMessage = c.PostForm("signMessage") == "true"
	ups, err := checkMedias(form)
	if err == nil && len(ups) > 0 {
		err = a.storeUploads(me.CompanyID, "messages", ups, MediaMaxBytes)
	}
	if err != nil {
		fail(c, err)
		return
	}
	drafts := []message.Draft{d}
	if len(ups) > 0 {
		drafts = mediaDrafts(d, ups)
	}
	sent, err := a.App.Messages.SendAll(c.Request.Context(), me, id, drafts...)
	if err != nil {
		a.removeUploads(ups)
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sent[len(sent)-1])
}

// checkMedias checks the files of a send ("medias"): how many, and each one's size and type.
func checkMedias(form *multipart.Form) ([]upload, error) {
	if len(form.File["medias"]) > externalapi.MaxMedias {
		return nil, errs.Validation{"medias": "Envie no máximo 10 arquivos por vez."}.Err()
	}
	return checkUploads(form.File["medias"], MediaMaxBytes)
}

// mediaDrafts makes one message per file, the text as the first one's caption.
func mediaDrafts(d message.Draft, ups []upload) []message.Draft {
	out := make([]message.Draft, len(ups))
	for i, u := range ups {
		out[i] = d
		if i > 0 {
			out[i].Body = ""
		}
		out[i].MediaPath, out[i].MediaName, out[i].MediaType = u.Path, u.Name, message.TypeFor(u.MIME)
	}
	return out
}

// orBadRequest answers a multipart body that can't be read as 400 (413 when too large).
func orBadRequest(err error) error {
	if _, ok := errs.As(err); ok {
		return err
	}
	return errs.ErrBadRequest
}

func (a *API) editMessage(c *gin.Context) {
	id, ok := idParam(c, "messageId", message.ErrNotFound)
	var in struct {
		Body string `json:"body"`
	}
	if !ok || !bind(c, &in) {
		return
	}
	m, err := a.App.Messages.Edit(c.Request.Context(), currentUser(c), id, in.Body)
	reply(c, m, err)
}

func (a *API) deleteMessage(c *gin.Context) {
	id, ok := idParam(c, "messageId", message.ErrNotFound)
	if !ok {
		return
	}
	m, err := a.App.Messages.Delete(c.Request.Context(), currentUser(c), id)
	reply(c, m, err)
}

func (a *API) forwardMessage(c *gin.Context) {
	var in struct {
		MessageID   int64 `json:"messageId"`
		ContactID   int64 `json:"contactId"`
		SignMessage bool  `json:"signMessage"`
	}
	if !bind(c, &in) {
		return
	}
	m, err := a.App.Messages.Forward(c.Request.Context(), currentUser(c), in.MessageID, in.ContactID, in.SignMessage)
	reply(c, m, err)
}

func (a *API) countMyMessages(c *gin.Context) {
	start, err1 := time.Parse(time.DateOnly, c.Query("dateStart"))
	end, err2 := time.Parse(time.DateOnly, c.Query("dateEnd"))
	if err1 != nil || err2 != nil {
		fail(c, errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Informe dateStart e dateEnd (AAAA-MM-DD)."))
		return
	}
	n, err := a.App.Messages.CountMine(c.Request.Context(), c.Query("fromMe") == "true", start, end.AddDate(0, 0, 1))
	reply(c, gin.H{"count": n}, err)
}
