package connection

import (
	"gorm.io/gorm"

	"atende/pkg/queue"
)

// prepare applies the rules that need the company's other connections and queues, inside
// the write's transaction (the company row is locked): the redirect queue must be the
// company's, and exactly one connection is the default.
func (s Service) prepare(tx *gorm.DB, c *Connection, in Input, creating bool) error {
	if c.SendIDQueue != nil {
		if err := queue.Owned(tx, c.CompanyID, []int64{*c.SendIDQueue}); err != nil {
			return err
		}
	}
	want := c.IsDefault
	if in.IsDefault != nil {
		want = *in.IsDefault
	}
	var otherDefault int64
	if err := tx.Model(&Connection{}).Where("company_id = ? AND id <> ? AND is_default", c.CompanyID, c.ID).
		Count(&otherDefault).Error; err != nil {
		return err
	}
	if !want && otherDefault == 0 {
		n, err := others(tx, *c)
		if err != nil || (!creating && c.IsDefault && n > 0) {
			return orErr(err, ErrNoOtherDefault) // unsetting the only default
		}
		want = true // without another default, this one is it
	}
	c.IsDefault = want
	if !want || otherDefault == 0 {
		return nil
	}
	return tx.Model(&Connection{}).Where("company_id = ? AND id <> ? AND is_default", c.CompanyID, c.ID).
		Update("is_default", false).Error
}

// others counts the company's connections besides c.
func others(tx *gorm.DB, c Connection) (int64, error) {
	var n int64
	err := tx.Model(&Connection{}).Where("company_id = ? AND id <> ?", c.CompanyID, c.ID).Count(&n).Error
	return n, err
}

func setQueues(tx *gorm.DB, c Connection, ids *[]int64) error {
	if ids == nil {
		return nil
	}
	return queue.SetLinks(tx, c.CompanyID, "connection_queues", "connection_id", c.ID, *ids)
}

// orErr returns err when set, else fallback.
func orErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}
