package api

import (
	"errors"
	"log/slog"
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/mediause"
	"atende/pkg/storage"
)

// formOverhead is what a multipart body may carry besides its files (fields, part headers).
const formOverhead = 1 << 20

// upload is one multipart file, checked before anything is stored: its size, its type
// sniffed from its bytes (never the declared Content-Type) and its cleaned name.
type upload struct {
	fh   *multipart.FileHeader
	MIME string
	Name string
	Path string // once stored
}

// parseMultipart reads a multipart body before anything is written. Its size is bounded by
// the route table's cap (limitBodies); a body past it is ErrTooLarge.
func parseMultipart(c *gin.Context) (*multipart.Form, error) {
	form, err := c.MultipartForm()
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return nil, storage.ErrTooLarge
	}
	if err == nil && !cleanValues(form.Value) {
		err = errs.ErrInvalidInput
	}
	return form, err
}

// checkUploads checks every file of a request (size, sniffed type) and writes nothing, so
// that a refused request leaves no file and sends no message.
func checkUploads(fhs []*multipart.FileHeader, maxBytes int64, allowed ...string) ([]upload, error) {
	ups := make([]upload, len(fhs))
	for i, fh := range fhs {
		if fh.Size > maxBytes {
			return nil, storage.ErrTooLarge
		}
		f, err := fh.Open()
		if err != nil {
			return nil, err
		}
		ctype, err := storage.Sniff(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		ctype = storage.AudioOnly(ctype, fh.Header.Get("Content-Type"))
		if !storage.Allowed(ctype, allowed...) {
			return nil, storage.ErrBadType
		}
		ups[i] = upload{fh: fh, MIME: ctype, Name: storage.CleanName(fh.Filename)}
	}
	return ups, nil
}

// storeUploads stores checked files under the company's folder; on failure none is kept.
func (a *API) storeUploads(companyID int64, folder string, ups []upload, maxBytes int64, allowed ...string) error {
	for i := range ups {
		f, err := ups[i].fh.Open()
		if err == nil {
			var saved storage.File
			saved, err = a.App.Media.Save(companyID, folder, f, maxBytes, allowed...)
			f.Close()
			ups[i].Path = saved.Path // MIME stays what checkUploads read (narrowed to audio where declared)
		}
		if err != nil {
			a.removeUploads(ups[:i])
			return err
		}
	}
	return nil
}

// removeUploads deletes the stored files of a request that was refused or failed.
func (a *API) removeUploads(ups []upload) {
	for _, u := range ups {
		_ = a.App.Media.Remove(u.Path)
	}
}

// saveUpload stores the multipart file in field under the caller's company folder, checking
// its size and content type. It returns the stored path and the file's cleaned name; on
// failure it has answered.
func (a *API) saveUpload(c *gin.Context, field, folder string, maxBytes int64, allowed ...string) (string, string, bool) {
	up, err := a.storeUpload(c, field, folder, maxBytes, allowed...)
	if err != nil {
		fail(c, err)
		return "", "", false
	}
	return up.Path, up.Name, true
}

// errNoFile answers a form without its file in field.
func errNoFile(field string) *errs.Error {
	return errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Envie o arquivo no campo "+field+".")
}

// isNoFile reports whether err is errNoFile's answer for field.
func isNoFile(err error, field string) bool {
	var e *errs.Error
	return errors.As(err, &e) && e.Code == "ERR_VALIDATION" && e.Message == errNoFile(field).Message
}

// storeUpload is saveUpload for callers that need the sniffed type or answer errors their
// own way: the stored file, or the error (a missing file is ERR_VALIDATION naming field).
func (a *API) storeUpload(c *gin.Context, field, folder string, maxBytes int64, allowed ...string) (upload, error) {
	_, err := parseMultipart(c)
	var fh *multipart.FileHeader
	if err == nil {
		fh, err = c.FormFile(field)
	}
	if err != nil && !errors.Is(err, storage.ErrTooLarge) {
		err = errNoFile(field)
	}
	var ups []upload
	if err == nil {
		ups, err = checkUploads([]*multipart.FileHeader{fh}, maxBytes, allowed...)
	}
	if err == nil {
		err = a.storeUploads(currentUser(c).CompanyID, folder, ups, maxBytes, allowed...)
	}
	if err != nil {
		return upload{}, err
	}
	return ups[0], nil
}

// replaceUpload answers a record whose file was replaced: on error the new file is removed,
// otherwise the old one, unless sent messages or other records still show it.
func (a *API) replaceUpload(c *gin.Context, v any, newRel, oldRel string, err error) {
	if err != nil {
		_ = a.App.Media.Remove(newRel)
		fail(c, err)
		return
	}
	a.removeUnused(c, oldRel)
	c.JSON(http.StatusOK, v)
}

// removeUnused deletes a file a record let go of, unless something still names it.
func (a *API) removeUnused(c *gin.Context, rel string) {
	if err := mediause.RemoveUnused(a.App.DB.WithContext(c.Request.Context()), a.App.Media, rel); err != nil {
		slog.WarnContext(c.Request.Context(), "media: file kept", "path", rel, "err", err)
	}
}
