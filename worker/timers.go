package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/app"
	"atende/pkg/tasks"
	"atende/pkg/timers"
)

// Timers is the ticket timers' service over the app's stores.
func Timers(a *app.App) timers.Service {
	return timers.Service{DB: a.DB, Events: a.Events, Messages: a.Messages, Settings: a.Settings}
}

// timer runs one ticket timer job at the real clock.
func (w *Worker) timer(job func(timers.Service, context.Context, time.Time) (int, error)) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p tasks.Timer
		if err := tasks.Decode(t, &p); err != nil {
			return err
		}
		n, err := job(Timers(w.App), ctx, time.Now())
		if n > 0 {
			slog.InfoContext(ctx, "timers: tickets changed", "job", t.Type(), "tickets", n)
		}
		return err
	}
}
