// Package taskoutbox keeps the hand-off tasks of tasks.Kept in PostgreSQL, written in the
// transaction that decides them, until the worker finishes them: a task whose enqueue after
// the commit was lost (a killed process, a Redis that lost its data) is queued again by the
// reconciler under its own TaskID, so one still queued is never queued twice. The handlers
// are safe to run again (each records the message it handled).
package taskoutbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/tasks"
)

// MaxAge is how long after it was due a kept task is queued again: one older has been
// given up on.
const MaxAge = 24 * time.Hour

// requeueBatch bounds one reconciler pass.
const requeueBatch = 500

// Keep records task (of a kept type, due now) for companyID in tx.
func Keep(tx *gorm.DB, companyID int64, task *asynq.Task) error {
	return KeepAt(tx, companyID, task, time.Time{})
}

// KeepAt records task (of a kept type), scheduled for due, for companyID in tx; a zero due
// is now.
func KeepAt(tx *gorm.DB, companyID int64, task *asynq.Task, due time.Time) error {
	_, id, ok, err := tasks.Rebuild(task.Type(), task.Payload())
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("taskoutbox: %s tasks are not kept", task.Type())
	}
	var at *time.Time
	if !due.IsZero() {
		at = &due
	}
	return tx.Exec(`INSERT INTO task_outbox (task_id, company_id, task_type, payload, due_at)
		VALUES (?, ?, ?, ?, COALESCE(?, now())) ON CONFLICT (task_id) DO NOTHING`,
		id, companyID, task.Type(), task.Payload(), at).Error
}

// Queue queues tasks kept by a transaction that committed. A refused one is only logged:
// the reconciler queues it again from the outbox.
func Queue(ctx context.Context, q tasks.Enqueuer, kept ...*asynq.Task) {
	if q == nil {
		return
	}
	for _, task := range kept {
		if err := tasks.Enqueue(ctx, q, task); err != nil {
			slog.WarnContext(ctx, "taskoutbox: task not queued; the reconciler will", "type", task.Type(), "err", err)
		}
	}
}

// Later keeps task (of a kept type) due at due, then queues it for then: a worker's task
// that schedules its own follow-up (a busy turn's next attempt, a debounce, a lane's timer)
// returns only once that follow-up is kept, so its own kept row may be released.
func Later(ctx context.Context, db *gorm.DB, q tasks.Enqueuer, companyID int64, task *asynq.Task, due time.Time) error {
	if err := KeepAt(db.WithContext(ctx), companyID, task, due); err != nil {
		return err
	}
	if q == nil {
		return nil
	}
	_, err := q.EnqueueContext(ctx, task, asynq.ProcessAt(due))
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		slog.WarnContext(ctx, "taskoutbox: task not scheduled; the reconciler will", "type", task.Type(), "err", err)
	}
	return nil
}

// Release forgets the kept task id: it finished (or gave up).
func Release(ctx context.Context, db *gorm.DB, id string) error {
	return db.WithContext(ctx).Exec(`DELETE FROM task_outbox WHERE task_id = ?`, id).Error
}

// Requeue queues again the kept tasks due longer ago than grace (a live one conflicts on
// its TaskID and stays as it is) and drops those due longer ago than MaxAge.
func Requeue(ctx context.Context, db *gorm.DB, q tasks.Enqueuer, grace time.Duration) error {
	tx := db.WithContext(ctx)
	if err := tx.Exec(`DELETE FROM task_outbox WHERE due_at < ?`, time.Now().Add(-MaxAge)).Error; err != nil {
		return err
	}
	var rows []struct {
		TaskID   string
		TaskType string
		Payload  []byte
	}
	if err := tx.Raw(`SELECT task_id, task_type, payload FROM task_outbox WHERE due_at < ? ORDER BY due_at LIMIT ?`,
		time.Now().Add(-grace), requeueBatch).Scan(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		task, _, ok, err := tasks.Rebuild(r.TaskType, r.Payload)
		if err != nil || !ok {
			slog.WarnContext(ctx, "taskoutbox: kept task unreadable; dropped", "task_id", r.TaskID, "err", err)
			_ = Release(ctx, db, r.TaskID)
			continue
		}
		if err := tasks.Enqueue(ctx, q, task); err != nil {
			return err
		}
	}
	return nil
}
