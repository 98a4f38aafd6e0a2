package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeMessageSend delivers one stored outbound message through its channel.
const TypeMessageSend = "message:send"

// MessageSend names the stored message (ack 0) to deliver.
type MessageSend struct {
	CompanyID int64 `json:"companyId"`
	MessageID int64 `json:"messageId"`
}

// NewMessageSend builds the send task, keyed by the message id so a message is queued once.
func NewMessageSend(p MessageSend) (*asynq.Task, error) {
	return newTask(TypeMessageSend, p, asynq.Queue(QueueCritical), asynq.MaxRetry(10),
		asynq.Timeout(time.Minute), asynq.TaskID(fmt.Sprintf("%s:%d", TypeMessageSend, p.MessageID)))
}
