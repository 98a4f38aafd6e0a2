package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
)

// fakeWhatsApp stands in for the WhatsApp session owner behind the Sessions contract:
// it records each call and reports the state a real session would reach.
type fakeWhatsApp struct {
	e     *env
	mu    sync.Mutex
	calls []string
}

func (f *fakeWhatsApp) record(ctx context.Context, what string, c connection.Connection, st connection.Session) error {
	f.mu.Lock()
	f.calls = append(f.calls, fmt.Sprintf("%s %d", what, c.ID))
	f.mu.Unlock()
	_, err := f.e.App.Connections.SetSession(ctx, c.CompanyID, c.ID, st)
	return err
}

func (f *fakeWhatsApp) Start(ctx context.Context, c connection.Connection) error {
	return f.record(ctx, "start", c, connection.Session{Status: connection.StatusQRCode, QRCode: "2@fake-qr"})
}

func (f *fakeWhatsApp) NewQR(ctx context.Context, c connection.Connection) error {
	return f.record(ctx, "newqr", c, connection.Session{Status: connection.StatusQRCode, QRCode: "2@fresh-qr"})
}

func (f *fakeWhatsApp) PairPhone(ctx context.Context, c connection.Connection, number string) error {
	return f.record(ctx, "pair "+number, c, connection.Session{Status: connection.StatusQRCode, QRCode: "2@pair-qr",
		PairingCode: "WXYZ-1234"})
}

func (f *fakeWhatsApp) Stop(ctx context.Context, c connection.Connection) error {
	return f.record(ctx, "stop", c, connection.Session{Status: connection.StatusDisconnected})
}

// took returns and forgets the calls so far.
func (f *fakeWhatsApp) took() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.calls
	f.calls = nil
	return out
}

// sessionDesk is a company with a default WhatsApp connection (behind the fake whatsmeow
// sessions) and a Facebook one, its admin and attendant, another company's admin, and the
// real-time events as they are published.
type sessionDesk struct {
	wa                  *fakeWhatsApp
	acme                testutil.Tenant
	zap, face           connection.Connection
	admin, other, agent string
	ev                  *eventLog
}

func newSessionDesk(t *testing.T, e *env) sessionDesk {
	d := sessionDesk{wa: withFakeWhatsApp(e), acme: testutil.NewTenant(t, e.App, "acme", 0)}
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	d.zap = testutil.NewConnection(t, e.App, d.acme.Company.ID, "Zap", func(c *connection.Connection) { c.IsDefault = true })
	d.face = testutil.NewConnection(t, e.App, d.acme.Company.ID, "Face", func(c *connection.Connection) { c.Channel = connection.ChannelFacebook })
	d.admin, d.other, d.agent = e.tokenOf(d.acme.Admin), e.tokenOf(beta.Admin), e.tokenOf(d.acme.Attender)
	d.ev = e.watch()
	return d
}

func withFakeWhatsApp(e *env) *fakeWhatsApp {
	f := &fakeWhatsApp{e: e}
	e.App.Sessions.ByChannel[connection.ChannelWhatsApp] = f
	return f
}

func (e *env) connStatus(id int64) string {
	e.t.Helper()
	var s string
	e.App.DB.Raw("SELECT status FROM connections WHERE id = ?", id).Scan(&s)
	return s
}

