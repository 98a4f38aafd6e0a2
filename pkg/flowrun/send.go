package flowrun

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// Sender delivers one stored message (message.Delivery): a delivered one is skipped, a
// final failure is recorded on the message and wraps asynq.SkipRetry.
type Sender interface {
	Send(ctx context.Context, companyID, messageID int64, final bool) error
}

// SendStep runs a flow:send task: the step's messages one after the other, in order. A
// message that can never go (recorded as failed) does not hold back the next ones; any
// other failure stops the task, whose retry skips what was delivered and goes on from
// there. final is the task's last attempt.
func SendStep(ctx context.Context, s Sender, p tasks.FlowSend, final bool) error {
	var first error
	for _, id := range p.MessageIDs {
		err := s.Send(ctx, p.CompanyID, id, final)
		switch {
		case err == nil:
		case errors.Is(err, asynq.SkipRetry) || final:
			if first == nil {
				first = err
			}
		default:
			return err
		}
	}
	if first != nil && !errors.Is(first, asynq.SkipRetry) {
		return first
	}
	return nil
}
