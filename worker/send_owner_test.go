package worker_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/app"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
	"atende/worker"
)

// A send handed to the worker owning the WhatsApp session finishes the original task, whose
// TaskID stays taken for a day: when that worker dies (or restarts under a new id) no one
// serves its queue, and the reconciler must still queue the message's send again.
func TestSendHandedToALostOwnerIsQueuedAgain(t *testing.T) {
	a, conn, m, in := ownedElsewhere(t, "w-dead")
	ctx := context.Background()
	task, _ := tasks.NewMessageSend(conn.CompanyID, m.ID)
	if err := tasks.Enqueue(ctx, a.Queue, task); err != nil {
		t.Fatal(err)
	}
	srv := handedTo(t, a, in, "w-dead")
	lease := fmt.Sprintf("wa:lease:%d", conn.ID)
	srv.Shutdown()
	// w-dead dies: its lease expires, its queue is served by nobody.
	a.RDB.Del(ctx, lease)
	a.DB.Exec(`UPDATE message_outbox SET created_at = now() - interval '2 minutes' WHERE message_id = ?`, m.ID)
	if err := worker.Reconcile(a, ctx); err != nil {
		t.Fatal(err)
	}
	for range 2 { // a second pass while it waits queues nothing twice
		if err := worker.Reconcile(a, ctx); err != nil {
			t.Fatal(err)
		}
	}
	info, err := in.GetTaskInfo(tasks.QueueCritical, tasks.MessageSendID(m.ID))
	if err != nil || info.State != asynq.TaskStatePending {
		t.Fatalf("message %d's send after the reconciler: %+v (%v), want it pending again", m.ID, info, err)
	}
	if pend, _ := in.ListPendingTasks(tasks.QueueCritical); len(pend) != 1 {
		t.Fatalf("%d sends pending, want 1", len(pend))
	}
}

// The "typing…" before a Typebot burst's first bubble, a task with no message to send,
// run on a worker that does not hold the WhatsApp session, goes to the worker that does.
func TestFirstBubbleTypingHandedToTheSessionOwner(t *testing.T) {
	a, conn, m, in := ownedElsewhere(t, "w-owner")
	task, _ := tasks.NewBubbleTyping(conn.CompanyID, m.ID)
	if err := tasks.Enqueue(context.Background(), a.Queue, task); err != nil {
		t.Fatal(err)
	}
	handedTo(t, a, in, "w-owner").Shutdown()
}

// ownedElsewhere is a connected WhatsApp connection whose session worker owner holds, and
// an outgoing message of it still to be sent.
func ownedElsewhere(t *testing.T, owner string) (*app.App, connection.Connection, message.Message, *asynq.Inspector) {
	t.Helper()
	a := testutil.App(t)
	ctx := context.Background()
	ten := testutil.NewTenant(t, a, "acme", 0)
	conn := testutil.NewConnection(t, a, ten.Company.ID, "wa", func(c *connection.Connection) { c.Status = connection.StatusConnected })
	c := testutil.NewContact(t, a, conn.CompanyID, "Ana", "5511911110000", nil)
	tk, _, err := ticket.FindOrCreate(tenant.With(ctx, conn.CompanyID), a.DB, c, conn, true)
	if err != nil {
		t.Fatal(err)
	}
	m := message.Message{CompanyID: conn.CompanyID, TicketID: tk.ID, ContactID: &c.ID, ConnectionID: &conn.ID,
		Body: "oi", FromMe: true, MediaType: message.TypeChat}
	if err := a.DB.Create(&m).Error; err != nil {
		t.Fatal(err)
	}
	a.RDB.Set(ctx, fmt.Sprintf("wa:lease:%d", conn.ID), owner, time.Minute)
	in := asynq.NewInspector(a.RedisOpt)
	t.Cleanup(func() { _ = in.Close() })
	return a, conn, m, in
}

// handedTo runs this worker's task table until a task waits in owner's queue; the caller
// shuts the server down.
func handedTo(t *testing.T, a *app.App, in *asynq.Inspector, owner string) *asynq.Server {
	t.Helper()
	w := &worker.Worker{App: a}
	srv := asynq.NewServer(a.RedisOpt, asynq.Config{Concurrency: 1, Queues: map[string]int{tasks.QueueCritical: 1},
		TaskCheckInterval: 10 * time.Millisecond})
	if err := srv.Start(w.Mux()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute) // a bound for a loaded machine, not a timing
	for {
		if l, _ := in.ListPendingTasks(tasks.OwnerQueue(owner)); len(l) == 1 {
			return srv
		}
		if time.Now().After(deadline) {
			srv.Shutdown()
			t.Fatal("not handed to the owner")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
