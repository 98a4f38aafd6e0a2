package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// importContacts runs a contact import (a spreadsheet, or a phone's contacts on the worker
// hosting its session); on its last try a failing import is recorded as failed.
func (w *Worker) importContacts(ctx context.Context, t *asynq.Task) error {
	var p tasks.ContactImport
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Imports.Run(ctx, p, lastTry(ctx))
}
