package lanetimer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/lanetimer"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// moves are the lane timers q recorded.
func moves(t *testing.T, q *testutil.Queued) []tasks.LaneMove {
	var out []tasks.LaneMove
	for _, task := range q.Tasks() {
		if task.Type() == tasks.TypeLaneMove {
			var p tasks.LaneMove
			if err := json.Unmarshal(task.Payload(), &p); err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
	}
	return out
}

// said records the lane greetings sent.
type said struct{ texts []string }

func (s *said) Dispatch(_ context.Context, msgs []message.Message) {
	for _, m := range msgs {
		s.texts = append(s.texts, fmt.Sprintf("%d:%s", m.TicketID, strings.TrimPrefix(m.Body, message.SystemMark)))
	}
}

type fixture struct {
	a                     *app.App
	svc                   lanetimer.Service
	q                     *testutil.Queued
	out                   *said
	clock                 time.Time
	company               int64
	novo, espera, perdido int64 // lanes: novo → espera after 30 min; espera rolls back to novo
	ticketID              int64
}

func setup(t *testing.T) *fixture {
	t.Helper()
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	f := &fixture{a: a, q: &testutil.Queued{}, out: &said{}, company: acme.Company.ID,
		clock: time.Date(2030, 3, 13, 15, 0, 0, 0, time.UTC)}
	f.svc = lanetimer.Service{DB: a.DB, Queue: f.q, Messages: f.out, Now: func() time.Time { return f.clock }}
	f.novo = testutil.NewTag(t, a, f.company, "Novo", 1).ID
	f.espera = testutil.NewTag(t, a, f.company, "Esperando", 1).ID
	f.perdido = testutil.NewTag(t, a, f.company, "Perdido", 1).ID
	f.exec(t, `UPDATE tags SET next_lane_id = ?, time_lane = 30 WHERE id = ?`, f.espera, f.novo)
	f.exec(t, `UPDATE tags SET next_lane_id = ?, time_lane = 60, rollback_lane_id = ? WHERE id = ?`, f.perdido, f.novo, f.espera)
	f.exec(t, `UPDATE tags SET greeting_message_lane = 'Olá {{name}}, voltamos!' WHERE id = ?`, f.novo)
	conn := testutil.NewConnection(t, a, f.company, "Loja", nil)
	c := testutil.NewContact(t, a, f.company, "Maria", "5511999990001", nil)
	if err := a.DB.Raw(`INSERT INTO tickets (company_id, contact_id, connection_id, status) VALUES (?, ?, ?, 'open')
		RETURNING id`, f.company, c.ID, conn.ID).Scan(&f.ticketID).Error; err != nil {
		t.Fatal(err)
	}
	f.exec(t, `INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)`, f.ticketID, f.novo, f.company)
	return f
}

func (f *fixture) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	if err := f.a.DB.Exec(q, args...).Error; err != nil {
		t.Fatal(err)
	}
}

