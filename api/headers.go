package api

import (
	"crypto/subtle"
	"net/http"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// contentPolicy is the Content-Security-Policy of the built web app and of every API
// answer. Styles allow 'unsafe-inline' for MUI/emotion's injected <style> tags; images
// allow https: for contact pictures, which are the channels' CDN URLs. With facebook on
// (META_APP_ID set, the app the web app's VITE_FACEBOOK_APP_ID logs in with), the
// connections page may load Facebook's login SDK and its frames.
func contentPolicy(host string, facebook bool) string {
	script, frame, connect := "'self'", "'self'", "'self'"
	if validHost.MatchString(host) {
		connect += " ws://" + host + " wss://" + host
	}
	if facebook {
		script += " https://connect.facebook.net"
		frame += " https://*.facebook.com"
		connect += " https://*.facebook.com"
	}
	return "default-src 'self'; script-src " + script + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob: https:; media-src 'self' data: blob:; font-src 'self' data:; " +
		"connect-src " + connect + "; frame-src " + frame + "; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
}

// dashboardPolicy is the queue dashboard's (asynqmon): it runs inline scripts and loads
// Google's fonts.
const dashboardPolicy = "default-src 'self'; script-src 'self' 'unsafe-inline'; " +
	"style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; font-src 'self' https://fonts.gstatic.com; " +
	"img-src 'self' data:; frame-ancestors 'none'"

// validHost keeps a Host header out of the policy unless it is a plain host[:port].
var validHost = regexp.MustCompile(`^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$`)

// securityHeaders sets the browser protections on every answer before its handler runs, so
// a handler with stricter ones of its own (media) replaces them.
func (a *API) securityHeaders() gin.HandlerFunc {
	facebook := a.App.Cfg.Meta.AppID != ""
	return func(c *gin.Context) {
		h := c.Writer.Header()
		policy := contentPolicy(c.Request.Host, facebook)
		if strings.HasPrefix(c.Request.URL.Path, "/admin/queues") {
			policy = dashboardPolicy
		}
		h.Set("Content-Security-Policy", policy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		c.Next()
	}
}

// metrics serves Prometheus on the public port only to a bearer METRICS_TOKEN; without the
// token (or with none configured) /metrics is an unknown path there.
func (a *API) metrics() gin.HandlerFunc {
	h := promhttp.Handler()
	want := a.App.Cfg.MetricsToken
	return func(c *gin.Context) {
		got, _ := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		if want == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			c.JSON(http.StatusNotFound, gin.H{"error": "ERR_NOT_FOUND", "message": "Rota não encontrada."})
			return
		}
		h.ServeHTTP(c.Writer, c.Request)
	}
}

// MetricsHandler serves /metrics alone, for the METRICS_ADDR listener.
func MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.Handler())
	return mux
}
