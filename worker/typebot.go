package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"atende/pkg/integration/handoff"
	"atende/pkg/tasks"
)

// sendBubble sends a bot's paced bubble as sendMessage does, then shows "typing…" for the
// bubble due next: after the message, never before it. Without a message it only shows
// "typing…" for the burst's first bubble, due a delay later.
func (w *Worker) sendBubble(ctx context.Context, t *asynq.Task) error {
	var p tasks.BubbleSend
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	typist := handoff.Typist{DB: w.App.DB, Channels: w.App.Channels}
	if p.MessageID == 0 { // the typing before a burst's first bubble: nothing to send
		if p.Next == 0 {
			return nil
		}
		// On a worker that does not hold the WhatsApp session, the error hands the task
		// to the one that does.
		return typist.Announce(ctx, p.CompanyID, p.Next)
	}
	return w.App.Delivery.SendBurst(ctx, p.CompanyID, p.Before, p.MessageID, lastTry(ctx), func(ctx context.Context) {
		if p.Next != 0 {
			_ = typist.Announce(ctx, p.CompanyID, p.Next) // the send ran here: so does the session
		}
	})
}
