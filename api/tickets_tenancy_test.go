package api_test

import (
	"strings"
	"testing"
	"time"

	"atende/pkg/realtime"
)

// Company B's admin reaches nothing of company A through any ticket endpoint, and changes
// nothing there.
func TestTicketsCrossTenant(t *testing.T) {
	e := newEnv(t)
	a := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	at := a.ticket(tk{status: "open", queue: a.q1, user: a.Attender.ID})
	aTag, bTag := a.tag("A", 1), b.tag("B", 1)
	e.sql("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)", at.ID, aTag, a.Company.ID)
	e.sql("INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note) VALUES (?, ?, ?, ?, 'segredo')",
		a.Company.ID, at.ID, at.Contact, a.Attender.ID)
	var noteID int64
	e.App.DB.Raw("SELECT id FROM ticket_notes").Scan(&noteID)
	bt := b.ticket(tk{queue: b.q1})
	id, tok := itoa(at.ID), b.admin
	nf := func(name, method, path string, body any, code string) scenario {
		return scenario{name: name, method: method, path: path, token: tok, body: body, status: 404, code: code,
			absent: []string{"segredo", at.UUID}}
	}
	e.run(t, []scenario{
		{name: "list", method: "GET", path: q("showAll", "true"), token: tok, status: 200, check: ticketsListed(bt), absent: []string{at.UUID}},
		nf("open by uuid", "GET", "/tickets/u/"+at.UUID, nil, "ERR_NO_TICKET_FOUND"),
		nf("show", "GET", "/tickets/"+id, nil, "ERR_NO_TICKET_FOUND"),
		nf("update", "PUT", "/tickets/"+id, map[string]any{"status": "closed"}, "ERR_NO_TICKET_FOUND"),
		nf("transfer", "PUT", "/tickets/"+id, map[string]any{"queueId": b.q1, "userId": b.Admin.ID, "isTransfered": true}, "ERR_NO_TICKET_FOUND"),
		nf("create on A's contact", "POST", "/tickets", map[string]any{"contactId": at.Contact, "queueId": b.q1}, "ERR_NO_CONTACT_FOUND"),
		nf("delete", "DELETE", "/tickets/"+id, nil, "ERR_NO_TICKET_FOUND"),
		{name: "close all with A's queues", method: "POST", path: "/tickets/closeAll", token: tok,
			body: map[string]any{"status": "open", "selectedQueueIds": []int64{a.q1}}, status: 200, contain: []string{`"closed":0`}},
		nf("tag A's ticket", "PUT", "/ticket-tags/"+id+"/"+itoa(bTag), nil, "ERR_NO_TICKET_FOUND"),
		nf("put A's tag on B's ticket", "PUT", "/ticket-tags/"+itoa(bt.ID)+"/"+itoa(aTag), nil, "ERR_NO_TAG_FOUND"),
		nf("untag A's ticket", "DELETE", "/ticket-tags/"+id, nil, "ERR_NO_TICKET_FOUND"),
		nf("log", "GET", "/tickets-log/"+id, nil, "ERR_NO_TICKET_FOUND"),
		nf("add a note", "POST", "/ticket-notes", map[string]any{"note": "intruso", "ticketId": at.ID, "contactId": at.Contact}, "ERR_NO_TICKET_FOUND"),
		nf("list notes by ticket", "GET", "/ticket-notes/list?ticketId="+id, nil, "ERR_NO_TICKET_FOUND"),
		nf("list notes by contact", "GET", "/ticket-notes/list?contactId="+itoa(at.Contact), nil, "ERR_NO_CONTACT_FOUND"),
		nf("delete a note", "DELETE", "/ticket-notes/"+itoa(noteID), nil, "ERR_NO_NOTE_FOUND"),
	})
	e.row(at.ID, map[string]string{"status": "open", "user_id": itoa(a.Attender.ID), "queue_id": itoa(a.q1)})(t, nil)
	if n := e.countRows("SELECT count(*) FROM ticket_tags WHERE ticket_id = ?", at.ID) +
		e.countRows("SELECT count(*) FROM ticket_notes WHERE ticket_id = ?", at.ID); n != 2 {
		t.Fatalf("A's tags and notes changed: %d rows", n)
	}
}

// A socket joins ticket-{uuid} only for a ticket its user may see, and then receives that
// ticket's events.
func TestTicketRoomJoin(t *testing.T) {
	e := newEnv(t)
	a := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	mine := a.ticket(tk{status: "open", queue: a.q1, user: a.Attender.ID})
	hidden := a.ticket(tk{queue: a.q3})
	bT := b.ticket(tk{queue: b.q1})
	sock := dial(t, e.Srv.URL, a.agent)
	for _, uuid := range []string{hidden.UUID, bT.UUID, "not-a-uuid"} {
		send(t, sock, map[string]string{"type": "joinChatBox", "ticketId": uuid})
		if f, ok := next(t, sock, "error", 2*time.Second); !ok || !strings.Contains(string(f.Data), "ERR_NO_PERMISSION") {
			t.Fatalf("join of %s was not refused", uuid)
		}
	}
	send(t, sock, map[string]string{"type": "joinChatBox", "ticketId": mine.UUID})
	readyIn(t, e.App, sock, realtime.TicketRoom(mine.UUID))
	if code, body := e.call("PUT", "/tickets/"+itoa(mine.ID), a.admin, map[string]any{"useIntegration": true}, ""); code != 200 {
		t.Fatalf("update: %d %s", code, body)
	}
	if _, ok := nextWith(t, sock, realtime.EventName(a.Company.ID, "ticket"), mine.UUID, 3*time.Second); !ok {
		t.Fatal("the ticket's update did not reach its room")
	}
	bSock := dial(t, e.Srv.URL, b.admin)
	send(t, bSock, map[string]string{"type": "joinChatBox", "ticketId": mine.UUID})
	if _, ok := next(t, bSock, "error", 2*time.Second); !ok {
		t.Fatal("another company's admin joined the ticket room")
	}
}
