package api_test

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// put is a PUT /tickets/{id} scenario.
func put(name string, id int64, token string, body map[string]any, status int, code string, check func(*testing.T, []byte)) scenario {
	return scenario{name: name, method: "PUT", path: "/tickets/" + itoa(id), token: token, body: body, status: status, code: code, check: check}
}

// row expects ticket columns (col → text value, "" = NULL) and the log types written so far.
func (e *env) row(id int64, cols map[string]string, logs ...string) func(*testing.T, []byte) {
	return func(t *testing.T, _ []byte) {
		t.Helper()
		for col, want := range cols {
			if got := e.ticketField(id, col); got != want {
				t.Errorf("ticket %d %s = %q, want %q", id, col, got, want)
			}
		}
		if got := e.logTypes(id); !slices.Equal(got, logs) {
			t.Errorf("ticket %d logs %v, want %v", id, got, logs)
		}
	}
}

func TestTicketTransitions(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	A, M := itoa(d.Attender.ID), itoa(d.mate.ID)
	pend := d.ticket(tk{queue: d.q1})
	mine := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	taken := d.ticket(tk{status: "open", queue: d.q1, user: d.mate.ID})
	group := d.ticket(tk{group: true})
	noQueue := d.ticket(tk{})
	ignore := d.ticket(tk{queue: d.q1})
	lgpd := d.ticket(tk{status: "lgpd", queue: d.q1})
	back := d.ticket(tk{status: "open", queue: d.q2, user: d.Attender.ID})
	resolve := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	closed := d.ticket(tk{status: "closed", queue: d.q1, user: d.mate.ID})
	busy := d.ticket(tk{status: "closed", queue: d.q1})
	busyActive := d.ticket(tk{contact: busy.Contact, status: "pending", queue: d.q2})
	xfer := d.ticket(tk{status: "open", queue: d.q2, user: d.Attender.ID})
	xferQ := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	q3 := d.ticket(tk{queue: d.q3})
	toggles := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	bT := b.ticket(tk{queue: b.q1})

	e.run(t, []scenario{
		put("accept: pending → open for the current user", pend.ID, d.agent, map[string]any{"status": "open", "userId": d.Attender.ID}, 200, "",
			e.row(pend.ID, map[string]string{"status": "open", "user_id": A, "is_bot": "false"}, "open")),
		put("accept what is already mine just returns it", mine.ID, d.agent, map[string]any{"status": "open"}, 200, "",
			e.row(mine.ID, map[string]string{"status": "open", "user_id": A})),
		{name: "accept what another attendant holds: owner conflict", method: "PUT", path: "/tickets/" + itoa(taken.ID), token: d.agent,
			body: map[string]any{"status": "open"}, status: 409, code: "ERR_OTHER_OPEN_TICKET",
			contain: []string{`\"uuid\":\"` + taken.UUID, `\"name\":\"User mate@acme.test\"`, `\"name\":\"Vendas\"`, `\"status\":\"open\"`, `\"userId\":` + M}},
		put("accept a WhatsApp group: group status", group.ID, d.admin, map[string]any{"status": "open"}, 200, "",
			e.row(group.ID, map[string]string{"status": "group", "user_id": itoa(d.Admin.ID)}, "open")),
		put("accept choosing the queue", noQueue.ID, d.admin, map[string]any{"status": "open", "queueId": d.q2}, 200, "",
			e.row(noQueue.ID, map[string]string{"status": "open", "queue_id": itoa(d.q2)}, "open")),
		put("another company's queue is not found", pend.ID, d.agent, map[string]any{"status": "open", "queueId": b.q1}, 404, "ERR_NO_QUEUE_FOUND", nil),
		put("ignore: pending → closed", ignore.ID, d.agent, map[string]any{"status": "closed", "sendFarewellMessage": false, "amountUsedBotQueues": 0}, 200, "",
			e.row(ignore.ID, map[string]string{"status": "closed", "user_id": "", "amount_used_bot_queues": "0"}, "closed")),
		put("ignore lgpd", lgpd.ID, d.agent, map[string]any{"status": "closed", "sendFarewellMessage": false}, 200, "",
			e.row(lgpd.ID, map[string]string{"status": "closed"}, "closed")),
		put("accept is not for lgpd", lgpd.ID, d.agent, map[string]any{"status": "pending"}, 400, "ERR_INVALID_STATUS_CHANGE", nil),
		put("return to queue: open → pending, no user", back.ID, d.agent, map[string]any{"status": "pending", "userId": nil}, 200, "",
			e.row(back.ID, map[string]string{"status": "pending", "user_id": "", "queue_id": itoa(d.q2)}, "pending")),
		put("resolve: open → closed keeping the user", resolve.ID, d.agent, map[string]any{"status": "closed", "sendFarewellMessage": false}, 200, "",
			e.row(resolve.ID, map[string]string{"status": "closed", "user_id": A}, "closed")),
		put("reopen: closed → open for the current user", closed.ID, d.agent, map[string]any{"status": "open"}, 200, "",
			e.row(closed.ID, map[string]string{"status": "open", "user_id": A}, "reopen")),
		{name: "reopen while the contact has another active ticket names it", method: "PUT", path: "/tickets/" + itoa(busy.ID), token: d.agent,
			body: map[string]any{"status": "open"}, status: 409, code: "ERR_OTHER_OPEN_TICKET",
			contain: []string{busyActive.UUID, `\"status\":\"pending\"`, `\"name\":\"Suporte\"`}},
		put("transfer to a user: open", xfer.ID, d.agent, map[string]any{"status": "open", "userId": d.mate.ID, "queueId": d.q1,
			"isTransfered": true, "msgTransfer": "Cliente quer 2ª via"}, 200, "",
			e.row(xfer.ID, map[string]string{"status": "open", "user_id": M, "queue_id": itoa(d.q1), "is_transfered": "true"},
				"transfered", "receivedTransfer")),
		put("transfer to a queue only: pending", xferQ.ID, d.agent, map[string]any{"userId": nil, "queueId": d.q2, "isTransfered": true}, 200, "",
			e.row(xferQ.ID, map[string]string{"status": "pending", "user_id": "", "queue_id": itoa(d.q2)}, "transfered", "receivedTransfer")),
		put("transfer needs a queue", xferQ.ID, d.agent, map[string]any{"userId": d.mate.ID, "isTransfered": true}, 400, "ERR_VALIDATION", nil),
		put("transfer to another company's user", xferQ.ID, d.agent, map[string]any{"userId": b.Admin.ID, "queueId": d.q1, "isTransfered": true}, 404, "ERR_NO_USER_FOUND", nil),
		put("a closed ticket is not transferred", resolve.ID, d.agent, map[string]any{"queueId": d.q1, "isTransfered": true}, 400, "ERR_INVALID_STATUS_CHANGE", nil),
		put("unknown status", toggles.ID, d.agent, map[string]any{"status": "banana"}, 400, "ERR_INVALID_STATUS_CHANGE", nil),
		put("integration and bot counter", toggles.ID, d.agent, map[string]any{"useIntegration": true, "amountUsedBotQueues": 2}, 200, "",
			e.row(toggles.ID, map[string]string{"use_integration": "true", "amount_used_bot_queues": "2", "status": "open"})),
		put("a queue the attendant doesn't have", q3.ID, d.agent, map[string]any{"status": "open"}, 403, "ERR_NO_PERMISSION",
			e.row(q3.ID, map[string]string{"status": "pending"})),
		put("missing ticket", 999999, d.agent, map[string]any{"status": "open"}, 404, "ERR_NO_TICKET_FOUND", nil),
		put("another company's ticket", bT.ID, d.admin, map[string]any{"status": "open"}, 404, "ERR_NO_TICKET_FOUND",
			e.row(bT.ID, map[string]string{"status": "pending", "user_id": ""})),
		{name: "bad body", method: "PUT", path: "/tickets/" + itoa(pend.ID), token: d.agent, body: strings.NewReader("{"),
			ctype: "application/json", status: 400, code: "ERR_BAD_REQUEST"},
	})
	if got := e.messageBodies(xfer.ID); !slices.Equal(got, []string{"(private) Cliente quer 2ª via"}) {
		t.Errorf("transfer note: %v", got)
	}
	var tracks []struct{ StartedAt, FinishedAt *string }
	e.App.DB.Raw("SELECT started_at::text, finished_at::text FROM ticket_trackings WHERE ticket_id = ? ORDER BY id", pend.ID).Scan(&tracks)
	if len(tracks) != 1 || tracks[0].StartedAt == nil || tracks[0].FinishedAt != nil {
		t.Errorf("accept tracking: %+v", tracks)
	}
	var none []struct{ ID int64 }
	e.App.DB.Raw("SELECT id FROM ticket_trackings WHERE ticket_id = ?", resolve.ID).Scan(&none)
	if len(none) != 0 {
		t.Errorf("a ticket with no episode has nothing to finish: %+v", none)
	}
}

