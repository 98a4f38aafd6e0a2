package api_test

import (
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/testutil"
)

// trackings lists a ticket's episodes as "queue queued chatbot started finished" (q = the
// queue id or -, the times as set/-), oldest first.
func (e *env) trackings(ticketID int64) []string {
	e.t.Helper()
	var rows []string
	e.App.DB.Raw(`SELECT concat_ws(' ', COALESCE(queue_id::text, '-'),
		CASE WHEN queued_at IS NULL THEN '-' ELSE 'q' END, CASE WHEN chatbot_at IS NULL THEN '-' ELSE 'b' END,
		CASE WHEN started_at IS NULL THEN '-' ELSE 's' END, CASE WHEN finished_at IS NULL THEN '-' ELSE 'f' END)
		FROM ticket_trackings WHERE ticket_id = ? ORDER BY id`, ticketID).Scan(&rows)
	return rows
}

// Every new ticket has its current tracking row from the start, whichever path made it;
// a queue set by the system is the episode's queue and starts its wait; reusing an active
// ticket clears isBot.
func TestTrackingFromCreation(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	cid := a.Company.ID
	importQ := testutil.NewQueue(t, e.App, cid, "Importadas", "#0f0")
	e.sql("UPDATE connections SET queue_id_import_messages = ? WHERE id = ?", importQ.ID, connA.ID)
	e.App.ConnectionCache.Drop(connA.ID)
	in := func(id, from, body string, imported bool) {
		t.Helper()
		ev := channel.Event{Kind: channel.EventMessage, ProviderID: id, From: from, Body: body, Imported: imported, Timestamp: time.Now()}
		if err := process(e, cid, record(t, e, connA, ev)); err != nil {
			t.Fatal(err)
		}
	}
	ticketOf := func(number string) int64 {
		var id int64
		e.App.DB.Raw(`SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.company_id = ? AND c.number = ?
			ORDER BY t.id DESC LIMIT 1`, cid, number).Scan(&id)
		return id
	}

	in("t1", "5511900000001", "oi", false)
	first := ticketOf("5511900000001")
	if got := e.trackings(first); len(got) != 1 || got[0] != "- - - - -" {
		t.Fatalf("a new inbound ticket's tracking: %v", got)
	}
	if e.ticketField(first, "is_bot") != "true" {
		t.Fatal("a new 1:1 ticket starts in the bot")
	}
	in("t2", "5511900000001", "tudo bem?", false)
	if got := e.trackings(first); len(got) != 1 || e.ticketField(first, "is_bot") != "false" {
		t.Fatalf("reuse: trackings %v, is_bot %s", got, e.ticketField(first, "is_bot"))
	}

	in("t3", "5511900000002", "histórico", true)
	imported := ticketOf("5511900000002")
	if got := e.trackings(imported); len(got) != 1 || got[0] != itoa(importQ.ID)+" q - - -" {
		t.Fatalf("an imported ticket waits in the import queue: %v", got)
	}

	// The external API's ticket, then its queue (SetQueue).
	st, body := e.call("POST", sendPath, connA.Token, map[string]any{"number": "5511900000003", "body": "Seu pedido saiu"}, "")
	if st != 200 {
		t.Fatalf("external send: %d %s", st, body)
	}
	api := ticketOf("5511900000003")
	if got := e.trackings(api); len(got) != 1 || got[0] != "- - - - -" {
		t.Fatalf("the external API's new ticket: %v", got)
	}
	q := testutil.NewQueue(t, e.App, cid, "Vendas", "#00f")
	st, body = e.call("POST", sendPath, connA.Token, map[string]any{"number": "5511900000003", "body": "E a nota", "queueId": q.ID}, "")
	if st != 200 {
		t.Fatalf("external send with queue: %d %s", st, body)
	}
	if got := e.trackings(api); len(got) != 1 || got[0] != itoa(q.ID)+" q - - -" {
		t.Fatalf("the system's queue starts the wait: %v", got)
	}
}
