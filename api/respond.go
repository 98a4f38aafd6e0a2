package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"atende/pkg/errs"
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

// bind decodes a JSON body into dst, answering 400 when it is malformed.
func bind(c *gin.Context, dst any) bool {
	if err := c.ShouldBindJSON(dst); err != nil {
		fail(c, errs.New(http.StatusBadRequest, "ERR_BAD_REQUEST", "Corpo da requisição inválido: "+err.Error()))
		return false
	}
	return true
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
