package timers

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// ExpireNPS closes the tickets that waited too long for a rating (BEHAVIOUR §3 "Expiry"):
// per connection with expiresTicketNPS > 0, tickets in nps not updated for that many
// minutes get the completion message (when set) and are closed (counters reset, episode
// finished, log "autoClose"); no rating is stored.
func (s Service) ExpireNPS(ctx context.Context, now time.Time) (int, error) {
	var conns []connection.Connection
	if err := s.DB.WithContext(ctx).Where("expires_ticket_nps > 0").Order("id").Find(&conns).Error; err != nil {
		return 0, err
	}
	if len(conns) == 0 {
		return 0, nil
	}
	var ids atdb.Int64s
	var before atdb.Times
	for _, c := range conns {
		ids, before = append(ids, c.ID), append(before, minutes(now, c.ExpiresTicketNPS))
	}
	due, err := s.due(ctx, `SELECT c.id FROM unnest(?::bigint[], ?::timestamptz[]) AS c(id, before)
		WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.connection_id = c.id AND t.status = 'nps' AND t.updated_at <= c.before)`,
		ids, before)
	if err != nil {
		return 0, err
	}
	changed, until := 0, deadline()
	for _, c := range conns {
		if !due[c.ID] {
			continue
		}
		n, err := s.sweep(ctx, until, c.CompanyID, "connection_id = ? AND status = 'nps' AND updated_at <= ?",
			[]any{c.ID, minutes(now, c.ExpiresTicketNPS)}, s.closeNPS(c))
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

func (s Service) closeNPS(c connection.Connection) step {
	return func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
		texts, err := ticket.CloseBySystem(ctx, tx, t, c, s.Settings,
			ticket.AutoClose{Completion: true, Log: ticket.LogAutoClose})
		if err != nil {
			return nil, err
		}
		return message.WriteSystem(ctx, tx, *t, texts)
	}
}
