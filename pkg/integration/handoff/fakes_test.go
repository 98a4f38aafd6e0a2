package handoff_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"atende/pkg/app"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/integration"
	"atende/pkg/integration/handoff"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// call is one request a fake received.
type call struct {
	Path   string
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

// fake is a loopback HTTP server answering with answer and recording what it got.
type fake struct {
	*httptest.Server
	mu    sync.Mutex
	calls []call
}

func newFake(t *testing.T, answer func(c call) (int, any)) *fake { return botWithFiles(t, answer, nil) }

// botWithFiles is a fake Typebot answering its chat API with chat and, when files is set,
// serving files on the same host outside /api/, as a self-hosted Typebot does.
func botWithFiles(t *testing.T, chat func(c call) (int, any), files http.Handler) *fake {
	f := &fake{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if files != nil && !strings.HasPrefix(r.URL.Path, "/api/") {
			files.ServeHTTP(w, r)
			return
		}
		raw, _ := io.ReadAll(r.Body)
		c := call{Path: r.URL.Path, Header: r.Header.Clone(), Raw: raw}
		_ = json.Unmarshal(raw, &c.Body)
		f.mu.Lock()
		f.calls = append(f.calls, c)
		f.mu.Unlock()
		status, body := chat(c)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(body)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) got() []call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]call(nil), f.calls...)
}

// world is a company with a sandbox connection, a customer and their pending ticket.
type world struct {
	a      *app.App
	tenant testutil.Tenant
	conn   connection.Connection
	cust   contact.Contact
	tk     ticket.Ticket
	run    handoff.Runner
}

func newWorld(t *testing.T) *world {
	a := testutil.App(t)
	w := &world{a: a, tenant: testutil.NewTenant(t, a, "acme", 0)}
	cid := w.tenant.Company.ID
	w.conn = testutil.NewConnection(t, a, cid, "Sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
		c.ComplationMessage = "Até logo, {{name}}!"
	})
	w.cust = testutil.NewContact(t, a, cid, "Maria Silva", "5511999990000", nil)
	w.tk = ticket.Ticket{CompanyID: cid, ContactID: w.cust.ID, ConnectionID: &w.conn.ID, Status: ticket.StatusPending,
		Channel: connection.ChannelSandbox}
	if err := a.DB.Create(&w.tk).Error; err != nil {
		t.Fatal(err)
	}
	w.run = handoff.Runner{DB: a.DB, Events: a.Events, Messages: a.Messages, Settings: a.Settings, Queue: a.Queue, Media: a.Media,
		MediaHTTP: a.IntegrationRunner.MediaHTTP}
	return w
}

// inbound stores a customer's message on the ticket.
func (w *world) inbound(t *testing.T, body string) message.Message {
	m := message.Message{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID, ContactID: &w.cust.ID, ConnectionID: &w.conn.ID,
		Body: body, MediaType: message.TypeChat}
	if err := w.a.DB.Create(&m).Error; err != nil {
		t.Fatal(err)
	}
	return m
}

// hand runs the task for m as its first try.
func (w *world) hand(t *testing.T, it integration.Integration, m message.Message) error {
	return w.handTry(t, it, m, 0)
}

func (w *world) handTry(t *testing.T, it integration.Integration, m message.Message, retried int) error {
	return w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
		MessageID: m.ID, IntegrationID: it.ID}, retried, 6)
}

// replies are the bodies of the system's outgoing messages, in order.
func (w *world) replies(t *testing.T) []string {
	var out []string
	if err := w.a.DB.Raw(`SELECT body FROM messages WHERE ticket_id = ? AND from_me ORDER BY id`, w.tk.ID).
		Scan(&out).Error; err != nil {
		t.Fatal(err)
	}
	for i, s := range out {
		if !strings.HasPrefix(s, message.SystemMark) {
			t.Errorf("reply %q lacks the system mark", s)
		}
		out[i] = strings.TrimPrefix(s, message.SystemMark)
	}
	return out
}

func (w *world) ticket(t *testing.T) ticket.Ticket {
	var tk ticket.Ticket
	if err := w.a.DB.Take(&tk, w.tk.ID).Error; err != nil {
		t.Fatal(err)
	}
	return tk
}

func (w *world) logs(t *testing.T) []string {
	var out []string
	_ = w.a.DB.Raw(`SELECT type FROM ticket_logs WHERE ticket_id = ? ORDER BY id`, w.tk.ID).Scan(&out).Error
	return out
}

func equal(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("%s:\n got %q\nwant %q", what, got, want)
	}
}
