package worker_test

import (
	"slices"
	"testing"
	"time"

	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// The hourly prune deletes the handled events and Graph API deliveries older than the
// retention, across several batches, and keeps the recent ones and any never handled,
// whatever their age.
func TestInboundPruneKeepsRecentAndUnhandled(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	var conn int64
	if err := a.DB.Raw(`INSERT INTO connections (company_id, name, token) VALUES (?, 'c', 'prune-tok') RETURNING id`,
		acme.Company.ID).Scan(&conn).Error; err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		// 6,000 handled events eight days old: more than one batch.
		`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload, received_at, processed_at)
		  SELECT @co, @conn, 'old-' || g, 'message', '{}', now() - interval '8 days', now() - interval '8 days'
		  FROM generate_series(1, 6000) g`,
		`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload, received_at)
		  VALUES (@co, @conn, 'stranded', 'message', '{}', now() - interval '8 days')`,
		`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload, received_at, processed_at)
		  SELECT @co, @conn, 'new-' || g, 'message', '{}', now() - interval '1 day', now() FROM generate_series(1, 3) g`,
	} {
		if err := a.DB.Exec(q, map[string]any{"co": acme.Company.ID, "conn": conn}).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := a.DB.Exec(`INSERT INTO meta_webhooks (body_hash, body, received_at, processed_at) VALUES
		  ('old', '', now() - interval '8 days', now() - interval '8 days'),
		  ('stranded', '', now() - interval '8 days', NULL), ('new', '', now() - interval '1 day', now())`).Error; err != nil {
		t.Fatal(err)
	}
	startWorker(t, a)
	task, err := tasks.NewHousekeeping(tasks.TypeInboundPrune)(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := tasks.Enqueue(t.Context(), a.Queue, task); err != nil {
		t.Fatal(err)
	}
	keys := func(q string, args ...any) []string {
		var out []string
		if err := a.DB.Raw(q, args...).Scan(&out).Error; err != nil {
			t.Fatal(err)
		}
		return out
	}
	var left, deliveries []string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		left = keys(`SELECT dedupe_key FROM inbound_events WHERE connection_id = ? ORDER BY dedupe_key`, conn)
		deliveries = keys(`SELECT body_hash FROM meta_webhooks ORDER BY body_hash`)
		if len(left) <= 4 && len(deliveries) <= 2 || time.Now().After(deadline) {
			break
		}
	}
	if !slices.Equal(deliveries, []string{"new", "stranded"}) {
		t.Fatalf("deliveries left %v, want [new stranded]", deliveries)
	}
	if want := []string{"new-1", "new-2", "new-3", "stranded"}; !slices.Equal(left, want) {
		t.Fatalf("events left %v, want %v", left, want)
	}
}
