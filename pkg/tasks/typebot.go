package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeBubbleSend is the send of a bot's paced bubble followed by "typing…" for the next.
const TypeBubbleSend = "typebot:bubble"

// BubbleSend sends message MessageID, then shows "typing…" for Next, the bubble due after
// it (0: none): in one task, so the indicator always follows the message it comes after.
// MessageID 0 sends nothing: only the indicator for Next, the burst's first (NewBubbleTyping).
// Before are the burst's earlier bubbles: a worker running late may take this task before
// theirs, and it sends them first, so the customer reads the bubbles in order.
type BubbleSend struct {
	CompanyID int64   `json:"companyId"`
	MessageID int64   `json:"messageId"`
	Next      int64   `json:"next"`
	Before    []int64 `json:"before,omitempty"`
}

// NewBubbleTyping is the "typing…" before a burst's first bubble (first), due now: a
// BubbleSend with no message (MessageID 0) and first as Next, which is due a delay later.
// Its TaskID is the first bubble's, so a turn run again shows it once.
func NewBubbleTyping(companyID, first int64) (*asynq.Task, error) {
	return newTask(TypeBubbleSend, BubbleSend{CompanyID: companyID, Next: first}, asynq.Queue(QueueCritical),
		asynq.MaxRetry(0), asynq.Timeout(time.Minute), asynq.Retention(time.Hour),
		asynq.TaskID(fmt.Sprintf("%s:typing:%d", TypeBubbleSend, first)))
}

// NewBubbleSendAt is NewMessageSendAt carrying the next bubble: it takes the message's send
// TaskID, so the send DispatchPaced or the reconciler enqueue for it is a no-op and the
// message goes out once, by whichever task holds the id.
func NewBubbleSendAt(p BubbleSend, at time.Time) (*asynq.Task, error) {
	return newTask(TypeBubbleSend, p, asynq.Queue(QueueCritical),
		asynq.MaxRetry(8), asynq.Timeout(time.Minute), asynq.Retention(24*time.Hour),
		asynq.TaskID(MessageSendID(p.MessageID)), asynq.ProcessAt(at))
}
