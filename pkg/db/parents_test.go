package db_test

import (
	"testing"

	"gorm.io/gorm"

	"atende/pkg/testutil"
)

// The hot tables' parents keep what their foreign keys did on delete, through the
// statement triggers of migration 00053: a deleted connection (whose received events go
// by their kept key) leaves its messages and trackings without a connection; a deleted queue, user or
// contact leaves the rows that named it without one. Rows naming other parents stay.
func TestDeletedParentsAreForgotten(t *testing.T) {
	a := testutil.App(t)
	tn := testutil.NewTenant(t, a, "parents", 0)
	db := a.DB
	var ids struct{ Conn, Other, Queue, Contact, Ticket, Message, Kept int64 }
	one := func(q string, out *int64, args ...any) {
		t.Helper()
		if err := db.Raw(q, args...).Scan(out).Error; err != nil {
			t.Fatal(err)
		}
	}
	co, user := tn.Company.ID, tn.Attender.ID
	one(`INSERT INTO connections (company_id, name, token) VALUES (?, 'gone', 'tok-gone') RETURNING id`, &ids.Conn, co)
	one(`INSERT INTO connections (company_id, name, token) VALUES (?, 'kept', 'tok-kept') RETURNING id`, &ids.Other, co)
	one(`INSERT INTO queues (company_id, name, color) VALUES (?, 'q', '#fff') RETURNING id`, &ids.Queue, co)
	one(`INSERT INTO contacts (company_id, name, number) VALUES (?, 'c', '5511900000001') RETURNING id`, &ids.Contact, co)
	one(`INSERT INTO tickets (company_id, contact_id, connection_id, queue_id, user_id) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		&ids.Ticket, co, ids.Contact, ids.Conn, ids.Queue, user)
	one(`INSERT INTO messages (company_id, ticket_id, contact_id, connection_id, queue_id, user_id, body)
		VALUES (?, ?, ?, ?, ?, ?, 'oi') RETURNING id`, &ids.Message, co, ids.Ticket, ids.Contact, ids.Conn, ids.Queue, user)
	one(`INSERT INTO messages (company_id, ticket_id, connection_id, body) VALUES (?, ?, ?, 'kept') RETURNING id`,
		&ids.Kept, co, ids.Ticket, ids.Other)
	for _, q := range []string{
		`INSERT INTO ticket_logs (company_id, ticket_id, queue_id, user_id, type) VALUES (@co, @t, @q, @u, 'queue')`,
		`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, queue_id, user_id) VALUES (@co, @t, @c, @q, @u)`,
		`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload) VALUES (@co, @c, 'k1', 'message', '{}'),
		  (@co, @other, 'k2', 'message', '{}')`,
		`DELETE FROM connections WHERE id = @c`,
		`DELETE FROM queues WHERE id = @q`,
		`DELETE FROM users WHERE id = @u`,
	} {
		if err := db.Exec(q, map[string]any{"co": co, "t": ids.Ticket, "q": ids.Queue, "u": user, "c": ids.Conn,
			"other": ids.Other}).Error; err != nil {
			t.Fatal(q, err)
		}
	}
	nulls := func(q string, want int64) {
		t.Helper()
		var n int64
		one(q, &n, ids.Ticket)
		if n != want {
			t.Errorf("%s: %d, want %d", q, n, want)
		}
	}
	nulls(`SELECT count(*) FROM messages WHERE ticket_id = ? AND connection_id IS NULL AND queue_id IS NULL AND user_id IS NULL`, 1)
	nulls(`SELECT count(*) FROM messages WHERE ticket_id = ? AND connection_id IS NOT NULL`, 1) // the other connection's
	nulls(`SELECT count(*) FROM ticket_logs WHERE ticket_id = ? AND queue_id IS NULL AND user_id IS NULL`, 1)
	nulls(`SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND connection_id IS NULL AND queue_id IS NULL AND user_id IS NULL`, 1)
	var events []string
	if err := db.Raw(`SELECT dedupe_key FROM inbound_events WHERE company_id = ?`, co).Scan(&events).Error; err != nil ||
		len(events) != 1 || events[0] != "k2" {
		t.Fatalf("events left %v (%v), want the kept connection's", events, err)
	}
	// A contact's delete cascades its tickets (and their messages) and forgets it elsewhere.
	var other, otherTicket, stray int64
	one(`INSERT INTO contacts (company_id, name, number) VALUES (?, 'd', '5511900000002') RETURNING id`, &other, co)
	one(`INSERT INTO tickets (company_id, contact_id, connection_id) VALUES (?, ?, ?) RETURNING id`, &otherTicket, co, other, ids.Other)
	one(`INSERT INTO messages (company_id, ticket_id, contact_id, body) VALUES (?, ?, ?, 'stray') RETURNING id`,
		&stray, co, otherTicket, ids.Contact)
	if err := db.Transaction(func(tx *gorm.DB) error {
		return tx.Exec(`DELETE FROM contacts WHERE id = ?`, ids.Contact).Error
	}); err != nil {
		t.Fatal(err)
	}
	nulls(`SELECT count(*) FROM messages WHERE ticket_id = ?`, 0)
	var left int64
	one(`SELECT count(*) FROM messages WHERE id = ? AND contact_id IS NULL`, &left, stray)
	if left != 1 {
		t.Errorf("the other ticket's message still names the deleted contact")
	}
}
