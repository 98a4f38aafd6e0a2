package api_test

import (
	"fmt"
	"testing"

	"atende/pkg/testutil"
)

// created checks a POST /tickets answer and the stored row.
func (e *env) created(status, user, conn string, queue int64) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		t.Helper()
		r := decode[struct {
			ID      int64
			UUID    string
			QueueID int64
		}](t, body)
		if r.UUID == "" || r.QueueID != queue {
			t.Errorf("answer %s", body)
		}
		e.row(r.ID, map[string]string{"status": status, "user_id": user, "connection_id": conn}, "create")(t, body)
		if n := e.countRows("SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND started_at IS NOT NULL", r.ID); n != 1 {
			t.Errorf("trackings %d", n)
		}
	}
}

func TestTicketCreate(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	bare := testutil.NewTenant(t, e.App, "bare", 0)
	A := itoa(d.Attender.ID)
	c1, c2, c3 := d.contact("Um", "551", false), d.contact("Dois", "552", false), d.contact("Três", "553", false)
	grp := d.contact("Grupo", "120363@g.us", true)
	bareContact := d.contact("Sem", "554", false)
	e.sql("UPDATE contacts SET company_id = ? WHERE id = ?", bare.Company.ID, bareContact)
	e.setUser(d.Attender.ID, "whatsapp_id", d.conn2)
	post := func(name string, tok string, body map[string]any, status int, code string, check func(*testing.T, []byte), contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/tickets", token: tok, body: body, status: status, code: code, check: check, contain: contain}
	}
	e.run(t, []scenario{
		post("open for the current user on the given connection", d.agent, map[string]any{"contactId": c1, "queueId": d.q1, "whatsappId": d.conn, "userId": d.Attender.ID, "status": "open"},
			201, "", e.created("open", A, itoa(d.conn), d.q1)),
		post("the contact already has a ticket there: owner conflict", d.mateTk, map[string]any{"contactId": c1, "queueId": d.q1, "whatsappId": d.conn},
			409, "ERR_OTHER_OPEN_TICKET", nil, `\"name\":\"User agent@acme.test\"`, `\"name\":\"Vendas\"`, `\"status\":\"open\"`, `\"userId\":`+A),
		post("same contact on another connection", d.agent, map[string]any{"contactId": c1, "queueId": d.q2, "whatsappId": d.conn2},
			201, "", e.created("open", A, itoa(d.conn2), d.q2)),
		post("no connection: the user's default", d.agent, map[string]any{"contactId": c2, "queueId": d.q1},
			201, "", e.created("open", A, itoa(d.conn2), d.q1)),
		post("no connection, no user default: the company's", d.mateTk, map[string]any{"contactId": c3, "queueId": d.q1},
			201, "", e.created("open", itoa(d.mate.ID), itoa(d.conn), d.q1)),
		post("a WhatsApp group opens in the group tab", d.admin, map[string]any{"contactId": grp, "queueId": d.q1},
			201, "", e.created("group", itoa(d.Admin.ID), itoa(d.conn), d.q1)),
		post("a queue is required", d.agent, map[string]any{"contactId": c3, "whatsappId": d.conn2}, 400, "ERR_VALIDATION", nil, "Selecione uma fila"),
		post("another company's contact", d.agent, map[string]any{"contactId": b.contact("B", "559", false), "queueId": d.q1}, 404, "ERR_NO_CONTACT_FOUND", nil),
		post("missing contact", d.agent, map[string]any{"contactId": 99999, "queueId": d.q1}, 404, "ERR_NO_CONTACT_FOUND", nil),
		post("another company's queue", d.agent, map[string]any{"contactId": c3, "queueId": b.q1, "whatsappId": d.conn2}, 404, "ERR_NO_QUEUE_FOUND", nil),
		post("another company's connection", d.agent, map[string]any{"contactId": c3, "queueId": d.q1, "whatsappId": b.conn}, 404, "ERR_NO_WAPP_FOUND", nil),
		post("a company without connections", e.tokenOf(bare.Admin), map[string]any{"contactId": bareContact, "queueId": e.insertQueue(bare.Company.ID, "Q", "#999")},
			404, "ERR_NO_DEF_WAPP_FOUND", nil),
		post("signed out", "", map[string]any{"contactId": c3, "queueId": d.q1}, 401, "ERR_SESSION_EXPIRED", nil),
	})
	if n := e.countRows("SELECT count(*) FROM tickets WHERE contact_id IN (?, ?, ?)", c1, c2, c3); n != 4 {
		t.Fatalf("tickets stored: %d, want 4 (refusals write nothing)", n)
	}
}

