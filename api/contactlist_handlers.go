package api

import (
	"bytes"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"atende/pkg/contactlist"
	"atende/pkg/errs"
	"atende/pkg/storage"
)

// Contact lists (spec/3): the lists are read by whoever may make campaigns (the campaign
// dialog's select); changing them, their items and imports is for admins.
// spreadsheetTypes are the sniffed types an import takes: .xlsx, and CSV (a one-column
// CSV sniffs as plain text). The import itself refuses what doesn't read as a sheet.
var spreadsheetTypes = []string{contactlist.XLSXType, "text/csv", "text/plain"}

// errNotSheet is the answer to an upload of another type (an .exe renamed .xlsx, an old .xls).
var errNotSheet = errs.New(http.StatusBadRequest, "ERR_INVALID_FILE_TYPE", "Envie uma planilha .xlsx ou .csv.")

func (a *API) listContactLists(c *gin.Context) {
	p, err := a.App.ContactLists.List(c.Request.Context(), c.Query("searchParam"), pageNumber(c))
	reply(c, p, err)
}

func (a *API) allContactLists(c *gin.Context) {
	l, err := a.App.ContactLists.All(c.Request.Context())
	reply(c, l, err)
}

func (a *API) getContactList(c *gin.Context) {
	getOne(c, contactlist.ErrNotFound, a.App.ContactLists.Get)
}

func (a *API) createContactList(c *gin.Context) { createOne(c, a.App.ContactLists.Create) }

func (a *API) updateContactList(c *gin.Context) {
	updateOne(c, contactlist.ErrNotFound, a.App.ContactLists.Update)
}

func (a *API) deleteContactList(c *gin.Context) {
	deleteOne(c, contactlist.ErrNotFound, "Contact list deleted", a.App.ContactLists.Delete)
}

// GET /contact-lists/example: the spreadsheet to fill in.
func (a *API) contactListExample(c *gin.Context) {
	var buf bytes.Buffer
	if err := contactlist.WriteExample(&buf); err != nil {
		fail(c, err)
		return
	}
	sendSheet(c, "modelo-lista-de-contatos.xlsx", buf.Bytes())
}

func sendSheet(c *gin.Context, name string, b []byte) {
	c.Header("Content-Disposition", storage.Disposition(false, name))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, contactlist.XLSXType, b)
}

// POST /contact-lists/:id/upload: the spreadsheet in "file", checked by its bytes, stored,
// and imported by the worker (answers the import, 201).
func (a *API) uploadContactList(c *gin.Context) {
	id, ok := idParam(c, "id", contactlist.ErrNotFound)
	if !ok {
		return
	}
	me, ctx := currentUser(c), c.Request.Context()
	if _, err := a.App.ContactLists.Get(ctx, id); err != nil {
		fail(c, err)
		return
	}
	up, err := a.storeUpload(c, "file", "contactLists", contactlist.UploadMaxBytes, spreadsheetTypes...)
	switch {
	case errors.Is(err, storage.ErrBadType):
		err = errNotSheet
	case isNoFile(err, "file"):
		err = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Envie a planilha no campo file.")
	}
	if err != nil {
		fail(c, err)
		return
	}
	kind := contactlist.TypeCSV
	if strings.Contains(up.MIME, "spreadsheetml") {
		kind = contactlist.TypeXLSX
	}
	im, err := a.App.ContactLists.StartImport(ctx, me.ID, id, up.Path, up.Name, kind)
	if err != nil {
		a.removeUploads([]upload{up})
	}
	created(c, im, err)
}

func (a *API) contactListImports(c *gin.Context) {
	getOne(c, contactlist.ErrNotFound, a.App.ContactLists.Imports)
}

// GET /contact-lists/:id/imports/:importId/refused: the refused rows as a spreadsheet.
func (a *API) contactListRefusals(c *gin.Context) {
	id, ok := idParam(c, "id", contactlist.ErrNotFound)
	if !ok {
		return
	}
	importID, ok := idParam(c, "importId", contactlist.ErrImportNotFound)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := a.App.ContactLists.WriteRefusals(c.Request.Context(), id, importID, &buf); err != nil {
		fail(c, err)
		return
	}
	sendSheet(c, "linhas-recusadas.xlsx", buf.Bytes())
}

func (a *API) listContactListItems(c *gin.Context) {
	p, err := a.App.ContactLists.Items(c.Request.Context(), contactlist.ItemFilter{
		ListID: int64(queryInt(c, "contactListId", 0)), Search: c.Query("searchParam"),
		PageNumber: pageNumber(c), Cursor: c.Query("cursor")})
	reply(c, p, err)
}

func (a *API) getContactListItem(c *gin.Context) {
	getOne(c, contactlist.ErrItemNotFound, a.App.ContactLists.Item)
}

func (a *API) createContactListItem(c *gin.Context) { createOne(c, a.App.ContactLists.CreateItem) }

func (a *API) updateContactListItem(c *gin.Context) {
	updateOne(c, contactlist.ErrItemNotFound, a.App.ContactLists.UpdateItem)
}

func (a *API) deleteContactListItem(c *gin.Context) {
	deleteOne(c, contactlist.ErrItemNotFound, "Contact deleted", a.App.ContactLists.DeleteItem)
}

// POST /contact-lists/{id}/check, body {"connectionId": …} or none (the company's default):
// every number of the list checked on WhatsApp again, in the worker; answers the job.
func (a *API) recheckContactList(c *gin.Context) {
	id, ok := idParam(c, "id", contactlist.ErrNotFound)
	if !ok {
		return
	}
	var in struct {
		ConnectionID int64 `json:"connectionId"`
	}
	if c.Request.ContentLength != 0 && !bind(c, &in) {
		return
	}
	im, err := a.App.ContactLists.Recheck(c.Request.Context(), currentUser(c).ID, id, in.ConnectionID)
	created(c, im, err)
}