// message stores a message on the ticket and hands it to the lane timers.
func (f *fixture) message(t *testing.T, fromMe bool) int64 {
	t.Helper()
	var id int64
	if err := f.a.DB.Raw(`INSERT INTO messages (company_id, ticket_id, body, from_me) VALUES (?, ?, 'oi', ?) RETURNING id`,
		f.company, f.ticketID, fromMe).Scan(&id).Error; err != nil {
		t.Fatal(err)
	}
	err := f.svc.OnMessage(context.Background(), tasks.LaneMessage{CompanyID: f.company, TicketID: f.ticketID,
		MessageID: id, FromMe: fromMe})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (f *fixture) lanes(t *testing.T) []int64 {
	t.Helper()
	var ids []int64
	if err := f.a.DB.Raw(`SELECT tag_id FROM ticket_tags WHERE ticket_id = ? ORDER BY tag_id`, f.ticketID).
		Scan(&ids).Error; err != nil {
		t.Fatal(err)
	}
	return ids
}

func (f *fixture) wantLane(t *testing.T, lane int64) {
	t.Helper()
	if got := f.lanes(t); len(got) != 1 || got[0] != lane {
		t.Fatalf("ticket lanes %v, want [%d]", got, lane)
	}
}

func TestLaneTimerMovesAfterTimeLaneMinutes(t *testing.T) {
	f := setup(t)
	msg := f.message(t, true)
	moves := moves(t, f.q)
	if len(moves) != 1 || moves[0].LaneID != f.novo || moves[0].MessageID != msg ||
		!moves[0].Due.Equal(f.clock.Add(30*time.Minute)) {
		t.Fatalf("timer %+v, want lane %d message %d due %v", moves, f.novo, msg, f.clock.Add(30*time.Minute))
	}
	// The timer is kept in PostgreSQL until it fires: a Redis that loses it has it queued again.
	var due time.Time
	if err := f.a.DB.Raw(`SELECT due_at FROM task_outbox WHERE task_type = ? AND company_id = ?`, tasks.TypeLaneMove,
		f.company).Scan(&due).Error; err != nil || !due.Equal(f.clock.Add(30*time.Minute)) {
		t.Fatalf("kept timer due %v (%v), want %v", due, err, f.clock.Add(30*time.Minute))
	}
	ctx := context.Background()
	f.clock = f.clock.Add(29 * time.Minute)
	if err := f.svc.Move(ctx, moves[0]); err != lanetimer.ErrNotDue {
		t.Fatalf("early timer: %v", err)
	}
	f.wantLane(t, f.novo)
	f.clock = f.clock.Add(time.Minute)
	if err := f.svc.Move(ctx, moves[0]); err != nil {
		t.Fatal(err)
	}
	f.wantLane(t, f.espera)
	if err := f.svc.Move(ctx, moves[0]); err != nil { // delivered again: the card left the lane
		t.Fatal(err)
	}
	f.wantLane(t, f.espera)
}

func TestLaneTimerStaleAfterNewerMessage(t *testing.T) {
	f := setup(t)
	f.message(t, true)
	f.message(t, true) // a second agent message restarts the wait
	moves := moves(t, f.q)
	if len(moves) != 2 {
		t.Fatalf("%d timers", len(moves))
	}
	f.clock = f.clock.Add(31 * time.Minute)
	if err := f.svc.Move(context.Background(), moves[0]); err != nil {
		t.Fatal(err)
	}
	f.wantLane(t, f.novo) // the stale first timer did nothing
	if err := f.svc.Move(context.Background(), moves[1]); err != nil {
		t.Fatal(err)
	}
	f.wantLane(t, f.espera)
}

func TestLaneCustomerMessageRollsBackAndCancels(t *testing.T) {
	f := setup(t)
	f.exec(t, `DELETE FROM ticket_tags WHERE ticket_id = ?`, f.ticketID)
	f.exec(t, `INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)`, f.ticketID, f.espera, f.company)
	f.message(t, true)
	timer := moves(t, f.q)[0]
	f.message(t, false) // the customer answers: back to Novo, with Novo's greeting
	f.wantLane(t, f.novo)
	if len(f.out.texts) != 1 || f.out.texts[0] != fmt.Sprintf("%d:Olá Maria, voltamos!", f.ticketID) {
		t.Fatalf("greetings %q", f.out.texts)
	}
	// Written with the move, so a crash after it never loses the greeting.
	var stored int64
	if err := f.a.DB.Raw(`SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me AND body = ?`, f.ticketID,
		message.Marked("Olá Maria, voltamos!")).Scan(&stored).Error; err != nil || stored != 1 {
		t.Fatalf("stored greetings %d (%v)", stored, err)
	}
	f.clock = f.clock.Add(2 * time.Hour)
	if err := f.svc.Move(context.Background(), timer); err != nil {
		t.Fatal(err)
	}
	f.wantLane(t, f.novo) // the cancelled timer did nothing
}

func TestLaneWithoutTimersAndOtherCompany(t *testing.T) {
	f := setup(t)
	f.exec(t, `UPDATE tags SET next_lane_id = NULL WHERE id = ?`, f.novo)
	f.message(t, true)
	if n := len(moves(t, f.q)); n != 0 {
		t.Fatalf("%d timers for a lane without next lane", n)
	}
	// A task naming another company's id finds no ticket of that company.
	beta := testutil.NewTenant(t, f.a, "beta", 0)
	err := f.svc.Move(context.Background(), tasks.LaneMove{CompanyID: beta.Company.ID, TicketID: f.ticketID,
		LaneID: f.novo, MessageID: 1, Due: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	f.wantLane(t, f.novo)
}
