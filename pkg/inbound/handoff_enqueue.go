package inbound

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/chatbot"
	"atende/pkg/flowrun"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
)

// handoffTask is a hand-off the batch finishes once committed (announce.handoff): a task
// to queue, or a flow step the batch already wrote, whose sends and wake-up go now.
type handoffTask struct {
	task *asynq.Task
	flow *flowrun.Applied
}

// handoffs hands the turns' messages on. A flow's step runs here, in the batch's
// transaction (flowrun.Engine.StepIn): the run and its replies commit with the customer's
// message, and the replies are announced with the batch; answered names the tickets it
// answered (their preview is the flow's). Integrations and prompts, and a flow step that
// failed here, become tasks, keyed by the message id so a retried batch enqueues each once,
// and kept with the batch (pkg/taskoutbox) until they finish, so a lost enqueue is queued
// again.
func (p Processor) handoffs(ctx context.Context, tx *gorm.DB, turns []*turn) (out []announce, answered map[int64]bool, err error) {
	answered = map[int64]bool{}
	for _, tu := range turns {
		h := tu.o.Handoff
		if h == nil {
			continue
		}
		if h.Kind == chatbot.HandoffFlow {
			more, ok := p.flowIn(ctx, tx, tu, h)
			if ok {
				out = append(out, more...)
				if len(more) > 1 { // messages, then the step
					answered[tu.a.ticket.ID] = true
				}
				continue
			}
		}
		if task := handoffOf(tu, h); task != nil {
			if err := taskoutbox.Keep(tx, tu.a.CompanyID, task); err != nil {
				return nil, nil, err
			}
			out = append(out, announce{action: "handoff", ticketID: tu.a.ticket.ID, handoff: &handoffTask{task: task}})
		}
	}
	return out, answered, nil
}

// flowIn runs the turn's flow step in a savepoint of the batch: a step that fails rolls
// back alone and is left to its flow:step task (ok false), so a broken flow never costs
// the customer's message. The announces are the step's messages, each with the ticket as
// the step left it, then the step itself (finished after the commit).
func (p Processor) flowIn(ctx context.Context, tx *gorm.DB, tu *turn, h *chatbot.Handoff) ([]announce, bool) {
	a := tu.a
	step := tasks.FlowStep{CompanyID: a.CompanyID, TicketID: a.ticket.ID, MessageID: a.msg.ID, FlowID: h.FlowID,
		Entry: h.Entry, RunID: h.RunID, Step: h.Step}
	var done *flowrun.Applied
	err := tx.Transaction(func(sp *gorm.DB) error {
		var err error
		done, err = p.flows().StepIn(ctx, sp, step, flowrun.Given{Ticket: *a.ticket, Contact: a.contact, Conn: a.conn,
			Reply: a.msg.Body, Company: tu.in.Env.Company.Name, Location: tu.in.Env.Company.Location})
		return err
	})
	if err != nil {
		slog.Warn("inbound: flow step left to its task", "ticket_id", a.ticket.ID, "err", err)
		return nil, false
	}
	if done == nil {
		return nil, true // a duplicate or late message: the run is elsewhere
	}
	t, left := done.Ticket()
	t.Contact, t.Queue, t.User, t.Whatsapp = nil, nil, nil, nil // the batch's publish decorates
	*a.ticket = t
	if left != "" && a.left == "" {
		a.left = left
	}
	var out []announce
	for _, m := range done.Messages() {
		out = append(out, announce{action: "create", msg: m, ticketID: t.ID, byFlow: true, send: true,
			known: &known{ticket: t, contact: a.contact, left: a.left}})
	}
	return append(out, announce{action: "handoff", ticketID: t.ID, handoff: &handoffTask{flow: done}}), true
}

// flows is the flow engine on the batch's connections.
func (p Processor) flows() flowrun.Engine {
	return flowrun.Engine{DB: p.DB, Events: p.Events, Queue: p.Queue, Media: p.Media, Settings: p.Settings, Delivery: p.Delivery}
}

func handoffOf(tu *turn, h *chatbot.Handoff) *asynq.Task {
	co, tid, mid := tu.a.CompanyID, tu.a.ticket.ID, tu.a.msg.ID
	var task *asynq.Task
	var err error
	switch h.Kind {
	case chatbot.HandoffFlow:
		task, err = tasks.NewFlowStep(tasks.FlowStep{CompanyID: co, TicketID: tid, MessageID: mid, FlowID: h.FlowID,
			Entry: h.Entry, RunID: h.RunID, Step: h.Step})
	case chatbot.HandoffIntegration:
		task, err = tasks.NewIntegrationMessage(tasks.IntegrationMessage{CompanyID: co, TicketID: tid, MessageID: mid,
			IntegrationID: h.IntegrationID})
	case chatbot.HandoffPrompt:
		task, err = tasks.NewPromptMessage(tasks.PromptMessage{CompanyID: co, TicketID: tid, MessageID: mid, PromptID: h.PromptID})
	}
	if err != nil {
		return nil
	}
	return task
}

// handedOff: after a flow hand-off, the ticket's later messages of the batch wait for the
// run the hand-off starts or advances (the run's step it carries is taken). A run waiting
// on an outside bot (openai, typebot) stays on its node, one step on: each later message
// of the batch goes to that bot too, as it would one batch later.
func (st *botState) handedOff(ticketID int64, o chatbot.Outcome) {
	if o.Handoff == nil || o.Handoff.Kind != chatbot.HandoffFlow || st.runs == nil {
		return
	}
	if r := st.runs[ticketID]; r != nil && r.Relays && !r.Pending && o.Handoff.Entry == "" && o.Handoff.RunID == r.ID {
		next := *r
		next.Step++
		st.runs[ticketID] = &next
		return
	}
	st.runs[ticketID] = &chatbot.Run{Pending: true}
}

// enqueueHandoff finishes a committed hand-off: queues its task, or sends and schedules
// what the batch's flow step wrote. A refused task is logged: the reconciler queues it
// again from the outbox.
func (p Processor) enqueueHandoff(ctx context.Context, o announce) {
	if o.handoff != nil && o.handoff.flow != nil {
		p.flows().Finish(ctx, o.handoff.flow)
		return
	}
	if o.handoff != nil {
		taskoutbox.Queue(ctx, p.Queue, o.handoff.task)
	}
}
