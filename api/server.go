// Package api is the HTTP side: the route table, thin handlers, middleware, the WebSocket
// endpoint, the queue dashboard and the built web app.
package api

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"atende/pkg/app"
	"atende/pkg/realtime"
)

// Version is shown in the drawer.
const Version = "4.1.0"

// API serves HTTP for one process.
type API struct {
	App *app.App
	Hub *realtime.Hub
}

// New builds the API and its real-time hub, which follows the database's notifications
// about users and companies to close or re-check their sockets.
func New(a *app.App) *API {
	x := &API{App: a}
	x.Hub = &realtime.Hub{RDB: a.RDB, OnUserStatus: x.userSeen, TicketAccess: x.ticketAccess,
		Reload: x.socketIdentity, CompanyEnd: x.companyEnd}
	a.Notifications.Add(x.Hub)
	return x
}

// Handler returns the complete gin engine.
func (a *API) Handler() http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	// X-Forwarded-For is believed only from the configured proxies (none by default), or any
	// client could pick the address its sign-in attempts are counted under.
	if err := r.SetTrustedProxies(a.App.Cfg.TrustedProxies); err != nil {
		panic(err) // config.Load refuses such a value first
	}
	r.Use(gin.Recovery(), requestLog(), a.securityHeaders(), limitBodies(a.bodyLimits()), cleanRequest(), a.browserNavigation())
	r.MaxMultipartMemory = 8 << 20
	r.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	r.GET("/readyz", a.ready)
	r.GET("/metrics", a.metrics())
	r.GET("/socket", a.socket)
	a.mountQueueDashboard(r)
	a.register(r)
	a.serveWebApp(r)
	return r
}

// Run serves on the configured port (and /metrics on METRICS_ADDR when set) until ctx
// ends, and runs the hub.
func (a *API) Run(ctx context.Context) error {
	go a.Hub.Run(ctx)
	servers := []*http.Server{{Addr: ":" + a.App.Cfg.Port, Handler: a.Handler(), ReadHeaderTimeout: 10 * time.Second}}
	if addr := a.App.Cfg.MetricsAddr; addr != "" {
		servers = append(servers, &http.Server{Addr: addr, Handler: MetricsHandler(), ReadHeaderTimeout: 10 * time.Second})
	}
	errc := make(chan error, len(servers))
	for _, srv := range servers {
		go func() { errc <- srv.ListenAndServe() }()
	}
	var err error
	select {
	case err = <-errc:
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, srv := range servers {
		if serr := srv.Shutdown(sctx); err == nil {
			err = serr
		}
	}
	return err
}

func (a *API) ready(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	checks := gin.H{"postgres": "ok", "redis": "ok"}
	status := http.StatusOK
	if sqlDB, err := a.App.DB.DB(); err != nil || sqlDB.PingContext(ctx) != nil {
		checks["postgres"], status = "unreachable", http.StatusServiceUnavailable
	}
	if a.App.RDB.Ping(ctx).Err() != nil {
		checks["redis"], status = "unreachable", http.StatusServiceUnavailable
	}
	c.JSON(status, checks)
}

// serveWebApp serves the built frontend with a fallback to index.html for client routes.
func (a *API) serveWebApp(r *gin.Engine) {
	dir := a.App.Cfg.WebDir
	index := filepath.Join(dir, "index.html")
	r.NoRoute(func(c *gin.Context) {
		if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
			c.JSON(http.StatusNotFound, gin.H{"error": "ERR_NOT_FOUND", "message": "Rota não encontrada."})
			return
		}
		clean := filepath.Clean("/" + c.Request.URL.Path)
		if f := filepath.Join(dir, clean); clean != "/" && fileExists(f) {
			if strings.HasPrefix(clean, "/assets/") {
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			}
			c.File(f)
			return
		}
		if !strings.Contains(c.GetHeader("Accept"), "text/html") {
			c.JSON(http.StatusNotFound, gin.H{"error": "ERR_NOT_FOUND", "message": "Rota não encontrada."})
			return
		}
		if !fileExists(index) {
			c.String(http.StatusNotFound, "web app not built: run `make web`")
			return
		}
		c.Header("Cache-Control", "no-cache")
		c.File(index)
	})
}

// browserNavigation serves the web app for a browser opening a client route that shares its
// path with an API call (/users, /settings …): a navigation asks for text/html and carries
// no bearer token, while the web app's API calls ask for JSON with one.
func (a *API) browserNavigation() gin.HandlerFunc {
	index := filepath.Join(a.App.Cfg.WebDir, "index.html")
	own := []string{"/media/", "/admin/queues", "/socket", "/metrics", "/healthz", "/readyz", "/assets/", "/api/"}
	return func(c *gin.Context) {
		req := c.Request
		if req.Method != http.MethodGet || req.Header.Get("Authorization") != "" ||
			!strings.Contains(req.Header.Get("Accept"), "text/html") {
			return
		}
		for _, p := range own {
			if strings.HasPrefix(req.URL.Path, p) {
				return
			}
		}
		if fileExists(index) {
			c.Header("Cache-Control", "no-cache")
			c.File(index)
			c.Abort()
		}
	}
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
