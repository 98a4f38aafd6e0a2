package timers

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// Inactivity warns and expires idle open tickets (BEHAVIOUR §6 "Inactivity and expiry"),
// per connected connection with expiresTicket > 0 (a sandbox connection too, when its
// status is CONNECTED). Only open, non-imported tickets; with whenExpiresTicket "1" only
// those whose last message is ours (fromMe).
//
//   - Without a warning (timeInactiveMessage = 0): idle for expiresTicket minutes → closed.
//   - With one (timeInactiveMessage > 0): idle for timeInactiveMessage minutes and not
//     warned → inactiveMessage sent (when set), sendInactiveMessage set, and updated_at set
//     to the warning's time. A warned ticket idle for expiresTicket minutes since then, that
//     is expiresTicket + timeInactiveMessage after the last activity when the warning went
//     out on time, is closed. Anything the ticket does after the warning (a message either
//     way) moves updated_at, so the expiry counts from that instead.
//
// The close sends expiresInactiveMessage (when set), resets the counters, finishes the
// episode and logs "autoClose"; no rating is asked (ticket.CloseBySystem).
func (s Service) Inactivity(ctx context.Context, now time.Time) (int, error) {
	var conns []connection.Connection
	if err := s.DB.WithContext(ctx).Where("expires_ticket > 0 AND status = ?", connection.StatusConnected).
		Order("id").Find(&conns).Error; err != nil {
		return 0, err
	}
	if len(conns) == 0 {
		return 0, nil
	}
	// The probe leaves whenExpiresTicket to the sweeps: without it the probe reads the
	// index alone (an index-only scan), never the tickets.
	var ids atdb.Int64s
	var before atdb.Times
	for _, c := range conns {
		last := minutes(now, c.ExpiresTicket)
		if c.TimeInactiveMessage > 0 {
			last = later(last, minutes(now, c.TimeInactiveMessage))
		}
		ids, before = append(ids, c.ID), append(before, last)
	}
	due, err := s.due(ctx, `SELECT c.id FROM unnest(?::bigint[], ?::timestamptz[]) AS c(id, before)
		WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.connection_id = c.id AND t.status = 'open' AND NOT t.imported
		AND t.updated_at <= c.before)`, ids, before)
	if err != nil {
		return 0, err
	}
	changed, until := 0, deadline()
	for _, c := range conns {
		if !due[c.ID] {
			continue
		}
		n, err := s.inactivity(ctx, until, c, now)
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// inactivity runs the connection's sweeps. from_me and send_inactive_message are keys of
// tickets_open_due_idx after (updated_at, id) (migration 00065): the range is still the
// connection's idle tickets in keyset order, and the tickets a sweep does not act on (the
// customer wrote last, or warned and not expired yet) are passed over in the index, not read.
func (s Service) inactivity(ctx context.Context, until time.Time, c connection.Connection, now time.Time) (int, error) {
	idle := "connection_id = ? AND status = 'open' AND NOT imported AND updated_at <= ?"
	if lastFromUs(c) {
		idle += " AND from_me"
	}
	warns := c.TimeInactiveMessage > 0
	expired := idle
	if warns {
		expired += " AND send_inactive_message"
	}
	closed, err := s.sweep(ctx, until, c.CompanyID, expired, []any{c.ID, minutes(now, c.ExpiresTicket)}, s.expire(c))
	if err != nil || !warns {
		return closed, err
	}
	warned, err := s.sweep(ctx, until, c.CompanyID, idle+" AND NOT send_inactive_message",
		[]any{c.ID, minutes(now, c.TimeInactiveMessage)}, s.warn(c, now))
	return closed + warned, err
}

// lastFromUs: whenExpiresTicket "1" expires only tickets whose last message is ours.
func lastFromUs(c connection.Connection) bool { return strings.TrimSpace(c.WhenExpiresTicket) == "1" }

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// warn sends the inactivity warning and restarts the idle clock from it.
func (s Service) warn(c connection.Connection, now time.Time) step {
	return func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
		body, err := render(ctx, tx, *t, c.InactiveMessage)
		if err != nil {
			return nil, err
		}
		var msgs []message.Message
		if body != "" {
			if msgs, err = message.WriteSystem(ctx, tx, *t, []string{body}); err != nil {
				return nil, err
			}
		}
		// message.Write marks the ticket read, as an attendant's reply does; the warning is
		// no reply: what the attendant has not read stays unread.
		t.SendInactiveMessage, t.UpdatedAt = true, now
		return msgs, tx.Model(&ticket.Ticket{}).Where("id = ? AND NOT send_inactive_message", t.ID).
			Updates(map[string]any{"send_inactive_message": true, "updated_at": now, "unread_messages": t.UnreadMessages}).Error
	}
}

// expire closes an idle ticket with the connection's expiry message.
func (s Service) expire(c connection.Connection) step {
	return func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
		texts, err := ticket.CloseBySystem(ctx, tx, t, c, s.Settings,
			ticket.AutoClose{Text: c.ExpiresInactiveMessage, Log: ticket.LogAutoClose})
		if err != nil {
			return nil, err
		}
		return message.WriteSystem(ctx, tx, *t, texts)
	}
}
