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
// an id in arrival order, received_at and processed_at. It walks the primary key from its
// start and stops at the first batch holding a row newer than the cutoff, so a run with
// nothing to do reads one batch's keys. A row never handled stays (the reconciler owns it).
func PruneHandled(ctx context.Context, db *gorm.DB, table string, cutoff time.Time) (int64, error) {
	stmt := fmt.Sprintf(`WITH head AS (
		  SELECT id, processed_at, received_at FROM %[1]q WHERE id > ? ORDER BY id LIMIT ?),
		gone AS (
		  DELETE FROM %[1]q e USING head WHERE e.id = head.id
		    AND head.processed_at IS NOT NULL AND head.received_at < ? RETURNING e.id)
		SELECT coalesce((SELECT max(id) FROM head), 0) AS last, (SELECT count(*) FROM head) AS scanned,
		  (SELECT count(*) FROM head WHERE received_at >= ?) AS fresh, (SELECT count(*) FROM gone) AS deleted`, table)
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
