package kanban

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
)

// NewMessage is a message just stored on a ticket.
type NewMessage struct {
	CompanyID, TicketID, MessageID int64
	FromMe                         bool
}

// Keep is the lane timers' hook, called inside the transaction that stores the messages:
// by the inbound pipeline (pkg/inbound/lanes.go: messages that arrived, the customer's and
// those sent from the phone) and by the attendants' sends (pkg/message/lanes.go). For
// tickets in a lane with a next or rollback lane it keeps a tasks.LaneMessage for the
// ticket's newest message (pkg/lanetimer reacts to it) with the transaction, so a lost
// enqueue is queued again; the caller queues the returned tasks once it committed
// (Enqueue). Other tickets cost one indexed query per call.
func Keep(ctx context.Context, tx *gorm.DB, msgs []NewMessage) ([]*asynq.Task, error) {
	if len(msgs) == 0 {
		return nil, nil
	}
	newest := map[int64]NewMessage{}
	ids := make([]int64, 0, len(msgs))
	for _, m := range msgs {
		old, seen := newest[m.TicketID]
		if !seen {
			ids = append(ids, m.TicketID)
		}
		if !seen || m.MessageID > old.MessageID {
			newest[m.TicketID] = m
		}
	}
	var laned []int64
	if err := tx.WithContext(ctx).Raw(`SELECT DISTINCT tt.ticket_id FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id
		WHERE tt.ticket_id = ANY(?::bigint[]) AND g.kanban = 1 AND (g.next_lane_id IS NOT NULL OR g.rollback_lane_id IS NOT NULL)`,
		atdb.Int64s(ids)).Find(&laned).Error; err != nil {
		return nil, err
	}
	out := make([]*asynq.Task, 0, len(laned))
	for _, id := range laned {
		m := newest[id]
		task, err := tasks.NewLaneMessage(tasks.LaneMessage{CompanyID: m.CompanyID, TicketID: m.TicketID,
			MessageID: m.MessageID, FromMe: m.FromMe})
		if err != nil {
			return nil, err
		}
		if err := taskoutbox.Keep(tx, m.CompanyID, task); err != nil {
			return nil, err
		}
		out = append(out, task)
	}
	return out, nil
}
