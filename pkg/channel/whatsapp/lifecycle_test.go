package whatsapp_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"

	"atende/pkg/app"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/connection"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

// host starts a's hub with a fake WhatsApp and short leases; it stops with the test.
func host(t *testing.T, a *app.App) *fakeFactory {
	t.Helper()
	whatsapp.BackoffBase = 50 * time.Millisecond
	a.WhatsApp.Leases.TTL = 600 * time.Millisecond
	a.WhatsApp.Silence = 300 * time.Millisecond
	f := newFactory()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.WhatsApp.Host(ctx, f); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return f
}

func eventually(t *testing.T, what string, d time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func state(t *testing.T, a *app.App, c connection.Connection) connection.Connection {
	t.Helper()
	got, err := a.Connections.Get(tenant.With(context.Background(), c.CompanyID), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func deviceJID(t *testing.T, a *app.App, id int64) string {
	var jid string
	a.DB.Table("connections").Select("wa_device_jid").Where("id = ?", id).Scan(&jid)
	return jid
}

func TestLifecycleQRPairReconnectLogout(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	c := testutil.NewConnection(t, a, ten.Company.ID, "wa", func(c *connection.Connection) { c.Status = connection.StatusOpening })
	f := host(t, a)

	eventually(t, "first QR code", 30*time.Second, func() bool {
		s := state(t, a, c)
		return s.Status == connection.StatusQRCode && s.QRCode == "qr-1"
	})
	cli := f.last(c.ID)
	cli.qr <- whatsmeow.QRChannelItem{Event: whatsmeow.QRChannelEventCode, Code: "qr-2"}
	eventually(t, "QR refresh", 30*time.Second, func() bool { return state(t, a, c).QRCode == "qr-2" })

	cli.pair(types.NewADJID("5511988887777", 0, 12))
	eventually(t, "CONNECTED", 30*time.Second, func() bool {
		s := state(t, a, c)
		return s.Status == connection.StatusConnected && s.Number == "5511988887777" && s.QRCode == ""
	})
	if jid := deviceJID(t, a, c.ID); jid != "5511988887777:12@s.whatsapp.net" {
		t.Fatalf("device JID = %q", jid)
	}

	// The socket drops: the session reconnects with the stored device, without a QR code.
	cli.Disconnect()
	cli.emit(&events.Disconnected{})
	eventually(t, "reconnected", 30*time.Second, func() bool {
		return f.count(c.ID) == 2 && state(t, a, c).Status == connection.StatusConnected && f.last(c.ID).IsConnected()
	})
	if s := state(t, a, c); s.Retries != 0 || s.Number != "5511988887777" {
		t.Fatalf("after reconnect: retries %d number %q", s.Retries, s.Number)
	}

	// Logged out from the phone: DISCONNECTED, device forgotten, lease released.
	f.last(c.ID).emit(&events.LoggedOut{})
	eventually(t, "DISCONNECTED", 30*time.Second, func() bool {
		return state(t, a, c).Status == connection.StatusDisconnected
	})
	eventually(t, "lease released", 30*time.Second, func() bool {
		o, _ := a.WhatsApp.Leases.OwnerOf(context.Background(), c.ID)
		return o == ""
	})
	if jid := deviceJID(t, a, c.ID); jid != "" {
		t.Fatalf("device JID kept after logout: %q", jid)
	}
}

func TestQRTimeoutAndWatchdog(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	c := testutil.NewConnection(t, a, ten.Company.ID, "wa", func(c *connection.Connection) { c.Status = connection.StatusOpening })
	f := host(t, a)
	eventually(t, "QR", 30*time.Second, func() bool { return state(t, a, c).Status == connection.StatusQRCode })
	f.last(c.ID).qr <- whatsmeow.QRChannelTimeout
	eventually(t, "TIMEOUT", 30*time.Second, func() bool { return state(t, a, c).Status == connection.StatusTimeout })
	time.Sleep(700 * time.Millisecond) // a claim tick passes: a timed-out session stays down
	if n := f.count(c.ID); n != 1 {
		t.Fatalf("timed-out session restarted: %d clients", n)
	}

	// A paired, CONNECTED session whose keepalives fail for longer than Silence is reconnected.
	d := testutil.NewConnection(t, a, ten.Company.ID, "wa2", func(c *connection.Connection) { c.Status = connection.StatusConnected })
	f.mu.Lock()
	f.devices["5511977776666:1@s.whatsapp.net"] = true
	f.mu.Unlock()
	a.DB.Table("connections").Where("id = ?", d.ID).Update("wa_device_jid", "5511977776666:1@s.whatsapp.net")
	eventually(t, "connected", 30*time.Second, func() bool { return f.count(d.ID) == 1 && f.last(d.ID).IsConnected() })
	eventually(t, "CONNECTED", 30*time.Second, func() bool { return state(t, a, d).Status == connection.StatusConnected })
	f.last(d.ID).emit(&events.KeepAliveTimeout{ErrorCount: 3, LastSuccess: time.Now().Add(-time.Minute)})
	// The loop may take Connected only after the handler has taken a keepalive failure (the
	// fake's Connect emits it from a goroutine): the failure must survive it.
	f.last(d.ID).emit(&events.Connected{})
	eventually(t, "watchdog reconnect", 30*time.Second, func() bool { return f.count(d.ID) == 2 && f.last(d.ID).IsConnected() })
}

func TestCommandsStopAndNewQR(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	c := testutil.NewConnection(t, a, ten.Company.ID, "wa", func(c *connection.Connection) { c.Status = connection.StatusDisconnected })
	f := host(t, a)
	seen := sessionEvents(t, a)
	ctx := context.Background()

	// The admin's Start (api side) shows OPENING and queues the command; a worker runs it.
	// (The hosting worker may take the command at once, so OPENING is looked for among the
	// events, not in the row, which may have moved on to the QR code already.)
	if err := (whatsapp.Control{Hub: a.WhatsApp}).Start(ctx, c); err != nil {
		t.Fatal(err)
	}
	eventually(t, "OPENING shown", 30*time.Second, func() bool {
		return seen(`"status":"OPENING"`, `"id":`+strconv.FormatInt(c.ID, 10))
	})
	if err := a.WhatsApp.Command(ctx, tasks.WhatsAppSession{CompanyID: c.CompanyID, ConnectionID: c.ID, Action: tasks.SessionStart}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "QR", 30*time.Second, func() bool { return f.showingQR(c.ID) && state(t, a, c).Status == connection.StatusQRCode })
	f.last(c.ID).pair(types.NewADJID("5511955554444", 0, 3))
	eventually(t, "CONNECTED", 30*time.Second, func() bool { return state(t, a, c).Status == connection.StatusConnected })

	// New QR: the device is logged out and a fresh pairing starts.
	paired := f.last(c.ID)
	if err := a.WhatsApp.Command(ctx, tasks.WhatsAppSession{CompanyID: c.CompanyID, ConnectionID: c.ID, Action: tasks.SessionNewQR}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "new QR", 30*time.Second, func() bool { return f.showingQR(c.ID) && state(t, a, c).Status == connection.StatusQRCode })
	if !paired.loggedOut || deviceJID(t, a, c.ID) != "" {
		t.Fatal("new QR kept the old device")
	}
	f.last(c.ID).pair(types.NewADJID("5511955554444", 0, 4))
	eventually(t, "CONNECTED again", 30*time.Second, func() bool { return state(t, a, c).Status == connection.StatusConnected })

	// Stop logs out and releases the session.
	last := f.last(c.ID)
	if err := a.WhatsApp.Command(ctx, tasks.WhatsAppSession{CompanyID: c.CompanyID, ConnectionID: c.ID, Action: tasks.SessionStop}); err != nil {
		t.Fatal(err)
	}
	if s := state(t, a, c); s.Status != connection.StatusDisconnected || !last.loggedOut || last.IsConnected() {
		t.Fatalf("after Stop: %s loggedOut=%v", s.Status, last.loggedOut)
	}
	if o, _ := a.WhatsApp.Leases.OwnerOf(ctx, c.ID); o != "" {
		t.Fatalf("lease still held by %q", o)
	}
	// A command for another company's connection id does nothing.
	other := testutil.NewTenant(t, a, "other", 0)
	if err := a.WhatsApp.Command(ctx, tasks.WhatsAppSession{CompanyID: other.Company.ID, ConnectionID: c.ID, Action: tasks.SessionStart}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if s := state(t, a, c); s.Status != connection.StatusDisconnected {
		t.Fatalf("cross-tenant command changed the session: %s", s.Status)
	}
}
