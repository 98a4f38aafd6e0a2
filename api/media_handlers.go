package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/message"
	"atende/pkg/storage"
	"atende/pkg/tenant"
)

// mediaCSP sandboxes whatever a media answer holds: no script, no form, no origin.
const mediaCSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox"

// media serves a stored file to a request carrying a valid signature, with the type
// sniffed from its bytes: inline only when a browser shows it safely (images but SVG,
// audio, video, PDF), otherwise as a download. A message's file is served while a live
// message of its company refers to it.
func (a *API) media(c *gin.Context) {
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Content-Security-Policy", mediaCSP)
	rel := strings.TrimPrefix(c.Param("path"), "/")
	exp, sig := storage.QueryValues(c.Request.URL.Query())
	f, err := a.App.Media.Open(rel, exp, sig)
	if err != nil {
		fail(c, err)
		return
	}
	defer f.Close()
	name, err := a.mediaName(c.Request.Context(), rel)
	var ctype string
	if err == nil {
		ctype, err = storage.Sniff(f)
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	st, serr := f.Stat()
	if err = errors.Join(err, serr); err != nil {
		fail(c, err)
		return
	}
	inline := storage.Inline(ctype)
	if !inline {
		ctype = "application/octet-stream"
	}
	c.Header("Content-Type", ctype)
	c.Header("Content-Disposition", storage.Disposition(inline, name))
	c.Header("Cache-Control", "private, max-age=3600")
	http.ServeContent(c.Writer, c.Request, "", st.ModTime(), f)
}

// mediaName is the name a stored file is offered under: a message's own file name, while a
// message of the file's company that is not deleted refers to it (else ErrNotFound), or
// the stored name for other files (pictures, quick answers, greetings).
func (a *API) mediaName(ctx context.Context, rel string) (string, error) {
	name := path.Base(rel)
	companyID, folder, ok := storage.Owner(rel)
	if !ok || (folder != "messages" && folder != "whatsapp") {
		return name, nil
	}
	own, err := message.LiveMedia(tenant.With(ctx, companyID), a.App.DB, rel)
	if errors.Is(err, message.ErrNotFound) {
		return "", errs.ErrNotFound // the same answer as a bad signature
	}
	if err != nil || own == "" {
		return name, err
	}
	return own, nil
}
