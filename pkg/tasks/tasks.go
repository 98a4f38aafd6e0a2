// Package tasks is the one task table: task type names, payloads (ids, not objects) and
// constructors that set queue, retries, timeout and TaskID. The api, worker, scheduler and
// services enqueue through it; it imports nothing of the domain.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Queues and their weights for the worker's asynq server.
const (
	QueueCritical = "critical" // user-facing sends
	QueueDefault  = "default"
	QueueLow      = "low" // housekeeping
)

// QueueWeights is the weighted priority the worker uses.
var QueueWeights = map[string]int{QueueCritical: 6, QueueDefault: 3, QueueLow: 1}

// Task types.
const (
	TypeMailSend         = "mail:send"
	TypeUsersMarkOffline = "users:mark-offline"
)

// Enqueuer is what producers need; *asynq.Client satisfies it.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, t *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Enqueue enqueues t, treating a TaskID conflict (the same work already queued) as success.
func Enqueue(ctx context.Context, q Enqueuer, t *asynq.Task) error {
	_, err := q.EnqueueContext(ctx, t)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// MailSend is an e-mail to deliver.
type MailSend struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
}

// NewMailSend builds a mail task; SMTP outages are retried for about a day.
func NewMailSend(p MailSend) (*asynq.Task, error) {
	return newTask(TypeMailSend, p, asynq.Queue(QueueDefault), asynq.MaxRetry(20),
		asynq.Timeout(time.Minute))
}

// UsersMarkOffline carries the cron tick it belongs to.
type UsersMarkOffline struct {
	Tick time.Time `json:"tick"`
}

// NewUsersMarkOffline builds the presence sweep for one tick; its TaskID makes two schedulers
// firing the same tick enqueue it once.
func NewUsersMarkOffline(tick time.Time) (*asynq.Task, error) {
	return newTask(TypeUsersMarkOffline, UsersMarkOffline{Tick: tick}, asynq.Queue(QueueLow),
		asynq.MaxRetry(1), asynq.Timeout(30*time.Second), TickID(TypeUsersMarkOffline, tick),
		asynq.Retention(10*time.Minute))
}

// TickID derives a TaskID from a job and its tick, minute precision.
func TickID(job string, tick time.Time) asynq.Option {
	return asynq.TaskID(fmt.Sprintf("%s@%s", job, tick.UTC().Truncate(time.Minute).Format(time.RFC3339)))
}

func newTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// Decode reads a task's payload into dst; a malformed payload is never retried.
func Decode(t *asynq.Task, dst any) error {
	if err := json.Unmarshal(t.Payload(), dst); err != nil {
		return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return nil
}
