package ticket_test

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
	"atende/pkg/ticket"
	"atende/pkg/user"
)

// sqlLog records the statements a session runs, with their values in place.
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

// The lgpd tab (page, badge and the hidden queue-less count) is read through indexes:
// among a company's many resolved and pending tickets, its few consent tickets are found
// by (company, status) without reading the rest — tickets_status_recent_idx for the page
// and the badge, tickets_no_queue_idx for the hidden count. No migration is needed.
func TestLGPDTabUsesIndexes(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	cid := acme.Company.ID
	q := testutil.NewQueue(t, a, cid, "Vendas", "#111111")
	must(t, a.DB.Exec(`INSERT INTO user_queues (user_id, queue_id, company_id) VALUES (?, ?, ?)`, acme.Attender.ID, q.ID, cid).Error)
	must(t, a.DB.Exec(`WITH c AS (INSERT INTO contacts (company_id, name, number)
			SELECT ?, 'Cliente ' || g, '5511' || g FROM generate_series(1, 20030) g RETURNING id, number)
		INSERT INTO tickets (company_id, contact_id, queue_id, status, updated_at)
		SELECT ?, c.id, CASE WHEN right(c.number, 1) = '7' THEN NULL ELSE ?::bigint END,
			CASE WHEN c.id % 10 = 0 THEN 'pending' ELSE 'closed' END, now() - c.id * interval '1 second' FROM c`,
		cid, cid, q.ID).Error)
	must(t, a.DB.Exec(`UPDATE tickets SET status = 'lgpd' WHERE id IN (SELECT id FROM tickets WHERE company_id = ? ORDER BY id LIMIT 30)`, cid).Error)
	must(t, a.DB.Exec(`ANALYZE tickets`).Error)

	ctx := tenant.With(t.Context(), cid)
	for name, u := range map[string]user.User{"admin": acme.Admin, "attendant": acme.Attender} {
		log := &sqlLog{Interface: logger.Discard}
		svc := a.Tickets
		svc.DB = a.DB.Session(&gorm.Session{Logger: log})
		p, err := svc.List(ctx, u, ticket.ListParams{Status: ticket.StatusLGPD})
		must(t, err)
		if p.Count == 0 || len(p.Tickets) == 0 {
			t.Fatalf("%s: empty lgpd tab %+v", name, p)
		}
		var plans []string
		for _, stmt := range log.stmts {
			if !strings.Contains(stmt, "FROM tickets t WHERE") {
				continue
			}
			var plan []string
			must(t, a.DB.Raw("EXPLAIN "+stmt).Scan(&plan).Error)
			text := strings.Join(plan, "\n")
			if strings.Contains(text, "Seq Scan on tickets") {
				t.Errorf("%s: the lgpd tab reads the whole tickets table:\n%s\n%s", name, stmt, text)
			}
			plans = append(plans, text)
		}
		all := strings.Join(plans, "\n")
		want := []string{"tickets_status_recent_idx"}
		if !u.IsAdmin() {
			want = append(want, "tickets_no_queue_idx") // the hidden queue-less count
		}
		for _, idx := range want {
			if !strings.Contains(all, idx) {
				t.Errorf("%s: no plan uses %s:\n%s", name, idx, all)
			}
		}
	}
}

// A search inside messages that goes through the trigram index uses the index of what
// people wrote (migration 00055): the query's condition on the system's texts must be the
// index's predicate, or the planner can't use it and reads every message of the table.
func TestMessageSearchUsesPeoplesIndex(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	cid := acme.Company.ID
	must(t, a.DB.Exec(`WITH c AS (INSERT INTO contacts (company_id, name, number)
			SELECT ?, 'Cliente ' || g, '5511' || g FROM generate_series(1, 200) g RETURNING id),
		t AS (INSERT INTO tickets (company_id, contact_id, status) SELECT ?, c.id, 'closed' FROM c RETURNING id)
		INSERT INTO messages (company_id, ticket_id, body) SELECT ?, t.id, 'mensagem ' || t.id FROM t`, cid, cid, cid).Error)
	log := &sqlLog{Interface: logger.Discard}
	svc := a.Tickets
	svc.DB = a.DB.Session(&gorm.Session{Logger: log})
	defer func(v float64) { ticket.SearchIndexMax = v }(ticket.SearchIndexMax)
	ticket.SearchIndexMax = 1e9 // past the walk, always through the index
	_, err := svc.List(tenant.With(t.Context(), cid), acme.Admin, ticket.ListParams{SearchParam: "xyzzy", SearchOnMessages: true, ShowAll: true})
	must(t, err)
	var checked int
	for _, stmt := range log.stmts {
		if !strings.Contains(stmt, "t.id IN (SELECT m.ticket_id FROM messages m") {
			continue
		}
		checked++
		var plan []string
		must(t, a.DB.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("SET LOCAL enable_seqscan = off").Error; err != nil {
				return err
			}
			return tx.Raw("EXPLAIN " + stmt).Scan(&plan).Error
		}))
		if text := strings.Join(plan, "\n"); !strings.Contains(text, "messages_people_trgm") {
			t.Errorf("the search does not use messages_people_trgm:\n%s\n%s", stmt, text)
		}
	}
	if checked == 0 {
		t.Fatalf("no search through the index ran: %q", log.stmts)
	}
}
