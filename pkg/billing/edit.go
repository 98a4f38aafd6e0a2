package billing

import (
	"database/sql"
	"errors"

	"gorm.io/gorm"

	"atende/pkg/company"
)

// CompanyEdited brings the company's open invoices in line with the operator's edit of it
// (pkg/tenants), in the edit's transaction and after the company's row is written: an open
// invoice left on the old due date would stay payable next to the one Generate makes for
// the new date (one period billed twice), and one left on the old plan or recurrence would
// bill what the company no longer has.
//   - A new due date becomes the billing day, and the open invoices move to it.
//   - A new plan or recurrence re-prices the open invoices the checkout did not customise.
func CompanyEdited(tx *gorm.DB, before, after company.Company) error {
	if after.DueDate != nil && (before.DueDate == nil || !before.DueDate.Equal(after.DueDate.Time)) {
		if err := tx.Exec(`UPDATE companies SET due_day = ? WHERE id = ?`, after.DueDate.Day(), after.ID).Error; err != nil {
			return err
		}
		if err := moveOpenInvoices(tx, after.ID, *after.DueDate); err != nil {
			return err
		}
	}
	if before.PlanID != after.PlanID || before.Recurrence != after.Recurrence {
		return repriceOpenInvoices(tx, after.ID)
	}
	return nil
}

// moveOpenInvoices moves the company's open invoice to due, and deletes the other open
// ones (one period, one invoice: the unique (company_id, due_date) holds). The one kept is
// the customised one, else the latest. When due is already paid, no open invoice stays.
func moveOpenInvoices(tx *gorm.DB, companyID int64, due company.Date) error {
	var keep sql.NullInt64
	err := tx.Raw(`SELECT id FROM invoices i WHERE company_id = ? AND status = ?
		  AND NOT EXISTS (SELECT 1 FROM invoices p WHERE p.company_id = i.company_id AND p.due_date = ? AND p.status = ?)
		ORDER BY custom DESC, due_date DESC, id DESC LIMIT 1 FOR UPDATE`,
		companyID, StatusOpen, due, StatusPaid).Row().Scan(&keep)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if err := tx.Exec(`DELETE FROM invoices WHERE company_id = ? AND status = ? AND id <> ?`,
		companyID, StatusOpen, keep.Int64).Error; err != nil {
		return err
	}
	if !keep.Valid {
		return nil
	}
	return tx.Exec(`UPDATE invoices SET due_date = ?, updated_at = now() WHERE id = ?`, due, keep.Int64).Error
}

// repriceOpenInvoices bills the company's open invoices as Generate would now: its plan's
// name, limits and monthly price, for the months of its recurrence. Customised ones keep
// the customer's choice.
func repriceOpenInvoices(tx *gorm.DB, companyID int64) error {
	return tx.Exec(`UPDATE invoices i SET detail = p.name, users = p.users, connections = p.connections,
		       months = `+monthsSQL("c.recurrence")+`, value = `+priceSQL+` * (`+monthsSQL("c.recurrence")+`),
		       updated_at = now()
		FROM companies c JOIN plans p ON p.id = c.plan_id
		WHERE c.id = ? AND i.company_id = c.id AND i.status = ? AND NOT i.custom`,
		DefaultPlanPrice.String(), companyID, StatusOpen).Error
}
