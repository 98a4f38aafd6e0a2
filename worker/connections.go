package worker

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"atende/pkg/inbound"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// errImportNotStored makes the post-import close wait for the import's last messages.
var errImportNotStored = errors.New("close imported: the import's messages are still being stored")

// closeImported closes the tickets a finished history import left pending
// (closedTicketsPostImported), once all the connection's events are stored.
func (w *Worker) closeImported(ctx context.Context, t *asynq.Task) error {
	var p tasks.ConnectionRef
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	settled, err := inbound.Settled(ctx, w.App.DB, p.ConnectionID)
	if err != nil {
		return err
	}
	if !settled {
		return errImportNotStored
	}
	_, err = w.App.Connections.CloseImported(tenant.With(ctx, p.CompanyID), p.ConnectionID)
	return err
}
