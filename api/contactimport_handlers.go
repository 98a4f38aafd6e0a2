package api

import (
	"bytes"
	"errors"
	"strings"

	"github.com/gin-gonic/gin"

	"atende/pkg/contactimport"
	"atende/pkg/sheet"
	"atende/pkg/storage"
)

// Contact imports (spec/2 "Contacts import/export"): POST /contacts/upload stores the
// spreadsheet and answers its preview; /contacts/imports/:id/start runs it with the chosen
// mapping and rows; POST /contacts/import brings in the phone's contacts of a connection.

// POST /contacts/upload: the spreadsheet in "file", checked by its bytes (answers 201 with
// the import waiting for its mapping, the header, the first rows and a suggested mapping).
func (a *API) uploadContacts(c *gin.Context) {
	me, ctx := currentUser(c), c.Request.Context()
	up, err := a.storeUpload(c, "file", "contactImports", contactimport.UploadMaxBytes, spreadsheetTypes...)
	if errors.Is(err, storage.ErrBadType) {
		err = errNotSheet
	}
	if err != nil {
		fail(c, err)
		return
	}
	kind := sheet.TypeCSV
	if strings.Contains(up.MIME, "spreadsheetml") {
		kind = sheet.TypeXLSX
	}
	p, err := a.App.Imports.Upload(ctx, me.ID, up.Path, up.Name, kind)
	if err != nil {
		a.removeUploads([]upload{up})
	}
	created(c, p, err)
}

// POST /contacts/imports/:id/start {mapping, selection}.
func (a *API) startContactImport(c *gin.Context) {
	id, ok := idParam(c, "id", contactimport.ErrNotFound)
	var in contactimport.StartInput
	if !ok || !bind(c, &in) {
		return
	}
	im, err := a.App.Imports.Start(c.Request.Context(), id, in)
	reply(c, im, err)
}

// POST /contacts/import {whatsappId}: the phone's contacts of a whatsmeow connection.
func (a *API) importPhoneContacts(c *gin.Context) {
	var in struct {
		WhatsappID int64 `json:"whatsappId"`
	}
	if !bind(c, &in) {
		return
	}
	im, err := a.App.Imports.StartPhone(c.Request.Context(), currentUser(c).ID, in.WhatsappID)
	created(c, im, err)
}

func (a *API) listContactImports(c *gin.Context) {
	l, err := a.App.Imports.List(c.Request.Context())
	reply(c, l, err)
}

func (a *API) getContactImport(c *gin.Context) {
	getOne(c, contactimport.ErrNotFound, a.App.Imports.Get)
}

// GET /contacts/imports/:id/refused: the refused rows as a spreadsheet.
func (a *API) contactImportRefusals(c *gin.Context) {
	id, ok := idParam(c, "id", contactimport.ErrNotFound)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := a.App.Imports.WriteRefusals(c.Request.Context(), id, &buf); err != nil {
		fail(c, err)
		return
	}
	sendSheet(c, "contatos-recusados.xlsx", buf.Bytes())
}
