package db_test

import (
	"strings"
	"testing"

	"gorm.io/gorm"

	"atende/pkg/db"
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

// A concurrent index build that failed leaves an invalid index behind; migration 00017,
// tried again, drops it and builds it anew instead of skipping it (IF NOT EXISTS).
func TestFailedIndexBuildIsRetried(t *testing.T) {
	g := testutil.App(t).DB
	for _, q := range []string{
		`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'messages_contact_idx'::regclass`,
		`DELETE FROM goose_db_version WHERE version_id = 17`, // the failed try was not recorded
	} {
		if err := g.Exec(q).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Migrate(g); err != nil {
		t.Fatal(err)
	}
	var valid bool
	if err := g.Raw(`SELECT indisvalid FROM pg_index WHERE indexrelid = 'messages_contact_idx'::regclass`).Scan(&valid).Error; err != nil || !valid {
		t.Fatalf("messages_contact_idx valid = %v (%v)", valid, err)
	}
}
