package db

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"
)

// TextIndexes are the trigram (GIN) indexes written by inbound traffic.
var TextIndexes = []string{"messages_body_trgm", "contacts_name_trgm", "contacts_number_trgm"}

// KeepPendingListsShort merges the pending lists of GIN indexes into the indexes every
// interval, until ctx ends. A GIN index takes new rows into a pending list, and the insert
// that finds the list over its limit (4 MB) merges it: at 1,000 messages a second that was
// one batch of messages every few seconds waiting 60-170 ms. Merged here, no insert waits.
// A second scheduler doing the same waits for the first and finds the lists empty.
func KeepPendingListsShort(ctx context.Context, g *gorm.DB, every time.Duration, indexes ...string) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, ix := range indexes {
			err := g.WithContext(ctx).Exec("SELECT gin_clean_pending_list(?::regclass)", ix).Error
			if err != nil && ctx.Err() == nil {
				slog.Warn("db: merging a GIN pending list failed", "index", ix, "err", err)
			}
		}
	}
}
