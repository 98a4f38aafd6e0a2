package api

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/contact"
	"atende/pkg/contactlist"
	"atende/pkg/errs"
	"atende/pkg/storage"
)

func (a *API) listContacts(c *gin.Context) {
	if f, ok := contactFilter(c); ok {
		p, err := a.App.Contacts.List(c.Request.Context(), currentUser(c), f)
		reply(c, p, err)
	}
}

// contactFilter reads the contact list's filters (searchParam, channel, isGroup,
// contactTag as a JSON list of tag ids, pageNumber).
func contactFilter(c *gin.Context) (contact.Filter, bool) {
	f := contact.Filter{Search: c.Query("searchParam"), Channel: c.Query("channel"),
		IsGroup: queryBool(c, "isGroup"), Page: pageNumber(c)}
	if raw := c.Query("contactTag"); raw != "" && raw != "null" {
		if err := json.Unmarshal([]byte(raw), &f.TagIDs); err != nil {
			fail(c, errs.New(http.StatusBadRequest, "ERR_BAD_REQUEST", "contactTag deve ser uma lista JSON de ids de tags."))
			return f, false
		}
	}
	return f, true
}

// exportContacts streams the filtered contacts as .xlsx. The headers go out as soon as the
// query runs, so the download starts at once; a failure after that cuts the connection, so
// the browser reports a failed download instead of keeping a truncated file.
func (a *API) exportContacts(c *gin.Context) {
	f, ok := contactFilter(c)
	if !ok {
		return
	}
	began := false
	begin := func() {
		began = true
		name := "contatos-" + time.Now().Format("2006-01-02") + ".xlsx"
		c.Header("Content-Type", contactlist.XLSXType)
		c.Header("Content-Disposition", storage.Disposition(false, name))
		c.Header("Cache-Control", "no-store")
		c.Status(http.StatusOK)
		c.Writer.Flush()
	}
	flush := func() error {
		c.Writer.Flush()
		return nil
	}
	err := a.App.Contacts.Export(c.Request.Context(), currentUser(c), f, c.Writer, begin, flush)
	switch {
	case err == nil:
	case !began:
		fail(c, err)
	default:
		_ = c.Error(err)
		if conn, _, herr := http.NewResponseController(c.Writer).Hijack(); herr == nil {
			_ = conn.Close()
		}
	}
}

func (a *API) allContacts(c *gin.Context) {
	search := c.Query("searchParam")
	if search == "" {
		search = c.Query("name")
	}
	list, err := a.App.Contacts.All(c.Request.Context(), currentUser(c), search)
	reply(c, list, err)
}

func (a *API) getContact(c *gin.Context) {
	getOne(c, contact.ErrNotFound, viewerID(c, a.App.Contacts.Get))
}

func (a *API) contactProfile(c *gin.Context) {
	p, err := a.App.Contacts.ProfileOf(c.Request.Context(), currentUser(c), c.Param("number"))
	reply(c, p, err)
}

func (a *API) createContact(c *gin.Context) { createOne(c, viewerIn(c, a.App.Contacts.Create)) }

func (a *API) updateContact(c *gin.Context) {
	updateOne(c, contact.ErrNotFound, viewerIDIn(c, a.App.Contacts.Update))
}

func (a *API) deleteContact(c *gin.Context) {
	deleteOne(c, contact.ErrNotFound, "Contact deleted", a.App.Contacts.Delete)
}

func (a *API) blockContact(c *gin.Context) {
	id, ok := idParam(c, "id", contact.ErrNotFound)
	var in struct {
		Active *bool `json:"active"`
	}
	if !ok || !bind(c, &in) {
		return
	}
	if in.Active == nil {
		fail(c, errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Informe active (true ou false)."))
		return
	}
	ct, err := a.App.Contacts.SetActive(c.Request.Context(), currentUser(c), id, *in.Active)
	reply(c, ct, err)
}

func (a *API) toggleContactAudio(c *gin.Context) {
	getOne(c, contact.ErrNotFound, viewerID(c, a.App.Contacts.ToggleAcceptAudio))
}

func (a *API) toggleContactBot(c *gin.Context) {
	getOne(c, contact.ErrNotFound, viewerID(c, a.App.Contacts.ToggleDisableBot))
}

func (a *API) contactTags(c *gin.Context) {
	if id, ok := idParam(c, "contactId", contact.ErrNotFound); ok {
		tags, err := a.App.Contacts.TagsOf(c.Request.Context(), currentUser(c), id)
		reply(c, gin.H{"tags": tags}, err)
	}
}

func (a *API) syncContactTags(c *gin.Context) {
	var in struct {
		ContactID int64            `json:"contactId"`
		Tags      []contact.TagRef `json:"tags"`
	}
	if !bind(c, &in) {
		return
	}
	ct, err := a.App.Contacts.SyncTags(c.Request.Context(), currentUser(c), in.ContactID, in.Tags)
	reply(c, ct, err)
}
