package api_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atende/pkg/testutil"
)

func TestOperationsEndpoints(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.App.Cfg.WebDir, "index.html"), []byte("<html>atende-app</html>"), 0o644)
	e.run(t, []scenario{
		{name: "healthz", method: "GET", path: "/healthz", status: 200, contain: []string{`"ok"`}},
		{name: "readyz checks both stores", method: "GET", path: "/readyz", status: 200,
			contain: []string{`"postgres":"ok"`, `"redis":"ok"`}},
		{name: "metrics are not public (METRICS_TOKEN or METRICS_ADDR)", method: "GET", path: "/metrics", status: 404},
		{name: "an API call to a client route path stays an API call", method: "GET", path: "/users", status: 401},
		{name: "unknown path for an API client is JSON 404", method: "GET", path: "/financeiro-aberto", status: 404,
			code: "ERR_NOT_FOUND"},
		{name: "unknown API POST is JSON 404", method: "POST", path: "/nope", status: 404, code: "ERR_NOT_FOUND"},
		{name: "media without signature", method: "GET", path: "/media/company1/users/x.png", status: 404},
		{name: "request id echoed", method: "GET", path: "/version", status: 200},
	})
}

// A browser opening /users (a client route and an API path) gets the web app.
func TestBrowserNavigationGetsTheWebApp(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.App.Cfg.WebDir, "index.html"), []byte("<html>atende-app</html>"), 0o644)
	for _, path := range []string{"/users", "/settings", "/login", "/financeiro-aberto"} {
		req, _ := http.NewRequest("GET", e.Srv.URL+path, nil)
		req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 64)
		n, _ := res.Body.Read(b)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b[:n]), "atende-app") {
			t.Fatalf("%s: %d %q", path, res.StatusCode, b[:n])
		}
	}
}

func TestQueueDashboardIsForSuperUsersOnly(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	cookieFor := func(email, password string) string {
		res, err := http.Post(e.Srv.URL+"/auth/login", "application/json",
			strings.NewReader(`{"email":"`+email+`","password":"`+password+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		for _, c := range res.Cookies() {
			if c.Name == "jrt" {
				return c.Value
			}
		}
		t.Fatalf("no refresh cookie for %s", email)
		return ""
	}
	get := func(cookie string) int {
		req, _ := http.NewRequest("GET", e.Srv.URL+"/admin/queues/api/queues", nil)
		if cookie != "" {
			req.AddCookie(&http.Cookie{Name: "jrt", Value: cookie})
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if st := get(""); st != 403 {
		t.Fatalf("anonymous: %d", st)
	}
	if st := get(cookieFor(acme.Admin.Email, testutil.Password)); st != 403 {
		t.Fatalf("company admin: %d", st)
	}
	if st := get(cookieFor(testutil.AdminEmail, testutil.AdminPassword)); st != 200 {
		t.Fatalf("super admin: %d", st)
	}
}
