package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// laneMessage starts or cancels a kanban lane timer for a new message (pkg/lanetimer).
func (w *Worker) laneMessage(ctx context.Context, t *asynq.Task) error {
	var p tasks.LaneMessage
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.LaneTimers.OnMessage(ctx, p)
}

// laneMove is a lane timer firing; a stale one does nothing.
func (w *Worker) laneMove(ctx context.Context, t *asynq.Task) error {
	var p tasks.LaneMove
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.LaneTimers.Move(ctx, p)
}
