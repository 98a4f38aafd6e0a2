package connection

import (
	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// promptOwned refuses a promptId that is not an AI prompt of the connection's company (the
// prompt then answers this connection's customers, with the company's own key).
func promptOwned(tx *gorm.DB, c Connection) error {
	if c.PromptID == nil {
		return nil
	}
	var n int64
	if err := tx.Table("prompts").Where("id = ? AND company_id = ?", *c.PromptID, c.CompanyID).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return errs.Validation{"promptId": validate.MsgBadOption}.Err()
	}
	return nil
}
