// Package timers holds the cron jobs that act on tickets nobody touched for a while
// (BEHAVIOUR §3, §5, §6): inactivity warning and expiry, NPS expiry, the redirect of
// queue-less tickets, queue rotation and the isOutOfHour reset. The scheduler only enqueues
// a task per tick; the worker calls one job, passing the clock (now), so tests set it.
//
// Every job reads the tickets due through a partial index whose predicate is its own
// (migration 00026): with nothing to do it reads an empty range. It works in batches locked
// FOR UPDATE SKIP LOCKED and re-checks the whole predicate under the lock, so two runs at
// once (two schedulers, a retried task) never act on a ticket twice: the second finds the
// ticket changed, or locked and skips it. Messages are written in the batch's transaction
// (message.Write) and dispatched after it commits.
//
// Idleness: a ticket's updated_at is the time of its last message, in or out, or of the
// last change anyone made to it (accept, transfer, the jobs themselves); a ticket is idle
// for now − updated_at.
package timers

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// BatchSize is how many tickets one transaction locks and changes: an inbound message for
// one of them waits for that transaction at most.
const BatchSize = 25

// Budget is how long one run of a job keeps starting batches; what is left waits for the
// next tick (the tasks time out after tasks.TimerTimeout).
const Budget = 40 * time.Second

// deadline is when a run that starts now stops starting batches.
func deadline() time.Time { return time.Now().Add(Budget) }

// Dispatcher sends written messages once their transaction committed (message.Service).
type Dispatcher interface {
	Dispatch(ctx context.Context, msgs []message.Message)
}

// Service runs the jobs.
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Messages Dispatcher
	Settings ticket.Settings
}

// step changes one locked ticket inside tx and returns the messages it wrote; the ticket is
// updated in place. An error undoes that ticket's changes only; errSkip says there was
// nothing to do for it.
type step func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error)

var errSkip = errors.New("timers: nothing to do for this ticket")

var skipLocked = clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}

// sweep walks the tickets of companyID matching due (the job's index predicate, written
// with literals, and its arguments) in (updated_at, id) order, BatchSize at a time, and
// runs act on each under its row lock, until the batches run out or until passes. It
// returns how many tickets act changed.
func (s Service) sweep(ctx context.Context, until time.Time, companyID int64, due string, args []any, act step) (int, error) {
	ctx = tenant.With(ctx, companyID)
	var afterAt time.Time
	var afterID int64
	changed := 0
	for time.Now().Before(until) && ctx.Err() == nil {
		var batch []ticket.Ticket
		var done []int64
		var olds []string
		var msgs []message.Message
		err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			err := tx.Where("company_id = ?", companyID).Where(due, args...).
				Where("(updated_at, id) > (?, ?)", afterAt, afterID).
				Order("updated_at, id").Limit(BatchSize).Clauses(skipLocked).Find(&batch).Error
			if err != nil {
				return err
			}
			for i := range batch {
				t := batch[i]
				afterAt, afterID = t.UpdatedAt, t.ID
				var written []message.Message
				err := tx.Transaction(func(sp *gorm.DB) error {
					var err error
					written, err = act(ctx, sp, &t)
					return err
				})
				if errors.Is(err, errSkip) {
					continue
				}
				if err != nil {
					slog.WarnContext(ctx, "timers: ticket left as it was", "ticket_id", t.ID, "err", err)
					continue
				}
				done, olds, msgs = append(done, t.ID), append(olds, batch[i].Status), append(msgs, written...)
			}
			return nil
		})
		if err != nil {
			return changed, err
		}
		changed += len(done)
		s.Messages.Dispatch(ctx, msgs)
		s.announce(ctx, done, olds)
		if len(batch) < BatchSize {
			break
		}
	}
	return changed, nil
}

// announce publishes the committed tickets as they are now, decorated; olds are the
// statuses they had, so the lists they left drop them.
func (s Service) announce(ctx context.Context, ids []int64, olds []string) {
	if len(ids) == 0 {
		return
	}
	var rows []ticket.Ticket
	if err := s.DB.WithContext(ctx).Where("id IN ?", ids).Find(&rows).Error; err != nil {
		slog.WarnContext(ctx, "timers: announce", "err", err)
		return
	}
	if err := ticket.Decorate(ctx, s.DB, rows); err != nil {
		slog.WarnContext(ctx, "timers: announce", "err", err)
	}
	old := make(map[int64]string, len(ids))
	for i, id := range ids {
		old[id] = olds[i]
	}
	for _, t := range rows {
		ticket.PublishUpdate(ctx, s.Events, t, old[t.ID])
	}
}

// render fills the message variables (BEHAVIOUR §11) of text for t; blank stays blank.
func render(ctx context.Context, tx *gorm.DB, t ticket.Ticket, text string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	full, err := ticket.Get(ctx, tx, t.ID)
	if err != nil {
		return "", err
	}
	v, err := ticket.Variables(ctx, tx, full)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(vars.Render(strings.ReplaceAll(text, "${queue.name}", v.Queue), v)), nil
}

// due returns which owners (connections or queues) have a ticket due, by one query whose
// EXISTS probes read each owner's range of the job's index: a run with nothing to do costs
// this query, not a transaction per owner. It may report more than the sweeps then find
// (it is a quick superset), never less.
func (s Service) due(ctx context.Context, query string, args ...any) (map[int64]bool, error) {
	var ids []int64
	if err := s.DB.WithContext(ctx).Raw(query, args...).Scan(&ids).Error; err != nil {
		return nil, err
	}
	m := make(map[int64]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m, nil
}

// minutes is n minutes before now.
func minutes(now time.Time, n int) time.Time { return now.Add(-time.Duration(n) * time.Minute) }
