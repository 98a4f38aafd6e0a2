package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/user"
)

// customerWrites runs one inbound message through the pipeline synchronously and returns
// the ticket and contact it landed on.
func customerWrites(t *testing.T, e *env, conn connection.Connection, number, body string) (ticketID, contactID int64) {
	t.Helper()
	ctx := tenant.With(context.Background(), conn.CompanyID)
	id, _, err := e.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage,
		ProviderID: fmt.Sprintf("in-%s-%d", number, time.Now().UnixNano()), From: number, Body: body, Timestamp: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.App.Inbound.Process(ctx, []tasks.InboundRef{{CompanyID: conn.CompanyID, EventID: id}}); err != nil {
		t.Fatal(err)
	}
	// A running worker may have claimed the event first (Record queues it too): Process then
	// finds nothing to do and returns before that worker's transaction commits.
	eventually(t, "the customer's message handled", func() bool {
		return e.countRows(`SELECT count(*) FROM inbound_events WHERE id = ? AND processed_at IS NOT NULL`, id) == 1
	})
	e.App.DB.Raw(`SELECT t.id, t.contact_id FROM tickets t JOIN contacts c ON c.id = t.contact_id
		WHERE c.number = ? AND t.company_id = ? ORDER BY t.id DESC LIMIT 1`, number, conn.CompanyID).Row().Scan(&ticketID, &contactID)
	return ticketID, contactID
}

func pendingSends(t *testing.T, e *env) int {
	t.Helper()
	tasks, _ := asynq.NewInspector(e.App.RedisOpt).ListPendingTasks("critical")
	return len(tasks)
}

func TestMessageEndpoints(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	ticketA, contactA := customerWrites(t, e, connA, "5511900000001", "oi")
	ticketA2, contactA2 := customerWrites(t, e, connA, "5511900000002", "olá")
	ticketB, contactB := customerWrites(t, e, connB, "5511900000003", "hello")
	adminA, adminB := testutil.Token(t, e.App, a.Admin), testutil.Token(t, e.App, b.Admin)
	agentA := testutil.Token(t, e.App, a.Attender) // no queues, allTicket disabled
	e.App.DB.Exec("UPDATE tickets SET status = 'closed' WHERE id = ?", ticketA2)

	e.run(t, []scenario{
		{name: "list own company ticket", method: "GET", path: fmt.Sprintf("/messages/%d", ticketA), token: adminA,
			status: 200, contain: []string{`"body":"oi"`, `"hasMore":false`}},
		{name: "list other company ticket", method: "GET", path: fmt.Sprintf("/messages/%d", ticketB), token: adminA,
			status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "attendant outside the ticket's queue", method: "GET", path: fmt.Sprintf("/messages/%d", ticketA), token: agentA,
			status: 403, code: "ERR_NO_PERMISSION"},
		{name: "empty message refused", method: "POST", path: fmt.Sprintf("/messages/%d", ticketA), token: adminA,
			body: map[string]any{"body": "   \n "}, status: 400, code: "ERR_EMPTY_MESSAGE"},
		{name: "closed ticket refuses sends", method: "POST", path: fmt.Sprintf("/messages/%d", ticketA2), token: adminA,
			body: map[string]any{"body": "oi"}, status: 400, code: "ERR_TICKET_CLOSED"},
		{name: "send into another company's ticket", method: "POST", path: fmt.Sprintf("/messages/%d", ticketB), token: adminA,
			body: map[string]any{"body": "leak"}, status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "signed message", method: "POST", path: fmt.Sprintf("/messages/%d", ticketA), token: adminA,
			body: map[string]any{"body": "Bom dia", "signMessage": true}, status: 200,
			contain: []string{`"body":"*` + a.Admin.Name + `:*\nBom dia"`, `"ack":0`, `"fromMe":true`}},
		{name: "messages-allMe counts sent messages", method: "GET", token: adminA,
			path:   "/messages-allMe?fromMe=true&dateStart=" + time.Now().Format(time.DateOnly) + "&dateEnd=" + time.Now().Format(time.DateOnly),
			status: 200, contain: []string{`"count":1`}},
		{name: "messages-allMe needs dates", method: "GET", path: "/messages-allMe", token: adminA, status: 400, code: "ERR_VALIDATION"},
		{name: "forward to another company's contact", method: "POST", path: "/message/forward", token: adminA,
			body: map[string]any{"messageId": firstMessage(e, ticketA), "contactId": contactB}, status: 404},
		{name: "forward another company's message", method: "POST", path: "/message/forward", token: adminA,
			body: map[string]any{"messageId": firstMessage(e, ticketB), "contactId": contactA}, status: 404},
		{name: "forward to a contact of the company", method: "POST", path: "/message/forward", token: adminA,
			body: map[string]any{"messageId": firstMessage(e, ticketA), "contactId": contactA2}, status: 200,
			contain: []string{`"isForwarded":true`, `"body":"oi"`}},
	})
	_ = adminB

	// A private note is stored and never queued for sending.
	before := pendingSends(t, e)
	st, body := e.call("POST", fmt.Sprintf("/messages/%d", ticketA), adminA, map[string]any{"body": "nota interna", "isPrivate": true}, "")
	if st != 200 || pendingSends(t, e) != before {
		t.Fatalf("private note: %d %s, queued %d → %d", st, body, before, pendingSends(t, e))
	}
}

