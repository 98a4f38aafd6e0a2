package api

import (
	"net/http"
	"path/filepath"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
)

// saveUpload stores the multipart file in field under the caller's company folder, checking
// its size and content type. It returns the stored path and the file's own base name; on
// failure it has answered.
func (a *API) saveUpload(c *gin.Context, field, folder string, maxBytes int64, allowed ...string) (string, string, bool) {
	fh, err := c.FormFile(field)
	if err != nil {
		if readError(err) == errs.ErrRequestTooLarge {
			err = errs.ErrRequestTooLarge
		} else {
			err = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Envie o arquivo no campo "+field+".")
		}
		fail(c, err)
		return "", "", false
	}
	f, err := fh.Open()
	if err != nil {
		fail(c, err)
		return "", "", false
	}
	defer f.Close()
	rel, err := a.App.Media.Save(currentUser(c).CompanyID, folder, f, maxBytes, allowed...)
	if err != nil {
		fail(c, err)
		return "", "", false
	}
	return rel, filepath.Base(filepath.Clean("/" + fh.Filename)), true
}

// replaceUpload answers a record whose file was replaced: on error the new file is removed,
// otherwise the old one.
func (a *API) replaceUpload(c *gin.Context, v any, newRel, oldRel string, err error) {
	if err != nil {
		_ = a.App.Media.Remove(newRel)
		fail(c, err)
		return
	}
	_ = a.App.Media.Remove(oldRel)
	c.JSON(http.StatusOK, v)
}
