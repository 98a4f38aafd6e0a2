package message

import (
	"context"
	"log/slog"

	"atende/pkg/tasks"
)

// SendNow delivers lists from the caller's own process, as soon as their rows are
// committed (a batch's bot replies, a flow step's messages): no task hop, and no wait for
// a free worker, stands between a customer's message and its answer. What it could not
// deliver goes to QueueSend's task, whose retries go on from the first message not sent
// (SendLists skips what went) and move to a session's owner when the channel needs one. A
// process that dies before it returns leaves its messages in the outbox, where the
// reconciler finds them. A nil d (a batch or flow engine built without one, in tests)
// only queues the task.
func (d *Delivery) SendNow(ctx context.Context, q tasks.Enqueuer, lists []tasks.SendList) {
	if d == nil {
		QueueSend(ctx, q, lists)
	} else if len(lists) > 0 && d.SendLists(ctx, lists, false) != nil {
		// A send cut short by the caller's deadline or shutdown still leaves its task.
		QueueSend(context.WithoutCancel(ctx), q, lists)
	}
}

// QueueSend queues lists as one message:send-all task (keyed by its first message: queued
// twice, sent once). One Redis refused is sent by the reconciler.
func QueueSend(ctx context.Context, q tasks.Enqueuer, lists []tasks.SendList) {
	if len(lists) == 0 || q == nil {
		return
	}
	task, err := tasks.NewMessagesSend(lists...)
	if err == nil {
		err = tasks.Enqueue(ctx, q, task)
	}
	if err != nil {
		slog.Warn("message: a send was not queued; the reconciler sends it", "err", err)
	}
}
