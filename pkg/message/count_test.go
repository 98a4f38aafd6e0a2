package message_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"atende/pkg/tenant"
	"atende/pkg/testutil"
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

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// GET /messages-allMe counts the company's messages sent or received in the days asked,
// not the private notes (attendants' notes to each other), nor another company's messages
// or those of other days; it reads messages_company_created_idx alone.
func TestCountMineLeavesPrivateNotesOut(t *testing.T) {
	a := testutil.App(t)
	day := time.Date(2030, 5, 10, 0, 0, 0, 0, time.UTC)
	ticketOf := func(companyID int64) int64 {
		c := testutil.NewContact(t, a, companyID, "Ana", "5511970000001", nil)
		var id int64
		must(t, a.DB.Raw(`INSERT INTO tickets (company_id, contact_id, status) VALUES (?, ?, 'open') RETURNING id`,
			companyID, c.ID).Scan(&id).Error)
		return id
	}
	acme, bolt := testutil.NewTenant(t, a, "acme", 0), testutil.NewTenant(t, a, "bolt", 0)
	ta, tb := ticketOf(acme.Company.ID), ticketOf(bolt.Company.ID)
	for _, m := range []struct {
		company, ticket int64
		fromMe, private bool
		at              time.Time
	}{
		{acme.Company.ID, ta, true, false, day.Add(9 * time.Hour)},
		{acme.Company.ID, ta, true, false, day.Add(23 * time.Hour)},
		{acme.Company.ID, ta, true, true, day.Add(10 * time.Hour)}, // a private note
		{acme.Company.ID, ta, false, false, day.Add(11 * time.Hour)},
		{acme.Company.ID, ta, true, false, day.Add(-time.Minute)},   // the day before
		{acme.Company.ID, ta, true, false, day.Add(24 * time.Hour)}, // the day after
		{bolt.Company.ID, tb, true, false, day.Add(12 * time.Hour)}, // another company's
	} {
		must(t, a.DB.Exec(`INSERT INTO messages (company_id, ticket_id, body, from_me, is_private, created_at) VALUES (?, ?, 'oi', ?, ?, ?)`,
			m.company, m.ticket, m.fromMe, m.private, m.at).Error)
	}
	log := &sqlLog{Interface: logger.Discard}
	svc := a.Messages
	svc.DB = a.DB.Session(&gorm.Session{Logger: log})
	ctx := tenant.With(t.Context(), acme.Company.ID)
	for fromMe, want := range map[bool]int64{true: 2, false: 1} {
		n, err := svc.CountMine(ctx, fromMe, day, day.AddDate(0, 0, 1))
		must(t, err)
		if n != want {
			t.Errorf("fromMe=%v: counted %d, want %d", fromMe, n, want)
		}
	}
	for _, stmt := range log.stmts {
		var plan []string
		must(t, a.DB.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("SET LOCAL enable_seqscan = off").Error; err != nil {
				return err
			}
			return tx.Raw("EXPLAIN " + stmt).Scan(&plan).Error
		}))
		if text := strings.Join(plan, "\n"); !strings.Contains(text, "Index Only Scan using messages_company_created_idx") {
			t.Errorf("the count does not read messages_company_created_idx alone:\n%s\n%s", stmt, text)
		}
	}
}
