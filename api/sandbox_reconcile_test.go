package api_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel/sandbox"
	"atende/pkg/inbound"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// A Redis that lost its data loses no sandbox receipt: the reconciler queues again the
// rounds of deliveries still short of "read", and the message reaches ack 3 once.
func TestSandboxReceiptsSurviveALostQueue(t *testing.T) {
	e, m := sentOnSandbox(t, "5511900000301")
	ctx := context.Background()
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

// A receipt round applies and marks in one transaction: a receipt whose message is not
// recorded as sent stays unmarked for the round's retry (ErrReceiptsWait) while the others
// are applied and marked; a round whose mark fails raises no ack either.
func TestSandboxReceiptRoundIsOneTransaction(t *testing.T) {
	e, m := sentOnSandbox(t, "5511900000302")
	ctx := context.Background()
	// A delivery the channel made whose send the worker has not recorded yet.
	if err := e.App.DB.Exec(`INSERT INTO sandbox_outbox (company_id, connection_id, message_id, provider_id, number, kind, created_at)
		SELECT company_id, connection_id, message_id + 1000000, 'not-recorded', number, kind, created_at
		FROM sandbox_outbox WHERE message_id = ?`, m).Error; err != nil {
		t.Fatal(err)
	}
	var at time.Time
	e.App.DB.Raw(`SELECT created_at FROM sandbox_outbox WHERE message_id = ?`, m).Scan(&at)
	round := tasks.SandboxReceipts{From: at.Add(-time.Second), Before: at.Add(time.Second), Ack: 2}
	apply := func(fail error) sandbox.Apply {
		return func(ctx context.Context, receipts []sandbox.Receipt, mark func(*gorm.DB, []bool) error) error {
			arrivals := make([]inbound.Arrival, len(receipts))
			for i, r := range receipts {
				arrivals[i] = inbound.Arrival{Conn: r.Conn, Event: r.Event}
			}
			return e.App.Inbound.ApplyReceipts(ctx, arrivals, func(tx *gorm.DB, missing []bool) error {
				if err := mark(tx, missing); err != nil {
					return err
				}
				return fail
			})
		}
	}
	if err := e.App.Sandbox.Report(ctx, round, apply(errors.New("the mark failed"))); err == nil {
		t.Fatal("a failed mark reported no error")
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE id = ? AND ack >= 2`, m) +
		count(e, `SELECT count(*) FROM sandbox_outbox WHERE ack >= 2`); n != 0 {
		t.Fatalf("a failed round left %d acks raised", n)
	}
	if err := e.App.Sandbox.Report(ctx, round, apply(nil)); !errors.Is(err, sandbox.ErrReceiptsWait) {
		t.Fatalf("%v, want ErrReceiptsWait for the unrecorded send", err)
	}
	if count(e, `SELECT count(*) FROM messages WHERE id = ? AND ack = 2`, m) != 1 ||
		count(e, `SELECT count(*) FROM sandbox_outbox WHERE message_id = ? AND ack = 2`, m) != 1 ||
		count(e, `SELECT count(*) FROM sandbox_outbox WHERE provider_id = 'not-recorded' AND ack = 1`) != 1 {
		t.Fatal("the round did not apply and mark the recorded send alone")
	}
}

// sentOnSandbox is a message delivered by a sandbox connection of a new company to number,
// with no worker running: its receipt rounds are queued, not run.
func sentOnSandbox(t *testing.T, number string) (*env, int64) {
	t.Helper()
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	m := outgoing(t, e, tn, sandboxConn(t, e, tn), number, "oi")[0]
	if err := e.App.Delivery.SendAll(context.Background(), tn.Company.ID, []int64{m}, false); err != nil {
		t.Fatal(err)
	}
	return e, m
}
