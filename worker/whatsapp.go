package worker

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/channel"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/tasks"
)

// queues are the hot shared queues plus this process's own queue, where work needing a
// session this process owns is handed to it (weighted like critical: sends wait on it).
// The low queue has its own server (Run).
func (w *Worker) queues() map[string]int {
	q := maps.Clone(tasks.QueueWeights)
	q[tasks.OwnerQueue(w.App.Cfg.WhatsApp.WorkerID)] = tasks.QueueWeights[tasks.QueueCritical]
	return q
}

// hostWhatsApp runs this worker's share of the WhatsApp sessions until ctx ends; the
// returned channel closes once they are disconnected and their leases released.
func (w *Worker) hostWhatsApp(ctx context.Context) (<-chan struct{}, error) {
	f := w.WhatsApp
	var closeStore func() error
	if f == nil {
		// Upgrading whatsmeow's tables is not cut short by a shutdown that comes meanwhile.
		setup, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		sf, err := whatsapp.NewSQLFactory(setup, w.App.Cfg.DatabaseURL)
		if err != nil {
			return nil, err
		}
		f, closeStore = sf, sf.Container.Close
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if closeStore != nil {
			defer closeStore()
		}
		if err := w.App.WhatsApp.Host(ctx, f); err != nil {
			slog.Error("whatsapp sessions", "err", err)
		}
	}()
	return done, nil
}

func (w *Worker) whatsappSession(ctx context.Context, t *asynq.Task) error {
	var p tasks.WhatsAppSession
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.WhatsApp.Command(ctx, p)
}

// handoff moves a task that needs a session another worker owns to that worker's queue.
func (w *Worker) handoff(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		err := next.ProcessTask(ctx, t)
		var elsewhere *channel.ElsewhereError
		if !errors.As(err, &elsewhere) {
			return err
		}
		id, _ := asynq.GetTaskID(ctx)
		return tasks.Enqueue(ctx, w.App.Queue, tasks.Handoff(t, elsewhere.Owner, id))
	})
}
