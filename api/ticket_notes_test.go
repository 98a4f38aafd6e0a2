package api_test

import (
	"slices"
	"testing"
)

func TestTicketNotes(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	mine := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	hidden := d.ticket(tk{queue: d.q3})
	bT := b.ticket(tk{queue: b.q1})
	note := func(ticket ticketRef, text string) map[string]any {
		return map[string]any{"note": text, "ticketId": ticket.ID, "contactId": ticket.Contact}
	}
	e.run(t, []scenario{
		{name: "note is required", method: "POST", path: "/ticket-notes", token: d.agent, body: note(mine, "  "), status: 400, code: "ERR_VALIDATION", contain: []string{`"note":"Required"`}},
		{name: "note too short", method: "POST", path: "/ticket-notes", token: d.agent, body: note(mine, "a"), status: 400, code: "ERR_VALIDATION", contain: []string{`"note":"Too Short!"`}},
		{name: "note added", method: "POST", path: "/ticket-notes", token: d.agent, body: note(mine, "Cliente prefere e-mail"), status: 201,
			contain: []string{`"note":"Cliente prefere e-mail"`, `"name":"User agent@acme.test"`}},
		{name: "mate's note", method: "POST", path: "/ticket-notes", token: d.mateTk, body: note(mine, "Ligar amanhã"), status: 201},
		{name: "a ticket the user may not see", method: "POST", path: "/ticket-notes", token: d.agent, body: note(hidden, "oi oi"), status: 403, code: "ERR_NO_PERMISSION"},
		{name: "another contact than the ticket's", method: "POST", path: "/ticket-notes", token: d.agent,
			body: map[string]any{"note": "oi oi", "ticketId": mine.ID, "contactId": hidden.Contact}, status: 404, code: "ERR_NO_CONTACT_FOUND"},
		{name: "another company's ticket", method: "POST", path: "/ticket-notes", token: d.admin, body: note(bT, "oi oi"), status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "list by ticket, newest first", method: "GET", path: "/ticket-notes/list?ticketId=" + itoa(mine.ID) + "&contactId=" + itoa(mine.Contact), token: d.agent, status: 200,
			check: notes("Ligar amanhã", "Cliente prefere e-mail")},
		{name: "list by contact", method: "GET", path: "/ticket-notes/list?contactId=" + itoa(mine.Contact), token: d.agent, status: 200,
			check: notes("Ligar amanhã", "Cliente prefere e-mail"), contain: []string{`"user":{"id":` + itoa(d.mate.ID)}},
		{name: "list needs a ticket or contact", method: "GET", path: "/ticket-notes/list", token: d.agent, status: 400, code: "ERR_BAD_REQUEST"},
		{name: "list of a hidden ticket", method: "GET", path: "/ticket-notes/list?ticketId=" + itoa(hidden.ID), token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "list of another company's ticket", method: "GET", path: "/ticket-notes/list?ticketId=" + itoa(mine.ID), token: b.admin, status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "list of another company's contact", method: "GET", path: "/ticket-notes/list?contactId=" + itoa(mine.Contact), token: b.admin, status: 404, code: "ERR_NO_CONTACT_FOUND"},
	})
	var ids []int64
	e.App.DB.Raw("SELECT id FROM ticket_notes ORDER BY id").Scan(&ids)
	own, mates := itoa(ids[0]), itoa(ids[1])
	e.run(t, []scenario{
		{name: "not someone else's note", method: "DELETE", path: "/ticket-notes/" + mates, token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "another company's admin", method: "DELETE", path: "/ticket-notes/" + own, token: b.admin, status: 404, code: "ERR_NO_NOTE_FOUND"},
		{name: "own note", method: "DELETE", path: "/ticket-notes/" + own, token: d.agent, status: 200},
		{name: "an admin deletes any", method: "DELETE", path: "/ticket-notes/" + mates, token: d.admin, status: 200},
		{name: "gone", method: "DELETE", path: "/ticket-notes/" + mates, token: d.admin, status: 404, code: "ERR_NO_NOTE_FOUND"},
	})
}

