package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// expandMetaWebhook turns a stored Graph API webhook into inbound events.
func (w *Worker) expandMetaWebhook(ctx context.Context, t *asynq.Task) error {
	var p tasks.MetaWebhook
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Meta.Expander.Expand(ctx, p.DeliveryID)
}
