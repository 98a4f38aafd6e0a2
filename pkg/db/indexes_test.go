package db_test

import (
	"strings"
	"testing"

	"gorm.io/gorm"

	"atende/pkg/testutil"
)

// Deleting a contact sets its messages' contact_id to NULL; that must be an index probe,
// not a read of the whole messages table (migration 00017).
func TestContactDeleteProbesMessages(t *testing.T) {
	db := testutil.App(t).DB
	var plan []string
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SET LOCAL enable_seqscan = off").Error; err != nil {
			return err
		}
		return tx.Raw("EXPLAIN UPDATE messages SET contact_id = NULL WHERE contact_id = 1").Find(&plan).Error
	})
	if err != nil || !strings.Contains(strings.Join(plan, "\n"), "messages_contact_idx") {
		t.Fatalf("plan %v, %v", plan, err)
	}
}
