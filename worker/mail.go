package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

func (w *Worker) sendMail(ctx context.Context, t *asynq.Task) error {
	var p tasks.MailSend
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Mail.Send(ctx, p.To, p.Subject, p.Text)
}
