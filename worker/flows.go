package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/flow"
	"atende/pkg/flowrun"
	"atende/pkg/tasks"
)

// flowStep advances a flow run (pkg/flowrun): an entry, a customer's reply or a wait's end.
func (w *Worker) flowStep(ctx context.Context, t *asynq.Task) error {
	var p tasks.FlowStep
	if err := tasks.Decode(t, &p); err != nil {
		return err
	}
	return w.flows().Handle(ctx, p)
}

func (w *Worker) flows() flowrun.Engine {
	a := w.App
	return flowrun.Engine{DB: a.DB, Events: a.Events, Queue: a.Queue, Media: a.Media, Settings: a.Settings, Delivery: &a.Delivery}
}

// sweepFlows removes the flow media files no flow names any more (flow.SweepMedia) and the
// node events older than the analytics reach (flowrun.PruneEvents).
func (w *Worker) sweepFlows(ctx context.Context, _ *asynq.Task) error {
	n, err := flow.SweepMedia(ctx, w.App.DB, w.App.Media, time.Now().Add(-flow.MediaGrace))
	if n > 0 {
		slog.InfoContext(ctx, "flows: unused media removed", "files", n)
	}
	if err != nil {
		return err
	}
	pruned, err := flowrun.PruneEvents(ctx, w.App.DB, time.Now())
	if pruned > 0 {
		slog.InfoContext(ctx, "flows: old node events pruned", "events", pruned)
	}
	return err
}
