package api_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// The lane timers' hooks end to end, with the worker: a customer message (inbound pipeline)
// moves a card to its lane's rollback lane with that lane's greeting; an attendant's message
// (message service) schedules the lane's timer, kept in PostgreSQL, so a timer Redis lost
// still moves the card when it is due.
func TestLaneHooksEndToEnd(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	startWorker(t, e)
	ticketID, _ := customerWrites(t, e, connA, "5511900000001", "oi")
	var novo, espera, feito int64
	for _, l := range []struct {
		name string
		id   *int64
	}{{"Novo", &novo}, {"Espera", &espera}, {"Feito", &feito}} {
		*l.id = testutil.NewTag(t, e.App, a.Company.ID, l.name, 1).ID
	}
	e.sql(`UPDATE tags SET next_lane_id = ?, time_lane = 5, greeting_message_lane = 'Bem-vindo de volta, {{name}}' WHERE id = ?`, feito, novo)
	e.sql(`UPDATE tags SET rollback_lane_id = ? WHERE id = ?`, novo, espera)
	e.sql(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)`, ticketID, espera, a.Company.ID)

	customerWrites(t, e, connA, "5511900000001", "voltei")
	eventually(t, "the card back in Novo", func() bool {
		return e.countRows(`SELECT count(*) FROM ticket_tags WHERE ticket_id = ? AND tag_id = ?`, ticketID, novo) == 1 &&
			e.countRows(`SELECT count(*) FROM ticket_tags WHERE ticket_id = ?`, ticketID) == 1
	})
	eventually(t, "Novo's greeting", func() bool {
		return e.countRows(`SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me AND body LIKE ?`, ticketID, mark+"Bem-vindo de volta%") == 1
	})

	admin := testutil.Token(t, e.App, a.Admin)
	if s, b := e.call("PUT", "/tickets/"+itoa(ticketID), admin, map[string]any{"status": "open", "userId": a.Admin.ID}, ""); s != 200 {
		t.Fatalf("accept: %d %s", s, b)
	}
	if s, b := e.call("POST", "/messages/"+itoa(ticketID), admin, map[string]any{"body": "Já vejo"}, ""); s != 200 {
		t.Fatalf("send: %d %s", s, b)
	}
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	var timerID string
	eventually(t, "Novo's timer scheduled", func() bool {
		infos, _ := in.ListScheduledTasks(tasks.QueueDefault)
		for _, ti := range infos {
			var p tasks.LaneMove
			if ti.Type == tasks.TypeLaneMove && json.Unmarshal(ti.Payload, &p) == nil && p.TicketID == ticketID && p.LaneID == novo {
				timerID = ti.ID
				return true
			}
		}
		return false
	})
	// The messages' tasks finished and were let go; the timer stays kept until it fires.
	eventually(t, "the lane messages released", func() bool {
		return e.countRows(`SELECT count(*) FROM task_outbox WHERE task_type = ?`, tasks.TypeLaneMessage) == 0
	})
	if n := e.countRows(`SELECT count(*) FROM task_outbox WHERE task_id = ? AND due_at > now()`, timerID); n != 1 {
		t.Fatalf("kept timers %d, want 1 due in 5 minutes", n)
	}

	// Redis loses the timer (a restart without persistence) and its time passes: the
	// reconciler queues it again from PostgreSQL and the card moves on, once.
	if err := in.DeleteTask(tasks.QueueDefault, timerID); err != nil {
		t.Fatal(err)
	}
	e.sql(`UPDATE task_outbox SET due_at = now() - interval '2 minutes', payload = convert_to(jsonb_set(
		convert_from(payload, 'UTF8')::jsonb, '{due}', to_jsonb(now() - interval '2 minutes'))::text, 'UTF8')
		WHERE task_id = ?`, timerID)
	for range 2 {
		if err := worker.Reconcile(e.App, context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the card in Feito and the timer released", func() bool {
		return e.countRows(`SELECT count(*) FROM ticket_tags WHERE ticket_id = ? AND tag_id = ?`, ticketID, feito) == 1 &&
			e.countRows(`SELECT count(*) FROM task_outbox WHERE task_id = ?`, timerID) == 0
	})
	if n := e.countRows(`SELECT count(*) FROM ticket_tags WHERE ticket_id = ?`, ticketID); n != 1 {
		t.Fatalf("ticket in %d lanes", n)
	}
}
