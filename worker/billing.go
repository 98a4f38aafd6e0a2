package worker

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// generateInvoices runs one tick of the invoice job.
func (w *Worker) generateInvoices(ctx context.Context, t *asynq.Task) error {
	var p tasks.InvoicesGenerate
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	n, err := w.App.Billing.Generate(ctx, p.Tick)
	if n > 0 {
		slog.Info("billing: invoices created", "count", n)
	}
	return err
}
