package api_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"atende/api"
	"atende/pkg/app"
	"atende/pkg/testutil"
)

// env is a real api (real PostgreSQL, Redis and hub) on a loopback server.
type env struct {
	t   *testing.T
	App *app.App
	API *api.API
	Srv *httptest.Server
}

func newEnv(t *testing.T) *env {
	t.Helper()
	a := testutil.App(t)
	x := api.New(a)
	srv := httptest.NewServer(x.Handler())
	t.Cleanup(srv.Close)
	ctx, cancel := contextWithCancel(t)
	go x.Hub.Run(ctx)
	<-x.Hub.Ready()
	_ = cancel
	return &env{t: t, App: a, API: x, Srv: srv}
}

// scenario is one row of an api scenario table.
type scenario struct {
	name    string
	method  string
	path    string
	body    any    // JSON-encoded unless it is an io.Reader
	ctype   string // content type for a raw body
	token   string
	status  int
	code    string   // expected "error" code
	contain []string // substrings of the response body
	absent  []string // substrings that must not appear
	check   func(t *testing.T, body []byte)
}

func (e *env) run(t *testing.T, scenarios []scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			status, body := e.call(s.method, s.path, s.token, s.body, s.ctype)
			if status != s.status {
				t.Fatalf("%s %s: status %d, want %d; body %s", s.method, s.path, status, s.status, body)
			}
			if s.code != "" {
				var e struct{ Error string }
				_ = json.Unmarshal(body, &e)
				if e.Error != s.code {
					t.Fatalf("error code %q, want %q; body %s", e.Error, s.code, body)
				}
			}
			for _, c := range s.contain {
				if !strings.Contains(string(body), c) {
					t.Errorf("body lacks %q: %s", c, body)
				}
			}
			for _, c := range s.absent {
				if strings.Contains(string(body), c) {
					t.Errorf("body has %q: %s", c, body)
				}
			}
			if s.check != nil {
				s.check(t, body)
			}
		})
	}
}

// call performs one request and returns status and body.
func (e *env) call(method, path, token string, body any, ctype string) (int, []byte) {
	e.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case io.Reader:
		r = b
	default:
		j, _ := json.Marshal(b)
		r, ctype = bytes.NewReader(j), "application/json"
	}
	req := httptest.NewRequest(method, e.Srv.URL+path, r)
	req.RequestURI = ""
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// decode unmarshals a JSON body or fails the test.
func decode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// pendingTasks returns the payloads of the tasks of type typ waiting in queue.
func pendingTasks[T any](e *env, queue, typ string) []T {
	e.t.Helper()
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	infos, err := in.ListPendingTasks(queue)
	if errors.Is(err, asynq.ErrQueueNotFound) {
		return nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	var out []T
	for _, ti := range infos {
		var p T
		if ti.Type != typ {
			continue
		}
		if err := json.Unmarshal(ti.Payload, &p); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}
