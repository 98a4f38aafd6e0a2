package api_test

import (
	"fmt"
	"testing"

	"atende/pkg/testutil"
	"atende/pkg/user"
)

// Forwarding lands in the contact's ticket only when the attendant may see it: an
// attendant of queue A forwarding to a contact whose ticket is in queue B with another
// attendant (open, or closed and reopened by the forward) is refused like the ticket
// endpoints refuse, and nothing is written; a contact without a ticket gets a new one.
func TestForwardIntoTicketOutOfSight(t *testing.T) {
	e, a, _, conn, _ := twoSandboxes(t)
	qA, qB := e.insertQueue(a.Company.ID, "Vendas", "#111111"), e.insertQueue(a.Company.ID, "Suporte", "#222222")
	other := testutil.NewUser(t, e.App, a.Company.ID, "other@acme.test", user.ProfileUser, nil)
	e.setQueues(a.Attender.ID, a.Company.ID, qA)
	e.setQueues(other.ID, a.Company.ID, qB)
	agent := testutil.Token(t, e.App, a.Attender)

	mine, _ := customerWrites(t, e, conn, "5511900000001", "segue o endereço")
	e.sql("UPDATE tickets SET status = 'open', queue_id = ?, user_id = ? WHERE id = ?", qA, a.Attender.ID, mine)
	theirs, busy := customerWrites(t, e, conn, "5511900000002", "oi")
	e.sql("UPDATE tickets SET status = 'open', queue_id = ?, user_id = ? WHERE id = ?", qB, other.ID, theirs)
	closed, recent := customerWrites(t, e, conn, "5511900000003", "oi")
	e.sql("UPDATE tickets SET status = 'closed', queue_id = ?, user_id = ? WHERE id = ?", qB, other.ID, closed)
	e.sql("UPDATE connections SET time_create_new_ticket = 60 WHERE id = ?", conn.ID)
	source := firstMessage(e, mine)

	state := func(id int64) string {
		var s string
		e.App.DB.Raw("SELECT concat_ws('/', status, queue_id, user_id, updated_at) FROM tickets WHERE id = ?", id).Scan(&s)
		return s
	}
	before := map[int64]string{theirs: state(theirs), closed: state(closed)}
	messages := func() int64 {
		return e.countRows("SELECT count(*) FROM messages WHERE company_id = ?", a.Company.ID)
	}
	tickets := func() int64 {
		return e.countRows("SELECT count(*) FROM tickets WHERE company_id = ?", a.Company.ID)
	}
	n, m := messages(), tickets()
	e.run(t, []scenario{
		{name: "the open ticket of another queue and attendant", method: "POST", path: "/message/forward", token: agent,
			body: map[string]any{"messageId": source, "contactId": busy}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "a recent closed ticket of theirs, reopened by the forward", method: "POST", path: "/message/forward", token: agent,
			body: map[string]any{"messageId": source, "contactId": recent}, status: 403, code: "ERR_NO_PERMISSION"},
	})
	if got := messages(); got != n {
		t.Fatalf("refused forwards stored %d messages", got-n)
	}
	if got := tickets(); got != m {
		t.Fatalf("refused forwards opened %d tickets", got-m)
	}
	for id, was := range before {
		if now := state(id); now != was {
			t.Fatalf("ticket %d changed: %s → %s", id, was, now)
		}
	}
	if logs := e.countRows("SELECT count(*) FROM ticket_logs WHERE ticket_id IN (?, ?) AND type = 'reopen'", theirs, closed); logs != 0 {
		t.Fatalf("%d reopen logs", logs)
	}

	// Allowed: the agent's own queue, and a contact with no ticket (a new one, the agent's).
	e.sql("UPDATE tickets SET queue_id = ?, user_id = NULL WHERE id = ?", qA, theirs)
	fresh := testutil.NewContact(t, e.App, a.Company.ID, "Novo", "5511900000004", nil)
	e.run(t, []scenario{
		{name: "a ticket of the agent's queue", method: "POST", path: "/message/forward", token: agent,
			body: map[string]any{"messageId": source, "contactId": busy}, status: 200,
			contain: []string{`"isForwarded":true`, fmt.Sprintf(`"ticketId":%d`, theirs)}},
		{name: "a contact without a ticket", method: "POST", path: "/message/forward", token: agent,
			body: map[string]any{"messageId": source, "contactId": fresh.ID}, status: 200, contain: []string{`"isForwarded":true`}},
	})
	if got := messages(); got != n+2 {
		t.Fatalf("%d messages stored, want 2", got-n)
	}
}
