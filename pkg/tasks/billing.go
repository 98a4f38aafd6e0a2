package tasks

import (
	"time"

	"github.com/hibiken/asynq"
)

// TypeInvoicesGenerate creates the invoices due within 20 days (pkg/billing).
const TypeInvoicesGenerate = "billing:invoices"

// InvoicesGenerate carries the cron tick it belongs to.
type InvoicesGenerate struct {
	Tick time.Time `json:"tick"`
}

// NewInvoicesGenerate builds one tick's invoice run: keyed by the tick, so two schedulers
// enqueue it once (and the invoices' unique key makes even two runs create each once).
func NewInvoicesGenerate(tick time.Time) (*asynq.Task, error) {
	return newTask(TypeInvoicesGenerate, InvoicesGenerate{Tick: tick}, asynq.Queue(QueueLow), asynq.MaxRetry(1),
		asynq.Timeout(time.Minute), TickID(TypeInvoicesGenerate, tick), asynq.Retention(10*time.Minute))
}
