package api_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"atende/pkg/tasks"
)

// protocol is the ticket's {{protocol}}: creation day in the company's zone + id.
func (e *env) protocol(id int64) string {
	e.t.Helper()
	var day string
	e.App.DB.Raw("SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYYMMDD') FROM tickets WHERE id = ?", id).Scan(&day)
	return day + itoa(id)
}

// says expects exactly these automatic texts on the ticket, each with the system's mark.
func (e *env) says(id int64, want ...string) func(*testing.T, []byte) {
	for i := range want {
		want[i] = mark + want[i]
	}
	return func(t *testing.T, _ []byte) {
		t.Helper()
		if got := e.messageBodies(id); !slices.Equal(got, want) {
			t.Errorf("ticket %d messages %q, want %q", id, got, want)
		}
	}
}

// queuedSends lists the message ids waiting in message:send tasks.
func (e *env) queuedSends() []int64 {
	var out []int64
	for _, p := range pendingTasks[tasks.MessageRef](e, tasks.QueueCritical, tasks.TypeMessageSend) {
		out = append(out, p.MessageID)
	}
	slices.Sort(out)
	return out
}

func TestTicketAutomaticMessages(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	cid := d.Company.ID
	e.setSetting(cid, "sendGreetingAccepted", "enabled")
	e.setSetting(cid, "greetingAcceptedMessage", "Olá {{firstName}}, sou {{userName}} da fila {{queue}} ({{connection}}, {{name_company}}). Protocolo {{protocol}} {{nada}}")
	e.setSetting(cid, "sendMsgTransfTicket", "enabled")
	e.setSetting(cid, "transferMessage", "{{name}}: transferido para ${queue.name}/{{queue}} com {{userName}}")
	e.sql("UPDATE companies SET name = 'Acme & Cia' WHERE id = ?", cid)
	greet := d.ticket(tk{name: "Maria Souza", queue: d.q1})
	groupP := d.ticket(tk{group: true, queue: d.q1})
	farewell := d.ticket(tk{name: "Ana Lima", status: "open", queue: d.q1, user: d.Attender.ID})
	own := d.ticket(tk{name: "Bia", status: "open", queue: d.q1, user: d.mate.ID})
	silent := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	waiting := d.ticket(tk{name: "Caio", queue: d.q1})
	waiting2 := d.ticket(tk{name: "Duda", queue: d.q1})
	grp := d.ticket(tk{status: "group", group: true, queue: d.q1, user: d.Admin.ID})
	off := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID, conn: d.conn2})
	e.sql("UPDATE connections SET status = 'DISCONNECTED' WHERE id = ?", d.conn2)
	moved := d.ticket(tk{name: "Eva", status: "open", queue: d.q2, user: d.Attender.ID})
	unqueued := d.ticket(tk{status: "open", user: d.Admin.ID})
	e.setUser(d.mate.ID, "farewell_message", "Até logo, {{name}} — {{userName}}")
	closeIt := map[string]any{"status": "closed", "sendFarewellMessage": true}

	e.run(t, []scenario{
		put("accept greets with the variables rendered", greet.ID, d.agent, map[string]any{"status": "open"}, 200, "",
			e.says(greet.ID, "Olá Maria, sou User agent@acme.test da fila Vendas (Loja acme, Acme & Cia). Protocolo "+e.protocol(greet.ID)+" {{nada}}")),
		put("no accept greeting for a group", groupP.ID, d.admin, map[string]any{"status": "open"}, 200, "", e.says(groupP.ID)),
		put("farewell: the connection's completion message", farewell.ID, d.agent, closeIt, 200, "",
			e.says(farewell.ID, "Obrigado pelo contato, Ana! Protocolo "+e.protocol(farewell.ID))),
		put("farewell: the attendant's own message first", own.ID, d.mateTk, map[string]any{"status": "closed"}, 200, "",
			e.says(own.ID, "Até logo, Bia — User mate@acme.test")),
		put("resolve without farewell", silent.ID, d.agent, map[string]any{"status": "closed", "sendFarewellMessage": false}, 200, "", e.says(silent.ID)),
		put("a waiting ticket gets no farewell by default", waiting.ID, d.agent, closeIt, 200, "", e.says(waiting.ID)),
		put("no farewell for a group", grp.ID, d.admin, closeIt, 200, "", e.says(grp.ID)),
		put("no farewell on a disconnected connection", off.ID, d.agent, closeIt, 200, "", e.says(off.ID)),
		put("transfer message with the new queue and user", moved.ID, d.agent,
			map[string]any{"status": "open", "queueId": d.q1, "userId": d.mate.ID, "isTransfered": true}, 200, "",
			e.says(moved.ID, "Eva: transferido para Vendas/Vendas com User mate@acme.test")),
		put("no transfer message from no queue", unqueued.ID, d.admin, map[string]any{"queueId": d.q1, "isTransfered": true}, 200, "", e.says(unqueued.ID)),
	})
	e.setSetting(cid, "sendFarewellWaitingTicket", "enabled")
	e.run(t, []scenario{put("sendFarewellWaitingTicket: a waiting ticket's farewell", waiting2.ID, d.agent, closeIt, 200, "",
		e.says(waiting2.ID, "Obrigado pelo contato, Duda! Protocolo "+e.protocol(waiting2.ID)))})

	var ids []int64
	e.App.DB.Raw("SELECT id FROM messages WHERE NOT is_private AND from_me AND ack = 0 ORDER BY id").Scan(&ids)
	if len(ids) != 5 || !slices.Equal(e.queuedSends(), ids) {
		t.Errorf("queued sends %v, stored messages %v", e.queuedSends(), ids)
	}
	if got := e.ticketField(farewell.ID, "last_message"); got != mark+"Obrigado pelo contato, Ana! Protocolo "+e.protocol(farewell.ID) {
		t.Errorf("last message %q", got)
	}
}

