package api_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/flowrun"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// The speed work of issue 14: a customer's message and the flow's replies to it commit
// together (the step runs in the inbound transaction), and a step's replies go out in
// their order through one message:send-all task.
func TestFlowStepInInboundAndOrderedSend(t *testing.T) {
	f := newFlowEnv(t)
	st, res := f.call("POST", fmt.Sprintf("/sandbox/%d/inbound", f.conn.ID), f.conn.Token,
		map[string]string{"number": "5511999990009", "name": "Maria Souza", "body": "oi", "id": "fs-1"}, "")
	if st != 202 {
		t.Fatalf("inbound: %d %s", st, res)
	}
	var ticketID int64
	eventually(t, "stored", func() bool {
		f.App.DB.Raw(`SELECT ticket_id FROM messages WHERE provider_id = 'fs-1'`).Scan(&ticketID)
		return ticketID != 0
	})
	// No eventually: the replies and the run are visible as soon as the message is.
	if n := count(f.env, `SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me`, ticketID); n != 2 {
		t.Fatalf("replies committed with the message: %d, want 2", n)
	}
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status = 'waiting' AND node_id = 'menu'`, ticketID); n != 1 {
		t.Fatalf("run waiting at the menu: %d", n)
	}
	want := []string{mark + "Olá Maria!", mark + "Escolha:\n[1] Atendimento\n[2] Sair"}
	outbox := func() []string {
		var bodies []string
		f.App.DB.Raw(`SELECT body FROM sandbox_outbox WHERE connection_id = ? ORDER BY id`, f.conn.ID).Scan(&bodies)
		return bodies
	}
	eventually(t, "both delivered", func() bool { return len(outbox()) == 2 })
	if got := outbox(); !reflect.DeepEqual(got, want) {
		t.Fatalf("delivered %q, want %q in this order", got, want)
	}
	var ids []int64
	f.must(f.App.DB.Raw(`SELECT id FROM messages WHERE ticket_id = ? AND from_me ORDER BY id`, ticketID).Scan(&ids).Error)
	// The same task delivered again sends nothing twice.
	if err := f.App.Delivery.SendAll(context.Background(), f.tn.Company.ID, ids, false); err != nil {
		t.Fatal(err)
	}
	if got := outbox(); len(got) != 2 {
		t.Fatalf("a duplicated message:send-all delivered again: %q", got)
	}
}

// dying delivers the first n messages, then fails as a worker killed mid-task would.
type dying struct {
	message.Delivery
	n int
}

// SendAll delivers the first n messages, then dies as a killed worker would.
func (d *dying) SendAll(ctx context.Context, companyID int64, ids []int64, final bool) error {
	if err := d.Delivery.SendAll(ctx, companyID, ids[:min(d.n, len(ids))], final); err != nil {
		return err
	}
	return errors.New("killed")
}

// A message:send-all task that stopped after its step's first message resumes with the second
// one on retry: each message delivered once, in order.
func TestFlowSendResumesMidStep(t *testing.T) {
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, tn)
	flowID := insertFlow(t, e, tn.Company.ID, []fnode{
		{"start", "start", nil}, {"c", "singleBlock", map[string]any{"seq": []string{"m0", "m1", "m2"}, "elements": []map[string]any{
			{"type": "message", "value": "um", "number": "m0"}, {"type": "message", "value": "dois", "number": "m1"},
			{"type": "message", "value": "três", "number": "m2"}}}},
	}, [][3]string{{"start", "a", "c"}})
	sim, err := flowrun.Service{DB: e.App.DB, Conns: connection.Store{DB: e.App.DB}, Queue: noQueue{}}.Simulate(
		tenantCtx(tn.Company.ID), flowID, conn.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eng := flowrun.Engine{DB: e.App.DB, Events: e.App.Events, Settings: e.App.Settings} // no queue: the send is ours to run
	if err := eng.Handle(ctx, tasks.FlowStep{CompanyID: tn.Company.ID, TicketID: sim.TicketID, FlowID: flowID,
		Entry: flowrun.EntrySimulate}); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	if err := e.App.DB.Raw(`SELECT id FROM messages WHERE ticket_id = ? AND from_me ORDER BY id`, sim.TicketID).Scan(&ids).Error; err != nil || len(ids) != 3 {
		t.Fatalf("step wrote %v (%v)", ids, err)
	}
	if err := (&dying{Delivery: e.App.Delivery, n: 1}).SendAll(ctx, tn.Company.ID, ids, false); err == nil {
		t.Fatal("a killed send reported success")
	}
	for range 2 { // the retry, then a duplicate of it
		if err := e.App.Delivery.SendAll(ctx, tn.Company.ID, ids, false); err != nil {
			t.Fatal(err)
		}
	}
	var bodies []string
	e.App.DB.Raw(`SELECT body FROM sandbox_outbox WHERE connection_id = ? ORDER BY id`, conn.ID).Scan(&bodies)
	if want := []string{mark + "um", mark + "dois", mark + "três"}; !reflect.DeepEqual(bodies, want) {
		t.Fatalf("delivered %q, want %q", bodies, want)
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me AND provider_id IS NOT NULL`, sim.TicketID); n != 3 {
		t.Fatalf("%d messages recorded as sent", n)
	}
}

