package campaign

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/tasks"
)

// Requeue is the reconciler's part for campaigns (DESIGN: it learns each kind of stranded
// work): running campaigns whose next send is overdue by grace, those waiting for
// confirmations that came in, and scheduled ones past their start get their task again.
// TaskIDs name the campaign and the time, so a task still queued is not doubled.
func Requeue(ctx context.Context, db *gorm.DB, q tasks.Enqueuer, now time.Time, grace time.Duration) error {
	var rows []struct {
		ID        int64
		CompanyID int64
		Status    string
	}
	err := db.WithContext(ctx).Raw(`SELECT id, company_id, status FROM campaigns
		WHERE (status = 'EM_ANDAMENTO' AND next_send_at < @due)
		   OR (status = 'PROGRAMADA' AND scheduled_at < @due)
		   OR (status = 'EM_ANDAMENTO' AND next_send_at IS NULL AND EXISTS (SELECT 1 FROM campaign_shippings s
		        WHERE s.campaign_id = campaigns.id AND s.confirmed_at IS NOT NULL AND s.delivered_at IS NULL AND s.failed_at IS NULL))
		ORDER BY id LIMIT 5000`, map[string]any{"due": now.Add(-grace)}).Scan(&rows).Error
	if err != nil {
		return err
	}
	// A new TaskID each pass: a task that failed for good (archived, its id kept) must not
	// block the campaign; a tick too many finds the cursor moved on and sends nothing.
	at := now.Truncate(time.Second)
	for _, r := range rows {
		t, err := tasks.NewCampaignTick(r.CompanyID, r.ID, at)
		if r.Status == StatusScheduled {
			t, err = tasks.NewCampaignStart(r.CompanyID, r.ID, at)
		}
		if err == nil {
			_ = tasks.Enqueue(ctx, q, t)
		}
	}
	return nil
}