func notes(want ...string) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		got := decode[[]struct{ Note string }](t, body)
		if len(got) != len(want) {
			t.Fatalf("notes %s, want %v", body, want)
		}
		for i := range want {
			if got[i].Note != want[i] {
				t.Errorf("note %d = %q, want %q", i, got[i].Note, want[i])
			}
		}
	}
}

func TestTicketTagsLogsAndOpening(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	mine := d.ticket(tk{status: "open", queue: d.q1, user: d.Attender.ID})
	hidden := d.ticket(tk{queue: d.q3})
	stage, label, bTag := d.tag("Em negociação", 1), d.tag("VIP", 0), b.tag("B", 0)
	tags := "/ticket-tags/" + itoa(mine.ID) + "/"
	tagIDs := func(want ...int64) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			var got []int64
			for _, tg := range decode[struct{ Tags []struct{ ID int64 } }](t, body).Tags {
				got = append(got, tg.ID)
			}
			if !sameSet(got, want) {
				t.Errorf("tags %v, want %v", got, want)
			}
		}
	}
	e.run(t, []scenario{
		{name: "tag a ticket", method: "PUT", path: tags + itoa(stage), token: d.agent, status: 200, check: tagIDs(stage)},
		{name: "twice is once", method: "PUT", path: tags + itoa(stage), token: d.agent, status: 200, check: tagIDs(stage)},
		{name: "a label too", method: "PUT", path: tags + itoa(label), token: d.agent, status: 200, check: tagIDs(stage, label)},
		{name: "another company's tag", method: "PUT", path: tags + itoa(bTag), token: d.agent, status: 404, code: "ERR_NO_TAG_FOUND"},
		{name: "a hidden ticket", method: "PUT", path: "/ticket-tags/" + itoa(hidden.ID) + "/" + itoa(label), token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "leave the kanban stage, keep labels", method: "DELETE", path: "/ticket-tags/" + itoa(mine.ID), token: d.agent, status: 200, check: tagIDs(label)},
		{name: "open: conversation by uuid", method: "GET", path: "/tickets/u/" + mine.UUID, token: d.agent, status: 200, contain: []string{`"uuid":"` + mine.UUID}},
		{name: "open again: one access entry", method: "GET", path: "/tickets/u/" + mine.UUID, token: d.agent, status: 200},
		{name: "mate opens it", method: "GET", path: "/tickets/u/" + mine.UUID, token: d.mateTk, status: 200},
		{name: "by id records no access", method: "GET", path: "/tickets/" + itoa(mine.ID), token: d.agent, status: 200},
		{name: "log", method: "GET", path: "/tickets-log/" + itoa(mine.ID), token: d.agent, status: 200,
			contain: []string{`"type":"access","userId":` + itoa(d.Attender.ID), `"user":{"id":` + itoa(d.mate.ID) + `,"name":"User mate@acme.test"}`, `"queue":{"id":` + itoa(d.q1) + `,"name":"Vendas"`}},
		{name: "open a hidden ticket", method: "GET", path: "/tickets/u/" + hidden.UUID, token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "show a hidden ticket", method: "GET", path: "/tickets/" + itoa(hidden.ID), token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "log of a hidden ticket", method: "GET", path: "/tickets-log/" + itoa(hidden.ID), token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "not a uuid", method: "GET", path: "/tickets/u/undefined", token: d.agent, status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "not an id", method: "GET", path: "/tickets/abc", token: d.agent, status: 404, code: "ERR_NO_TICKET_FOUND"},
	})
	if got := e.logTypes(mine.ID); !slices.Equal(got, []string{"access", "access"}) {
		t.Fatalf("logs %v, want one access per user", got)
	}
}

func sameSet(a, b []int64) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
