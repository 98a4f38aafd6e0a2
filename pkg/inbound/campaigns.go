package inbound

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

// CampaignWatcher is what campaigns learn from inbound events (campaign.Watcher): it sees
// a batch's events in the batch's transaction (conns[i] is evs[i]'s connection) and tells
// which to drop — echoes of campaign texts and receipts of campaign sends no message row
// holds. Replies stay: they are conversation as well as confirmations.
type CampaignWatcher interface {
	Observe(ctx context.Context, tx *gorm.DB, conns []int64, evs []channel.Event) (drop []bool, err error)
}

// campaignEvents lets the campaigns see the claimed events and returns those left for the
// pipeline (called once per batch from run, right after the claim).
func (p Processor) campaignEvents(ctx context.Context, tx *gorm.DB, conns map[int64]connection.Connection, events []pending) ([]pending, error) {
	if p.Campaigns == nil || len(events) == 0 {
		return events, nil
	}
	ids := make([]int64, 0, len(events))
	evs := make([]channel.Event, 0, len(events))
	idx := make([]int, 0, len(events))
	for i, e := range events {
		if conn, ok := conns[e.ConnectionID]; e.bad == nil && ok && conn.CompanyID == e.CompanyID {
			ids, evs, idx = append(ids, e.ConnectionID), append(evs, e.ev), append(idx, i)
		}
	}
	if len(evs) == 0 {
		return events, nil
	}
	drop, err := p.Campaigns.Observe(ctx, tx, ids, evs)
	if err != nil {
		return nil, err
	}
	dropped := make(map[int]bool, len(idx))
	for j, i := range idx {
		if drop[j] {
			dropped[i] = true
		}
	}
	if len(dropped) == 0 {
		return events, nil
	}
	kept := events[:0:0]
	for i, e := range events {
		if !dropped[i] {
			kept = append(kept, e)
		}
	}
	return kept, nil
}
