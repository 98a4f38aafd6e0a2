package connection

import (
	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// promptOwned refuses a promptId that is not an AI prompt of the connection's company (the
// prompt then answers this connection's customers, with the company's own key).
func promptOwned(tx *gorm.DB, c Connection) error {
	return owned(tx, "prompts", "promptId", c.CompanyID, c.PromptID)
}

// flowsOwned: the welcome and "no phrase" flows must be flows of the connection's company
// (a flow of another company would run its graph, texts and media for this one).
func flowsOwned(tx *gorm.DB, c Connection) error {
	if err := owned(tx, "flows", "flowIdWelcome", c.CompanyID, c.FlowIDWelcome); err != nil {
		return err
	}
	return owned(tx, "flows", "flowIdNotPhrase", c.CompanyID, c.FlowIDNotPhrase)
}

// owned refuses, on field, an id that is not a row of table of the company.
func owned(tx *gorm.DB, table, field string, companyID int64, id *int64) error {
	if id == nil {
		return nil
	}
	var n int64
	if err := tx.Table(table).Where("id = ? AND company_id = ?", *id, companyID).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return errs.Validation{field: validate.MsgBadOption}.Err()
	}
	return nil
}