func TestTicketClosePendingPermission(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	a, b, c := d.ticket(tk{queue: d.q1}), d.ticket(tk{queue: d.q1}), d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	e.setUser(d.Attender.ID, "user_close_pending_ticket", "disabled")
	closeIt := map[string]any{"status": "closed"}
	e.run(t, []scenario{
		put("without userClosePendingTicket a pending ticket stays", a.ID, d.agent, closeIt, 403, "ERR_NO_PERMISSION", e.row(a.ID, map[string]string{"status": "pending"})),
		put("an open one still closes", c.ID, d.agent, closeIt, 200, "", e.row(c.ID, map[string]string{"status": "closed"}, "closed")),
		put("an admin may", a.ID, d.admin, closeIt, 200, "", e.row(a.ID, map[string]string{"status": "closed"}, "closed")),
	})
	e.setUser(d.Attender.ID, "show_dashboard", "enabled")
	e.run(t, []scenario{put("showDashboard allows it", b.ID, d.agent, closeIt, 200, "", e.row(b.ID, map[string]string{"status": "closed"}, "closed"))})
}

func TestTicketRequiredTag(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	a := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	e.setSetting(d.Company.ID, "requiredTag", "enabled")
	closeIt := map[string]any{"status": "closed", "sendFarewellMessage": false}
	e.run(t, []scenario{{name: "no contact tag: refused", method: "PUT", path: "/tickets/" + itoa(a.ID), token: d.agent, body: closeIt,
		status: 400, code: "ERR_REQUIRED_TAG", contain: []string{"Adicione uma tag ao contato antes de encerrar o ticket."},
		check: e.row(a.ID, map[string]string{"status": "open"})}})
	e.sql("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES (?, ?, ?)", a.Contact, d.tag("vip", 0), d.Company.ID)
	e.run(t, []scenario{put("with a contact tag it closes", a.ID, d.agent, closeIt, 200, "", e.row(a.ID, map[string]string{"status": "closed"}, "closed"))})
}