func firstMessage(e *env, ticketID int64) int64 {
	var id int64
	e.App.DB.Raw("SELECT id FROM messages WHERE ticket_id = ? ORDER BY id LIMIT 1", ticketID).Scan(&id)
	return id
}

func TestEditAndDeleteRules(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	b := testutil.NewTenant(t, e.App, "bolt", 0)
	other := testutil.NewUser(t, e.App, a.Company.ID, "second@acme.test", user.ProfileUser, func(u *user.User) { u.AllUserChat = user.Enabled })
	conn := sandboxConn(t, e, a)
	ticketID, _ := customerWrites(t, e, conn, "5511900000009", "oi")
	adminA := testutil.Token(t, e.App, a.Admin)
	send := func(body string) int64 {
		_, b := e.call("POST", fmt.Sprintf("/messages/%d", ticketID), adminA, map[string]any{"body": body}, "")
		return decode[struct{ ID int64 }](t, b).ID
	}
	fresh, old, theirs := send("fresh"), send("old"), firstMessage(e, ticketID)
	e.App.DB.Exec("UPDATE messages SET created_at = now() - interval '16 minutes' WHERE id = ?", old)
	e.run(t, []scenario{
		{name: "edit own recent", method: "POST", path: fmt.Sprintf("/messages/edit/%d", fresh), token: adminA,
			body: map[string]string{"body": "fresh, edited"}, status: 200, contain: []string{`"isEdited":true`}},
		{name: "edit after 15 minutes", method: "POST", path: fmt.Sprintf("/messages/edit/%d", old), token: adminA,
			body: map[string]string{"body": "late"}, status: 400, code: "ERR_EDIT_WINDOW"},
		{name: "edit the customer's message", method: "POST", path: fmt.Sprintf("/messages/edit/%d", theirs), token: adminA,
			body: map[string]string{"body": "x"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "edit another attendant's message", method: "POST", path: fmt.Sprintf("/messages/edit/%d", fresh),
			token: testutil.Token(t, e.App, other), body: map[string]string{"body": "x"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "edit from another company", method: "POST", path: fmt.Sprintf("/messages/edit/%d", fresh),
			token: testutil.Token(t, e.App, b.Admin), body: map[string]string{"body": "x"}, status: 404, code: "ERR_NO_MESSAGE_FOUND"},
		{name: "delete from another company", method: "DELETE", path: fmt.Sprintf("/messages/%d", fresh),
			token: testutil.Token(t, e.App, b.Admin), status: 404, code: "ERR_NO_MESSAGE_FOUND"},
		{name: "delete own", method: "DELETE", path: fmt.Sprintf("/messages/%d", fresh), token: adminA,
			status: 200, contain: []string{`"isDeleted":true`}},
	})
}

func TestSandboxEndpointsAuth(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	real := connection.Connection{CompanyID: a.Company.ID, Name: "WhatsApp", Channel: connection.ChannelWhatsApp,
		Status: connection.StatusConnected, Token: connection.NewToken(), GroupAsTicket: "disabled", WhenExpiresTicket: "0"}
	e.App.DB.Create(&real)
	msg := map[string]string{"number": "5511912345678", "body": "oi"}
	in := func(c connection.Connection) string { return fmt.Sprintf("/sandbox/%d/inbound", c.ID) }
	e.run(t, []scenario{
		{name: "own token", method: "POST", path: in(connA), token: connA.Token, body: msg, status: 202, contain: []string{`"duplicate":false`}},
		{name: "session of the company", method: "POST", path: in(connA), token: testutil.Token(t, e.App, a.Attender), body: msg, status: 202},
		{name: "another connection's token", method: "POST", path: in(connA), token: connB.Token, body: msg, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "another company's session", method: "POST", path: in(connA), token: testutil.Token(t, e.App, b.Admin), body: msg, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "no token", method: "POST", path: in(connA), body: msg, status: 401},
		{name: "not a sandbox connection", method: "POST", path: in(real), token: real.Token, body: msg, status: 400, code: "ERR_NOT_SANDBOX"},
		{name: "number too short", method: "POST", path: in(connA), token: connA.Token, body: map[string]string{"number": "123", "body": "x"},
			status: 400, code: "ERR_VALIDATION"},
		{name: "no body nor media", method: "POST", path: in(connA), token: connA.Token, body: map[string]string{"number": "5511912345678"},
			status: 400, code: "ERR_VALIDATION"},
		{name: "an id past 128 characters (the dedupe key)", method: "POST", path: in(connA), token: connA.Token,
			body:   map[string]string{"number": "5511912345678", "body": "x", "id": strings.Repeat("i", 4096)},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"id":"Informe um id de até 128 caracteres."`}},
		{name: "redelivered event is a duplicate", method: "POST", path: in(connA), token: connA.Token,
			body: map[string]string{"number": "5511912345678", "body": "oi", "id": "same"}, status: 202},
		{name: "…the second time", method: "POST", path: in(connA), token: connA.Token,
			body: map[string]string{"number": "5511912345678", "body": "oi", "id": "same"}, status: 202, contain: []string{`"duplicate":true`}},
		{name: "outbound with own token", method: "GET", path: fmt.Sprintf("/sandbox/%d/outbound", connA.ID), token: connA.Token,
			status: 200, contain: []string{`"messages":`}},
		{name: "outbound of another company", method: "GET", path: fmt.Sprintf("/sandbox/%d/outbound", connB.ID),
			token: testutil.Token(t, e.App, a.Admin), status: 404},
		{name: "outbound with another connection's token", method: "GET", path: fmt.Sprintf("/sandbox/%d/outbound", connA.ID),
			token: connB.Token, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "call with another connection's token", method: "POST", path: fmt.Sprintf("/sandbox/%d/call", connA.ID),
			token: connB.Token, body: map[string]string{"number": "5511912345678"}, status: 404, code: "ERR_NO_WAPP_FOUND"},
	})
	// A connection token acts for its company only while the company may work, as a session does.
	e.sql(`UPDATE companies SET status = false WHERE id = ?`, b.Company.ID)
	e.run(t, []scenario{
		{name: "a blocked company's token", method: "POST", path: in(connB), token: connB.Token, body: msg,
			status: 403, code: "ERR_COMPANY_BLOCKED"},
	})
	if n := e.countRows(`SELECT count(*) FROM inbound_events WHERE connection_id = ?`, connB.ID); n != 0 {
		t.Fatalf("%d events stored for a blocked company", n)
	}
}

// Keyset pages (?before=) walk back from any message of the ticket, oldest first within a
// page; a cursor from another ticket or company is not found.
func TestMessagePagesBefore(t *testing.T) {
	e, a, _, connA, connB := twoSandboxes(t)
	ticketA, _ := customerWrites(t, e, connA, "5511900000001", "m0")
	otherA, _ := customerWrites(t, e, connA, "5511900000002", "outro")
	ticketB, _ := customerWrites(t, e, connB, "5511900000003", "hello")
	e.sql(`INSERT INTO messages (company_id, ticket_id, body, created_at)
		SELECT ?, ?, 'm' || n, now() + n * interval '1 second' FROM generate_series(1, 40) n`, a.Company.ID, ticketA)
	var m10, m40 int64
	e.App.DB.Raw("SELECT id FROM messages WHERE ticket_id = ? AND body = 'm10'", ticketA).Scan(&m10)
	e.App.DB.Raw("SELECT id FROM messages WHERE ticket_id = ? AND body = 'm40'", ticketA).Scan(&m40)
	admin := testutil.Token(t, e.App, a.Admin)
	page := func(path string) string { return fmt.Sprintf("/messages/%d?%s", ticketA, path) }
	e.run(t, []scenario{
		{name: "before the newest: a page of 30", method: "GET", path: page(fmt.Sprintf("before=%d", m40)), token: admin, status: 200,
			contain: []string{`"body":"m10"`, `"body":"m39"`, `"hasMore":true`, `"count":30`}, absent: []string{`"body":"m40"`, `"body":"m9"`}},
		{name: "the oldest page", method: "GET", path: page(fmt.Sprintf("before=%d", m10)), token: admin, status: 200,
			contain: []string{`"body":"m0"`, `"body":"m9"`, `"hasMore":false`}, absent: []string{`"body":"m10"`}},
		{name: "a cursor from another ticket", method: "GET", path: page(fmt.Sprintf("before=%d", firstMessage(e, otherA))), token: admin,
			status: 404},
		{name: "a cursor from another company", method: "GET", path: page(fmt.Sprintf("before=%d", firstMessage(e, ticketB))), token: admin,
			status: 404},
	})
}

// Tokens are cached for a moment, but a regenerated token or a deleted connection stops
// working at once in the process that changed it.
func TestSandboxTokenRevoked(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	gone := sandboxConn(t, e, a)
	e.sql(`UPDATE connections SET is_default = false WHERE id = ?`, gone.ID)
	renewed := sandboxConn(t, e, a)
	admin := testutil.Token(t, e.App, a.Admin)
	msg := map[string]string{"number": "5511912345678", "body": "oi"}
	in := func(c connection.Connection) string { return fmt.Sprintf("/sandbox/%d/inbound", c.ID) }
	e.run(t, []scenario{
		{name: "token works (and is cached)", method: "POST", path: in(renewed), token: renewed.Token, body: msg, status: 202},
		{name: "new token", method: "PUT", path: fmt.Sprintf("/whatsapp/%d", renewed.ID), token: admin,
			body: map[string]any{"name": "Sandbox", "regenerateToken": true}, status: 200},
		{name: "the old token is refused at once", method: "POST", path: in(renewed), token: renewed.Token, body: msg, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "other's token works", method: "POST", path: in(gone), token: gone.Token, body: msg, status: 202},
		{name: "other deleted", method: "DELETE", path: fmt.Sprintf("/whatsapp/%d", gone.ID), token: admin, status: 200},
		{name: "its token is refused at once", method: "POST", path: in(gone), token: gone.Token, body: msg, status: 404, code: "ERR_NO_WAPP_FOUND"},
	})
}
