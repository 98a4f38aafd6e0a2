package timers_test

import (
	"atende/pkg/message"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/connection"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
	"atende/pkg/timers"
)

// base is the test's clock origin: tickets are last touched at base, jobs run at base+d.
var base = time.Date(2030, 3, 13, 15, 0, 0, 0, time.UTC) // a Wednesday, 12:00 in São Paulo

func at(d time.Duration) time.Time { return base.Add(d) }

func setup(t *testing.T) (*app.App, timers.Service) {
	t.Helper()
	a := testutil.App(t)
	return a, timers.Service{DB: a.DB, Events: a.Events, Messages: a.Messages, Settings: a.Settings}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// connected is a connected WhatsApp connection of the company; edit sets its timers.
func connected(t *testing.T, a *app.App, companyID int64, edit func(*connection.Connection)) connection.Connection {
	t.Helper()
	return testutil.NewConnection(t, a, companyID, fmt.Sprintf("conn-%d", seq.Add(1)), func(c *connection.Connection) {
		c.Status = connection.StatusConnected
		c.ComplationMessage = "Atendimento finalizado."
		if edit != nil {
			edit(c)
		}
	})
}

var seq atomic.Int64

// newTicket stores a ticket of a new contact on conn, last touched at updated, with a
// current tracking row; edit may change it before insert.
func newTicket(t *testing.T, a *app.App, conn connection.Connection, status string, updated time.Time, edit func(*ticket.Ticket)) ticket.Ticket {
	t.Helper()
	n := seq.Add(1)
	c := testutil.NewContact(t, a, conn.CompanyID, fmt.Sprintf("Cliente %d", n), fmt.Sprintf("55119%08d", n), nil)
	tk := ticket.Ticket{CompanyID: conn.CompanyID, ContactID: c.ID, ConnectionID: &conn.ID, Status: status,
		Channel: conn.Channel}
	if edit != nil {
		edit(&tk)
	}
	must(t, a.DB.Create(&tk).Error)
	must(t, a.DB.Exec(`UPDATE tickets SET updated_at = ? WHERE id = ?`, updated, tk.ID).Error)
	must(t, a.DB.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, queue_id, user_id, queued_at)
		VALUES (?, ?, ?, ?, ?, now())`, tk.CompanyID, tk.ID, tk.ConnectionID, tk.QueueID, tk.UserID).Error)
	return reload(t, a, tk.ID)
}

func reload(t *testing.T, a *app.App, id int64) ticket.Ticket {
	t.Helper()
	var tk ticket.Ticket
	must(t, a.DB.First(&tk, id).Error)
	return tk
}

// sent are the bodies of the system's outgoing messages on a ticket, oldest first, without
// the echo marker each must start with.
func sent(t *testing.T, a *app.App, ticketID int64) []string {
	t.Helper()
	var bodies []string
	must(t, a.DB.Raw(`SELECT body FROM messages WHERE ticket_id = ? AND from_me ORDER BY id`, ticketID).Scan(&bodies).Error)
	for i, b := range bodies {
		if !strings.HasPrefix(b, message.SystemMark) {
			t.Errorf("system text %q without the echo marker", b)
		}
		bodies[i] = strings.TrimPrefix(b, message.SystemMark)
	}
	return bodies
}

// logs are a ticket's log types, oldest first.
func logs(t *testing.T, a *app.App, ticketID int64) []string {
	t.Helper()
	var types []string
	must(t, a.DB.Raw(`SELECT type FROM ticket_logs WHERE ticket_id = ? ORDER BY id`, ticketID).Scan(&types).Error)
	return types
}

func run(t *testing.T, job func() (int, error)) int {
	t.Helper()
	n, err := job()
	must(t, err)
	return n
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// recorder keeps the events published, for the tests that check announcements.
type recorder struct {
	mu     sync.Mutex
	events []realtime.Event
}

func (r *recorder) Publish(_ context.Context, ev realtime.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
	return nil
}

// updated says whether a ticket update of id reached every room in rooms.
func (r *recorder) updated(id int64, rooms ...string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range r.events {
		data, ok := ev.Data.(map[string]any)
		if !ok || data["action"] != "update" || data["ticketId"] != id {
			continue
		}
		if tk, ok := data["ticket"].(ticket.Ticket); ok && tk.Contact == nil {
			continue // announced undecorated
		}
		missing := false
		for _, room := range rooms {
			missing = missing || !slices.Contains(ev.Rooms, room)
		}
		if !missing {
			return true
		}
	}
	return false
}
