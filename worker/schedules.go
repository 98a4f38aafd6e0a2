package worker

import (
	"context"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// ScheduleGrace is how long past its time a waiting schedule may be before the reconciler
// enqueues its send again (its own task fires within a second of sendAt).
const ScheduleGrace = 30 * time.Second

// fireSchedule makes one send of a scheduled message at its time.
func (w *Worker) fireSchedule(ctx context.Context, t *asynq.Task) error {
	var p tasks.ScheduleFire
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Schedules.Fire(ctx, p, lastTry(ctx))
}
