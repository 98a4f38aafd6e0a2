package message

import (
	"context"

	"atende/pkg/kanban"
)

// watchLanes hands an attendant's sent messages to the kanban lane timers (BEHAVIOUR §6,
// pkg/kanban.Watch): an agent message starts its lane's timer. Automatic texts (userID
// nil: greetings, farewells, a lane's own greeting) start none. Called once by store.
func (s Service) watchLanes(ctx context.Context, userID *int64, msgs []Message) {
	if userID == nil {
		return
	}
	out := make([]kanban.NewMessage, 0, len(msgs))
	for _, m := range msgs {
		if !m.IsPrivate {
			out = append(out, kanban.NewMessage{CompanyID: m.CompanyID, TicketID: m.TicketID, MessageID: m.ID, FromMe: true})
		}
	}
	kanban.Watch(ctx, s.DB, s.Queue, out)
}
