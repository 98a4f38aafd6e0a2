package kanban

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/tag"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// The lane timers (BEHAVIOUR §6). Of the two systems the reference runs at once we keep
// the minute timer only: an agent's message starts a timer of the lane's timeLane minutes
// that moves the card to nextLaneId; a customer's message moves the card to the lane's
// rollbackLaneId (sending that lane's greeting), which leaves the timer stale. The legacy
// per-minute job moving idle open tickets after timeLane hours is not built.
//
// A timer is one scheduled asynq task (tasks.LaneMove) keyed by (ticket, lane, message):
// nothing cancels it; when it fires it checks that the card is still in that lane and that
// its message is still the ticket's newest, and otherwise does nothing. So a newer agent
// message restarts the wait (its own task), a customer message cancels it, and a card
// moved by hand drops it.

// ErrNotDue makes a timer that fired before its time (clock skew) retry later.
var ErrNotDue = errors.New("kanban: lane timer not due yet")

func (s Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// OnMessage reacts to a new message on a ticket in a lane (tasks.LaneMessage).
func (s Service) OnMessage(ctx context.Context, p tasks.LaneMessage) error {
	ctx = tenant.With(ctx, p.CompanyID)
	lane, ok, err := s.laneOf(ctx, p.CompanyID, p.TicketID)
	if err != nil || !ok {
		return err
	}
	if newer, err := s.newerMessage(ctx, p.TicketID, p.MessageID); err != nil || newer {
		return err
	}
	if p.FromMe {
		if lane.NextLaneID == nil || lane.TimeLane <= 0 {
			return nil
		}
		task, err := tasks.NewLaneMove(tasks.LaneMove{CompanyID: p.CompanyID, TicketID: p.TicketID, LaneID: lane.ID,
			MessageID: p.MessageID, Due: s.now().Add(time.Duration(lane.TimeLane) * time.Minute)})
		if err != nil {
			return err
		}
		return tasks.Enqueue(ctx, s.Queue, task)
	}
	if lane.RollbackLaneID == nil {
		return nil
	}
	return s.move(ctx, p.CompanyID, p.TicketID, lane.ID, *lane.RollbackLaneID)
}

// Move is a lane timer firing (tasks.LaneMove): a stale one does nothing.
func (s Service) Move(ctx context.Context, p tasks.LaneMove) error {
	ctx = tenant.With(ctx, p.CompanyID)
	if s.now().Before(p.Due) {
		return ErrNotDue
	}
	lane, ok, err := s.laneOf(ctx, p.CompanyID, p.TicketID)
	if err != nil || !ok || lane.ID != p.LaneID || lane.NextLaneID == nil {
		return err // the card left the lane, or the lane lost its next lane
	}
	if newer, err := s.newerMessage(ctx, p.TicketID, p.MessageID); err != nil || newer {
		return err
	}
	return s.move(ctx, p.CompanyID, p.TicketID, lane.ID, *lane.NextLaneID)
}

// laneOf is the ticket's lane with timers: its kanban tag (the lowest id when several).
func (s Service) laneOf(ctx context.Context, companyID, ticketID int64) (tag.Tag, bool, error) {
	var lanes []tag.Tag
	err := s.DB.WithContext(ctx).Raw(`SELECT g.* FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id
		WHERE tt.ticket_id = ? AND tt.company_id = ? AND g.kanban = 1 ORDER BY g.id LIMIT 1`, ticketID, companyID).
		Scan(&lanes).Error
	if err != nil || len(lanes) == 0 {
		return tag.Tag{}, false, err
	}
	return lanes[0], true, nil
}

// newerMessage: the ticket has a message (not a private note) after messageID.
func (s Service) newerMessage(ctx context.Context, ticketID, messageID int64) (bool, error) {
	var n int64
	err := s.DB.WithContext(ctx).Raw(`SELECT count(*) FROM (SELECT 1 FROM messages
		WHERE ticket_id = ? AND id > ? AND NOT is_private LIMIT 1) x`, ticketID, messageID).Scan(&n).Error
	return n > 0, err
}

// move takes the card from lane from to lane to (only if it is still in from), announces
// the ticket and sends the new lane's greeting.
func (s Service) move(ctx context.Context, companyID, ticketID, from, to int64) error {
	var dest tag.Tag
	moved := false
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ? AND company_id = ? AND kanban = 1", to, companyID).Take(&dest).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return nil // the lane was removed since
			}
			return err
		}
		res := tx.Exec(`DELETE FROM ticket_tags tt USING tags g WHERE tt.ticket_id = ? AND tt.company_id = ?
			AND g.id = tt.tag_id AND g.kanban = 1 AND EXISTS (SELECT 1 FROM ticket_tags x
			WHERE x.ticket_id = ? AND x.tag_id = ?)`, ticketID, companyID, ticketID, from)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		moved = true
		return tx.Exec(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, ticketID, to, companyID).Error
	})
	if err != nil || !moved {
		return err
	}
	t, err := ticket.Get(ctx, s.DB, ticketID)
	if err != nil {
		return err
	}
	if s.Events != nil {
		ticket.PublishUpdate(ctx, s.Events, t, "")
	}
	s.greet(ctx, t, dest)
	return nil
}

// greet sends a lane's greeting (message variables rendered) to the ticket's contact.
func (s Service) greet(ctx context.Context, t ticket.Ticket, lane tag.Tag) {
	if s.Messenger == nil || strings.TrimSpace(lane.GreetingMessageLane) == "" || t.Status == ticket.StatusClosed {
		return
	}
	vals, err := ticket.Variables(ctx, s.DB, t)
	if err != nil {
		slog.WarnContext(ctx, "kanban: greeting variables", "err", err, "ticket_id", t.ID)
		return
	}
	if body := strings.TrimSpace(vars.Render(lane.GreetingMessageLane, vals)); body != "" {
		if err := s.Messenger.SendText(ctx, t, body); err != nil {
			slog.WarnContext(ctx, "kanban: lane greeting not sent", "err", err, "ticket_id", t.ID)
		}
	}
}
