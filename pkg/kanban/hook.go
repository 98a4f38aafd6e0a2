package kanban

import (
	"context"
	"log/slog"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/tasks"
)

// NewMessage is a message just stored on a ticket.
type NewMessage struct {
	CompanyID, TicketID, MessageID int64
	FromMe                         bool
}

// Watch is the lane timers' hook, called once the messages are committed: by the inbound
// pipeline (pkg/inbound/lanes.go: messages that arrived, the customer's and those sent from
// the phone) and by the attendants' sends (pkg/message/lanes.go). For tickets in a lane
// with a next or rollback lane it queues tasks.LaneMessage for the ticket's newest
// message; other tickets cost one indexed query per call. Failures are logged: a message
// is never refused for its lane.
func Watch(ctx context.Context, db *gorm.DB, q tasks.Enqueuer, msgs []NewMessage) {
	if q == nil || len(msgs) == 0 {
		return
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
	if err := db.WithContext(ctx).Raw(`SELECT DISTINCT tt.ticket_id FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id
		WHERE tt.ticket_id = ANY(?::bigint[]) AND g.kanban = 1 AND (g.next_lane_id IS NOT NULL OR g.rollback_lane_id IS NOT NULL)`,
		atdb.Int64s(ids)).Find(&laned).Error; err != nil {
		slog.WarnContext(ctx, "kanban: lane lookup", "err", err)
		return
	}
	for _, id := range laned {
		m := newest[id]
		task, err := tasks.NewLaneMessage(tasks.LaneMessage{CompanyID: m.CompanyID, TicketID: m.TicketID,
			MessageID: m.MessageID, FromMe: m.FromMe})
		if err == nil {
			err = tasks.Enqueue(ctx, q, task)
		}
		if err != nil {
			slog.WarnContext(ctx, "kanban: lane task not queued", "err", err, "ticket_id", id)
		}
	}
}
