package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// expandMetaWebhook turns a stored Graph API webhook into inbound events; the last attempt
// closes the delivery with what still failed noted.
func (w *Worker) expandMetaWebhook(ctx context.Context, t *asynq.Task) error {
	var p tasks.MetaWebhook
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Meta.Expander.Expand(ctx, p.DeliveryID, lastTry(ctx))
}

// retryMetaMedia downloads again an attachment that was unavailable when its webhook came.
func (w *Worker) retryMetaMedia(ctx context.Context, t *asynq.Task) error {
	var p tasks.MetaMedia
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Meta.Expander.RetryMedia(ctx, p)
}
