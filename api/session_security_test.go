package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"atende/api"
	"atende/pkg/app"
	"atende/pkg/testutil"
)

// newEnvWith is newEnv with the app adjusted (limits, trusted proxies) before the server
// starts.
func newEnvWith(t *testing.T, adjust func(*app.App)) *env {
	t.Helper()
	a := testutil.App(t)
	adjust(a)
	x := api.New(a)
	srv := httptest.NewServer(x.Handler())
	t.Cleanup(srv.Close)
	ctx, _ := contextWithCancel(t)
	go x.Hub.Run(ctx)
	<-x.Hub.Ready()
	return &env{t: t, App: a, API: x, Srv: srv}
}

// behindProxy makes the test client a trusted proxy, so X-Forwarded-For picks the address.
func behindProxy(a *app.App) { a.Cfg.TrustedProxies = []string{"127.0.0.1", "::1"} }

// browser is a client with a cookie jar of its own. A non-empty addr is sent as
// X-Forwarded-For: the client's address when the api trusts the test client as a proxy, a
// spoofed header otherwise.
type browser struct {
	e      *env
	jar    *cookiejar.Jar
	client *http.Client
	addr   string
}

func (e *env) browser(addr string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{e: e, jar: jar, client: &http.Client{Jar: jar}, addr: addr}
}

// do sends one request; it may run outside the test's goroutine.
func (b *browser) do(method, path, token string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, b.e.Srv.URL+path, r)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if b.addr != "" {
		req.Header.Set("X-Forwarded-For", b.addr)
	}
	res, err := b.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	return res.StatusCode, out, err
}

func (b *browser) call(method, path, token string, body any) (int, []byte) {
	b.e.t.Helper()
	st, out, err := b.do(method, path, token, body)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return st, out
}

func (b *browser) login(email, password string) (int, string) {
	st, body := b.call("POST", "/auth/login", "", map[string]string{"email": email, "password": password})
	if st != 200 {
		return st, ""
	}
	return st, decode[struct{ Token string }](b.e.t, body).Token
}

func (b *browser) refresh() (int, string) {
	st, body := b.call("POST", "/auth/refresh_token", "", nil)
	if st != 200 {
		return st, ""
	}
	return st, decode[struct{ Token string }](b.e.t, body).Token
}

func (b *browser) cookie() string {
	u, _ := url.Parse(b.e.Srv.URL)
	for _, c := range b.jar.Cookies(u) {
		if c.Name == "jrt" {
			return c.Value
		}
	}
	return ""
}

// stealCookie is another browser holding a copy of b's refresh cookie.
func (b *browser) stealCookie() *browser {
	other := b.e.browser(b.addr)
	u, _ := url.Parse(b.e.Srv.URL)
	other.jar.SetCookies(u, []*http.Cookie{{Name: "jrt", Value: b.cookie(), Path: "/"}})
	return other
}

func wantStatus(t *testing.T, what string, got, want int) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: status %d, want %d", what, got, want)
	}
}

// A guesser on one address is slowed on that account only: the owner elsewhere signs in, and
// the guesser's other accounts are untouched. Redis keys hold no e-mail or address.
func TestAuthThrottlePerAccountAndAddress(t *testing.T) {
	e := newEnvWith(t, func(a *app.App) {
		behindProxy(a)
		a.Auth.Limiter.Base = time.Hour // the first wait outlasts any slow test machine
	})
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	guesser, owner := e.browser("203.0.113.7"), e.browser("198.51.100.9")
	for i := 0; i < 5; i++ {
		st, _ := guesser.login(acme.Admin.Email, fmt.Sprintf("wrong%d", i))
		wantStatus(t, fmt.Sprintf("wrong password %d", i), st, 401)
	}
	st, body := guesser.call("POST", "/auth/login", "", map[string]string{"email": acme.Admin.Email, "password": testutil.Password})
	if st != 429 || !bytes.Contains(body, []byte("ERR_TOO_MANY_ATTEMPTS")) {
		t.Fatalf("the guessing pair was not made to wait: %d %s", st, body)
	}
	st, _ = owner.login(acme.Admin.Email, testutil.Password)
	wantStatus(t, "the owner from another address", st, 200)
	st, _ = guesser.login(acme.Attender.Email, testutil.Password)
	wantStatus(t, "another account from the guesser's address", st, 200)

	keys, err := e.App.RDB.Keys(t.Context(), "auth:*").Result()
	if err != nil || len(keys) == 0 {
		t.Fatalf("no limiter keys: %v", err)
	}
	hashed := regexp.MustCompile(`^auth:[a-z:]+:[0-9a-f]{64}$`)
	for _, k := range keys {
		if !hashed.MatchString(k) {
			t.Errorf("redis key %q carries request data", k)
		}
	}
}

