package inbound

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// Retention is how long a handled event is kept. Its dedupe key answers a channel that
// delivers the event again (Meta retries a webhook for up to a week); after that a late
// duplicate of a message still meets the message's own provider key (message.InsertOnce).
const Retention = 7 * 24 * time.Hour

// pruneBatch bounds one delete: the rows it removes are locked until it commits.
const pruneBatch = 5000

// Prune deletes the events handled and received before the cutoff, oldest first, and
// returns how many went. Ids follow arrival, so it walks the primary key from its start
// and stops at the first batch holding an event newer than the cutoff: a run with nothing
// to do reads one batch's keys. An event never handled stays (the reconciler owns it).
func Prune(ctx context.Context, db *gorm.DB, cutoff time.Time) (int64, error) {
	var total, after int64
	for {
		var r struct{ Last, Scanned, Fresh, Deleted int64 }
		err := db.WithContext(ctx).Raw(`WITH head AS (
			  SELECT id, processed_at, received_at FROM inbound_events WHERE id > ? ORDER BY id LIMIT ?),
			gone AS (
			  DELETE FROM inbound_events e USING head WHERE e.id = head.id
			    AND head.processed_at IS NOT NULL AND head.received_at < ? RETURNING e.id)
			SELECT coalesce((SELECT max(id) FROM head), 0) AS last, (SELECT count(*) FROM head) AS scanned,
			  (SELECT count(*) FROM head WHERE received_at >= ?) AS fresh, (SELECT count(*) FROM gone) AS deleted`,
			after, pruneBatch, cutoff, cutoff).Scan(&r).Error
		if err != nil {
			return total, err
		}
		total, after = total+r.Deleted, r.Last
		if r.Scanned < pruneBatch || r.Fresh > 0 || ctx.Err() != nil {
			return total, ctx.Err()
		}
	}
}
