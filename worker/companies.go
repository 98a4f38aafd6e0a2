package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// deleteCompany deletes a company the operator asked to delete, in batches (pkg/tenants).
func (w *Worker) deleteCompany(ctx context.Context, t *asynq.Task) error {
	var p tasks.CompanyDelete
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Tenants.Purge(ctx, p.CompanyID)
}
