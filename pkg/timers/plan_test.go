package timers_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// sqlLog records the statements a session runs.
type sqlLog struct {
	logger.Interface
	mu    sync.Mutex
	stmts []string
}

func (l *sqlLog) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	stmt, _ := fc()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stmts = append(l.stmts, stmt)
}

// A connection that expires only the tickets whose last message is ours, among many idle
// open tickets where the customer wrote last (and so are never due): the warning and
// expiry sweeps pass over those in tickets_open_due_idx (migration 00065) and read the rows
// of the due tickets only, instead of every idle open ticket of the connection each minute.
func TestInactivitySweepsReadOnlyDueTickets(t *testing.T) {
	a, svc := setup(t)
	ten := testutil.NewTenant(t, a, "waiting", 0)
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) {
		c.ExpiresTicket, c.TimeInactiveMessage, c.WhenExpiresTicket = 60, 30, "1"
	})
	must(t, a.DB.Exec(`WITH c AS (INSERT INTO contacts (company_id, name, number)
			SELECT ?, 'Espera ' || g, '5521' || lpad(g::text, 8, '0') FROM generate_series(1, 3000) g RETURNING id)
		INSERT INTO tickets (company_id, contact_id, connection_id, status, updated_at, send_inactive_message)
		SELECT ?, c.id, ?, 'open', ?, c.id % 2 = 0 FROM c`, ten.Company.ID, ten.Company.ID, conn.ID, base.Add(-time.Hour)).Error)
	due := newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.FromMe = true })
	must(t, a.DB.Exec(`ANALYZE tickets`).Error)

	log := &sqlLog{Interface: logger.Discard}
	svc.DB = a.DB.Session(&gorm.Session{Logger: log})
	if n := run(t, func() (int, error) { return svc.Inactivity(t.Context(), at(30*time.Minute)) }); n != 1 {
		t.Fatalf("changed %d tickets, want the one due warned", n)
	}
	if !reload(t, a, due.ID).SendInactiveMessage {
		t.Fatal("the due ticket was not warned")
	}
	var sweeps int
	for _, stmt := range log.stmts {
		if !strings.Contains(stmt, "SKIP LOCKED") {
			continue
		}
		sweeps++
		// The logger writes the keyset's starting time, the zero time, as a date PostgreSQL
		// refuses; any time before every ticket's starts the walk alike.
		stmt = strings.ReplaceAll(stmt, "'0000-00-00 00:00:00'", "'-infinity'")
		var plan []string
		tx := a.DB.Begin()
		must(t, tx.Exec("SET LOCAL enable_seqscan = off").Error) // a test's table is small
		must(t, tx.Raw("EXPLAIN ANALYZE "+stmt).Scan(&plan).Error)
		tx.Rollback()
		text := strings.Join(plan, "\n")
		if !strings.Contains(text, "tickets_open_due_idx") || strings.Contains(text, "Rows Removed by Filter") {
			t.Errorf("the sweep reads tickets that are not due:\n%s\n%s", stmt, text)
		}
	}
	if sweeps < 2 {
		t.Fatalf("%d sweeps ran, want the expiry's and the warning's: %q", sweeps, log.stmts)
	}
}
