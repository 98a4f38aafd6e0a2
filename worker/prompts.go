package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// answerWithPrompt has an AI prompt answer one customer message (BEHAVIOUR §10). A
// provider outage is retried; the last attempt tells the customer instead.
func (w *Worker) answerWithPrompt(ctx context.Context, t *asynq.Task) error {
	var p tasks.PromptMessage
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.PromptRuntime.Answer(ctx, p, lastTry(ctx))
}
