package whatsapp_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/types"

	"atende/pkg/app"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/connection"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// sessionEvents collects the raw real-time events a's processes publish.
func sessionEvents(t *testing.T, a *app.App) func(subs ...string) bool {
	ctx, cancel := context.WithCancel(context.Background())
	ps := a.RDB.Subscribe(ctx, realtime.Channel(a.RDB))
	if _, err := ps.Receive(ctx); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var raw []string
	go func() {
		for m := range ps.Channel() {
			mu.Lock()
			raw = append(raw, m.Payload)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() { cancel(); ps.Close() })
	return func(subs ...string) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range raw {
			if !strings.Contains(r, "whatsappSession") {
				continue
			}
			ok := true
			for _, s := range subs {
				ok = ok && strings.Contains(r, s)
			}
			if ok {
				return true
			}
		}
		return false
	}
}

// Pairing by phone number: the admin's command carries the number to the session, which
// asks WhatsApp for a code once the new client is online (first QR code), shows it on the
// whatsappSession event through QR refreshes, and clears it once the phone paired.
func TestPairByPhoneNumber(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	c := testutil.NewConnection(t, a, ten.Company.ID, "wa", func(c *connection.Connection) { c.Status = connection.StatusDisconnected })
	f := host(t, a)
	seen := sessionEvents(t, a)
	ctx := context.Background()

	q := &testutil.Queued{}
	real := a.WhatsApp.Queue
	a.WhatsApp.Queue = q
	err := (whatsapp.Control{Hub: a.WhatsApp}).PairPhone(ctx, c, "5511999998888")
	a.WhatsApp.Queue = real
	if err != nil {
		t.Fatal(err)
	}
	// PairPhone asks for a session (opening) and queues the command; the host may have
	// claimed the opening connection meanwhile and shown its QR code, but no code is asked
	// for until the command runs.
	if s := state(t, a, c); (s.Status != connection.StatusOpening && s.Status != connection.StatusQRCode) || s.PairingCode != "" {
		t.Fatalf("after PairPhone: %s %q", s.Status, s.PairingCode)
	}
	queued := q.Tasks()
	if len(queued) != 1 || queued[0].Type() != tasks.TypeWhatsAppSession {
		t.Fatalf("queued %v", queued)
	}
	var p tasks.WhatsAppSession
	if err := json.Unmarshal(queued[0].Payload(), &p); err != nil {
		t.Fatal(err)
	}
	if p.Action != tasks.SessionPair || p.Phone != "5511999998888" || p.ConnectionID != c.ID {
		t.Fatalf("command %+v", p)
	}
	if err := a.WhatsApp.Command(ctx, p); err != nil {
		t.Fatal(err)
	}
	eventually(t, "pairing code", 30*time.Second, func() bool {
		s := state(t, a, c)
		return s.Status == connection.StatusQRCode && s.PairingCode == "ABCD-0001"
	})
	cli := f.last(c.ID)
	if got := cli.pairedNumbers(); !slices.Equal(got, []string{"5511999998888"}) {
		t.Fatalf("PairPhone asked for %v", got)
	}
	eventually(t, "code on the event", 30*time.Second, func() bool {
		return seen(`"pairingCode":"ABCD-0001"`, `"status":"qrcode"`, `"id":`+strconv.FormatInt(c.ID, 10))
	})

	// A QR refresh keeps the code (it stays valid) and asks for no other.
	cli.qr <- whatsmeow.QRChannelItem{Event: whatsmeow.QRChannelEventCode, Code: "qr-2"}
	eventually(t, "QR refresh", 30*time.Second, func() bool { return state(t, a, c).QRCode == "qr-2" })
	if s := state(t, a, c); s.PairingCode != "ABCD-0001" || len(cli.pairedNumbers()) != 1 {
		t.Fatalf("after refresh: code %q, asked %v", s.PairingCode, cli.pairedNumbers())
	}

	// The code typed on the phone: PairSuccess then Connected, the code is gone.
	cli.pair(types.NewADJID("5511999998888", 0, 7))
	eventually(t, "CONNECTED", 30*time.Second, func() bool {
		s := state(t, a, c)
		return s.Status == connection.StatusConnected && s.PairingCode == "" && s.Number == "5511999998888"
	})
	eventually(t, "cleared on the event", 30*time.Second, func() bool {
		return seen(`"status":"CONNECTED"`, `"pairingCode":""`)
	})

	// Another company's command for this connection does nothing.
	other := testutil.NewTenant(t, a, "other", 0)
	if err := a.WhatsApp.Command(ctx, tasks.WhatsAppSession{CompanyID: other.Company.ID, ConnectionID: c.ID,
		Action: tasks.SessionPair, Phone: "5511911112222"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if s := state(t, a, c); s.Status != connection.StatusConnected || f.last(c.ID) != cli {
		t.Fatalf("cross-tenant pairing touched the session: %s", s.Status)
	}
}

// A code that can't be had falls back to the QR code and says why; a new QR code (or a
// logout) clears a code still shown.
func TestPairByPhoneFailureAndNewQR(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	c := testutil.NewConnection(t, a, ten.Company.ID, "wa", func(c *connection.Connection) { c.Status = connection.StatusDisconnected })
	f := host(t, a)
	seen := sessionEvents(t, a)
	ctx := context.Background()
	pair := tasks.WhatsAppSession{CompanyID: c.CompanyID, ConnectionID: c.ID, Action: tasks.SessionPair, Phone: "5511999998888"}

	if err := a.WhatsApp.Command(ctx, pair); err != nil {
		t.Fatal(err)
	}
	eventually(t, "pairing code", 30*time.Second, func() bool { return state(t, a, c).PairingCode == "ABCD-0001" })
	if err := a.WhatsApp.Command(ctx, tasks.WhatsAppSession{CompanyID: c.CompanyID, ConnectionID: c.ID, Action: tasks.SessionNewQR}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "plain QR", 30*time.Second, func() bool {
		s := state(t, a, c)
		return s.Status == connection.StatusQRCode && s.PairingCode == "" && f.count(c.ID) == 2
	})
	if n := f.last(c.ID).pairedNumbers(); len(n) != 0 {
		t.Fatalf("new QR asked for a pairing code: %v", n)
	}

	// WhatsApp refuses the number: the QR code stays, the reason goes out once.
	f.mu.Lock()
	f.failPairing = errors.New("server returned error 400")
	f.mu.Unlock()
	if err := a.WhatsApp.Command(ctx, pair); err != nil {
		t.Fatal(err)
	}
	eventually(t, "refusal announced", 30*time.Second, func() bool {
		return seen(`"pairingError":"server returned error 400"`, `"qrcode":"qr-1"`)
	})
	cli := f.last(c.ID)
	cli.qr <- whatsmeow.QRChannelItem{Event: whatsmeow.QRChannelEventCode, Code: "qr-2"}
	eventually(t, "QR refresh", 30*time.Second, func() bool { return state(t, a, c).QRCode == "qr-2" })
	if s := state(t, a, c); s.PairingCode != "" || len(cli.pairedNumbers()) != 1 {
		t.Fatalf("after a refusal: code %q, asked %v", s.PairingCode, cli.pairedNumbers())
	}
}
