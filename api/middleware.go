package api

import (
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/metrics"
	"atende/pkg/randhex"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

const (
	requestIDKey = "request_id"
	userKey      = "user"
	companyKey   = "company"
)

// requestLog gives every request an id (kept from X-Request-Id when sent), logs it and
// records its metrics by route pattern.
func requestLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" || len(id) > 64 {
			id = randhex.String(8)
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-Id", id)
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		took := time.Since(start)
		status := c.Writer.Status()
		metrics.HTTPRequests.WithLabelValues(route, c.Request.Method, strconv.Itoa(status)).Inc()
		metrics.HTTPDuration.WithLabelValues(route, c.Request.Method).Observe(took.Seconds())
		if strings.HasPrefix(route, "/healthz") || strings.HasPrefix(route, "/metrics") {
			return
		}
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		slog.Log(c.Request.Context(), level, "http", "request_id", id, "method", c.Request.Method,
			"route", route, "status", status, "ms", took.Milliseconds(), "user_id", c.GetInt64("user_id"))
	}
}

// authenticate resolves the bearer token into the user and company, binds the company to
// the request context, and enforces the subscription unless the route allows expired ones.
func (a *API) authenticate(allowExpired bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		if a.signIn(c, allowExpired) {
			c.Next()
		}
	}
}

// signIn is authenticate without continuing the chain; it answers and reports false when
// the request can't go on.
func (a *API) signIn(c *gin.Context, allowExpired bool) bool {
	token, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
	if !ok || token == "" {
		fail(c, errs.ErrSessionExpired)
		return false
	}
	u, comp, err := a.App.Auth.SignedIn(c.Request.Context(), token)
	if err != nil {
		fail(c, err)
		return false
	}
	if !allowExpired && comp.Blocked() {
		fail(c, errs.ErrCompanyBlocked)
		return false
	}
	if !allowExpired && comp.Expired(time.Now()) {
		fail(c, subscriptionExpired(comp))
		return false
	}
	c.Set(userKey, u)
	c.Set(companyKey, comp)
	c.Set("user_id", u.ID)
	c.Request = c.Request.WithContext(tenant.With(c.Request.Context(), u.CompanyID))
	return true
}

// subscriptionExpired is the 402 of a company past its due date.
func subscriptionExpired(comp company.Company) *errs.Error {
	e := *errs.ErrSubscriptionExpired
	e.Message = "Opss! Sua assinatura venceu " + comp.DueDate.Format("02/01/2006") +
		". Entre em contato com o Suporte para mais informações!"
	return &e
}

// authorize enforces a route's access rule for the signed-in user.
func authorize(rule access) gin.HandlerFunc {
	return func(c *gin.Context) {
		u := currentUser(c)
		if !rule.allows(u, currentCompany(c)) {
			fail(c, errs.ErrNoPermission)
			return
		}
		c.Next()
	}
}

func currentUser(c *gin.Context) user.User { return c.MustGet(userKey).(user.User) }

func currentCompany(c *gin.Context) company.Company { return c.MustGet(companyKey).(company.Company) }
