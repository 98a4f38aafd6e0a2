package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// integrationMessage hands one inbound message to its queue integration (pkg/integration).
func (w *Worker) integrationMessage(ctx context.Context, t *asynq.Task) error {
	var p tasks.IntegrationMessage
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	return w.App.IntegrationRunner.Handle(ctx, p, retried, maxRetry)
}
