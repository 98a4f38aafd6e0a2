package timers

import (
	"context"
	"time"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// Redirect moves waiting tickets without a queue into the connection's sendIdQueue
// (BEHAVIOUR §6 "Redirect of queue-less tickets"): per connected connection with
// timeSendQueue > 0 and a sendIdQueue of its own company, pending tickets without a queue
// idle for more than timeSendQueue minutes get that queue, a "redirect" log entry and the
// queue on their episode. No message is sent.
func (s Service) Redirect(ctx context.Context, now time.Time) (int, error) {
	var conns []struct {
		ID, CompanyID, SendIDQueue int64
		TimeSendQueue              int
	}
	err := s.DB.WithContext(ctx).Raw(`SELECT c.id, c.company_id, c.send_id_queue, c.time_send_queue
		FROM connections c JOIN queues q ON q.id = c.send_id_queue AND q.company_id = c.company_id
		WHERE c.time_send_queue > 0 AND c.status = 'CONNECTED' ORDER BY c.id`).Scan(&conns).Error
	if err != nil {
		return 0, err
	}
	if len(conns) == 0 {
		return 0, nil
	}
	var ids atdb.Int64s
	var before atdb.Times
	for _, c := range conns {
		ids, before = append(ids, c.ID), append(before, minutes(now, c.TimeSendQueue))
	}
	due, err := s.due(ctx, `SELECT c.id FROM unnest(?::bigint[], ?::timestamptz[]) AS c(id, before)
		WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.connection_id = c.id AND t.status = 'pending'
		AND t.queue_id IS NULL AND t.updated_at < c.before)`, ids, before)
	if err != nil {
		return 0, err
	}
	changed, until := 0, deadline()
	for _, c := range conns {
		if !due[c.ID] {
			continue
		}
		queueID := c.SendIDQueue
		n, err := s.sweep(ctx, until, c.CompanyID, "connection_id = ? AND status = 'pending' AND queue_id IS NULL AND updated_at < ?",
			[]any{c.ID, minutes(now, c.TimeSendQueue)},
			func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
				return nil, ticket.Redirect(ctx, tx, t, queueID, now)
			})
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}
