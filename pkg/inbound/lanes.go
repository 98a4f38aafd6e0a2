package inbound

import (
	"context"

	"atende/pkg/kanban"
)

// watchLanes hands the messages a committed batch stored from the channel (the customer's,
// and the agent's sent from the phone; not the bot's or a flow's replies) to the kanban lane timers
// (BEHAVIOUR §6, pkg/kanban.Watch). Called once per batch by Process.
func (p Processor) watchLanes(ctx context.Context, outs []announce) {
	var msgs []kanban.NewMessage
	for _, o := range outs {
		if o.action != "create" || o.send || o.byFlow || o.msg.ID == 0 || o.msg.IsPrivate {
			continue
		}
		msgs = append(msgs, kanban.NewMessage{CompanyID: o.msg.CompanyID, TicketID: o.msg.TicketID,
			MessageID: o.msg.ID, FromMe: o.msg.FromMe})
	}
	kanban.Watch(ctx, p.DB, p.Queue, msgs)
}
