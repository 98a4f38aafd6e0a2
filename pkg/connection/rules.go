package connection

import (
	"slices"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/integration"
	"atende/pkg/queue"
)

// prepare applies the rules that need the company's other connections and queues, inside
// the write's transaction (the company row is locked): the redirect queue must be the
// company's, and exactly one connection is the default.
func (s Service) prepare(tx *gorm.DB, c *Connection, in Input, creating bool) error {
	queues := []int64{}
	if in.QueueIDs != nil {
		queues = append(queues, *in.QueueIDs...)
	}
	for _, id := range []*int64{c.SendIDQueue, c.QueueIDImportMessages} {
		if id != nil {
			queues = append(queues, *id)
		}
	}
	if err := queue.Owned(tx, c.CompanyID, queues); err != nil {
		return err
	}
	if err := integrationOwned(tx, *c); err != nil {
		return err
	}
	if err := promptOwned(tx, *c); err != nil {
		return err
	}
	if err := flowsOwned(tx, *c); err != nil {
		return err
	}
	if err := greetingRule(tx, *c, in, creating); err != nil {
		return err
	}
	if err := externalIDFree(tx, *c); err != nil {
		return err
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

// integrationOwned: the connection's integration must be one of the company's (locked
// until the commit, so it is not deleted under it).
func integrationOwned(tx *gorm.DB, c Connection) error {
	if c.IntegrationID == nil {
		return nil
	}
	ok, err := integration.Owned(tx, c.CompanyID, *c.IntegrationID)
	if err == nil && !ok {
		err = errs.Validation{"integrationId": integration.MsgBadIntegration}.Err()
	}
	return err
}

// greetingRule: a connection with more than one queue shows a menu, which needs the
// greeting text (ERR_WAPP_GREETING_REQUIRED). Checked when either side changes.
func greetingRule(tx *gorm.DB, c Connection, in Input, creating bool) error {
	if in.QueueIDs == nil && in.GreetingMessage == nil {
		return nil
	}
	var n int64
	switch {
	case in.QueueIDs != nil:
		n = int64(len(slices.Compact(slices.Sorted(slices.Values(*in.QueueIDs)))))
	case !creating:
		if err := tx.Table("connection_queues").Where("connection_id = ?", c.ID).Count(&n).Error; err != nil {
			return err
		}
	}
	if n > 1 && strings.TrimSpace(c.GreetingMessage) == "" {
		return ErrGreeting
	}
	return nil
}

// deletable refuses to delete the default connection while others remain.
func deletable(tx *gorm.DB, c Connection) error {
	if n, err := others(tx, c); err != nil || (c.IsDefault && n > 0) {
		return orErr(err, ErrNoOtherDefault)
	}
	return nil
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
