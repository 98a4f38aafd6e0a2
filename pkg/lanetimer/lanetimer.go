// Package lanetimer runs the kanban lane timers (BEHAVIOUR §6). Of the two systems the
// reference runs at once we keep the minute timer only: an agent's message starts a timer
// of the lane's timeLane minutes that moves the card to nextLaneId; a customer's message
// moves the card to the lane's rollbackLaneId (sending that lane's greeting), which leaves
// the timer stale. The legacy per-minute job moving idle open tickets after timeLane hours
// is not built.
//
// A timer is one scheduled asynq task (tasks.LaneMove) keyed by (ticket, lane, message),
// kept in PostgreSQL until it fires (pkg/taskoutbox), so a Redis that lost it has it queued
// again: nothing cancels it; when it fires it checks that the card is still in that lane
// and that its message is still the ticket's newest, and otherwise does nothing. So a
// newer agent message restarts the wait (its own task), a customer message cancels it, and
// a card moved by hand drops it. pkg/kanban.Keep hands the messages on (tasks.LaneMessage).
package lanetimer

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tag"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// ErrNotDue makes a timer that fired before its time (clock skew) retry later.
var ErrNotDue = errors.New("lanetimer: lane timer not due yet")

// Dispatcher sends written messages once their transaction committed (message.Service).
type Dispatcher interface {
	Dispatch(ctx context.Context, msgs []message.Message)
}

// Service reacts to messages on cards and fires the timers.
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Queue    tasks.Enqueuer
	Messages Dispatcher
	// Now is the timers' clock (time.Now when nil); tests set it.
	Now func() time.Time
}

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
		due := s.now().Add(time.Duration(lane.TimeLane) * time.Minute)
		task, err := tasks.NewLaneMove(tasks.LaneMove{CompanyID: p.CompanyID, TicketID: p.TicketID, LaneID: lane.ID,
			MessageID: p.MessageID, Due: due})
		if err != nil {
			return err
		}
		// Kept before it is queued: this message's task is released only once this returns.
		return taskoutbox.Later(ctx, s.DB, s.Queue, p.CompanyID, task, due)
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

// move takes the card from lane from to lane to (only if it is still in from) and writes
// the new lane's greeting in the same transaction, so a crash never moves a card without
// it; then sends the greeting and announces the ticket.
func (s Service) move(ctx context.Context, companyID, ticketID, from, to int64) error {
	var (
		t        ticket.Ticket
		greeting []message.Message
		moved    bool
	)
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var dest tag.Tag
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
		if err := tx.Exec(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, ticketID, to, companyID).Error; err != nil {
			return err
		}
		var err error
		if t, err = ticket.Get(ctx, tx, ticketID); err != nil {
			return err
		}
		greeting, err = greet(ctx, tx, t, dest)
		return err
	})
	if err != nil || !moved {
		return err
	}
	if s.Messages != nil {
		s.Messages.Dispatch(ctx, greeting)
	}
	if s.Events != nil {
		ticket.PublishUpdate(ctx, s.Events, t, "")
	}
	return nil
}

// greet writes a lane's greeting (message variables rendered) to the ticket's contact in
// tx; none for a lane without one or a closed ticket.
func greet(ctx context.Context, tx *gorm.DB, t ticket.Ticket, lane tag.Tag) ([]message.Message, error) {
	if strings.TrimSpace(lane.GreetingMessageLane) == "" || t.Status == ticket.StatusClosed {
		return nil, nil
	}
	vals, err := ticket.Variables(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	body := strings.TrimSpace(vars.Render(lane.GreetingMessageLane, vals))
	if body == "" {
		return nil, nil
	}
	return message.WriteSystem(ctx, tx, t, []string{body})
}
