package api_test

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"atende/pkg/testutil"
)

func TestLogin(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	e.run(t, []scenario{
		{name: "seeded super admin", method: "POST", path: "/auth/login",
			body:   map[string]string{"email": "ADMIN@atende.local", "password": testutil.AdminPassword},
			status: 200, contain: []string{`"token":"`, `"super":true`, `"company":{"id":1`, `"useCampaigns":true`}},
		{name: "tenant admin gets company, plan and settings", method: "POST", path: "/auth/login",
			body:   map[string]string{"email": acme.Admin.Email, "password": testutil.Password},
			status: 200, contain: []string{`"name":"acme"`, `"settings":{`, `"sendSignMessage":"enabled"`},
			absent: []string{"password", "Hash"}},
		{name: "wrong password", method: "POST", path: "/auth/login",
			body:   map[string]string{"email": acme.Admin.Email, "password": "nope"},
			status: 401, code: "ERR_INVALID_CREDENTIALS"},
		{name: "unknown e-mail", method: "POST", path: "/auth/login",
			body:   map[string]string{"email": "ghost@x.test", "password": "nope"},
			status: 401, code: "ERR_INVALID_CREDENTIALS"},
		{name: "malformed body", method: "POST", path: "/auth/login", body: strings.NewReader("{"),
			ctype: "application/json", status: 400, code: "ERR_BAD_REQUEST"},
		{name: "version is public", method: "GET", path: "/version", status: 200, contain: []string{`"version":"4.1.0"`}},
		{name: "me without token", method: "GET", path: "/auth/me", status: 401, code: "ERR_SESSION_EXPIRED"},
		{name: "me with forged token", method: "GET", path: "/auth/me", token: "abc.def.ghi", status: 401, code: "ERR_INVALID_TOKEN"},
		{name: "me with token", method: "GET", path: "/auth/me", token: testutil.Token(t, e.App, acme.Attender),
			status: 200, contain: []string{acme.Attender.Email, `"profile":"user"`}},
	})
}

// A new login takes over: the previous access token stops working.
func TestSingleSessionTakeover(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	creds := map[string]string{"email": acme.Attender.Email, "password": testutil.Password}
	_, first := e.call("POST", "/auth/login", "", creds, "")
	tok1 := decode[struct{ Token string }](t, first).Token
	if st, _ := e.call("GET", "/auth/me", tok1, nil, ""); st != 200 {
		t.Fatalf("first session refused: %d", st)
	}
	e.call("POST", "/auth/login", "", creds, "")
	st, body := e.call("GET", "/auth/me", tok1, nil, "")
	if st != 401 || !strings.Contains(string(body), "ERR_SESSION_EXPIRED") {
		t.Fatalf("old session still works: %d %s", st, body)
	}
}

func TestRefreshRotationAndLogout(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	post := func(path, token, body string) (*http.Response, string) {
		req, _ := http.NewRequest("POST", e.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b := new(strings.Builder)
		fmt.Fprint(b, res.Status)
		return res, b.String()
	}
	res, _ := post("/auth/login", "", fmt.Sprintf(`{"email":%q,"password":%q}`, acme.Admin.Email, testutil.Password))
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Set-Cookie"), "HttpOnly") {
		t.Fatalf("login: %d cookie %q", res.StatusCode, res.Header.Get("Set-Cookie"))
	}
	oldCookie := jar.Cookies(res.Request.URL)[0].Value
	res, _ = post("/auth/refresh_token", "", "")
	if res.StatusCode != 200 {
		t.Fatalf("refresh: %d", res.StatusCode)
	}
	newCookie := jar.Cookies(res.Request.URL)[0].Value
	if newCookie == oldCookie {
		t.Fatal("refresh cookie not rotated")
	}
	// The replaced token still works for a moment (a second tab), then the chain goes on.
	res, _ = post("/auth/refresh_token", "", "")
	if res.StatusCode != 200 {
		t.Fatalf("second refresh: %d", res.StatusCode)
	}
	tok := testutil.Token(t, e.App, acme.Admin)
	req, _ := http.NewRequest("DELETE", e.Srv.URL+"/auth/logout", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := client.Do(req)
	if err != nil || res.StatusCode != 204 {
		t.Fatalf("logout: %v %d", err, res.StatusCode)
	}
	res, _ = post("/auth/refresh_token", "", "")
	if res.StatusCode != 401 {
		t.Fatalf("refresh after logout: %d", res.StatusCode)
	}
	if st, _ := e.call("GET", "/auth/me", tok, nil, ""); st != 401 {
		t.Fatalf("access token after logout: %d", st)
	}
}

func TestExpiredSubscription(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	e.App.DB.Exec("UPDATE companies SET due_date = ? WHERE id = ?", time.Now().AddDate(0, 0, -3).Format(time.DateOnly), acme.Company.ID)
	tok := testutil.Token(t, e.App, acme.Admin)
	e.run(t, []scenario{
		{name: "me works to show the due date", method: "GET", path: "/auth/me", token: testutil.Token(t, e.App, acme.Admin), status: 200},
		{name: "other calls refused", method: "GET", path: "/users/", token: tok, status: 402, code: "ERR_SUBSCRIPTION_EXPIRED",
			contain: []string{"Opss! Sua assinatura venceu " + time.Now().AddDate(0, 0, -3).Format("02/01/2006")}},
		{name: "login still works", method: "POST", path: "/auth/login",
			body: map[string]string{"email": acme.Admin.Email, "password": testutil.Password}, status: 200},
	})
}
