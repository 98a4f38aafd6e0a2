package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeContactImport imports contacts from an uploaded spreadsheet or a phone's contacts.
const TypeContactImport = "contacts:import"

// ContactImport names one contact import (its file, mapping and selection are rows).
type ContactImport struct {
	CompanyID int64 `json:"companyId"`
	ImportID  int64 `json:"importId"`
}

// NewContactImport runs an import once (TaskID = import id). A retried import starts over:
// it writes in one transaction, so a crash left nothing, and its upserts double nothing.
func NewContactImport(companyID, importID int64) (*asynq.Task, error) {
	return newTask(TypeContactImport, ContactImport{companyID, importID}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(3), asynq.Timeout(10*time.Minute), asynq.Retention(time.Hour),
		asynq.TaskID(fmt.Sprintf("%s:%d", TypeContactImport, importID)))
}
