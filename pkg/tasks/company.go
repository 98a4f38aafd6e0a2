package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeCompanyDelete deletes a company and everything it owns (pkg/tenants).
const TypeCompanyDelete = "company:delete"

// CompanyDelete names the company to delete.
type CompanyDelete struct {
	CompanyID int64 `json:"companyId"`
}

// NewCompanyDelete deletes a company once (TaskID = company): it works in batches that
// each commit, so a retry goes on where the last try stopped.
func NewCompanyDelete(companyID int64) (*asynq.Task, error) {
	return newTask(TypeCompanyDelete, CompanyDelete{companyID}, asynq.Queue(QueueLow),
		asynq.MaxRetry(10), asynq.Timeout(time.Hour), asynq.Retention(time.Hour),
		asynq.TaskID(fmt.Sprintf("%s:%d", TypeCompanyDelete, companyID)))
}
