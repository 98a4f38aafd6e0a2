package message

import (
	"context"
	"time"

	"atende/pkg/tasks"
)

// DispatchPaced is Dispatch for a bot's burst of replies (Typebot's typebotDelayMessage):
// the i-th message is sent i×gap after now by a scheduled send task (keyed by the message
// id like any send), never by a worker sleeping between them.
func (s Service) DispatchPaced(ctx context.Context, msgs []Message, gap time.Duration) {
	if gap <= 0 {
		s.Dispatch(ctx, msgs)
		return
	}
	now := time.Now()
	for i := range msgs {
		m := &msgs[i]
		if !m.IsPrivate {
			task, err := tasks.NewMessageSendAt(m.CompanyID, m.ID, now.Add(time.Duration(i)*gap))
			if err == nil {
				err = tasks.Enqueue(ctx, s.Queue, task)
			}
			if err != nil {
				m.SendError = "queued for retry"
			}
		}
		s.announce(ctx, "create", *m, i == len(msgs)-1)
	}
}
