package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atende/api"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
)

type frame struct {
	Event string          `json:"event"`
	Data  json.RawMessage `json:"data"`
}

// dial opens a socket on srv for token.
func dial(t *testing.T, srvURL, token string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srvURL, "http")+"/socket?token="+token, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func send(t *testing.T, c *websocket.Conn, msg map[string]string) {
	t.Helper()
	b, _ := json.Marshal(msg)
	if err := c.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

// next reads frames until one named event arrives, or fails after wait.
func next(t *testing.T, c *websocket.Conn, event string, wait time.Duration) (frame, bool) {
	return nextWith(t, c, event, "", wait)
}

// nextWith is next for an event whose data contains substr.
func nextWith(t *testing.T, c *websocket.Conn, event, substr string, wait time.Duration) (frame, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for {
		f, err := readFrame(ctx, c)
		if err != nil {
			return frame{}, false
		}
		if f.Event == event && strings.Contains(string(f.Data), substr) {
			return f, true
		}
	}
}

// unread keeps, per socket, the frames of a message not read yet: the hub sends the frames
// queued together as one message, a JSON array of them.
var unread sync.Map // *websocket.Conn → []frame

// readFrame returns the socket's next frame, one of a batched message's in turn.
func readFrame(ctx context.Context, c *websocket.Conn) (frame, error) {
	if v, ok := unread.Load(c); ok {
		if fs := v.([]frame); len(fs) > 0 {
			unread.Store(c, fs[1:])
			return fs[0], nil
		}
	}
	_, b, err := c.Read(ctx)
	if err != nil {
		return frame{}, err
	}
	var fs []frame
	if len(b) > 0 && b[0] == '[' {
		_ = json.Unmarshal(b, &fs)
	} else {
		var f frame
		_ = json.Unmarshal(b, &f)
		fs = []frame{f}
	}
	if len(fs) == 0 {
		return frame{}, nil
	}
	unread.Store(c, fs[1:])
	return fs[0], nil
}

// framesUntilMarker publishes a marker to room, one sock is in, and returns every frame sock
// receives before it. Events this process published earlier arrive first and in order, so a
// negative check over the result sees everything that was delivered. (A read that times out
// closes a coder/websocket connection, so "nothing within 300 ms" would prove nothing.)
func framesUntilMarker(t *testing.T, e *env, sock *websocket.Conn, room string) []frame {
	t.Helper()
	if err := e.App.Events.Publish(context.Background(), realtime.Event{Rooms: []string{room}, Name: "marker", Data: 1}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var seen []frame
	for {
		f, err := readFrame(ctx, sock)
		if err != nil {
			t.Fatalf("no marker: %v", err)
		}
		if f.Event == "marker" {
			return seen
		}
		seen = append(seen, f)
	}
}

// never fails if any of frames is an event whose name starts with one of prefixes.
func never(t *testing.T, frames []frame, prefixes ...string) {
	t.Helper()
	for _, f := range frames {
		for _, p := range prefixes {
			if strings.HasPrefix(f.Event, p) {
				t.Fatalf("the socket received %s: %s", f.Event, f.Data)
			}
		}
	}
}

func TestSocketRefusesMissingAndBadTokens(t *testing.T) {
	e := newEnv(t)
	for _, tok := range []string{"", "garbage"} {
		res, err := http.Get(e.Srv.URL + "/socket?token=" + tok)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 401 {
			t.Fatalf("token %q: status %d, want 401", tok, res.StatusCode)
		}
	}
}

func TestSocketRoomsAreCompanyScoped(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	b := testutil.NewTenant(t, e.App, "bolt", 0)
	sock := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Attender))
	for _, room := range []string{realtime.CompanyRoom(b.Company.ID), realtime.StatusRoom(b.Company.ID, "open"),
		realtime.NotificationRoom(b.Company.ID), realtime.UserRoom(b.Admin.ID), "ticket-anything"} {
		send(t, sock, map[string]string{"type": "join", "room": room})
		f, ok := next(t, sock, "error", 2*time.Second)
		if !ok || !strings.Contains(string(f.Data), "ERR_NO_PERMISSION") {
			t.Fatalf("join %s was not refused: %s", room, f.Data)
		}
	}
	send(t, sock, map[string]string{"type": "joinTickets", "status": "open"})
	send(t, sock, map[string]string{"type": "joinNotification"})
	readyIn(t, e.App, sock, realtime.StatusRoom(a.Company.ID, "open"))
	readyIn(t, e.App, sock, realtime.NotificationRoom(a.Company.ID))
	ctx := context.Background()
	pub := e.App.Events
	_ = pub.Publish(ctx, realtime.ToCompany(b.Company.ID, "ticket", map[string]string{"secret": "bolt"}))
	_ = pub.Publish(ctx, realtime.Event{Rooms: []string{realtime.StatusRoom(b.Company.ID, "open")},
		Name: "company-bolt-open", Data: "secret"})
	_ = pub.Publish(ctx, realtime.Event{Rooms: []string{realtime.StatusRoom(a.Company.ID, "open")},
		Name: "own-open", Data: "ok"})
	_ = pub.Publish(ctx, realtime.Event{Rooms: []string{realtime.NotificationRoom(a.Company.ID)},
		Name: "own-notification", Data: "ok"})
	frames := framesUntilMarker(t, e, sock, realtime.NotificationRoom(a.Company.ID))
	never(t, frames, realtime.EventName(b.Company.ID, "ticket"), "company-bolt-open")
	for _, want := range []string{"own-open", "own-notification"} {
		if !slices.ContainsFunc(frames, func(f frame) bool { return f.Event == want }) {
			t.Fatalf("%s was not delivered", want)
		}
	}
}

