package inbound

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"atende/pkg/message"
	"atende/pkg/tasks"
)

// dispatch queues what a committed batch leaves for later: its hand-offs, and the
// replies it wrote with a delay (each its own message:send task, keyed by the message, due
// then). It returns the replies due at once (announce.send), one ordered list per company
// and connection, a ticket's replies in the order they were written, with the rows, rooms
// and contacts the batch holds of them: Process sends them once the batch is announced
// (message.Delivery.SendNow). Queuing twice sends once, and a reply Redis refused is sent
// by the reconciler.
func (p Processor) dispatch(ctx context.Context, outs []announce) ([]tasks.SendList, message.Known) {
	if p.Queue == nil {
		return nil, message.Known{}
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
	held := map[int64]*known{} // each ticket's row and contact, as the batch left them
	for i := range outs {
		if outs[i].known != nil {
			held[outs[i].ticketID] = outs[i].known
		}
	}
	var rows message.Known
	lists := make([]tasks.SendList, len(lanes))
	for k, l := range lanes {
		lists[k] = tasks.SendList{CompanyID: l.company, MessageIDs: make([]int64, len(now[l]))}
		for j, i := range now[l] {
			lists[k].MessageIDs[j] = outs[i].msg.ID
			if h := held[outs[i].ticketID]; h != nil {
				rows.Add(outs[i].msg, h.ticket, h.contact)
			}
		}
	}
	return lists, rows
}

// noteQueued marks a reply Redis refused, for the event that announces it.
func noteQueued(o *announce, err error) {
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		o.msg.SendError = "queued for retry"
	}
}
