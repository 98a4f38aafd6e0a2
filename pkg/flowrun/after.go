package flowrun

import (
	"context"
	"errors"
	"log/slog"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/flow"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/ticket"
)

// after does what a committed step of a flow:step task leaves: its messages announced
// with its ticket and the nodes it entered, the messages sent in order, from this worker
// (message.Delivery.SendNow) or by one task (keyed by its first message: queued twice,
// sent once; a lost one is sent by the reconciler), then the next wake-up and hand-off,
// so that what they send follows these messages.
func (e Engine) after(ctx context.Context, d *applied) {
	var events realtime.Collector
	if e.Events != nil {
		e.announce(ctx, &events, d)
	}
	e.publishNodes(ctx, d, &events)
	if len(d.msgs) > 0 && e.Queue != nil {
		list := tasks.SendList{CompanyID: d.run.CompanyID, MessageIDs: make([]int64, len(d.msgs))}
		var rows message.Known
		for i, m := range d.msgs {
			list.MessageIDs[i] = m.ID
			if d.ticket.Contact != nil {
				rows.Add(m, d.ticket, *d.ticket.Contact)
			}
		}
		e.Delivery.SendNow(ctx, e.Queue, []tasks.SendList{list}, rows)
	}
	e.next(ctx, d)
}

// settle does what a committed step leaves whoever wrote it (an inbound batch sends and
// announces the messages of the steps it ran itself, then calls Finish): events of the
// nodes entered, with those already collected; the next wake-up; the hand-off.
func (e Engine) settle(ctx context.Context, d *applied, events *realtime.Collector) {
	e.publishNodes(ctx, d, events)
	e.next(ctx, d)
}

// next queues the run's next wake-up and the hand-off of the customer's message.
func (e Engine) next(ctx context.Context, d *applied) {
	if !d.wakeAt.IsZero() {
		if task, err := tasks.NewFlowStep(tasks.FlowStep{CompanyID: d.run.CompanyID, TicketID: d.run.TicketID,
			RunID: d.run.ID, NodeID: d.run.NodeID, Step: d.run.Step, At: d.wakeAt}); err == nil {
			e.enqueue(ctx, task)
		}
	}
	if d.handoff != nil {
		e.enqueue(ctx, d.handoff)
	}
}

// handoffTask gives the customer's message to the node's Typebot or AI (nil: the step
// hands nothing off).
func handoffTask(run Run, messageID int64, h *Handoff) (*asynq.Task, error) {
	if h == nil || messageID == 0 {
		return nil, nil
	}
	if h.Kind == flow.KindOpenAI {
		return tasks.NewPromptMessage(tasks.PromptMessage{CompanyID: run.CompanyID, TicketID: run.TicketID,
			MessageID: messageID, Settings: h.Settings})
	}
	return tasks.NewIntegrationMessage(tasks.IntegrationMessage{CompanyID: run.CompanyID,
		TicketID: run.TicketID, MessageID: messageID, Settings: h.Settings})
}

func (e Engine) enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) {
	if e.Queue == nil {
		return
	}
	_, err := e.Queue.EnqueueContext(ctx, task, opts...)
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		slog.Warn("flowrun: enqueue failed; the reconciler retries", "type", task.Type(), "err", err)
	}
}

// publishNodes sends events with one per node the run entered, and its end when the step
// ended it (the editor highlights the simulated run's node, and lets go of it at the end).
// The flow editor is the admins': attendants' sockets get none of them.
func (e Engine) publishNodes(ctx context.Context, d *applied, events *realtime.Collector) {
	if e.Events == nil {
		return
	}
	for _, id := range d.res.Entered {
		events.Events = append(events.Events, realtime.ToCompanyAdmins(d.run.CompanyID, "flowbuilder", map[string]any{
			"action": "node", "flowId": d.run.FlowID, "ticketId": d.run.TicketID, "runId": d.run.ID, "nodeId": id}))
	}
	if d.run.Status == StatusDone || d.run.Status == StatusStopped {
		events.Events = append(events.Events, realtime.ToCompanyAdmins(d.run.CompanyID, "flowbuilder", map[string]any{
			"action": "end", "flowId": d.run.FlowID, "ticketId": d.run.TicketID, "runId": d.run.ID}))
	}
	_ = realtime.PublishAll(ctx, e.Events, events.Events)
}

// announce adds the step's messages and ticket events; a ticket node or a close changed
// the queue or status, whose references are read again.
func (e Engine) announce(ctx context.Context, events *realtime.Collector, d *applied) {
	t := d.ticket
	if d.res.QueueID != nil || d.res.Close {
		if err := ticket.DecorateAcross(ctx, e.DB, []*ticket.Ticket{&t}); err != nil {
			return
		}
	}
	if len(d.msgs) > 0 && message.Decorate(ctx, e.DB, e.Media, d.msgs) == nil {
		for _, m := range d.msgs {
			message.Publish(ctx, events, "create", m, t)
		}
	}
	if len(d.msgs) > 0 || d.res.QueueID != nil || d.res.Close {
		ticket.PublishUpdate(ctx, events, t, d.left)
	}
}

// Requeue re-enqueues the wake-ups of interval waits that are past due (a crash between
// a step's commit and its enqueue, or a Redis that lost its data): the reconciler's part.
func Requeue(ctx context.Context, db *gorm.DB, q tasks.Enqueuer) error {
	var runs []Run
	if err := db.WithContext(ctx).Table("flow_runs").Where("status = ? AND waiting = ? AND wake_at < now()",
		StatusWaiting, WaitInterval).Order("wake_at").Limit(5000).Find(&runs).Error; err != nil {
		return err
	}
	e := Engine{Queue: q}
	for _, r := range runs {
		if task, err := tasks.NewFlowStep(tasks.FlowStep{CompanyID: r.CompanyID, TicketID: r.TicketID, RunID: r.ID,
			NodeID: r.NodeID, Step: r.Step}); err == nil {
			e.enqueue(ctx, task)
		}
	}
	return nil
}
