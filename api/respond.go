package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"
	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
)

// fail renders err in the one error shape. Domain errors keep their status and code;
// anything else is logged and answered as a 500 without internals.
func fail(c *gin.Context, err error) {
	if e, ok := errs.As(err); ok {
		c.AbortWithStatusJSON(e.Status, e)
		return
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		c.AbortWithStatusJSON(http.StatusNotFound, errs.ErrNotFound)
		return
	}
	slog.ErrorContext(c.Request.Context(), "request failed", "err", err, "request_id", c.GetString(requestIDKey))
	c.AbortWithStatusJSON(http.StatusInternalServerError, errs.New(http.StatusInternalServerError,
		"ERR_INTERNAL", "Erro interno. Código da requisição: "+c.GetString(requestIDKey)))
}

// bind decodes a JSON body into dst. It answers 413 past the route's body limit, and 400
// when the body is malformed or carries NUL or invalid UTF-8 in any string (PostgreSQL
// refuses both, and nothing of such a request is written).
func bind(c *gin.Context, dst any) bool {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		fail(c, readError(err))
		return false
	}
	if !cleanJSON(raw) {
		fail(c, errs.ErrInvalidInput)
		return false
	}
	if err := binding.JSON.BindBody(raw, dst); err != nil {
		fail(c, errs.New(http.StatusBadRequest, "ERR_BAD_REQUEST", "Corpo da requisição inválido: "+err.Error()))
		return false
	}
	return true
}

// readError names a failed body read: past the limit it is a 413.
func readError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return errs.ErrRequestTooLarge
	}
	return errs.ErrBadRequest
}

// cleanJSON reports whether raw is valid UTF-8 and none of its strings (keys included)
// holds a NUL or half of a UTF-16 surrogate pair. Malformed JSON passes here and is
// refused by the decoder.
func cleanJSON(raw []byte) bool {
	if !utf8.Valid(raw) || !surrogatesPaired(raw) {
		return false
	}
	if !bytes.Contains(raw, []byte(`\u0000`)) {
		return true // a NUL can only be written escaped
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err != nil {
			return true
		}
		if s, ok := tok.(string); ok && strings.ContainsRune(s, 0) {
			return false
		}
	}
}

// surrogatesPaired reports whether every escaped UTF-16 surrogate of raw is half of a
// pair: PostgreSQL refuses a lone one in jsonb (Go's decoder quietly replaces it, so a
// field kept raw, like a flow node's data, would reach the database with it).
func surrogatesPaired(raw []byte) bool {
	if !bytes.Contains(raw, []byte(`\u`)) {
		return true
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++ // the escaped character: a backslash escaped is skipped with it
		r, ok := escapedRune(raw, i)
		if !ok {
			continue
		}
		i += 4
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return false // a low half alone
		case r >= 0xD800 && r <= 0xDBFF:
			lo, ok := escapedRune(raw, i+2)
			if !ok || raw[i+1] != '\\' || lo < 0xDC00 || lo > 0xDFFF {
				return false // a high half without its low one
			}
			i += 6
		}
	}
	return true
}

// escapedRune reads the four hex digits of a \u escape whose 'u' is raw[i].
func escapedRune(raw []byte, i int) (rune, bool) {
	if i < 0 || i+4 >= len(raw) || raw[i] != 'u' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(raw[i+1:i+5]), 16, 32)
	return rune(n), err == nil
}

// idParam reads a positive integer path parameter, answering 404 otherwise.
func idParam(c *gin.Context, name string, notFound *errs.Error) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		fail(c, notFound)
		return 0, false
	}
	return id, true
}

// queryInt reads an optional integer query parameter.
func queryInt(c *gin.Context, name string, def int) int {
	if n, err := strconv.Atoi(c.Query(name)); err == nil {
		return n
	}
	return def
}

// pageNumber reads the pageNumber query parameter (page.Number's bounds).
func pageNumber(c *gin.Context) int { return page.Number(c.Query("pageNumber")) }

// reply answers 200 with v, or fails with err.
func reply(c *gin.Context, v any, err error) {
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

// created answers 201 with v, or fails with err.
func created(c *gin.Context, v any, err error) {
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, v)
}

// deleted answers 200 {"message": msg}, or fails with err.
func deleted(c *gin.Context, msg string, err error) {
	reply(c, gin.H{"message": msg}, err)
}

// queryBool reads an optional true/false query parameter (nil when absent or other).
func queryBool(c *gin.Context, name string) *bool {
	if b, err := strconv.ParseBool(c.Query(name)); err == nil {
		return &b
	}
	return nil
}

// queryIntPtr reads an optional integer query parameter (nil when absent).
func queryIntPtr(c *gin.Context, name string) *int {
	if n, err := strconv.Atoi(c.Query(name)); err == nil {
		return &n
	}
	return nil
}
