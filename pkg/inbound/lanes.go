package inbound

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/kanban"
)

// keepLanes hands the messages the batch stored from the channel (the customer's, and the
// agent's sent from the phone; not the bot's or a flow's replies) to the kanban lane timers
// (BEHAVIOUR §6, pkg/kanban.Keep), inside the batch's transaction: the tasks come back as
// hand-offs, queued once it committed. Called once per batch by run.
func (p Processor) keepLanes(ctx context.Context, tx *gorm.DB, outs []announce) ([]announce, error) {
	var msgs []kanban.NewMessage
	for _, o := range outs {
		if o.action != "create" || o.send || o.byFlow || o.msg.ID == 0 || o.msg.IsPrivate {
			continue
		}
		msgs = append(msgs, kanban.NewMessage{CompanyID: o.msg.CompanyID, TicketID: o.msg.TicketID,
			MessageID: o.msg.ID, FromMe: o.msg.FromMe})
	}
	kept, err := kanban.Keep(ctx, tx, msgs)
	if err != nil {
		return nil, err
	}
	more := make([]announce, len(kept))
	for i, task := range kept {
		more[i] = announce{action: "handoff", handoff: &handoffTask{task: task}}
	}
	return more, nil
}