// The session buttons drive the Sessions contract; the states they reach are stored and
// announced on whatsappSession. Channels without a live session just connect/disconnect.
func TestConnectionSessionActions(t *testing.T) {
	e := newEnv(t)
	d := newSessionDesk(t, e)
	wa, acme, zap, face, admin, other, agent, ev := d.wa, d.acme, d.zap, d.face, d.admin, d.other, d.agent, d.ev
	session := fmt.Sprintf("company-%d-whatsappSession", acme.Company.ID)
	path := "/whatsappsession/" + itoa(zap.ID)
	e.run(t, []scenario{
		{name: "another company can't start it", method: "POST", path: path, token: other, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "another company can't re-pair it", method: "PUT", path: path, token: other, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "another company can't disconnect it", method: "DELETE", path: path, token: other, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "a plain user can't", method: "POST", path: path, token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "unknown id", method: "POST", path: "/whatsappsession/999999", token: admin, status: 404, code: "ERR_NO_WAPP_FOUND"},
	})
	if calls := wa.took(); len(calls) != 0 || e.connStatus(zap.ID) != connection.StatusDisconnected {
		t.Fatalf("refused calls reached the session: %v", calls)
	}
	e.run(t, []scenario{{name: "try again", method: "POST", path: path, token: admin, status: 200, contain: []string{"Starting session."}}})
	ev.want(t, session, `"status":"qrcode"`, `"qrcode":"2@fake-qr"`, `"id":`+itoa(zap.ID))
	e.run(t, []scenario{{name: "new QR", method: "PUT", path: path, token: admin, status: 200}})
	ev.want(t, session, `"qrcode":"2@fresh-qr"`)
	e.run(t, []scenario{{name: "disconnect", method: "DELETE", path: path, token: admin, status: 200, contain: []string{"Session disconnected."}}})
	if calls := wa.took(); !slices.Equal(calls, []string{"start " + itoa(zap.ID), "newqr " + itoa(zap.ID), "stop " + itoa(zap.ID)}) {
		t.Fatalf("session calls %v", calls)
	}
	if e.connStatus(zap.ID) != connection.StatusDisconnected {
		t.Fatalf("status %s after disconnect", e.connStatus(zap.ID))
	}
	raw := ev.want(t, session, `"status":"DISCONNECTED"`)
	if strings.Contains(raw, zap.Token) {
		t.Fatal("the session event carries the token")
	}

	// Without a live session (Graph channels, sandbox) start connects and stop disconnects.
	e.run(t, []scenario{{name: "facebook start", method: "POST", path: "/whatsappsession/" + itoa(face.ID), token: admin, status: 200}})
	if e.connStatus(face.ID) != connection.StatusConnected {
		t.Fatalf("facebook status %s", e.connStatus(face.ID))
	}
	ev.want(t, session, `"status":"CONNECTED"`, `"name":"Face"`)
	e.run(t, []scenario{{name: "facebook stop", method: "DELETE", path: "/whatsappsession/" + itoa(face.ID), token: admin, status: 200}})
	if e.connStatus(face.ID) != connection.StatusDisconnected {
		t.Fatalf("facebook status %s", e.connStatus(face.ID))
	}
	if calls := wa.took(); len(calls) != 0 {
		t.Fatalf("facebook reached the WhatsApp sessions: %v", calls)
	}
}

