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
}

// NewContactListCheck checks one batch; the TaskID (list and place) makes a batch queued
// twice run once. WhatsApp checks run in the process owning the session (handed over).
func NewContactListCheck(p ContactListCheck) (*asynq.Task, error) {
	return newTask(TypeContactListCheck, p, asynq.Queue(QueueLow), asynq.MaxRetry(5), asynq.Timeout(2*time.Minute),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d", TypeContactListCheck, p.ContactListID, p.AfterID)))
}
