package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Contact list task types.
const (
	TypeContactListImport = "contactlist:import"
	TypeContactListCheck  = "contactlist:check"
)

// ContactListImport names one uploaded spreadsheet to import.
type ContactListImport struct {
	CompanyID int64 `json:"companyId"`
	ImportID  int64 `json:"importId"`
}

// NewContactListImport imports a stored spreadsheet once (TaskID = import id). A retried
// import starts over: it writes its items in one transaction, so a crash left nothing.
func NewContactListImport(companyID, importID int64) (*asynq.Task, error) {
	return newTask(TypeContactListImport, ContactListImport{companyID, importID}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(3), asynq.Timeout(10*time.Minute), asynq.Retention(time.Hour),
		asynq.TaskID(fmt.Sprintf("%s:%d", TypeContactListImport, importID)))
}

// ContactListCheck asks a connection which of a list's unchecked numbers (after item id
// AfterID) have WhatsApp; ImportID, when set, is the import whose progress it reports.
type ContactListCheck struct {
	CompanyID     int64 `json:"companyId"`
	ContactListID int64 `json:"contactListId"`
	ConnectionID  int64 `json:"connectionId"`
	ImportID      int64 `json:"importId,omitempty"`
	AfterID       int64 `json:"afterId"`
	// Recheck asks about every item again (the list's "re-check numbers"), not only the
	// unchecked ones; ImportID is then that check's job.
	Recheck bool `json:"recheck,omitempty"`
}

// NewContactListCheck checks one batch; the TaskID (list and place) makes a batch queued
// twice run once. WhatsApp checks run in the process owning the session (handed over).
func NewContactListCheck(p ContactListCheck) (*asynq.Task, error) {
	return newTask(TypeContactListCheck, p, asynq.Queue(QueueLow), asynq.MaxRetry(5), asynq.Timeout(2*time.Minute),
		asynq.TaskID(checkTaskID(p)))
}

// checkTaskID names a batch by its list and place; a re-check's batches by their job too,
// so a re-check is never taken for an earlier check of the same batch.
func checkTaskID(p ContactListCheck) string {
	if p.Recheck {
		return fmt.Sprintf("%s:%d:%d:r%d", TypeContactListCheck, p.ContactListID, p.AfterID, p.ImportID)
	}
	return fmt.Sprintf("%s:%d:%d", TypeContactListCheck, p.ContactListID, p.AfterID)
}
