package timers

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// Redirect moves waiting tickets without a queue into the connection's sendIdQueue
// (BEHAVIOUR §6 "Redirect of queue-less tickets"): per connected connection with
// timeSendQueue > 0 and a sendIdQueue of its own company, pending tickets without a queue
// idle for more than timeSendQueue minutes get that queue, a "redirect" log entry and the
// queue on their episode. No message is sent, unless the queue closes its tickets: then
// the normal close follows (decision 6), with its farewell rules.
func (s Service) Redirect(ctx context.Context, now time.Time) (int, error) {
	var conns []connection.Connection
	err := s.DB.WithContext(ctx).Where(`time_send_queue > 0 AND status = ? AND EXISTS (SELECT 1 FROM queues q
		WHERE q.id = connections.send_id_queue AND q.company_id = connections.company_id)`, connection.StatusConnected).
		Order("id").Find(&conns).Error
	if err != nil || len(conns) == 0 {
		return 0, err
	}
	var ids, queues atdb.Int64s
	var before atdb.Times
	for _, c := range conns {
		ids, before, queues = append(ids, c.ID), append(before, minutes(now, c.TimeSendQueue)), append(queues, *c.SendIDQueue)
	}
	var closing []int64
	if err := s.DB.WithContext(ctx).Raw(`SELECT id FROM queues WHERE id = ANY(?::bigint[]) AND close_ticket`, queues).
		Scan(&closing).Error; err != nil {
		return 0, err
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
		n, err := s.sweep(ctx, until, c.CompanyID, "connection_id = ? AND status = 'pending' AND queue_id IS NULL AND updated_at < ?",
			[]any{c.ID, minutes(now, c.TimeSendQueue)}, s.redirect(c, slices.Contains(closing, *c.SendIDQueue), now))
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// redirect gives a ticket the connection's sendIdQueue, and closes it when that queue
// closes its tickets.
func (s Service) redirect(c connection.Connection, closes bool, now time.Time) step {
	return func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
		if err := ticket.Redirect(ctx, tx, t, *c.SendIDQueue, now); err != nil || !closes {
			return nil, err
		}
		texts, err := ticket.CloseBySystem(ctx, tx, t, c, s.Settings, ticket.AutoClose{Farewell: true})
		if err != nil {
			return nil, err
		}
		return message.WriteSystem(ctx, tx, *t, texts)
	}
}