// A ticket's service episodes: accept starts one, close finishes it, reopen starts a new
// one, returning to the queue takes the attendant off, a transfer gives it to another.
func TestTicketTracking(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	p := d.ticket(tk{queue: d.q1})
	path := "/tickets/" + itoa(p.ID)
	steps := []struct {
		body map[string]any
		want string // per row: user, started, finished
	}{
		{map[string]any{"status": "open"}, "A s -"},
		{map[string]any{"status": "closed", "sendFarewellMessage": false}, "A s f"},
		{map[string]any{"status": "open"}, "A s f|A s -"},
		{map[string]any{"status": "pending"}, "A s f|- - -"},
		{map[string]any{"queueId": d.q1, "userId": d.mate.ID, "isTransfered": true}, "A s f|M s -"},
	}
	for i, s := range steps {
		if code, body := e.call("PUT", path, d.agent, s.body, ""); code != 200 {
			t.Fatalf("step %d: %d %s", i, code, body)
		}
		var rows []string
		e.App.DB.Raw(`SELECT concat_ws(' ', CASE user_id WHEN ? THEN 'A' WHEN ? THEN 'M' ELSE '-' END,
			CASE WHEN started_at IS NULL THEN '-' ELSE 's' END, CASE WHEN finished_at IS NULL THEN '-' ELSE 'f' END)
			FROM ticket_trackings WHERE ticket_id = ? ORDER BY id`, d.Attender.ID, d.mate.ID, p.ID).Scan(&rows)
		if got := strings.Join(rows, "|"); got != s.want {
			t.Fatalf("step %d: trackings %q, want %q", i, got, s.want)
		}
	}
	want := []string{"open", "closed", "reopen", "pending", "transfered", "receivedTransfer"}
	if got := e.logTypes(p.ID); !slices.Equal(got, want) {
		t.Fatalf("logs %v, want %v", got, want)
	}
}

// A message page decorates its ticket on its own path (beside its read marking): what it
// shows must be what the ticket endpoint shows, for a ticket with every shape and one with
// none, with the same shapes in another company.
func TestMessagePageTicketDecoration(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	other := newDesk(e, "beta") // same shapes in another company must not leak in
	tag := d.tag("VIP", 1)
	other.tag("VIP", 1)
	full := d.ticket(tk{queue: d.q1, user: d.Attender.ID, status: "open", conn: d.conn2})
	e.sql("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)", full.ID, tag, d.Company.ID)
	bare := d.ticket(tk{status: "pending"}) // no queue, user or tag
	for _, ref := range []ticketRef{full, bare} {
		st, page := e.call("GET", "/messages/"+itoa(ref.ID), d.admin, nil, "")
		if st != 200 {
			t.Fatalf("message page: %d %s", st, page)
		}
		st, shown := e.call("GET", "/tickets/"+itoa(ref.ID), d.admin, nil, "")
		if st != 200 {
			t.Fatalf("ticket: %d %s", st, shown)
		}
		type decoration struct {
			Contact  map[string]any
			Queue    map[string]any
			User     map[string]any
			Whatsapp map[string]any
			Tags     []map[string]any
		}
		fromPage := decode[struct{ Ticket decoration }](t, page).Ticket
		fromTicket := decode[decoration](t, shown)
		a, _ := json.Marshal(fromPage)
		b, _ := json.Marshal(fromTicket)
		if string(a) != string(b) {
			t.Fatalf("ticket %d decorated differently:\npage   %s\nticket %s", ref.ID, a, b)
		}
		if ref == full && (fromPage.Queue == nil || fromPage.User == nil || fromPage.Whatsapp == nil || len(fromPage.Tags) != 1 ||
			fromPage.Contact == nil) {
			t.Fatalf("ticket %d lacks shapes: %s", ref.ID, a)
		}
	}
}
