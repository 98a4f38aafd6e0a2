package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/inbound"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
	"atende/worker"
)

// record stores an inbound event without processing it (no worker runs in these tests).
func record(t *testing.T, e *env, conn connection.Connection, ev channel.Event) int64 {
	t.Helper()
	if ev.Timestamp.IsZero() {
		ev.Timestamp = time.Now()
	}
	id, _, err := e.App.InboundStore.Record(tenant.With(context.Background(), conn.CompanyID), conn, ev)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func process(e *env, companyID, id int64) error {
	return e.App.Inbound.Process(context.Background(), []tasks.InboundRef{{CompanyID: companyID, EventID: id}})
}

// One task handles a batch of events of several companies, each in its own company, each
// message once; an ack whose message is not stored yet is given back, noted, for the
// task's retry; a second delivery of the task changes nothing.
func TestInboundBatchHandlesEventsOnce(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	early := record(t, e, connA, channel.Event{Kind: channel.EventAck, TargetID: "not-sent-yet", Ack: 2})
	refs := []tasks.InboundRef{{CompanyID: a.Company.ID, EventID: early}}
	for i := 0; i < 20; i++ {
		refs = append(refs,
			tasks.InboundRef{CompanyID: a.Company.ID, EventID: record(t, e, connA, channel.Event{Kind: channel.EventMessage,
				ProviderID: fmt.Sprintf("a-%d", i), From: fmt.Sprintf("551190000000%d", i%4), Body: fmt.Sprint("a ", i)})},
			tasks.InboundRef{CompanyID: b.Company.ID, EventID: record(t, e, connB, channel.Event{Kind: channel.EventMessage,
				ProviderID: fmt.Sprintf("b-%d", i), From: "5511900000009", Body: fmt.Sprint("b ", i)})})
	}
	for range 2 { // the second delivery finds the messages handled and the ack still waiting
		if err := e.App.Inbound.Process(context.Background(), refs); !errors.Is(err, inbound.ErrTargetUnknown) {
			t.Fatalf("%v, want ErrTargetUnknown for the early ack's retry", err)
		}
	}
	if n := count(e, `SELECT count(*) FROM inbound_events WHERE processed_at IS NOT NULL`); n != 40 {
		t.Fatalf("%d events handled, want 40 (all but the early ack)", n)
	}
	if n := count(e, `SELECT count(*) FROM inbound_events WHERE id = ? AND processed_at IS NULL AND error <> ''`, early); n != 1 {
		t.Fatal("the early ack should be given back, noted")
	}
	if n := count(e, `SELECT count(*) FROM messages`); n != 40 {
		t.Fatalf("%d messages stored, want 40", n)
	}
	if n := count(e, `SELECT count(*) FROM messages m JOIN tickets t ON t.id = m.ticket_id WHERE m.company_id <> t.company_id`); n != 0 {
		t.Fatal("a message landed on another company's ticket")
	}
	if n := count(e, `SELECT count(*) FROM tickets WHERE company_id = ?`, a.Company.ID); n != 4 {
		t.Fatalf("company A has %d tickets, want one per number (4)", n)
	}
	if n := count(e, `SELECT unread_messages FROM tickets WHERE company_id = ?`, b.Company.ID); n != 20 {
		t.Fatalf("company B's ticket counts %d unread, want 20", n)
	}
	if n := count(e, `SELECT count(*) FROM ticket_logs WHERE type = 'create'`); n != 5 {
		t.Fatalf("%d creation log entries, want one per ticket (5)", n)
	}
	// A task naming an event with another company's id handles nothing.
	foreign := record(t, e, connB, channel.Event{Kind: channel.EventMessage, ProviderID: "b-x", From: "5511900000009", Body: "x"})
	if err := process(e, a.Company.ID, foreign); err != nil || count(e, `SELECT count(*) FROM messages WHERE provider_id = 'b-x'`) != 0 {
		t.Fatalf("an event was handled under another company (err %v)", err)
	}
}

// An event that breaks its batch's transaction costs its batch-mates one retry alone and
// fails its task; an event another transaction holds ends its task at once.
func TestInboundBatchSurvivesAPoisonEvent(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	// A's event naming B's connection: processing it in A's company fails (not found).
	var poison int64
	e.App.DB.Raw(`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload, received_at)
		VALUES (?, ?, 'poison', 'message', '{"kind":"message","providerId":"p","from":"5511","body":"x"}', now() - interval '1 minute')
		RETURNING id`, a.Company.ID, connB.ID).Scan(&poison)
	refs := []tasks.InboundRef{{CompanyID: a.Company.ID, EventID: poison}}
	for i := 0; i < 5; i++ {
		refs = append(refs, tasks.InboundRef{CompanyID: a.Company.ID, EventID: record(t, e, connA,
			channel.Event{Kind: channel.EventMessage, ProviderID: fmt.Sprint("m-", i), From: "5511900000001", Body: fmt.Sprint("m ", i)})})
	}
	if err := e.App.Inbound.Process(context.Background(), refs); err == nil {
		t.Fatal("the task holding the poison event should fail, for a retry")
	}
	if n := count(e, `SELECT count(*) FROM messages`); n != 5 {
		t.Fatalf("%d messages after the broken batch, want its 5 good events, each alone", n)
	}
	if n := count(e, `SELECT count(*) FROM inbound_events WHERE id = ? AND processed_at IS NULL AND error <> ''`, poison); n != 1 {
		t.Fatal("the poison event should stay waiting, its error noted")
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE company_id = ?`, b.Company.ID); n != 0 {
		t.Fatal("company A's event wrote into company B")
	}
	held := record(t, e, connA, channel.Event{Kind: channel.EventMessage, ProviderID: "held", From: "5511900000002", Body: "held"})
	tx := e.App.DB.Begin()
	tx.Exec(`SELECT 1 FROM inbound_events WHERE id = ? FOR UPDATE`, held)
	if err := process(e, a.Company.ID, held); err != nil || count(e, `SELECT count(*) FROM messages WHERE body = 'held'`) != 0 {
		t.Fatalf("a held event's task should end without handling it (err %v)", err)
	}
	tx.Rollback()
}

// Concurrent events are written together: every event is stored once, named by exactly one
// queued task, a redelivery racing its original is reported duplicate, and an event that
// cannot be stored fails alone, not its batch-mates.
func TestInboundGroupCommit(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, a)
	gone := conn
	gone.ID = conn.ID + 1000 // no such connection: its insert breaks the batch it lands in
	ctx := tenant.With(context.Background(), a.Company.ID)
	type result struct {
		id  int64
		dup bool
		err error
	}
	const n = 60
	results := make([]result, n+2)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, provider := conn, fmt.Sprint("g-", i)
			switch i {
			case n: // the same event as 0, delivered twice
				provider = "g-0"
			case n + 1:
				c = gone
			}
			var r result
			r.id, r.dup, r.err = e.App.InboundStore.Record(ctx, c, channel.Event{Kind: channel.EventMessage,
				ProviderID: provider, From: "5511900000001", Body: provider, Timestamp: time.Now()})
			results[i] = r
		}()
	}
	wg.Wait()
	if results[n+1].err == nil {
		t.Fatal("an event on a missing connection was stored")
	}
	if d := results[0].dup != results[n].dup; !d {
		t.Fatalf("one of the two copies must be the duplicate: %+v %+v", results[0], results[n])
	}
	if n := count(e, `SELECT count(*) FROM inbound_events`); n != 60 {
		t.Fatalf("%d events stored, want 60", n)
	}
	queued := pendingByEvent(t, e)
	for i, r := range results[:n+1] {
		if r.err != nil {
			t.Fatalf("event %d: %v", i, r.err)
		}
		if !r.dup && queued[r.id] != 1 {
			t.Fatalf("event %d (id %d) is in %d queued tasks, want 1", i, r.id, queued[r.id])
		}
	}
	t.Logf("%d events queued", len(queued))
}

// pendingByEvent counts, per event id, the queued inbound:process tasks that name it.
func pendingByEvent(t *testing.T, e *env) map[int64]int {
	t.Helper()
	pending, err := asynq.NewInspector(e.App.RedisOpt).ListPendingTasks(tasks.QueueCritical, asynq.PageSize(1000))
	if err != nil {
		t.Fatal(err)
	}
	queued := map[int64]int{}
	for _, info := range pending {
		var p tasks.InboundProcess
		if err := json.Unmarshal(info.Payload, &p); err != nil {
			t.Fatal(err)
		}
		for _, r := range p.Events {
			queued[r.EventID]++
		}
	}
	return queued
}

// Events whose tasks were lost are requeued by the reconciler even when the first of them
// still has a task of its own that asynq holds on to (archived after its last retry, or
// waiting for one): the reconciler's batch used to take that task's id and be dropped as a
// duplicate, every minute, for as long as asynq kept the old task (archived: 90 days).
func TestReconcilerBatchIsNotSwallowedByAnOldTask(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, a)
	var ids []int64
	for i := range 3 { // stored two minutes ago; their tasks lost (a worker died, Redis restarted)
		var id int64
		e.App.DB.Raw(`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload, received_at)
			VALUES (?, ?, ?, 'message', '{"kind":"message","providerId":"x","from":"5511900000001","body":"x"}',
			now() - interval '2 minutes') RETURNING id`, a.Company.ID, conn.ID, fmt.Sprint("lost-", i)).Scan(&id)
		ids = append(ids, id)
	}
	// The first event's own task failed for good and sits archived.
	old, err := tasks.NewInboundProcess(tasks.InboundRef{CompanyID: a.Company.ID, EventID: ids[0]})
	if err != nil {
		t.Fatal(err)
	}
	info, err := e.App.Queue.Enqueue(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := asynq.NewInspector(e.App.RedisOpt).ArchiveTask(tasks.QueueCritical, info.ID); err != nil {
		t.Fatal(err)
	}
	if err := worker.Reconcile(e.App, context.Background()); err != nil {
		t.Fatal(err)
	}
	queued := pendingByEvent(t, e)
	for _, id := range ids {
		if queued[id] != 1 {
			t.Fatalf("stranded event %d is in %d queued tasks after the reconciler ran, want 1 (queued: %v)", id, queued[id], queued)
		}
	}
	// A second run while that batch is still queued adds nothing.
	if err := worker.Reconcile(e.App, context.Background()); err != nil {
		t.Fatal(err)
	}
	if q := pendingByEvent(t, e); q[ids[1]] != 1 {
		t.Fatalf("a second reconciler run queued event %d %d times", ids[1], q[ids[1]])
	}
}

// waiting counts the sessions of the test's database waiting on a lock (a transaction id's
// lock names no database, so the sessions are matched by their own).
func waiting(e *env) int64 {
	return count(e, `SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE NOT l.granted AND a.datname = current_database()`)
}

// Two first messages of one customer in two transactions at once: one creates the ticket,
// the other waits on the unique active-ticket index and then uses it.
func TestReopenOrCreateRace(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, a)
	ctx := tenant.With(context.Background(), a.Company.ID)
	c, err := contact.Upsert(ctx, e.App.DB, contact.Inbound{Number: "5511900000001", Channel: conn.Channel, ConnectionID: conn.ID})
	if err != nil {
		t.Fatal(err)
	}
	first := e.App.DB.Begin()
	t1, created1, err := ticket.ReopenOrCreate(ctx, first, c, conn, false)
	if err != nil || !created1 {
		t.Fatalf("first: created %v, %v", created1, err)
	}
	done := make(chan ticket.Ticket)
	go func() {
		t2, created2, err := ticket.ReopenOrCreate(ctx, e.App.DB, c, conn, false)
		if err != nil || created2 {
			t.Errorf("second: created %v, %v", created2, err)
		}
		done <- t2
	}()
	// The race is only tried once the second waits on the first's new row (a lock not granted).
	for deadline := time.Now().Add(30 * time.Second); waiting(e) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the second transaction never waited on the first")
		}
	}
	if err := first.Commit().Error; err != nil {
		t.Fatal(err)
	}
	if t2 := <-done; t2.ID != t1.ID {
		t.Fatalf("second got ticket %d, want the first's %d", t2.ID, t1.ID)
	}
	if n := count(e, `SELECT count(*) FROM tickets`); n != 1 {
		t.Fatalf("%d tickets, want 1", n)
	}
}

// Two batches of one sender may commit out of order (two workers, each with its own task):
// the ticket's preview stays the conversation's newest message, in the row and in the
// events, and the unread count takes both. Within a batch the newest message wins too,
// whatever order the events came in.
func TestInboundPreviewFollowsTheNewestMessage(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	watcher := dial(t, e.Srv.URL, testutil.Token(t, e.App, a.Admin))
	send(t, watcher, map[string]string{"type": "joinNotification"})
	readyIn(t, e.App, watcher, realtime.NotificationRoom(a.Company.ID))
	at := time.Now()
	msg := func(id, body string, when time.Time) int64 {
		return record(t, e, connA, channel.Event{Kind: channel.EventMessage, ProviderID: id, From: "5511900000001",
			Body: body, Timestamp: when})
	}
	first := msg("p1", "primeira", at)
	second := msg("p2", "segunda", at.Add(time.Second))
	for _, id := range []int64{second, first} { // the later message's batch commits first
		if err := process(e, a.Company.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	preview := func() (last string, unread int64) {
		e.App.DB.Raw("SELECT last_message FROM tickets WHERE company_id = ?", a.Company.ID).Scan(&last)
		return last, count(e, "SELECT unread_messages FROM tickets WHERE company_id = ?", a.Company.ID)
	}
	if last, unread := preview(); last != "segunda" || unread != 2 {
		t.Fatalf("preview %q with %d unread, want the newest message (segunda) and 2", last, unread)
	}
	f, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-appMessage", a.Company.ID), `"body":"primeira"`, 3*time.Second)
	if !ok || !strings.Contains(string(f.Data), `"lastMessage":"segunda"`) {
		t.Fatalf("the older message's event carries another preview: %s", f.Data)
	}

	// One batch whose events came in the other order.
	refs := []tasks.InboundRef{
		{CompanyID: a.Company.ID, EventID: msg("p4", "quarta", at.Add(3*time.Second))},
		{CompanyID: a.Company.ID, EventID: msg("p3", "terceira", at.Add(2*time.Second))},
	}
	if err := e.App.Inbound.Process(context.Background(), refs); err != nil {
		t.Fatal(err)
	}
	if last, unread := preview(); last != "quarta" || unread != 4 {
		t.Fatalf("preview %q with %d unread, want quarta and 4", last, unread)
	}
}

// A batch saves its new and changed contacts together: each contact once per company, named
// by the batch's latest name (a number-only contact gets its name), and a contact the batch
// has nothing new of is left as it is.
func TestInboundBatchSavesItsContactsTogether(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	e.sql(`INSERT INTO contacts (company_id, name, number, channel) VALUES (?, '5511900000031', '5511900000031', 'sandbox'),
		(?, 'Beto Lima', '5511900000032', 'sandbox')`, a.Company.ID, a.Company.ID)
	msg := func(conn connection.Connection, id, from, name string) tasks.InboundRef {
		return tasks.InboundRef{CompanyID: conn.CompanyID, EventID: record(t, e, conn, channel.Event{Kind: channel.EventMessage,
			ProviderID: id, From: from, Name: name, Body: "oi"})}
	}
	refs := []tasks.InboundRef{
		msg(connA, "c1", "5511900000030", ""), msg(connA, "c2", "5511900000030", "Rita Souza"), // new, named by its second message
		msg(connA, "c3", "5511900000031", "Caio Reis"),  // known by its number only: gets the name
		msg(connA, "c4", "5511900000032", "Outro Nome"), // known by name: keeps it
		msg(connB, "c5", "5511900000030", "Rita B"),     // the same number in another company: its own contact
	}
	if err := e.App.Inbound.Process(context.Background(), refs); err != nil {
		t.Fatal(err)
	}
	var got []string
	e.App.DB.Raw(`SELECT company_id || ':' || number || ':' || name FROM contacts WHERE company_id IN (?, ?) ORDER BY company_id, number`,
		a.Company.ID, b.Company.ID).Scan(&got)
	want := []string{fmt.Sprintf("%d:5511900000030:Rita Souza", a.Company.ID), fmt.Sprintf("%d:5511900000031:Caio Reis", a.Company.ID),
		fmt.Sprintf("%d:5511900000032:Beto Lima", a.Company.ID), fmt.Sprintf("%d:5511900000030:Rita B", b.Company.ID)}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("contacts %q, want %q", got, want)
	}
	if n := count(e, `SELECT count(*) FROM messages m JOIN contacts c ON c.id = m.contact_id WHERE c.company_id <> m.company_id`); n != 0 {
		t.Fatal("a message names another company's contact")
	}
	if n := count(e, `SELECT count(DISTINCT contact_id) FROM messages WHERE provider_id IN ('c1', 'c2')`); n != 1 {
		t.Fatal("the two messages of one new number name two contacts")
	}
}
