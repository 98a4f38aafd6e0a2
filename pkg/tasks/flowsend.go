package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeFlowSend delivers the messages one flow step wrote, in their order, in one task: no
// gap between them is needed for order, and one task hop serves the whole step.
const TypeFlowSend = "flow:send"

// FlowSend names a step's stored outgoing messages, in sending order.
type FlowSend struct {
	CompanyID  int64   `json:"companyId"`
	MessageIDs []int64 `json:"messageIds"`
}

// NewFlowSend: keyed by the step's first message, so queuing it twice sends once; each
// message is still skipped once delivered (message.Delivery.Send), so a retried or
// duplicated task resumes where the last one stopped and sends nothing twice.
func NewFlowSend(p FlowSend) (*asynq.Task, error) {
	if len(p.MessageIDs) == 0 {
		return nil, fmt.Errorf("%s: no messages", TypeFlowSend)
	}
	return newTask(TypeFlowSend, p, asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Timeout(2*time.Minute),
		asynq.Retention(time.Hour), asynq.TaskID(fmt.Sprintf("%s:%d", TypeFlowSend, p.MessageIDs[0])))
}
