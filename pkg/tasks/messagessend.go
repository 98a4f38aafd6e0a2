package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeMessagesSend delivers stored outgoing messages in their order, in one task: the
// replies a bot turn or a flow step wrote. One task hop serves them all, and no gap
// between them is needed for order.
const TypeMessagesSend = "message:send-all"

// MessagesSend names stored outgoing messages of a company, in sending order.
type MessagesSend struct {
	CompanyID  int64   `json:"companyId"`
	MessageIDs []int64 `json:"messageIds"`
}

// NewMessagesSend: keyed by the first message, so queuing it twice sends once; each message
// is still skipped once delivered (message.Delivery.SendAll), so a retried or duplicated
// task resumes where the last one stopped and sends nothing twice.
func NewMessagesSend(p MessagesSend) (*asynq.Task, error) {
	if len(p.MessageIDs) == 0 {
		return nil, fmt.Errorf("%s: no messages", TypeMessagesSend)
	}
	return newTask(TypeMessagesSend, p, asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Timeout(2*time.Minute),
		asynq.Retention(time.Hour), asynq.TaskID(fmt.Sprintf("%s:%d", TypeMessagesSend, p.MessageIDs[0])))
}
