package worker

import (
	"context"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
)

// startCampaign moves a scheduled campaign whose time came to running.
func (w *Worker) startCampaign(ctx context.Context, t *asynq.Task) error {
	var p tasks.CampaignRef
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.App.Campaigns.Dispatcher.Start(ctx, p.CompanyID, p.CampaignID)
}

// tickCampaign is one step of a campaign's pacer.
func (w *Worker) tickCampaign(ctx context.Context, t *asynq.Task) error {
	var p tasks.CampaignRef
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	var at time.Time
	if p.At != 0 {
		at = time.UnixMilli(p.At)
	}
	return w.App.Campaigns.Dispatcher.Tick(ctx, p.CompanyID, p.CampaignID, at)
}
