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

// MediaMaxBytes bounds one attachment.
const MediaMaxBytes = 64 << 20

// MessageFormMaxBytes bounds a multipart send (attendant or external API): up to
// externalapi.MaxMedias attachments of MediaMaxBytes.
const MessageFormMaxBytes = externalapi.MaxMedias*MediaMaxBytes + formSlack

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
	form, err := multipartForm(c)
	if err != nil {
		fail(c, err)
		return
	}
	d.Body, d.IsPrivate = c.PostForm("body"), c.PostForm("isPrivate") == "true"
	d.SignMessage = c.PostForm("signMessage") == "true"
	var sent []message.Message
	for i, fh := range form.File["medias"] {
		md := d
		if i > 0 {
			md.Body = ""
		}
		if md.MediaPath, md.MediaType, err = a.saveMedia(me.CompanyID, fh); err != nil {
			fail(c, err)
			return
		}
		md.MediaName = fh.Filename
		m, err := a.App.Messages.Send(c.Request.Context(), me, id, md)
		if err != nil {
			_ = a.App.Media.Remove(md.MediaPath)
			fail(c, err)
			return
		}
		sent = append(sent, m)
	}
	if len(sent) == 0 {
		m, err := a.App.Messages.Send(c.Request.Context(), me, id, d)
		reply(c, m, err)
		return
	}
	c.JSON(http.StatusOK, sent[len(sent)-1])
}

// saveMedia stores an attachment and names its message type by content.
func (a *API) saveMedia(companyID int64, fh *multipart.FileHeader) (string, string, error) {
	f, err := fh.Open()
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	rel, err := a.App.Media.Save(companyID, "messages", f, MediaMaxBytes)
	if err != nil {
		return "", "", err
	}
	return rel, message.TypeFor(fh.Header.Get("Content-Type"), rel), nil
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
