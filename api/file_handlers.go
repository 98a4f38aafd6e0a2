package api

import (
	"context"
	"strconv"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/filelist"
)

// File lists (spec/3 Files): the /files page, and the list the queue and option selects use.

// FileListMaxBytes bounds each file of a list; FileListMaxFiles the files of one upload.
const (
	FileListMaxBytes = 20 << 20
	FileListMaxFiles = 5
)

// fileListTypes are the types a list's file may have (sniffed; never HTML, SVG or scripts).
var fileListTypes = []string{"image/", "video/", "audio/", "application/", "text/"}

// listFileLists answers GET /files: {files, hasMore, count}.
func (a *API) listFileLists(c *gin.Context) {
	p, err := a.App.FileLists.List(c.Request.Context(), filelist.Filter{Search: c.Query("searchParam"), Page: pageNumber(c)})
	reply(c, p, err)
}

func (a *API) getFileList(c *gin.Context) { getOne(c, filelist.ErrNotFound, a.App.FileLists.Get) }

func (a *API) createFileList(c *gin.Context) {
	me := currentUser(c)
	createOne(c, func(ctx context.Context, in filelist.Input) (filelist.List, error) {
		return a.App.FileLists.Create(ctx, me.ID, in)
	})
}

func (a *API) updateFileList(c *gin.Context) {
	updateOne(c, filelist.ErrNotFound, a.App.FileLists.Update)
}

func (a *API) deleteFileList(c *gin.Context) {
	deleteOne(c, filelist.ErrNotFound, "Lista de arquivos excluída", a.App.FileLists.Delete)
}

// uploadFileList stores the files of a list's options: multipart "files" (one or more)
// with an "id" field per file naming its option, in the same order. Everything is checked
// before anything is stored, and a refused upload keeps nothing.
func (a *API) uploadFileList(c *gin.Context) {
	id, ok := idParam(c, "id", filelist.ErrNotFound)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	if _, err := a.App.FileLists.Get(ctx, id); err != nil {
		fail(c, err)
		return
	}
	form, err := parseMultipart(c)
	if err != nil {
		fail(c, err)
		return
	}
	fhs, ids := form.File["files"], form.Value["id"]
	if len(fhs) == 0 || len(fhs) > FileListMaxFiles || len(ids) != len(fhs) {
		fail(c, errs.Validation{"files": "Envie de 1 a 5 arquivos, cada um com o id da sua opção."}.Err())
		return
	}
	optionIDs := make([]int64, len(ids))
	for i, s := range ids {
		if optionIDs[i], err = strconv.ParseInt(s, 10, 64); err != nil || optionIDs[i] <= 0 {
			fail(c, errs.Validation{"id": "Opção inválida"}.Err())
			return
		}
	}
	ups, err := checkUploads(fhs, FileListMaxBytes, fileListTypes...)
	if err == nil {
		err = a.storeUploads(currentUser(c).CompanyID, "fileList", ups, FileListMaxBytes, fileListTypes...)
	}
	if err != nil {
		fail(c, err)
		return
	}
	stored := make([]filelist.Stored, len(ups))
	for i, u := range ups {
		stored[i] = filelist.Stored{OptionID: optionIDs[i], Path: u.Path, MediaType: u.MIME}
	}
	l, err := a.App.FileLists.Attach(ctx, id, stored)
	if err != nil {
		a.removeUploads(ups)
	}
	reply(c, l, err)
}
