package api

import (
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/announcement"
	"atende/pkg/errs"
	"atende/pkg/help"
	"atende/pkg/storage"
	"atende/pkg/whitelabel"
)

// Helps (spec/2 Helps tab, spec/3 /helps): everyone reads, super users write.

func (a *API) listHelps(c *gin.Context) {
	list, err := a.App.Helps.List(c.Request.Context())
	reply(c, list, err)
}

func (a *API) getHelp(c *gin.Context) { getOne(c, help.ErrNotFound, a.App.Helps.Get) }

func (a *API) createHelp(c *gin.Context) { createOne(c, a.App.Helps.Create) }

func (a *API) updateHelp(c *gin.Context) { updateOne(c, help.ErrNotFound, a.App.Helps.Update) }

func (a *API) deleteHelp(c *gin.Context) {
	deleteOne(c, help.ErrNotFound, "Help deleted", a.App.Helps.Delete)
}

// Announcements (spec/3): the list and writes for super users, the active ones for all.

// AnnouncementMediaMaxBytes bounds an announcement's image.
const AnnouncementMediaMaxBytes = 5 << 20

// announcementTypes: the spec's png, jpg and jpeg, sniffed from the bytes.
var announcementTypes = []string{"image/png", "image/jpeg"}

func (a *API) listAnnouncements(c *gin.Context) {
	p, err := a.App.Announcements.List(c.Request.Context(), c.Query("searchParam"), pageNumber(c))
	reply(c, p, err)
}

func (a *API) activeAnnouncements(c *gin.Context) {
	list, err := a.App.Announcements.Active(c.Request.Context())
	reply(c, list, err)
}

func (a *API) getAnnouncement(c *gin.Context) {
	getOne(c, announcement.ErrNotFound, a.App.Announcements.Get)
}

func (a *API) createAnnouncement(c *gin.Context) { createOne(c, a.App.Announcements.Create) }

func (a *API) updateAnnouncement(c *gin.Context) {
	updateOne(c, announcement.ErrNotFound, a.App.Announcements.Update)
}

func (a *API) deleteAnnouncement(c *gin.Context) {
	deleteOne(c, announcement.ErrNotFound, "Announcement deleted", a.App.Announcements.Delete)
}

func (a *API) uploadAnnouncementMedia(c *gin.Context) {
	id, ok := idParam(c, "id", announcement.ErrNotFound)
	if !ok {
		return
	}
	if _, err := a.App.Announcements.Get(c.Request.Context(), id); err != nil {
		fail(c, err)
		return
	}
	rel, name, ok := a.saveUpload(c, "file", "announcements", AnnouncementMediaMaxBytes, announcementTypes...)
	if !ok {
		return
	}
	v, old, err := a.App.Announcements.SetMedia(c.Request.Context(), id, rel, name)
	a.replaceUpload(c, v, rel, old, err)
}

func (a *API) deleteAnnouncementMedia(c *gin.Context) {
	id, ok := idParam(c, "id", announcement.ErrNotFound)
	if !ok {
		return
	}
	v, old, err := a.App.Announcements.SetMedia(c.Request.Context(), id, "", "")
	if err == nil {
		_ = a.App.Media.Remove(old)
	}
	reply(c, v, err)
}

// Whitelabel (spec/2): logos and favicon. Upload is multipart typeArch=logo, mode
// (Light, Dark, Favicon) and file; it answers the stored name, which is also the public
// setting's new value.

func (a *API) uploadWhitelabel(c *gin.Context) {
	form, err := parseMultipart(c)
	var fh *multipart.FileHeader
	if err == nil {
		fh, err = c.FormFile("file")
	}
	if err != nil {
		fail(c, errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Envie o arquivo no campo file."))
		return
	}
	mode := ""
	if v := form.Value["mode"]; len(v) > 0 {
		mode = v[0]
	}
	if fh.Size > whitelabel.MaxBytes {
		fail(c, storage.ErrTooLarge)
		return
	}
	f, err := fh.Open()
	if err != nil {
		fail(c, err)
		return
	}
	defer f.Close()
	name, err := a.App.Whitelabel.Upload(c.Request.Context(), mode, f)
	reply(c, name, err)
}

func (a *API) clearWhitelabel(c *gin.Context) {
	err := a.App.Whitelabel.Clear(c.Request.Context(), c.Query("mode"))
	deleted(c, "Logo removed", err)
}

// whitelabelFile serves a logo or favicon to anyone: only names the upload made, with
// the sniffed image type, never run as a document, cacheable (a new upload has a new name).
func (a *API) whitelabelFile(c *gin.Context) {
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Content-Security-Policy", mediaCSP)
	f, err := a.App.Whitelabel.Open(c.Param("name"))
	if err != nil {
		fail(c, err)
		return
	}
	defer f.Close()
	ctype, err := storage.Sniff(f)
	if err == nil {
		_, err = f.Seek(0, 0)
	}
	st, serr := f.Stat()
	if err != nil || serr != nil || !storage.Allowed(ctype, whitelabel.Types...) {
		fail(c, errs.ErrNotFound)
		return
	}
	c.Header("Content-Type", ctype)
	c.Header("Content-Disposition", "inline")
	c.Header("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(c.Writer, c.Request, "", st.ModTime(), f)
}
