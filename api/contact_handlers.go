package api

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/contact"
	"atende/pkg/errs"
)

func (a *API) listContacts(c *gin.Context) {
	f := contact.Filter{Search: c.Query("searchParam"), Channel: c.Query("channel"),
		IsGroup: queryBool(c, "isGroup"), Page: pageNumber(c)}
	if raw := c.Query("contactTag"); raw != "" && raw != "null" {
		if err := json.Unmarshal([]byte(raw), &f.TagIDs); err != nil {
			fail(c, errs.New(http.StatusBadRequest, "ERR_BAD_REQUEST", "contactTag deve ser uma lista JSON de ids de tags."))
			return
		}
	}
	p, err := a.App.Contacts.List(c.Request.Context(), currentUser(c), f)
	reply(c, p, err)
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