// After the free failures, each further one doubles the wait; the wait ends by itself.
func TestAuthThrottleWaitEnds(t *testing.T) {
	e := newEnvWith(t, func(a *app.App) {
		a.Auth.Limiter.Free, a.Auth.Limiter.Base = 2, 300*time.Millisecond
	})
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	b := e.browser("")
	b.login(acme.Admin.Email, "wrong1")
	b.login(acme.Admin.Email, "wrong2")
	deadline := time.Now().Add(30 * time.Second)
	for {
		st, _ := b.login(acme.Admin.Email, testutil.Password)
		if st == 200 {
			break
		}
		if st != 429 || time.Now().After(deadline) {
			t.Fatalf("owner still refused after the wait: %d", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// A success forgets the failures: the next wrong password is free again.
	st, _ := b.login(acme.Admin.Email, "wrong3")
	wantStatus(t, "first failure after a success", st, 401)
}

// X-Forwarded-For from a peer that is not a trusted proxy changes nothing: spoofing a new
// address per attempt does not escape the per-address cap. From a trusted proxy it is the
// client's address.
func TestAuthSpoofedForwardedFor(t *testing.T) {
	capped := func(a *app.App) { a.Auth.Limiter.AddressMax = 5 }
	t.Run("untrusted peer", func(t *testing.T) {
		e := newEnvWith(t, capped)
		acme := testutil.NewTenant(t, e.App, "acme", 0)
		for i := 0; i < 5; i++ {
			st, _ := e.browser(fmt.Sprintf("10.9.%d.%d", i, i)).login(fmt.Sprintf("ghost%d@x.test", i), "nope")
			wantStatus(t, "failure", st, 401)
		}
		st, _ := e.browser("10.200.0.1").login(acme.Attender.Email, testutil.Password)
		wantStatus(t, "spoofed address after the cap", st, 429)
	})
	t.Run("trusted proxy", func(t *testing.T) {
		e := newEnvWith(t, func(a *app.App) { capped(a); behindProxy(a) })
		acme := testutil.NewTenant(t, e.App, "acme", 0)
		for i := 0; i < 5; i++ {
			st, _ := e.browser("10.9.0.1").login(fmt.Sprintf("ghost%d@x.test", i), "nope")
			wantStatus(t, "failure", st, 401)
		}
		st, _ := e.browser("10.9.0.1").login(acme.Attender.Email, testutil.Password)
		wantStatus(t, "the capped address", st, 429)
		st, _ = e.browser("10.9.0.2").login(acme.Attender.Email, testutil.Password)
		wantStatus(t, "another client behind the proxy", st, 200)
	})
}

// Losing Redis's data signs nobody out: the refresh chain is in PostgreSQL.
func TestAuthRefreshSurvivesRedisFlush(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	b := e.browser("")
	if st, _ := b.login(acme.Attender.Email, testutil.Password); st != 200 {
		t.Fatalf("login: %d", st)
	}
	if err := e.App.RDB.FlushDB(t.Context()).Err(); err != nil {
		t.Fatal(err)
	}
	st, tok := b.refresh()
	wantStatus(t, "refresh after FLUSHDB", st, 200)
	st, _ = b.call("GET", "/auth/me", tok, nil)
	wantStatus(t, "new access token", st, 200)
	st, _ = b.refresh()
	wantStatus(t, "the chain goes on", st, 200)
}

// resetAnswer asks for a reset code as b and returns the status and body.
func (b *browser) forgot(email string) (int, []byte) {
	return b.call("POST", "/forgetpassword/"+url.PathEscape(email), "", nil)
}

func (b *browser) reset(email, code, password string) (int, []byte) {
	return b.call("POST", fmt.Sprintf("/resetpasswords/%s/%s/%s", url.PathEscape(email), code, password), "", nil)
}

// Known and unknown e-mails get the same answer, byte for byte, also once rate limited.
func TestResetSameAnswerForUnknownEmail(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	b := e.browser("")
	for i := 0; i < 6; i++ {
		stKnown, known := b.forgot(acme.Attender.Email)
		stGhost, ghost := b.forgot("ghost@x.test")
		if stKnown != stGhost || !bytes.Equal(known, ghost) {
			t.Fatalf("request %d: known %d %s, unknown %d %s", i, stKnown, known, stGhost, ghost)
		}
		want := 200
		if i == 5 {
			want = 429
		}
		wantStatus(t, fmt.Sprintf("request %d", i), stKnown, want)
	}
	if n := len(e.pendingMails()); n != 5 {
		t.Fatalf("%d mails queued, want 5 (the known e-mail's)", n)
	}
}

// 50 requests for one account: a few are served, each replacing the last code, so only the
// newest code works.
func TestResetOneLiveCode(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	email := acme.Attender.Email
	b := e.browser("")
	served := 0
	for i := 0; i < 50; i++ {
		st, body := b.forgot(email)
		switch st {
		case 200:
			served++
		case 429:
		default:
			t.Fatalf("request %d: %d %s", i, st, body)
		}
	}
	if served != 5 {
		t.Fatalf("%d of 50 requests served, want 5", served)
	}
	var codes []string
	for _, m := range e.pendingMails() {
		codes = append(codes, regexp.MustCompile(`é: (\d{6})\n`).FindStringSubmatch(m.Text)[1])
	}
	if n := e.countRows("SELECT count(*) FROM password_resets WHERE used_at IS NULL AND user_id = ?", acme.Attender.ID); n != 1 {
		t.Fatalf("%d live codes, want 1", n)
	}
	newest := codes[len(codes)-1]
	for _, c := range codes[:len(codes)-1] {
		if c == newest {
			continue // one chance in a million that an older code came out the same
		}
		st, _ := b.reset(email, c, "NovaSenha1")
		wantStatus(t, "an older code", st, 400)
	}
	st, _ := b.reset(email, newest, "NovaSenha1")
	wantStatus(t, "the newest code", st, 200)
}

// Five wrong guesses kill the code: even the right one is then refused. Guesses are also
// limited per e-mail.
func TestResetWrongGuessesKillCode(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	email := acme.Attender.Email
	b := e.browser("")
	code := requestCode(t, e, email)
	for i := 0; i < 5; i++ {
		wrong := fmt.Sprintf("%06d", i)
		if wrong == code {
			wrong = "999999"
		}
		st, body := b.reset(email, wrong, "NovaSenha1")
		if st != 400 || !bytes.Contains(body, []byte("ERR_INVALID_RESET_TOKEN")) {
			t.Fatalf("guess %d: %d %s", i, st, body)
		}
	}
	st, _ := b.reset(email, code, "NovaSenha1")
	wantStatus(t, "the right code after 5 wrong guesses", st, 400)
	st, _ = b.login(email, testutil.Password)
	wantStatus(t, "the password is unchanged", st, 200)

	// A new code works, and the e-mail's guesses run out in the hour.
	st, _ = b.reset(email, requestCode(t, e, email), "NovaSenha1")
	wantStatus(t, "a new code", st, 200)
	for i := 7; i < 10; i++ {
		st, _ = b.reset(email, "000000", "NovaSenha1")
		wantStatus(t, fmt.Sprintf("guess %d", i+1), st, 400)
	}
	st, _ = b.reset(email, "000000", "NovaSenha1")
	wantStatus(t, "guess 11 for the e-mail", st, 429)
	st, _ = b.reset(acme.Admin.Email, "000000", "NovaSenha1")
	wantStatus(t, "another e-mail from the same address", st, 400)
}

// A reset ends every session of the account: access tokens and refresh cookies.
func TestResetRevokesSessions(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	email := acme.Attender.Email
	b := e.browser("")
	_, tok := b.login(email, testutil.Password)
	st, _ := b.reset(email, requestCode(t, e, email), "NovaSenha1")
	wantStatus(t, "reset", st, 200)
	st, _ = b.refresh()
	wantStatus(t, "refresh cookie from before the reset", st, 401)
	st, _ = b.call("GET", "/auth/me", tok, nil)
	wantStatus(t, "access token from before the reset", st, 401)
}

// Changing a password ends every other session: a copy of the refresh cookie (another
// browser) and the old access token stop working, while the browser that made the change
// goes on with the new cookie and token it got. An admin's change ends all of the user's.
func TestPasswordChangeRevokesOtherSessions(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	me := acme.Attender
	path := fmt.Sprintf("/users/%d", me.ID)
	mine := e.browser("")
	_, old := mine.login(me.Email, testutil.Password)
	stolen := mine.stealCookie()

	st, _ := mine.call("PUT", path, old, map[string]any{"name": "Ana Souza"})
	wantStatus(t, "a change without password", st, 200)
	st, _ = mine.call("GET", "/auth/me", old, nil)
	wantStatus(t, "token after a change without password", st, 200)

	version := e.userColumn(me.ID, "token_version")
	st, body := mine.call("PUT", path, old, map[string]any{"password": "Outra123"})
	wantStatus(t, "own password change", st, 200)
	fresh := decode[struct{ Token string }](t, body).Token
	if fresh == "" || e.userColumn(me.ID, "token_version") == version {
		t.Fatalf("no new token (%q) or token version unchanged: %s", fresh, body)
	}
	st, _ = stolen.refresh()
	wantStatus(t, "the other browser's refresh cookie", st, 401)
	st, _ = stolen.call("GET", "/auth/me", old, nil)
	wantStatus(t, "the old access token", st, 401)
	st, _ = mine.call("GET", "/auth/me", fresh, nil)
	wantStatus(t, "the changing session's new token", st, 200)
	st, _ = mine.refresh()
	wantStatus(t, "the changing session's new cookie", st, 200)

	// The admin changes it again: every session of the user ends, the admin's own goes on.
	admin := e.tokenOf(acme.Admin)
	_, tok := mine.refresh()
	st, body = e.browser("").call("PUT", path, admin, map[string]any{"password": "Terceira3"})
	wantStatus(t, "admin's change", st, 200)
	if bytes.Contains(body, []byte(`"token"`)) {
		t.Fatalf("the admin got a token for the user: %s", body)
	}
	st, _ = mine.refresh()
	wantStatus(t, "the user's refresh cookie after the admin's change", st, 401)
	st, _ = mine.call("GET", "/auth/me", tok, nil)
	wantStatus(t, "the user's access token after the admin's change", st, 401)
	st, _ = mine.call("GET", "/auth/me", admin, nil)
	wantStatus(t, "the admin's own session", st, 200)
	st, _ = mine.login(me.Email, "Terceira3")
	wantStatus(t, "the new password", st, 200)
}

// Twenty signups at once from one address: a few companies are made, the rest refused. Another
// address still signs up.
func TestSignupRateLimit(t *testing.T) {
	e := newEnvWith(t, behindProxy)
	testutil.SetSetting(t, e.App, 1, "allowSignup", "enabled")
	before := e.countRows("SELECT count(*) FROM companies")
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, body, err := e.browser("203.0.113.20").do("POST", "/auth/signup", "",
				signup(1, map[string]any{"email": fmt.Sprintf("dono%d@nova.test", i), "companyName": fmt.Sprintf("Nova %d", i)}))
			mu.Lock()
			defer mu.Unlock()
			if err != nil || st == 429 && !bytes.Contains(body, []byte("ERR_TOO_MANY_ATTEMPTS")) {
				statuses[-1]++
			}
			statuses[st]++
		}()
	}
	wg.Wait()
	if statuses[201] != 3 || statuses[429] != 17 {
		t.Fatalf("statuses %v, want 3×201 and 17×429", statuses)
	}
	if n := e.countRows("SELECT count(*) FROM companies"); n != before+3 {
		t.Fatalf("%d companies made, want 3", n-before)
	}
	st, _ := e.browser("198.51.100.20").call("POST", "/auth/signup", "",
		signup(1, map[string]any{"email": "outra@nova.test", "companyName": "Outra Ltda"}))
	wantStatus(t, "another address", st, 201)
}
