// Package scheduler is the cron table. It only enqueues; every tick's task carries a TaskID
// derived from the job and the tick, so two schedulers running at once fire each tick once.
package scheduler

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/robfig/cron/v3"

	"atende/pkg/tasks"
)

// Entry is one row of the cron table.
type Entry struct {
	Spec  string // cron expression (minute precision), evaluated in UTC
	Name  string
	Build func(tick time.Time) (*asynq.Task, error)
}

// Table lists every periodic job. Later capabilities add theirs here.
var Table = []Entry{
	{Spec: "* * * * *", Name: tasks.TypeUsersMarkOffline, Build: tasks.NewUsersMarkOffline},
	{Spec: "* * * * *", Name: tasks.TypeReconcile, Build: tasks.NewReconcile},
	// Handled inbound events and Graph API deliveries past their retention (inbound.Retention).
	{Spec: "17 * * * *", Name: tasks.TypeInboundPrune, Build: tasks.NewHousekeeping(tasks.TypeInboundPrune)},
	// Flow media files no flow names any more and node events past the analytics' reach, once a day.
	{Spec: "41 3 * * *", Name: tasks.TypeFlowSweep, Build: tasks.NewHousekeeping(tasks.TypeFlowSweep)},
	// Ticket timers (pkg/timers, BEHAVIOUR §3, §5, §6).
	{Spec: "* * * * *", Name: tasks.TypeTimerInactivity, Build: tasks.NewTimer(tasks.TypeTimerInactivity)},
	{Spec: "* * * * *", Name: tasks.TypeTimerNPS, Build: tasks.NewTimer(tasks.TypeTimerNPS)},
	{Spec: "* * * * *", Name: tasks.TypeTimerRedirect, Build: tasks.NewTimer(tasks.TypeTimerRedirect)},
	{Spec: "*/2 * * * *", Name: tasks.TypeTimerRotation, Build: tasks.NewTimer(tasks.TypeTimerRotation)},
	{Spec: "* * * * *", Name: tasks.TypeTimerOutOfHour, Build: tasks.NewTimer(tasks.TypeTimerOutOfHour)},
	{Spec: "*/5 * * * *", Name: tasks.TypeTimerAutoClose, Build: tasks.NewTimer(tasks.TypeTimerAutoClose)},
	// Invoices 20 days ahead of each due date (pkg/billing, BEHAVIOUR §12).
	{Spec: "* * * * *", Name: tasks.TypeInvoicesGenerate, Build: tasks.NewInvoicesGenerate},
}

// Run starts the cron table and blocks until ctx ends.
func Run(ctx context.Context, q tasks.Enqueuer) error {
	c := cron.New(cron.WithLocation(time.UTC))
	for _, e := range Table {
		if _, err := c.AddFunc(e.Spec, func() { Fire(ctx, q, e, time.Now()) }); err != nil {
			return err
		}
	}
	c.Start()
	<-ctx.Done()
	<-c.Stop().Done()
	return nil
}

// Fire enqueues one tick of e.
func Fire(ctx context.Context, q tasks.Enqueuer, e Entry, tick time.Time) {
	t, err := e.Build(tick)
	if err == nil {
		err = tasks.Enqueue(ctx, q, t)
	}
	if err != nil {
		slog.Error("scheduler: enqueue failed", "job", e.Name, "err", err)
	}
}
