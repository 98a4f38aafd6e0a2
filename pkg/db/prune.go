package db

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// pruneBatch bounds one delete: the rows it removes are locked until it commits.
const pruneBatch = 5000

// PruneHandled deletes a received-data table's rows handled and received before the cutoff,
// oldest first, and returns how many went. The table (inbound_events, meta_webhooks) keeps
// an id in arrival order, received_at and processed_at. A row never handled stays (the
// reconciler owns it).
func PruneHandled(ctx context.Context, db *gorm.DB, table string, cutoff time.Time) (int64, error) {
	return prune(ctx, db, table, "received_at", "processed_at IS NOT NULL", cutoff)
}

// PruneOlder deletes the rows of an append-only table (an id in arrival order, a time
// column at) older than the cutoff, oldest first, and returns how many went.
func PruneOlder(ctx context.Context, db *gorm.DB, table, at string, cutoff time.Time) (int64, error) {
	return prune(ctx, db, table, at, "true", cutoff)
}

// prune walks the primary key from its start and stops at the first batch holding a row
// newer than the cutoff, so a run with nothing to do reads one batch's keys; of each batch
// it deletes the rows older than the cutoff that meet cond.
func prune(ctx context.Context, db *gorm.DB, table, at, cond string, cutoff time.Time) (int64, error) {
	stmt := fmt.Sprintf(`WITH head AS (
		  SELECT id, %[2]q AS at, (%[3]s) AS ok FROM %[1]q WHERE id > ? ORDER BY id LIMIT ?),
		gone AS (
		  DELETE FROM %[1]q e USING head WHERE e.id = head.id AND head.ok AND head.at < ? RETURNING e.id)
		SELECT coalesce((SELECT max(id) FROM head), 0) AS last, (SELECT count(*) FROM head) AS scanned,
		  (SELECT count(*) FROM head WHERE at >= ?) AS fresh, (SELECT count(*) FROM gone) AS deleted`, table, at, cond)
	var total, after int64
	for {
		var r struct{ Last, Scanned, Fresh, Deleted int64 }
		if err := db.WithContext(ctx).Raw(stmt, after, pruneBatch, cutoff, cutoff).Scan(&r).Error; err != nil {
			return total, err
		}
		total, after = total+r.Deleted, r.Last
		if r.Scanned < pruneBatch || r.Fresh > 0 || ctx.Err() != nil {
			return total, ctx.Err()
		}
	}
}
