package api

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"

	"atende/pkg/errs"
)

// JSONMaxBytes bounds a request body unless its route declares more (upTo in the route
// table): a login or a form is a few KB.
const JSONMaxBytes = 1 << 20

// bodyLimit is a route's declared body limits (0: JSONMaxBytes).
type bodyLimit struct{ body, upload int64 }

// limitBodies caps every request body before anything reads it: a multipart body at the
// route's upload size, any other at its declared size (keyed by method and route pattern),
// else JSONMaxBytes. A body announced larger is answered 413 at once; one that grows past
// the cap while read fails the read, which bind and the upload helpers answer as 413.
func limitBodies(limits map[string]bodyLimit) gin.HandlerFunc {
	return func(c *gin.Context) {
		l := limits[c.Request.Method+" "+c.FullPath()]
		limit := int64(JSONMaxBytes)
		if l.body > 0 {
			limit = l.body
		}
		if l.upload > 0 && strings.HasPrefix(c.ContentType(), "multipart/") {
			limit = l.upload
		}
		if c.Request.ContentLength > limit {
			c.Header("Connection", "close") // the rest of the body is not read
			fail(c, errs.ErrRequestTooLarge)
			return
		}
		if c.Request.Body != nil {
			c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
		}
		c.Next()
	}
}

// bodyLimits lists the routes of the table that declare their own body limits.
func (a *API) bodyLimits() map[string]bodyLimit {
	out := map[string]bodyLimit{}
	for _, rt := range a.routes() {
		if rt.rule.maxBody > 0 || rt.rule.maxUpload > 0 {
			out[rt.method+" "+rt.path] = bodyLimit{rt.rule.maxBody, rt.rule.maxUpload}
		}
	}
	return out
}

// cleanRequest refuses a path or query string holding NUL or invalid UTF-8 with 400
// before any handler: PostgreSQL rejects both, which answered 500.
func cleanRequest() gin.HandlerFunc {
	return func(c *gin.Context) {
		if !cleanText(c.Request.URL.Path) || !cleanValues(c.Request.URL.Query()) {
			fail(c, errs.ErrInvalidInput)
			return
		}
		c.Next()
	}
}

// cleanValues reports whether no key or value of a query or form holds NUL or invalid UTF-8.
func cleanValues(vals url.Values) bool {
	for k, vs := range vals {
		if !cleanText(k) || slices.ContainsFunc(vs, func(v string) bool { return !cleanText(v) }) {
			return false
		}
	}
	return true
}

func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// bindAny reads a JSON body (bind) or a form, multipart or URL-encoded, into dst with the
// same checks.
func bindAny(c *gin.Context, dst any) bool {
	if c.ContentType() == binding.MIMEJSON {
		return bind(c, dst)
	}
	err := c.ShouldBind(dst)
	if err == nil && !cleanValues(c.Request.PostForm) {
		err = errs.ErrInvalidInput
	}
	if err != nil {
		if _, ok := errs.As(err); !ok {
			err = readError(err)
		}
		fail(c, err)
		return false
	}
	return true
}