// One message:send-all task carries a batch's lists of several companies: each list goes
// in its order, a list that stops on a failure holds back neither the others nor their
// record, a list never sends another company's message, and the task delivered again
// sends nothing twice.
func TestSendListsAcrossCompanies(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	ctx := context.Background()
	// A contact of another company: never read for acme, so the send fails, and may be retried.
	foreign := testutil.NewContact(t, e.App, b.Company.ID, "Outra", "5511900000999", nil).ID
	okA := outgoing(t, e, a, connA, "5511900000101", "a1", "a2")
	stuckA := outgoing(t, e, a, connA, "5511900000102", "a3")
	if err := e.App.DB.Exec(`UPDATE messages SET contact_id = ? WHERE id = ?`, foreign, stuckA[0]).Error; err != nil {
		t.Fatal(err)
	}
	stuckA = append(stuckA, outgoing(t, e, a, connA, "5511900000103", "a4")...)
	okB := outgoing(t, e, b, connB, "5511900000201", "b1")
	otherB := outgoing(t, e, b, connB, "5511900000202", "b2")
	lists := []tasks.SendList{{CompanyID: a.Company.ID, MessageIDs: okA}, {CompanyID: a.Company.ID, MessageIDs: stuckA},
		{CompanyID: b.Company.ID, MessageIDs: okB}, {CompanyID: a.Company.ID, MessageIDs: otherB}}
	if err := e.App.Delivery.SendLists(ctx, lists, false); err == nil {
		t.Fatal("a list that stopped on a failure must be retried")
	}
	outbox := func(conn connection.Connection) []string {
		var bodies []string
		e.App.DB.Raw(`SELECT body FROM sandbox_outbox WHERE connection_id = ? ORDER BY id`, conn.ID).Scan(&bodies)
		return bodies
	}
	if got := outbox(connA); !reflect.DeepEqual(got, []string{"a1", "a2"}) {
		t.Fatalf("acme's outbox %q: its first list in order, nothing after the stuck message", got)
	}
	if got := outbox(connB); !reflect.DeepEqual(got, []string{"b1"}) {
		t.Fatalf("bolt's outbox %q: its own list only, never sent under acme's list", got)
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE id = ANY(?) AND provider_id IS NOT NULL AND ack = 1`,
		atdb.Int64s(append(append(okA, okB...), stuckA...))); n != 3 {
		t.Fatalf("%d messages recorded as sent, want 3", n)
	}
	if err := e.App.Delivery.SendLists(ctx, lists, false); err == nil || len(outbox(connA)) != 2 || len(outbox(connB)) != 1 {
		t.Fatalf("the task again: err %v, outboxes %q %q (nothing sent twice, the stuck list still stuck)", err, outbox(connA), outbox(connB))
	}
	// The last attempt gives the stuck message up and sends the rest of its list.
	if err := e.App.Delivery.SendLists(ctx, lists, true); err == nil {
		t.Fatal("the failure is still reported on the last attempt")
	}
	if got := outbox(connA); !reflect.DeepEqual(got, []string{"a1", "a2", "a4"}) {
		t.Fatalf("acme's outbox %q after the last attempt", got)
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE id = ? AND ack = -1`, stuckA[0]); n != 1 {
		t.Fatal("the message that can't go is not marked failed")
	}
}

// outgoing stores messages of ours, waiting for their channel, on a new open ticket of a new
// contact of number on conn, and returns their ids.
func outgoing(t *testing.T, e *env, tn testutil.Tenant, conn connection.Connection, number string, bodies ...string) []int64 {
	t.Helper()
	c := testutil.NewContact(t, e.App, tn.Company.ID, "Cliente "+number, number, nil)
	tk := ticket.Ticket{CompanyID: tn.Company.ID, ContactID: c.ID, ConnectionID: &conn.ID, Status: ticket.StatusOpen}
	if err := e.App.DB.Create(&tk).Error; err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, body := range bodies {
		m := message.Message{CompanyID: tn.Company.ID, TicketID: tk.ID, ContactID: &c.ID, ConnectionID: &conn.ID, FromMe: true, Body: body}
		if err := e.App.DB.Create(&m).Error; err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	return ids
}
