package worker

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/app"
	"atende/pkg/campaign"
	"atende/pkg/channel/sandbox"
	atdb "atende/pkg/db"
	"atende/pkg/flowrun"
	"atende/pkg/inbound"
	"atende/pkg/message"
	"atende/pkg/schedule"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
)

// ReconcileGrace is how long a message or event may wait before the reconciler requeues it.
const ReconcileGrace = time.Minute

func (w *Worker) sendMessage(ctx context.Context, t *asynq.Task) error {
	var p tasks.MessageRef
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Delivery.Send(ctx, p.CompanyID, p.MessageID, lastTry(ctx))
}

// sendMessages delivers a bot turn's or a flow step's replies in their order.
func (w *Worker) sendMessages(ctx context.Context, t *asynq.Task) error {
	var p tasks.MessagesSend
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Delivery.SendLists(ctx, p.All(), lastTry(ctx))
}

func (w *Worker) messageAction(ctx context.Context, t *asynq.Task) error {
	var p tasks.MessageAction
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Delivery.Act(ctx, p)
}

func (w *Worker) processInbound(ctx context.Context, t *asynq.Task) error {
	var p tasks.InboundProcess
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Inbound.Process(ctx, p.Events)
}

// reconcile requeues what a lost queue stranded: TaskIDs make a requeue of work that is
// still queued a no-op, and the handlers skip work already done.
func (w *Worker) reconcile(ctx context.Context, _ *asynq.Task) error { return Reconcile(w.App, ctx) }

// pruneInbound deletes the handled inbound events and Graph API deliveries past their
// retention.
func (w *Worker) pruneInbound(ctx context.Context, _ *asynq.Task) error {
	cutoff := time.Now().Add(-inbound.Retention)
	for _, table := range inbound.PrunedTables {
		n, err := atdb.PruneHandled(ctx, w.App.DB, table, cutoff)
		if err != nil {
			return err
		}
		if n > 0 {
			slog.Info("inbound: handled rows pruned", "table", table, "count", n)
		}
	}
	return nil
}

// Reconcile is the reconciler's work, callable without a task (tests, operators).
func Reconcile(a *app.App, ctx context.Context) error {
	msgs, err := message.Stranded(ctx, a.DB, ReconcileGrace)
	if err != nil {
		return err
	}
	sends := &sendRequeuer{queue: a.Queue, redis: a.RedisOpt}
	for _, m := range msgs {
		sends.requeue(ctx, m)
	}
	sends.close()
	if err := a.Meta.Webhooks.Requeue(ctx, ReconcileGrace); err != nil {
		return err
	}
	// The sandbox's receipt rounds of the last minutes (the reconciler runs every minute).
	if err := a.Sandbox.Requeue(ctx, time.Now().Add(-ReconcileGrace-5*time.Minute), time.Now().Add(-ReconcileGrace)); err != nil {
		return err
	}
	events, err := inbound.Pending(ctx, a.DB, ReconcileGrace)
	if err != nil {
		return err
	}
	for batch := range slices.Chunk(events, inbound.BatchSize) {
		if task, err := tasks.NewInboundProcess(batch...); err == nil {
			_ = tasks.Enqueue(ctx, a.Queue, task)
		}
	}
	if err := a.ContactLists.Requeue(ctx, ReconcileGrace); err != nil {
		return err
	}
	if err := a.Imports.Requeue(ctx, ReconcileGrace); err != nil {
		return err
	}
	if err := schedule.Requeue(ctx, a.DB, a.Queue, a.RedisOpt, ScheduleGrace); err != nil {
		return err
	}
	if err := flowrun.Requeue(ctx, a.DB, a.Queue); err != nil {
		return err
	}
	if err := taskoutbox.Requeue(ctx, a.DB, a.Queue, ReconcileGrace); err != nil {
		return err
	}
	return campaign.Requeue(ctx, a.DB, a.Queue, time.Now(), ReconcileGrace)
}

// sandboxReceipts runs one round of the sandbox's receipts: applied as phones' receipts
// are, but straight from the outbox (they are ours, not a webhook to keep first).
func (w *Worker) sandboxReceipts(ctx context.Context, t *asynq.Task) error {
	var p tasks.SandboxReceipts
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Sandbox.Report(ctx, p, func(ctx context.Context, receipts []sandbox.Receipt, mark func(*gorm.DB, []bool) error) error {
		arrivals := make([]inbound.Arrival, len(receipts))
		for i, r := range receipts {
			arrivals[i] = inbound.Arrival{Conn: r.Conn, Event: r.Event}
		}
		return w.App.Inbound.ApplyReceipts(ctx, arrivals, mark)
	})
}

// sendRequeuer queues again the sends of stranded messages. A send's TaskID outlives it (a
// day's retention), so a send still queued is not queued twice; but a send that finished
// without sending, because it handed the message to the worker owning its WhatsApp session
// (Worker.handoff) and that worker then died, would keep the message's TaskID taken for a
// day while no one serves the dead worker's queue. A finished send whose message still
// waits past the grace is therefore deleted and queued again: its worker hands it to the
// session's owner now (once per owner, tasks.Handoff).
type sendRequeuer struct {
	queue     tasks.Enqueuer
	redis     asynq.RedisConnOpt
	inspector *asynq.Inspector // opened at the first conflict: most passes have none
}

func (r *sendRequeuer) inspect() *asynq.Inspector {
	if r.inspector == nil {
		r.inspector = asynq.NewInspector(r.redis)
	}
	return r.inspector
}

func (r *sendRequeuer) close() {
	if r.inspector != nil {
		_ = r.inspector.Close()
	}
}

func (r *sendRequeuer) requeue(ctx context.Context, m message.Ref) {
	task, err := tasks.NewMessageSend(m.CompanyID, m.ID)
	if err != nil {
		return
	}
	_, err = r.queue.EnqueueContext(ctx, task)
	if !errors.Is(err, asynq.ErrTaskIDConflict) {
		return
	}
	id := tasks.MessageSendID(m.ID)
	info, err := r.inspect().GetTaskInfo(tasks.QueueCritical, id)
	if err != nil || info.State != asynq.TaskStateCompleted {
		return // still queued, running or retrying
	}
	if err := r.inspect().DeleteTask(tasks.QueueCritical, id); err != nil {
		slog.WarnContext(ctx, "reconciler: finished send not cleared", "message_id", m.ID, "err", err)
		return
	}
	_ = tasks.Enqueue(ctx, r.queue, task)
}
