// Package company holds tenants: their plan, due date and time zone.
package company

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/hours"
	"atende/pkg/plan"
)

// MainID is the platform operator's company; it never expires.
const MainID int64 = 1

// Company is a tenant.
type Company struct {
	ID            int64             `json:"id"`
	Name          string            `json:"name"`
	Email         string            `json:"email"`
	Phone         string            `json:"phone"`
	Document      string            `json:"document"`
	AddressStreet string            `json:"addressStreet"`
	AddressState  string            `json:"addressState"`
	AddressCity   string            `json:"addressCity"`
	PlanID        int64             `json:"planId"`
	Plan          *plan.Plan        `json:"plan,omitempty"`
	Settings      map[string]string `json:"settings,omitempty" gorm:"-"`
	Status        bool              `json:"status"`
	DueDate       *Date             `json:"dueDate"`
	Recurrence    string            `json:"recurrence"`
	PaymentMethod string            `json:"paymentMethod"`
	Timezone      string            `json:"timezone"`
	LastLogin     *time.Time        `json:"lastLogin"`
	// DeletingAt is set while the company is deleted in the background (DeleteProgress in
	// percent); its users are refused meanwhile, as a blocked company's.
	DeletingAt      *time.Time `json:"deletingAt"`
	DeleteProgress  int        `json:"deleteProgress"`
	FolderSize      int64      `json:"folderSize"`
	FileCount       int        `json:"numberFileFolder"`
	FolderUpdatedAt *time.Time `json:"updatedAtFolder"`
	CreatedAt       time.Time  `json:"createdAt"`
	UpdatedAt       time.Time  `json:"updatedAt"`
}

// Location is the company's time zone; everything time-based runs in it.
func (c Company) Location() *time.Location {
	return hours.ZoneOr(c.Timezone)
}

// Expired reports whether the subscription is past due at now (company 1 never is).
func (c Company) Expired(now time.Time) bool {
	end := c.ExpiresAt()
	return !end.IsZero() && !now.Before(end)
}

// Blocked reports whether the operator has blocked the company or is deleting it: its
// users may sign in and reach billing, nothing else (company 1 never is).
func (c Company) Blocked() bool {
	return c.ID != MainID && (!c.Status || c.DeletingAt != nil)
}

// ExpiresAt is the moment the subscription ends: the midnight after the due date in the
// company's time zone; zero when it never does. Open sockets close then (realtime.Hub).
func (c Company) ExpiresAt() time.Time {
	if c.ID == MainID || c.DueDate == nil {
		return time.Time{}
	}
	y, m, d := c.DueDate.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, c.Location())
}

// Store reads and writes companies. Companies are platform data: callers check who may see them.
type Store struct{ DB *gorm.DB }

// GetWithPlan loads a company and its plan.
func (s Store) GetWithPlan(ctx context.Context, id int64) (Company, error) {
	var c Company
	// One query (a join), not two: every authenticated request runs this.
	err := s.DB.WithContext(ctx).Joins("Plan").Where("companies.id = ?", id).Take(&c).Error
	return c, err
}
