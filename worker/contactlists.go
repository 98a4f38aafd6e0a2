package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

func (w *Worker) importContactList(ctx context.Context, t *asynq.Task) error {
	var p tasks.ContactListImport
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.ContactLists.Import(ctx, p, lastTry(ctx))
}

// checkContactList checks a batch of a list's numbers; on its last try a failing batch is
// given up (the numbers stay unchecked and the import says so).
func (w *Worker) checkContactList(ctx context.Context, t *asynq.Task) error {
	var p tasks.ContactListCheck
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.ContactLists.Check(ctx, p, lastTry(ctx))
}