// Creating a WhatsApp connection starts its session (the QR code follows), deleting one
// logs it out first, restart reconnects all but the logged-out ones.
func TestConnectionSessionLifecycle(t *testing.T) {
	e := newEnv(t)
	wa := withFakeWhatsApp(e)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	theirs := testutil.NewConnection(t, e.App, beta.Company.ID, "Deles", func(c *connection.Connection) {
		c.IsDefault, c.Status = true, connection.StatusConnected
	})
	admin := e.tokenOf(acme.Admin)
	st, body := e.call("POST", "/whatsapp", admin, map[string]any{"name": "Nova"}, "")
	if st != 201 {
		t.Fatalf("create: %d %s", st, body)
	}
	zap := decode[connection.Connection](t, body)
	sandbox := decode[connection.Connection](t, mustCall(t, e, "POST", "/whatsapp", admin, map[string]any{"name": "Treino", "channel": "sandbox"}))
	if calls := wa.took(); !slices.Equal(calls, []string{"start " + itoa(zap.ID)}) {
		t.Fatalf("create started %v", calls)
	}
	if e.connStatus(zap.ID) != connection.StatusQRCode {
		t.Fatalf("status %s after create", e.connStatus(zap.ID))
	}
	logged := testutil.NewConnection(t, e.App, acme.Company.ID, "Deslogada", nil)
	e.run(t, []scenario{
		{name: "restart", method: "POST", path: "/whatsapp-restart/", token: admin, status: 200, contain: []string{`"restarted":2`}},
		{name: "a plain user can't restart", method: "POST", path: "/whatsapp-restart", token: e.tokenOf(acme.Attender), status: 403},
	})
	if calls := wa.took(); !slices.Equal(calls, []string{"start " + itoa(zap.ID)}) {
		t.Fatalf("restart started %v (logged-out %d and other companies stay)", calls, logged.ID)
	}
	if e.connStatus(sandbox.ID) != connection.StatusConnected || e.connStatus(theirs.ID) != connection.StatusConnected {
		t.Fatal("restart changed another connection")
	}
	e.run(t, []scenario{{name: "delete logs out first", method: "DELETE", path: "/whatsapp/" + itoa(logged.ID), token: admin, status: 200}})
	if calls := wa.took(); !slices.Equal(calls, []string{"stop " + itoa(logged.ID)}) {
		t.Fatalf("delete session calls %v", calls)
	}
	e.run(t, []scenario{{name: "refused delete leaves the session", method: "DELETE", path: "/whatsapp/" + itoa(zap.ID),
		token: admin, status: 400, code: "ERR_NO_OTHER_WHATSAPP"}})
	if calls := wa.took(); len(calls) != 0 {
		t.Fatalf("a refused delete stopped the session: %v", calls)
	}
}

// Arming the history import on a connected WhatsApp connection re-pairs it and says so;
// unrelated edits, and edits of a disconnected one, don't.
func TestConnectionImportReconnects(t *testing.T) {
	e := newEnv(t)
	wa := withFakeWhatsApp(e)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	zap := testutil.NewConnection(t, e.App, acme.Company.ID, "Zap", func(c *connection.Connection) {
		c.IsDefault, c.Status = true, connection.StatusConnected
	})
	idle := testutil.NewConnection(t, e.App, acme.Company.ID, "Parada", nil)
	admin := e.tokenOf(acme.Admin)
	window := map[string]any{"importOldMessages": time.Now().AddDate(0, -1, 0).Format(time.RFC3339),
		"importRecentMessages": time.Now().Add(-time.Minute).Format(time.RFC3339)}
	put := func(name string, c connection.Connection, body map[string]any, contain []string, absent ...string) scenario {
		return scenario{name: name, method: "PUT", path: "/whatsapp/" + itoa(c.ID), token: admin, body: body, status: 200,
			contain: contain, absent: absent}
	}
	e.run(t, []scenario{
		put("rename keeps the session", zap, map[string]any{"name": "Zap 2"}, nil, `"warning"`),
		put("arming the import re-pairs", zap, window, []string{`"code":"` + connection.WarnImportReconnect + `"`, `"importOldMessages":"`}),
	})
	if calls := wa.took(); !slices.Equal(calls, []string{"newqr " + itoa(zap.ID)}) {
		t.Fatalf("session calls %v", calls)
	}
	if e.connStatus(zap.ID) != connection.StatusQRCode {
		t.Fatalf("status %s", e.connStatus(zap.ID))
	}
	e.sql("UPDATE connections SET status = 'CONNECTED' WHERE id = ?", zap.ID)
	e.run(t, []scenario{
		put("saving the same window again doesn't", zap, merge(window, map[string]any{"name": "Zap 3"}), nil, `"warning"`),
		put("a disconnected one just saves", idle, window, nil, `"warning"`),
	})
	if calls := wa.took(); len(calls) != 0 {
		t.Fatalf("session calls %v", calls)
	}
}

func mustCall(t *testing.T, e *env, method, path, token string, body any) []byte {
	t.Helper()
	st, out := e.call(method, path, token, body, "")
	if st >= 300 {
		t.Fatalf("%s %s: %d %s", method, path, st, out)
	}
	return out
}
