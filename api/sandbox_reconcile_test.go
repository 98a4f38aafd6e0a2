package api_test

import (
	"context"
	"testing"

	"atende/pkg/testutil"
	"atende/worker"
)

// A Redis that lost its data loses no sandbox receipt: the reconciler queues again the
// rounds of deliveries still short of "read", and the message reaches ack 3 once.
func TestSandboxReceiptsSurviveALostQueue(t *testing.T) {
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, tn)
	m := outgoing(t, e, tn, conn, "5511900000301", "oi")[0]
	ctx := context.Background()
	if err := e.App.Delivery.SendAll(ctx, tn.Company.ID, []int64{m}, false); err != nil {
		t.Fatal(err)
	}
	// The queue loses the delivery's receipt rounds; the delivery is a few minutes old when
	// the reconciler looks.
	if err := e.App.RDB.FlushDB(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if err := e.App.DB.Exec(`UPDATE sandbox_outbox SET created_at = now() - interval '2 minutes' WHERE message_id = ?`, m).Error; err != nil {
		t.Fatal(err)
	}
	for range 2 { // twice: the second finds the rounds queued
		if err := worker.Reconcile(e.App, ctx); err != nil {
			t.Fatal(err)
		}
	}
	startWorker(t, e)
	eventually(t, "read", func() bool {
		return count(e, `SELECT count(*) FROM messages WHERE id = ? AND ack = 3`, m) == 1 &&
			count(e, `SELECT count(*) FROM sandbox_outbox WHERE message_id = ? AND ack = 3`, m) == 1
	})
}
