package db_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/testutil"
)

// New rows wait in a GIN index's pending list until the upkeep merges them, and searches
// find them before and after.
func TestKeepPendingListsShort(t *testing.T) {
	db := testutil.App(t).DB
	for _, q := range []string{
		"CREATE EXTENSION IF NOT EXISTS pgstattuple",
		"CREATE TABLE notes (body text)",
		"CREATE INDEX notes_body_trgm ON notes USING gin (body gin_trgm_ops) WITH (fastupdate = on)",
		"INSERT INTO notes SELECT 'segunda via do boleto ' || n FROM generate_series(1, 2000) n",
	} {
		if err := db.Exec(q).Error; err != nil {
			t.Fatal(err)
		}
	}
	pending := func() (n int64) {
		t.Helper()
		if err := db.Raw("SELECT pending_tuples FROM pgstatginindex('notes_body_trgm')").Find(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := pending(); n == 0 {
		t.Fatal("the inserts did not go to the pending list; the test proves nothing")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { atdb.KeepPendingListsShort(ctx, db, 50*time.Millisecond, "notes_body_trgm"); close(done) }()
	for deadline := time.Now().Add(5 * time.Second); pending() > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d rows still pending", pending())
		}
	}
	cancel()
	<-done
	var found int64
	if err := db.Raw("SELECT count(*) FROM notes WHERE body LIKE '%boleto 1999%'").Find(&found).Error; err != nil || found != 1 {
		t.Fatalf("search after the merge: %d, %v", found, err)
	}
}

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
