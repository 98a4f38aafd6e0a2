package tasks

import (
	"time"

	"github.com/hibiken/asynq"
)

// NewMessageSendAt is NewMessageSend processed at at (a bot's paced replies): the same
// TaskID, so the reconciler's re-enqueue of the waiting row is a no-op.
func NewMessageSendAt(companyID, messageID int64, at time.Time) (*asynq.Task, error) {
	return newTask(TypeMessageSend, MessageRef{companyID, messageID}, asynq.Queue(QueueCritical),
		asynq.MaxRetry(8), asynq.Timeout(time.Minute), asynq.Retention(24*time.Hour),
		asynq.TaskID(MessageSendID(messageID)), asynq.ProcessAt(at))
}
