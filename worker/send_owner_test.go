package worker_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hibiken/asynq"

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
	lease := fmt.Sprintf("wa:lease:%d", conn.ID)
	a.RDB.Set(ctx, lease, "w-dead", time.Minute) // another worker owns the session
	task, _ := tasks.NewMessageSend(conn.CompanyID, m.ID)
	if err := tasks.Enqueue(ctx, a.Queue, task); err != nil {
		t.Fatal(err)
	}
	w := &worker.Worker{App: a}
	srv := asynq.NewServer(a.RedisOpt, asynq.Config{Concurrency: 1, Queues: map[string]int{tasks.QueueCritical: 1},
		TaskCheckInterval: 10 * time.Millisecond})
	if err := srv.Start(w.Mux()); err != nil {
		t.Fatal(err)
	}
	in := asynq.NewInspector(a.RedisOpt)
	defer in.Close()
	deadline := time.Now().Add(time.Minute) // a bound for a loaded machine, not a timing
	for {
		if l, _ := in.ListPendingTasks(tasks.OwnerQueue("w-dead")); len(l) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("not handed to the owner")
		}
		time.Sleep(50 * time.Millisecond)
	}
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