// Two attendants accept the same pending ticket at once: the row lock lets one win and the
// other gets the owner conflict.
func TestTicketAcceptRace(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	p := d.ticket(tk{queue: d.q1})
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i, tok := range []string{d.agent, d.mateTk} {
		wg.Go(func() { codes[i], _ = e.call("PUT", "/tickets/"+itoa(p.ID), tok, map[string]any{"status": "open"}, "") })
	}
	wg.Wait()
	slices.Sort(codes)
	if !slices.Equal(codes, []int{200, 409}) {
		t.Fatalf("statuses %v, want one 200 and one 409", codes)
	}
	if logs := e.logTypes(p.ID); strings.Join(logs, ",") != "open" {
		t.Fatalf("logs %v", logs)
	}
}

// closeTicketOnTransfer: a transfer to another queue closes the ticket and a new one carries
// the conversation on; a transfer inside the same queue stays on the ticket.
func TestTicketTransferToNewTicket(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	e.setSetting(d.Company.ID, "closeTicketOnTransfer", "enabled")
	old := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	same := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	e.sql("INSERT INTO messages (company_id, ticket_id, contact_id, body, from_me, ack, created_at, updated_at) VALUES (?, ?, ?, 'oi', false, 0, now(), now())",
		d.Company.ID, old.ID, old.Contact)
	e.run(t, []scenario{
		put("another queue: the old ticket closes", old.ID, d.agent, map[string]any{"userId": d.mate.ID, "queueId": d.q2,
			"isTransfered": true, "msgTransfer": "veja o boleto"}, 200, "",
			e.row(old.ID, map[string]string{"status": "closed", "is_transfered": "true", "user_id": itoa(d.Attender.ID)}, "transfered")),
		put("same queue, another user: same ticket", same.ID, d.agent, map[string]any{"userId": d.mate.ID, "queueId": d.q1, "isTransfered": true}, 200, "",
			e.row(same.ID, map[string]string{"status": "open", "user_id": itoa(d.mate.ID)}, "transfered", "receivedTransfer")),
	})
	var next struct {
		ID              int64
		Status, UUID    string
		UserID, QueueID int64
	}
	e.App.DB.Raw("SELECT id, status, uuid::text, user_id, queue_id FROM tickets WHERE contact_id = ? AND id <> ?", old.Contact, old.ID).Scan(&next)
	if next.ID == 0 || next.Status != "open" || next.UserID != d.mate.ID || next.QueueID != d.q2 {
		t.Fatalf("new ticket %+v", next)
	}
	if got := e.messageBodies(next.ID); !slices.Equal(got, []string{"oi", "(private) veja o boleto"}) {
		t.Errorf("history and note on the new ticket: %v", got)
	}
	if got := e.logTypes(next.ID); !slices.Equal(got, []string{"receivedTransfer"}) {
		t.Errorf("new ticket logs %v", got)
	}
}

// A queue flagged closeTicket closes a ticket that lands in it, by transfer or queue change.
func TestTicketQueueThatCloses(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	e.sql("UPDATE queues SET close_ticket = true WHERE id = ?", d.q3)
	moved := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	edited := d.ticket(tk{queue: d.q1})
	stays := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	e.run(t, []scenario{
		put("transfer into it closes", moved.ID, d.admin, map[string]any{"userId": nil, "queueId": d.q3, "isTransfered": true}, 200, "",
			e.row(moved.ID, map[string]string{"status": "closed", "queue_id": itoa(d.q3)}, "transfered", "receivedTransfer", "closed")),
		put("a queue change into it closes", edited.ID, d.admin, map[string]any{"queueId": d.q3}, 200, "",
			e.row(edited.ID, map[string]string{"status": "closed"}, "queue", "closed")),
		put("another queue leaves it open", stays.ID, d.admin, map[string]any{"userId": d.Attender.ID, "queueId": d.q2, "isTransfered": true}, 200, "",
			e.row(stays.ID, map[string]string{"status": "open"}, "transfered", "receivedTransfer")),
	})
}
