package billing

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/plan"
)

// customSuffix marks a custom plan's name; customNameMax keeps the name within what the
// plans form accepts, so the operator can save the plan as it is.
const (
	customSuffix  = " (personalizado"
	customNameMax = 50
)

// applyCustomPlan puts company c on its custom plan, in the payment's transaction: a
// private plan with the paid invoice's users and connections at its monthly price, and
// everything else (flags, queues) as the company's current plan has it. The company's
// previous custom plan row is reused (plans.custom_company_id), so a company customising
// every month keeps one plan and the plans list doesn't grow.
func applyCustomPlan(tx *gorm.DB, c company.Company, inv Invoice) error {
	var cur plan.Plan
	if err := tx.Take(&cur, c.PlanID).Error; err != nil {
		return err
	}
	var own sql.NullInt64
	if err := tx.Raw(`SELECT id FROM plans WHERE custom_company_id = ?`, c.ID).Row().Scan(&own); err != nil &&
		!errors.Is(err, sql.ErrNoRows) {
		return err
	}
	p := plan.Plan{Offer: cur.Offer}
	if !own.Valid || own.Int64 != cur.ID { // from a plan of the catalogue: named after it
		p.Name = customPlanName(cur.Name, c.ID)
	}
	p.IsPublic, p.Users, p.Connections = false, inv.Users, inv.Connections
	p.Amount = float64(inv.Value/Cents(max(inv.Months, 1))) / 100 // whole cents: exact in a float
	if err := saveCustomPlan(tx, c.ID, own, &p); err != nil {
		return err
	}
	return tx.Exec(`UPDATE companies SET plan_id = ?, updated_at = now() WHERE id = ?`, p.ID, c.ID).Error
}

// saveCustomPlan writes p over the company's custom plan row own, or creates the row.
func saveCustomPlan(tx *gorm.DB, companyID int64, own sql.NullInt64, p *plan.Plan) error {
	if own.Valid {
		p.ID = own.Int64
		return tx.Model(&plan.Plan{ID: p.ID}).Select("*").Omit("id", "created_at").Updates(p).Error
	}
	if err := tx.Create(p).Error; err != nil {
		return err
	}
	return tx.Exec(`UPDATE plans SET custom_company_id = ? WHERE id = ?`, companyID, p.ID).Error
}

// customPlanName is "<plan> (personalizado #<company id>)": plan names are unique, and two
// companies may customise the same plan. A custom plan's own suffix is not repeated.
func customPlanName(base string, companyID int64) string {
	base, _, _ = strings.Cut(base, customSuffix)
	suffix := fmt.Sprintf("%s #%d)", customSuffix, companyID)
	for utf8.RuneCountInString(base)+utf8.RuneCountInString(suffix) > customNameMax {
		_, size := utf8.DecodeLastRuneInString(base)
		base = base[:len(base)-size]
	}
	return strings.TrimSpace(base) + suffix
}