func TestTicketDeleteAndCloseAll(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	gone := d.ticket(tk{queue: d.q1})
	e.sql("INSERT INTO messages (company_id, ticket_id, body) VALUES (?, ?, 'oi')", d.Company.ID, gone.ID)
	p1, p2, p3 := d.ticket(tk{queue: d.q1}), d.ticket(tk{queue: d.q1}), d.ticket(tk{queue: d.q2})
	o1, o2 := d.ticket(tk{status: "open", queue: d.q1, user: d.mate.ID}), d.ticket(tk{status: "open", user: d.mate.ID})
	bp := b.ticket(tk{queue: b.q1})
	closedCount := func(n int) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			if r := decode[struct{ Closed int }](t, body); r.Closed != n {
				t.Errorf("closed %d, want %d", r.Closed, n)
			}
		}
	}
	e.run(t, []scenario{
		{name: "delete: admins only", method: "DELETE", path: "/tickets/" + itoa(gone.ID), token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "delete: another company's ticket", method: "DELETE", path: "/tickets/" + itoa(gone.ID), token: b.admin, status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "delete", method: "DELETE", path: "/tickets/" + itoa(gone.ID), token: d.admin, status: 200,
			check: func(t *testing.T, _ []byte) {
				if n := e.countRows("SELECT count(*) FROM messages WHERE ticket_id = ?", gone.ID) + e.countRows("SELECT count(*) FROM tickets WHERE id = ?", gone.ID); n != 0 {
					t.Errorf("ticket or messages left: %d", n)
				}
			}},
		{name: "delete: missing", method: "DELETE", path: "/tickets/" + itoa(gone.ID), token: d.admin, status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "closeAll: admins only", method: "POST", path: "/tickets/closeAll", token: d.agent, body: map[string]any{"status": "pending"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "closeAll: a status is needed", method: "POST", path: "/tickets/closeAll", token: d.admin, body: map[string]any{"status": "closed"}, status: 400, code: "ERR_VALIDATION"},
		{name: "closeAll pending of one queue", method: "POST", path: "/tickets/closeAll", token: d.admin,
			body: map[string]any{"status": "pending", "selectedQueueIds": []int64{d.q1}}, status: 200,
			check: func(t *testing.T, b []byte) {
				closedCount(2)(t, b)
				e.row(p1.ID, map[string]string{"status": "closed"}, "closed")(t, b)
				e.row(p2.ID, map[string]string{"status": "closed"}, "closed")(t, b)
				e.row(p3.ID, map[string]string{"status": "pending"})(t, b)
			}},
		{name: "closeAll open of every queue (ids as text too)", method: "POST", path: "/tickets/closeAll", token: d.admin,
			body: map[string]any{"status": "open", "selectedQueueIds": []string{}}, status: 200,
			check: func(t *testing.T, b []byte) {
				closedCount(2)(t, b)
				e.row(o1.ID, map[string]string{"status": "closed"}, "closed")(t, b)
				e.row(o2.ID, map[string]string{"status": "closed", "user_id": itoa(d.mate.ID)}, "closed")(t, b)
			}},
		{name: "closeAll never reaches another company", method: "POST", path: "/tickets/closeAll", token: d.admin,
			body: map[string]any{"status": "pending", "selectedQueueIds": []string{fmt.Sprint(b.q1), fmt.Sprint(d.q2)}}, status: 200,
			check: func(t *testing.T, b []byte) {
				closedCount(1)(t, b)
				e.row(bp.ID, map[string]string{"status": "pending"})(t, b)
			}},
	})
}
