package inbound

import (
	"context"
	"errors"
	"log/slog"

	"github.com/hibiken/asynq"

	"atende/pkg/chatbot"
	"atende/pkg/tasks"
)

// handoffTask is a hand-off the batch enqueues once committed (announce.handoff).
type handoffTask struct{ task *asynq.Task }

// handoffs builds the turns' hand-off tasks: a flow step (an entry or the run's next step),
// an integration's or a prompt's message. Each is keyed by the message id, so a retried
// batch enqueues it once.
func handoffs(turns []*turn) []announce {
	var out []announce
	for _, tu := range turns {
		h := tu.o.Handoff
		if h == nil {
			continue
		}
		if task := handoffOf(tu, h); task != nil {
			out = append(out, announce{action: "handoff", ticketID: tu.a.ticket.ID, handoff: &handoffTask{task}})
		}
	}
	return out
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

// pendingRun: after a flow hand-off, the ticket's later messages of the batch wait for
// the run the hand-off starts or advances (the run's step it carries is taken).
func (st *botState) handedOff(ticketID int64, o chatbot.Outcome) {
	if o.Handoff != nil && o.Handoff.Kind == chatbot.HandoffFlow && st.runs != nil {
		st.runs[ticketID] = &chatbot.Run{Pending: true}
	}
}

// enqueueHandoff queues a committed hand-off; a refused one is logged (its message stays
// stored, and the customer's next message hands off again).
func (p Processor) enqueueHandoff(ctx context.Context, o announce) {
	if p.Queue == nil || o.handoff == nil {
		return
	}
	_, err := p.Queue.EnqueueContext(ctx, o.handoff.task)
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		slog.Warn("inbound: hand-off not queued", "type", o.handoff.task.Type(), "err", err)
	}
}
