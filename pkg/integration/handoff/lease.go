package handoff

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
	"atende/pkg/ticket"
)

// A bot turn holds no row lock and no connection while the outside service answers: a
// short transaction claims the ticket's session (turn + 1, a lease), the calls run outside
// any transaction, and a second short one writes the answer only if the session's turn is
// still the claim's. A duplicated task, or one whose lease expired and was taken over,
// finds another turn there and writes nothing.

// LeaseFor is how long a claimed turn may run before another task may take it over:
// several outside calls of integration.Timeout each, with room.
const LeaseFor = 45 * time.Second

// Busy waits: a task that finds another turn of its ticket running comes back after
// busyWait × 2^attempt (at most maxBusyWait), at most maxAttempts times, as a scheduled
// task (no worker waits, no retry of the task is spent).
const (
	busyWait    = 100 * time.Millisecond
	maxBusyWait = 5 * time.Second
	maxAttempts = 40
)

// claimState is what a claim found.
type claimState int

const (
	claimed claimState = iota
	handled            // the message was handled already (or the bot keeps out now)
	busy               // another task's turn holds the lease
)

// claim is a turn a task holds: the session and ticket as claimed.
type claim struct {
	s       session
	t       ticket.Ticket
	through int64 // the last customer message the turn answers
}

// owner names the work a task does, whatever its attempt: a redelivered task (a worker
// killed mid-call) takes over its own lease at once.
func owner(p tasks.IntegrationMessage) string {
	return fmt.Sprintf("m%d:i%d:d%t", p.MessageID, p.IntegrationID, p.Due)
}

// claimTurn claims the ticket's session for j's turn up to message through.
func (r Runner) claimTurn(ctx context.Context, j job, through int64) (claim, claimState, error) {
	var c claim
	state := claimed
	err := r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		s, err := lockSession(tx, j.p.CompanyID, j.p.TicketID)
		if err != nil {
			return err
		}
		if s.LastMessageID >= through {
			state = handled
			return nil
		}
		now := r.now()
		if s.LeaseUntil != nil && now.Before(*s.LeaseUntil) && s.LeaseOwner != owner(j.p) {
			c.s, state = s, busy
			return nil
		}
		t, err := ticket.Row(ctx, tx, j.p.TicketID)
		if err != nil {
			return err
		}
		if keepOut(t) { // an attendant took over, or it ended: the bot keeps out
			s.LastMessageID, s.LeaseUntil, s.LeaseOwner, state = through, nil, "", handled
			return saveSession(tx, s)
		}
		until := now.Add(LeaseFor)
		s.Turn, s.LeaseUntil, s.LeaseOwner, s.ClaimedThrough = s.Turn+1, &until, owner(j.p), through
		c = claim{s: s, t: t, through: through}
		return saveSession(tx, s)
	})
	return c, state, err
}

func keepOut(t ticket.Ticket) bool { return t.Status == ticket.StatusClosed || t.UserID != nil }

// finishTurn runs write in a short transaction if c is still the session's turn, with
// the session to record (its message handled, the lease ended). won is false when another
// task took the turn over: nothing was written.
func (r Runner) finishTurn(ctx context.Context, c claim, write func(tx *gorm.DB, s *session, t ticket.Ticket) error) (bool, error) {
	return r.finish(ctx, c, false, write)
}

// finish is finishTurn; always writes even when the bot keeps out now (a delivery's log).
func (r Runner) finish(ctx context.Context, c claim, always bool, write func(tx *gorm.DB, s *session, t ticket.Ticket) error) (bool, error) {
	won := false
	err := r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cur, err := lockSession(tx, c.s.CompanyID, c.s.TicketID)
		if err != nil || cur.Turn != c.s.Turn {
			return err
		}
		s := c.s
		s.LastMessageID, s.LeaseUntil, s.LeaseOwner = max(cur.LastMessageID, c.through), nil, ""
		t, err := ticket.Row(ctx, tx, c.s.TicketID)
		if err != nil {
			return err
		}
		if always || !keepOut(t) { // taken over by an attendant while the bot thought: its answer is dropped
			if err := write(tx, &s, t); err != nil {
				return err
			}
		}
		won = true
		return saveSession(tx, s)
	})
	return won, err
}

// release ends c's lease early (its call failed and the task is retried), so the ticket's
// other messages need not wait for it to expire.
func (r Runner) release(ctx context.Context, c claim) {
	_ = r.DB.WithContext(ctx).Exec(`UPDATE integration_sessions SET lease_until = NULL, lease_owner = ''
		WHERE ticket_id = ? AND turn = ?`, c.s.TicketID, c.s.Turn).Error
}

// later brings the task back once the running turn is likely over: a scheduled copy keyed
// by the attempt. After maxAttempts (a turn stuck far beyond its lease) the task fails and
// asynq retries it.
func (r Runner) later(ctx context.Context, p tasks.IntegrationMessage, until *time.Time) error {
	if p.Attempt >= maxAttempts || r.Queue == nil {
		return errors.New("integration: another turn of the ticket is running")
	}
	wait := min(busyWait<<min(p.Attempt, 10), maxBusyWait)
	if until != nil {
		wait = min(wait, max(time.Until(*until), 0)+busyWait)
	}
	return r.again(ctx, p, wait)
}

// again schedules the next attempt of p in wait.
func (r Runner) again(ctx context.Context, p tasks.IntegrationMessage, wait time.Duration) error {
	if p.Attempt >= maxAttempts || r.Queue == nil {
		return errors.New("integration: turn not due yet")
	}
	p.Attempt++
	task, err := tasks.NewIntegrationMessage(p)
	if err != nil {
		return err
	}
	return taskoutbox.Later(ctx, r.DB, r.Queue, p.CompanyID, task, time.Now().Add(wait))
}
