// Package plan holds subscription plans: limits and the feature flags that switch features on.
package plan

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// Plan is a subscription offer. Its flags gate features for every company on it.
type Plan struct {
	ID int64 `json:"id"`
	Offer
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Offer is what a plan offers: its name, limits, price and feature flags. The plans form
// sends it whole (Input).
type Offer struct {
	Name            string  `json:"name"`
	Users           int     `json:"users"`
	Connections     int     `json:"connections"`
	Queues          int     `json:"queues"`
	Amount          float64 `json:"amount"`
	IsPublic        bool    `json:"isPublic"`
	UseWhatsapp     bool    `json:"useWhatsapp"`
	UseFacebook     bool    `json:"useFacebook"`
	UseInstagram    bool    `json:"useInstagram"`
	UseCampaigns    bool    `json:"useCampaigns"`
	UseSchedules    bool    `json:"useSchedules"`
	UseInternalChat bool    `json:"useInternalChat"`
	UseExternalAPI  bool    `json:"useExternalApi" gorm:"column:use_external_api"`
	UseKanban       bool    `json:"useKanban"`
	UseOpenAI       bool    `json:"useOpenAi" gorm:"column:use_open_ai"`
	UseIntegrations bool    `json:"useIntegrations"`
}

// Flag reports whether the named plan flag (as the spec spells it, e.g. "useCampaigns") is on.
func (p Plan) Flag(name string) bool {
	switch name {
	case "useWhatsapp":
		return p.UseWhatsapp
	case "useFacebook":
		return p.UseFacebook
	case "useInstagram":
		return p.UseInstagram
	case "useCampaigns":
		return p.UseCampaigns
	case "useSchedules":
		return p.UseSchedules
	case "useInternalChat":
		return p.UseInternalChat
	case "useExternalApi":
		return p.UseExternalAPI
	case "useKanban":
		return p.UseKanban
	case "useOpenAi":
		return p.UseOpenAI
	case "useIntegrations":
		return p.UseIntegrations
	}
	return false
}

// Store reads plans. Plans are platform data, not tenant data.
type Store struct{ DB *gorm.DB }

// List returns plans ordered by name; publicOnly keeps those offered at signup.
func (s Store) List(ctx context.Context, publicOnly bool) ([]Plan, error) {
	q := s.DB.WithContext(ctx).Order("amount, name")
	if publicOnly {
		q = q.Where("is_public")
	}
	var plans []Plan
	return plans, q.Find(&plans).Error
}

// Get returns one plan.
func (s Store) Get(ctx context.Context, id int64) (Plan, error) {
	var p Plan
	err := s.DB.WithContext(ctx).First(&p, id).Error
	return p, err
}

// CompanyHas reports whether the plan of company companyID has the named flag (Flag's
// names); a company that is gone has none. The workers ask it where a plan's feature may
// still be configured after a downgrade.
func CompanyHas(ctx context.Context, db *gorm.DB, companyID int64, flag string) (bool, error) {
	var p Plan
	err := db.WithContext(ctx).Where("id = (SELECT plan_id FROM companies WHERE id = ?)", companyID).Limit(1).Find(&p).Error
	return err == nil && p.Flag(flag), err
}

// LockForCompany locks the company's row for the rest of tx, so that concurrent writers of
// one company are serialised past a limit check, and returns the company's plan.
func LockForCompany(tx *gorm.DB, companyID int64) (Plan, error) {
	var p Plan
	err := tx.Raw(`SELECT p.* FROM companies c JOIN plans p ON p.id = c.plan_id
		WHERE c.id = ? FOR UPDATE OF c`, companyID).Scan(&p).Error
	return p, err
}

// CheckLimit locks the company (LockForCompany) and fails with limitErr when table already
// holds limit(plan) rows of the company. It returns the plan for further checks.
func CheckLimit(tx *gorm.DB, companyID int64, table string, limit func(Plan) int, limitErr error) (Plan, error) {
	p, err := LockForCompany(tx, companyID)
	if err != nil {
		return p, err
	}
	var n int64
	if err := tx.Table(table).Where("company_id = ?", companyID).Count(&n).Error; err != nil {
		return p, err
	}
	if int(n) >= limit(p) {
		return p, limitErr
	}
	return p, nil
}
