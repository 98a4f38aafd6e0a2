package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// OwnerQueue is the queue only worker process id serves: work that needs the process
// holding a WhatsApp session (session commands, sends) is handed to it there.
func OwnerQueue(workerID string) string { return "owner:" + workerID }

// Session commands of a WhatsApp connection.
const (
	SessionStart = "start"
	SessionNewQR = "newqr"
	SessionPair  = "pairphone" // re-pair by phone number (Phone) instead of a QR scan
	SessionStop  = "stop"
)

// WhatsAppSession asks the owner of a connection's session to start, re-pair or stop it.
type WhatsAppSession struct {
	CompanyID    int64  `json:"companyId"`
	ConnectionID int64  `json:"connectionId"`
	Action       string `json:"action"`
	Phone        string `json:"phone,omitempty"` // SessionPair: the number to pair with
}

// NewWhatsAppSession builds a session command for queue (the owner's queue, or default
// when no process owns the session yet: whoever runs it claims the session).
func NewWhatsAppSession(p WhatsAppSession, queue string) (*asynq.Task, error) {
	return newTask(TypeWhatsAppSession, p, asynq.Queue(queue), asynq.MaxRetry(5),
		asynq.Timeout(time.Minute), asynq.Retention(time.Hour))
}

// Handoff re-enqueues t unchanged on the owner's queue, once per (task, owner).
func Handoff(t *asynq.Task, owner, taskID string) *asynq.Task {
	opts := []asynq.Option{asynq.Queue(OwnerQueue(owner)), asynq.MaxRetry(8), asynq.Timeout(time.Minute),
		asynq.Retention(time.Hour)}
	if taskID != "" {
		opts = append(opts, asynq.TaskID(fmt.Sprintf("%s@%s", taskID, owner)))
	}
	return asynq.NewTask(t.Type(), t.Payload(), opts...)
}
