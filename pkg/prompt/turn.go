package prompt

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"atende/pkg/randhex"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
)

// A ticket answers one prompt turn at a time, as pkg/integration/handoff's bots do: a
// short transaction (the ticket's row locked) claims the turn with a lease, the AI call
// runs outside any transaction, and the answer is written only while the lease is still
// the claim's. The lease is the answered message's prompt_replies row, its outcome
// "running:<token>" until the answer replaces it (so no other table is needed).
//
// A turn's request holds the customer's earlier text messages (history): the answer
// writes a "covered" row for each of them, so a task still to come for one of those sends
// nothing; a message the request did not hold (a voice note, one past the history's
// size) keeps its own turn. A task that finds another message's turn running comes back
// later as a scheduled copy of itself (PromptMessage.Attempt), kept in the task outbox
// like the original: no worker waits, and no retry is spent.

// LeaseFor is how long a claimed turn may run before another message's task may go
// ahead: the task's own timeout (tasks.NewPromptMessage: 2 minutes), with room. A task
// redelivered after its worker died takes its own message's lease over at once.
const LeaseFor = 2*time.Minute + 30*time.Second

// Busy waits: busyWait × 2^attempt, at most maxBusyWait and no longer than the running
// lease has left, at most maxAttempts times (then the task fails and asynq retries it).
const (
	busyWait    = 250 * time.Millisecond
	maxBusyWait = 10 * time.Second
	maxAttempts = 60
)

// ErrTurnBusy: another message's turn of the ticket kept running through every attempt.
var ErrTurnBusy = errors.New("prompt: another turn of the ticket is running")

// runningOutcome prefixes the outcome of a prompt_replies row whose turn still runs;
// outcomeCovered is a message another turn's request held and answered.
const (
	runningOutcome = "running:"
	outcomeCovered = "covered"
)

type turnState int

const (
	turnClaimed turnState = iota
	turnHandled           // answered already, by this message's turn or a later one's
	turnBusy              // another message's turn holds the lease
)

// lease is a claimed turn: its message's row and the token only this claim wrote.
type lease struct {
	messageID int64
	token     string
	until     time.Time // busy: when the running turn's lease ends
}

// claim takes the ticket's turn for p's message.
func (r Runtime) claim(ctx context.Context, p tasks.PromptMessage) (lease, turnState, error) {
	l := lease{messageID: p.MessageID, token: runningOutcome + randhex.String(8)}
	state := turnClaimed
	secs := LeaseFor.Seconds()
	err := r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The ticket's row serialises the claims of its messages (for a moment only).
		var found []int64
		if err := tx.Raw("SELECT id FROM tickets WHERE id = ? FOR UPDATE", p.TicketID).Scan(&found).Error; err != nil {
			return err
		}
		var msgs int64
		if len(found) > 0 {
			if err := tx.Raw("SELECT count(*) FROM messages WHERE id = ? AND ticket_id = ?", p.MessageID, p.TicketID).
				Scan(&msgs).Error; err != nil {
				return err
			}
		}
		if msgs == 0 { // the ticket or message was deleted since
			state = turnHandled
			return nil
		}
		var done int64
		if err := tx.Raw(`SELECT count(*) FROM prompt_replies WHERE message_id = ? AND outcome NOT LIKE 'running:%'`,
			p.MessageID).Scan(&done).Error; err != nil {
			return err
		}
		if done > 0 {
			state = turnHandled
			return nil
		}
		// Leases of turns whose task died and was never delivered again are forgotten.
		if err := tx.Exec(`DELETE FROM prompt_replies WHERE ticket_id = ? AND message_id <> ? AND outcome LIKE 'running:%'
			AND created_at <= now() - make_interval(secs => ?)`, p.TicketID, p.MessageID, secs).Error; err != nil {
			return err
		}
		var running []time.Time
		if err := tx.Raw(`SELECT created_at + make_interval(secs => ?) FROM prompt_replies
			WHERE ticket_id = ? AND message_id <> ? AND outcome LIKE 'running:%' ORDER BY created_at DESC LIMIT 1`,
			secs, p.TicketID, p.MessageID).Scan(&running).Error; err != nil {
			return err
		}
		if len(running) > 0 {
			l.until, state = running[0], turnBusy
			return nil
		}
		res := tx.Exec(`INSERT INTO prompt_replies (message_id, company_id, ticket_id, outcome) VALUES (?, ?, ?, ?)
			ON CONFLICT (message_id) DO UPDATE SET outcome = EXCLUDED.outcome, created_at = now()
			WHERE prompt_replies.outcome LIKE 'running:%'`, p.MessageID, p.CompanyID, p.TicketID, l.token)
		if res.Error == nil && res.RowsAffected == 0 {
			state = turnHandled
		}
		return res.Error
	})
	return l, state, err
}

// release ends l's lease without an answer (nothing to say, or a failure retried), so the
// ticket's other messages need not wait for it to expire.
func (r Runtime) release(ctx context.Context, l lease) {
	_ = r.DB.WithContext(context.WithoutCancel(ctx)).
		Exec("DELETE FROM prompt_replies WHERE message_id = ? AND outcome = ?", l.messageID, l.token).Error
}

// later brings the busy task back once the running turn is likely over: a scheduled copy
// keyed by the attempt, kept in the task outbox before it is queued (this task's own row
// is released when it returns).
func (r Runtime) later(ctx context.Context, p tasks.PromptMessage, l lease) error {
	if p.Attempt >= maxAttempts || r.Queue == nil {
		return ErrTurnBusy
	}
	wait := min(busyWait<<min(p.Attempt, 10), maxBusyWait, max(time.Until(l.until), 0)+busyWait)
	p.Attempt++
	task, err := tasks.NewPromptMessage(p)
	if err != nil {
		return err
	}
	return taskoutbox.Later(ctx, r.DB, r.Queue, p.CompanyID, task, time.Now().Add(wait))
}
