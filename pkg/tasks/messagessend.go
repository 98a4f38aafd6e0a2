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

// SendList is stored outgoing messages of a company, in sending order.
type SendList struct {
	CompanyID  int64   `json:"companyId"`
	MessageIDs []int64 `json:"messageIds"`
}

// MessagesSend names lists of stored outgoing messages to deliver: a flow step's replies,
// or an inbound batch's bot replies, one list per company and connection.
type MessagesSend struct {
	Lists []SendList `json:"lists"`
	// A single list (tasks queued before lists existed).
	CompanyID  int64   `json:"companyId,omitempty"`
	MessageIDs []int64 `json:"messageIds,omitempty"`
}

// All is every list the task names.
func (p MessagesSend) All() []SendList {
	if len(p.MessageIDs) == 0 {
		return p.Lists
	}
	return append([]SendList{{CompanyID: p.CompanyID, MessageIDs: p.MessageIDs}}, p.Lists...)
}

// NewMessagesSend: keyed by the first message, so queuing it twice sends once; each message
// is still skipped once delivered (message.Delivery.SendLists), so a retried or duplicated
// task resumes where the last one stopped and sends nothing twice.
func NewMessagesSend(lists ...SendList) (*asynq.Task, error) {
	if len(lists) == 0 || len(lists[0].MessageIDs) == 0 {
		return nil, fmt.Errorf("%s: no messages", TypeMessagesSend)
	}
	return newTask(TypeMessagesSend, MessagesSend{Lists: lists}, asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Timeout(2*time.Minute),
		asynq.Retention(time.Hour), asynq.TaskID(fmt.Sprintf("%s:%d", TypeMessagesSend, lists[0].MessageIDs[0])))
}
