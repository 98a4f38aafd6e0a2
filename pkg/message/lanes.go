package message

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/kanban"
)

// keepLanes hands an attendant's messages, inside the transaction that stores them, to the
// kanban lane timers (BEHAVIOUR §6, pkg/kanban.Keep): an agent message starts its lane's
// timer. Automatic texts (userID nil: greetings, farewells, a lane's own greeting) start
// none. The caller queues the tasks once committed (taskoutbox.Queue).
func keepLanes(ctx context.Context, tx *gorm.DB, userID *int64, msgs []Message) ([]*asynq.Task, error) {
	if userID == nil {
		return nil, nil
	}
	out := make([]kanban.NewMessage, 0, len(msgs))
	for _, m := range msgs {
		if !m.IsPrivate {
			out = append(out, kanban.NewMessage{CompanyID: m.CompanyID, TicketID: m.TicketID, MessageID: m.ID, FromMe: true})
		}
	}
	return kanban.Keep(ctx, tx, out)
}
