package worker

import (
	"context"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/realtime"
	"atende/pkg/tasks"
)

// IdleOffline is how long a user may go without a status ping before being shown offline.
const IdleOffline = 5 * time.Minute

func (w *Worker) markUsersOffline(ctx context.Context, t *asynq.Task) error {
	var p tasks.UsersMarkOffline
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	users, err := w.App.Presence.MarkIdleOffline(ctx, IdleOffline)
	if err != nil {
		return err
	}
	for _, u := range users {
		_ = w.App.Events.Publish(ctx, realtime.ToCompany(u.CompanyID, "user", map[string]any{
			"action": "update", "user": map[string]any{"id": u.ID, "online": false}}))
	}
	return nil
}
