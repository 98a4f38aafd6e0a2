package inbound

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// dispatch queues the delivery of the replies a committed batch wrote (announce.send). The
// replies due at once go out in one task (message:send-all, keyed by its first message)
// holding one ordered list per company and connection: one task hop for a whole batch's bot
// turns, and a ticket's replies in the order they were written. A reply with a delay gets
// its own task, due then (message:send, keyed by the message). Queuing twice sends once,
// and a reply Redis refused is sent by the reconciler.
func (p Processor) dispatch(ctx context.Context, outs []announce) {
	if p.Queue == nil {
		return
	}
	type lane struct{ company, connection int64 }
	now := map[lane][]int{} // indexes into outs, in writing order
	var lanes []lane
	for i := range outs {
		o := &outs[i]
		p.enqueueHandoff(ctx, *o)
		if !o.send {
			continue
		}
		if o.delay > 0 {
			task, err := tasks.NewMessageSend(o.msg.CompanyID, o.msg.ID)
			if err == nil {
				_, err = p.Queue.EnqueueContext(ctx, task, asynq.ProcessIn(o.delay))
			}
			noteQueued(o, err)
			continue
		}
		l := lane{o.msg.CompanyID, 0}
		if o.msg.ConnectionID != nil {
			l.connection = *o.msg.ConnectionID
		}
		if _, seen := now[l]; !seen {
			lanes = append(lanes, l)
		}
		now[l] = append(now[l], i)
	}
	if len(lanes) == 0 {
		return
	}
	lists := make([]tasks.SendList, len(lanes))
	for k, l := range lanes {
		lists[k] = tasks.SendList{CompanyID: l.company, MessageIDs: make([]int64, len(now[l]))}
		for j, i := range now[l] {
			lists[k].MessageIDs[j] = outs[i].msg.ID
		}
	}
	task, err := tasks.NewMessagesSend(lists...)
	if err == nil {
		_, err = p.Queue.EnqueueContext(ctx, task)
	}
	for _, l := range lanes {
		for _, i := range now[l] {
			noteQueued(&outs[i], err)
		}
	}
}

// noteQueued marks a reply Redis refused, for the event that announces it.
func noteQueued(o *announce, err error) {
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		o.msg.SendError = "queued for retry"
	}
}
