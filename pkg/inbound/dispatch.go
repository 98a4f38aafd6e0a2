package inbound

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// dispatch queues the delivery of the replies a committed batch wrote (announce.send), each
// after its delay; the task is keyed by the message id, so queuing twice sends once, and a
// reply Redis refused is sent by the reconciler.
func (p Processor) dispatch(ctx context.Context, outs []announce) {
	if p.Queue == nil {
		return
	}
	for i := range outs {
		o := &outs[i]
		p.enqueueHandoff(ctx, *o)
		if !o.send {
			continue
		}
		task, err := tasks.NewMessageSend(o.msg.CompanyID, o.msg.ID)
		if err == nil {
			_, err = p.Queue.EnqueueContext(ctx, task, asynq.ProcessIn(o.delay))
		}
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
			o.msg.SendError = "queued for retry"
		}
	}
}
