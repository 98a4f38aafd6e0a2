package api_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atende/api"
	"atende/pkg/testutil"
)

// The web app and the API answer with a CSP, frame and referrer rules; Facebook's SDK is
// allowed only when the Facebook login is configured.
func TestSecurityHeaders(t *testing.T) {
	for _, facebook := range []bool{false, true} {
		a := testutil.App(t)
		if facebook {
			a.Cfg.Meta.AppID = "1234"
		}
		srv := httptest.NewServer(api.New(a).Handler())
		t.Cleanup(srv.Close)
		os.WriteFile(filepath.Join(a.Cfg.WebDir, "index.html"), []byte("<html>atende-app</html>"), 0o644)
		for _, path := range []string{"/version", "/login", "/auth/me"} {
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			req.Header.Set("Accept", "text/html")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			h := res.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "frame-ancestors 'none'", "style-src 'self' 'unsafe-inline'",
				"img-src 'self' data: blob:", "connect-src 'self' ws://" + res.Request.URL.Host + " wss://" + res.Request.URL.Host} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: CSP %q lacks %q", path, csp, want)
				}
			}
			if got := strings.Contains(csp, "https://connect.facebook.net"); got != facebook {
				t.Errorf("%s: facebook login %v, SDK allowed %v: %q", path, facebook, got, csp)
			}
			if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" ||
				h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
				t.Errorf("%s: headers %v", path, h)
			}
		}
	}
}

func getMetrics(t *testing.T, url, token string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// /metrics on the public port answers only to METRICS_TOKEN; METRICS_ADDR serves it on an
// address of its own.
func TestMetricsAreNotPublic(t *testing.T) {
	a := testutil.App(t)
	a.Cfg.MetricsToken = "scrape-secret"
	srv := httptest.NewServer(api.New(a).Handler())
	t.Cleanup(srv.Close)
	for token, want := range map[string]int{"": 404, "wrong": 404, "scrape-secret": 200} {
		if status, body := getMetrics(t, srv.URL+"/metrics", token); status != want ||
			want == 200 && !strings.Contains(body, "atende_http_requests_total") {
			t.Errorf("token %q: %d, want %d", token, status, want)
		}
	}

	b := testutil.App(t)
	b.Cfg.Port, b.Cfg.MetricsAddr = freePort(t), "127.0.0.1:"+freePort(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- api.New(b).Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	deadline := time.Now().Add(60 * time.Second)
	status, body := getMetrics(t, "http://"+b.Cfg.MetricsAddr+"/metrics", "")
	for status != 200 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond) // polling until the listener is up
		status, body = getMetrics(t, "http://"+b.Cfg.MetricsAddr+"/metrics", "")
	}
	if status != 200 || !strings.Contains(body, "atende_http_requests_total") {
		t.Fatalf("METRICS_ADDR: %d %.200s", status, body)
	}
	if status, _ := getMetrics(t, "http://127.0.0.1:"+b.Cfg.Port+"/metrics", ""); status != 404 {
		t.Fatalf("public port without METRICS_TOKEN: %d, want 404", status)
	}
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}