// An event caused on one api instance reaches a socket held by another instance.
func TestEventsCrossProcesses(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	other := api.New(e.App)
	srv2 := httptest.NewServer(other.Handler())
	t.Cleanup(srv2.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go other.Hub.Run(ctx)
	<-other.Hub.Ready()

	sock := dial(t, srv2.URL, testutil.Token(t, e.App, a.Admin))
	ready(t, e, sock, a.Admin.ID)
	st, body := e.call("PUT", "/users/"+itoa(a.Attender.ID), testutil.Token(t, e.App, a.Admin),
		map[string]string{"name": "Renamed Agent"}, "")
	if st != 200 {
		t.Fatalf("update: %d %s", st, body)
	}
	f, ok := nextWith(t, sock, realtime.EventName(a.Company.ID, "user"), "Renamed Agent", 3*time.Second)
	if !ok || !strings.Contains(string(f.Data), `"action":"update"`) {
		t.Fatalf("user update not delivered across instances: %s", f.Data)
	}
}

// A new sign-in tells the older socket and then closes it.
func TestTakeoverReachesOldSocket(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	sock := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Attender))
	ready(t, e, sock, a.Attender.ID)
	e.call("POST", "/auth/login", "", map[string]string{"email": a.Attender.Email, "password": testutil.Password}, "")
	f, ok := next(t, sock, realtime.EventName(a.Company.ID, "auth"), 3*time.Second)
	if !ok || !strings.Contains(string(f.Data), `"tokenVersion":1`) {
		t.Fatalf("takeover event missing: %s", f.Data)
	}
	// Other company events (the sign-in marks the user online) may still arrive before the
	// close: read until the socket ends.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, _, err := sock.Read(ctx)
		if ctx.Err() != nil {
			t.Fatal("old socket not closed")
		}
		if err != nil {
			return
		}
	}
}

// userStatus pings mark the user online and announce it.
func TestUserStatusMarksOnline(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	watcher := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Admin))
	ready(t, e, watcher, a.Admin.ID)
	dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Attender))
	want := `"id":` + itoa(a.Attender.ID) + `,"online":true`
	if f, ok := nextWith(t, watcher, realtime.EventName(a.Company.ID, "user"), want, 3*time.Second); !ok {
		t.Fatalf("online event missing: %s", f.Data)
	}
	var online bool
	e.App.DB.Raw("SELECT online FROM users WHERE id = ?", a.Attender.ID).Scan(&online)
	if !online {
		t.Fatal("user not stored online")
	}
}

// With lgpdHideNumber on, live events show profile users masked numbers; admins see them.
func TestEventsMaskNumbersForProfileUsers(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	testutil.SetSetting(t, e.App, a.Company.ID, "lgpdHideNumber", "enabled")
	agent := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Attender))
	admin := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Admin))
	ready(t, e, agent, a.Attender.ID)
	ready(t, e, admin, a.Admin.ID)
	ev := realtime.ToCompany(a.Company.ID, "contact", map[string]any{"action": "update",
		"contact": map[string]any{"name": "Maria", "number": "5511987654321"}})
	if err := e.App.Events.Publish(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	name := realtime.EventName(a.Company.ID, "contact")
	if f, ok := nextWith(t, agent, name, `"***********21"`, 3*time.Second); !ok || strings.Contains(string(f.Data), "5511987654321") {
		t.Fatalf("profile user saw %s", f.Data)
	}
	if _, ok := nextWith(t, admin, name, "5511987654321", 3*time.Second); !ok {
		t.Fatal("admin did not get the number")
	}
}
