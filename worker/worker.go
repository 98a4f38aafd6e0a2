// Package worker runs the asynq servers: the one task mux (task type → thin handler) over
// weighted queues.
package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/app"
	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/inbound"
	"atende/pkg/metrics"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
	"atende/pkg/timers"
)

// Worker holds what task handlers need.
type Worker struct {
	App *app.App
	// WhatsApp opens whatsmeow clients for the sessions this worker hosts; nil means the
	// real one (whatsmeow's store in our PostgreSQL).
	WhatsApp whatsapp.Factory
}

// Mux is the task table: every task type and its handler.
func (w *Worker) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(observe, w.releaseKept, w.handoff)
	mux.HandleFunc(tasks.TypeMailSend, w.sendMail)
	mux.HandleFunc(tasks.TypeUsersMarkOffline, w.markUsersOffline)
	mux.HandleFunc(tasks.TypeMessageSend, w.sendMessage)
	mux.HandleFunc(tasks.TypeMessageAction, w.messageAction)
	mux.HandleFunc(tasks.TypeInboundProcess, w.processInbound)
	mux.HandleFunc(tasks.TypeReconcile, w.reconcile)
	mux.HandleFunc(tasks.TypeInboundPrune, w.pruneInbound)
	mux.HandleFunc(tasks.TypeFlowSweep, w.sweepFlows)
	mux.HandleFunc(tasks.TypeSandboxReceipts, w.sandboxReceipts)
	mux.HandleFunc(tasks.TypeMetaWebhook, w.expandMetaWebhook)
	mux.HandleFunc(tasks.TypeMetaMedia, w.retryMetaMedia)
	mux.HandleFunc(tasks.TypeWhatsAppSession, w.whatsappSession)
	mux.HandleFunc(tasks.TypeCloseImported, w.closeImported)
	mux.HandleFunc(tasks.TypeTimerInactivity, w.timer(timers.Service.Inactivity))
	mux.HandleFunc(tasks.TypeTimerNPS, w.timer(timers.Service.ExpireNPS))
	mux.HandleFunc(tasks.TypeTimerRedirect, w.timer(timers.Service.Redirect))
	mux.HandleFunc(tasks.TypeTimerRotation, w.timer(timers.Service.Rotate))
	mux.HandleFunc(tasks.TypeTimerOutOfHour, w.timer(timers.Service.ResetOutOfHour))
	mux.HandleFunc(tasks.TypeTimerAutoClose, w.timer(timers.Service.AutoClose))
	mux.HandleFunc(tasks.TypeContactListImport, w.importContactList)
	mux.HandleFunc(tasks.TypeContactListCheck, w.checkContactList)
	mux.HandleFunc(tasks.TypeContactImport, w.importContacts)
	mux.HandleFunc(tasks.TypeScheduleFire, w.fireSchedule)
	mux.HandleFunc(tasks.TypeCampaignStart, w.startCampaign)
	mux.HandleFunc(tasks.TypeCampaignTick, w.tickCampaign)
	mux.HandleFunc(tasks.TypeInvoicesGenerate, w.generateInvoices)
	mux.HandleFunc(tasks.TypeLaneMessage, w.laneMessage)
	mux.HandleFunc(tasks.TypeLaneMove, w.laneMove)
	mux.HandleFunc(tasks.TypeCompanyDelete, w.deleteCompany)
	mux.HandleFunc(tasks.TypeIntegrationMessage, w.integrationMessage)
	mux.HandleFunc(tasks.TypeFlowStep, w.flowStep)
	mux.HandleFunc(tasks.TypePromptMessage, w.answerWithPrompt)
	mux.HandleFunc(tasks.TypeMessagesSend, w.sendMessages)
	mux.HandleFunc(tasks.TypeBubbleSend, w.sendBubble)
	return mux
}

// Run processes tasks until ctx ends, then lets running tasks finish. Two asynq servers
// share the task table: one for the queues people wait on, asked every TaskCheckInterval,
// and one for the cron-driven housekeeping queue, asked every HousekeepingCheckInterval.
// asynq asks Redis once per queue per look, so the housekeeping queue beside the others
// was a quarter of an idle worker's Redis calls (about 160 a second) for tasks that come
// a few times a minute.
func (w *Worker) Run(ctx context.Context) error {
	mux := w.Mux()
	hot := w.server(w.queues(), w.App.Cfg.WorkerConcurrency, TaskCheckInterval)
	if err := hot.Start(mux); err != nil {
		return err
	}
	housekeeping := w.server(map[string]int{tasks.QueueLow: 1}, HousekeepingConcurrency, HousekeepingCheckInterval)
	if err := housekeeping.Start(mux); err != nil {
		hot.Shutdown()
		return err
	}
	defer housekeeping.Shutdown()
	defer hot.Shutdown() // first: sends stop before housekeeping does
	hosted, err := w.hostWhatsApp(ctx)
	if err != nil {
		return err
	}
	<-ctx.Done()
	<-hosted // sessions disconnected and leases released before the queues stop
	return nil
}

func (w *Worker) server(queues map[string]int, concurrency int, checkEvery time.Duration) *asynq.Server {
	return asynq.NewServer(w.App.RedisOpt, asynq.Config{
		Concurrency:     concurrency,
		Queues:          queues,
		ShutdownTimeout: 20 * time.Second,
		// Delayed tasks (schedules, sandbox receipts, flow waits) are due within a second.
		DelayedTaskCheckInterval: time.Second,
		TaskCheckInterval:        checkEvery,
		Logger:                   asynqLogger{},
		RetryDelayFunc:           retryDelay,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			slog.Error("task failed", "type", t.Type(), "err", err)
		}),
	})
}

// TaskCheckInterval is how soon a worker that found the hot queues empty looks again
// (±50 %). asynq polls; its default of a second was the whole event-to-socket latency of a
// quiet pipeline (p50 0.8 s at 100 messages/s). At 20 ms a task still waited 15 ms (p50)
// for a worker at 1,000 messages a second; at 5 ms it waits 5. An idle worker asks Redis
// a few hundred times a second, which Redis serves in well under a millisecond each.
const TaskCheckInterval = 5 * time.Millisecond

// HousekeepingCheckInterval and HousekeepingConcurrency serve the low queue: timers,
// invoices, prunes and deletions, which nobody watches arrive, and which then cannot take
// the slots of sends.
const (
	HousekeepingCheckInterval = 250 * time.Millisecond
	HousekeepingConcurrency   = 2
)

// retryDelay waits out what a provider asked for (channel.RetryLater: Graph rate limits);
// a receipt about a message whose send is not recorded yet (webhooks and the sandbox's
// rounds can overtake it) is retried within seconds; anything else backs off as asynq does.
func retryDelay(n int, err error, t *asynq.Task) time.Duration {
	var later *channel.RetryLater
	switch {
	case errors.As(err, &later):
		return later.Delay
	case errors.Is(err, inbound.ErrTargetUnknown), errors.Is(err, sandbox.ErrReceiptsWait):
		return min(time.Duration(n+1)*time.Second, 30*time.Second)
	}
	return asynq.DefaultRetryDelayFunc(n, err, t)
}

// lastTry reports a task's last try: what it can't do then is recorded, not retried.
func lastTry(ctx context.Context) bool {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	return retried >= maxRetry
}

// releaseKept forgets a kept hand-off (pkg/taskoutbox) once its task finished: done, given
// up (no retry follows) or passed to the worker that owns its session.
func (w *Worker) releaseKept(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		err := next.ProcessTask(ctx, t)
		id, _ := asynq.GetTaskID(ctx)
		if !tasks.Kept(t.Type(), id) || (err != nil && !errors.Is(err, asynq.SkipRetry) && !lastTry(ctx)) {
			return err
		}
		if rerr := taskoutbox.Release(context.WithoutCancel(ctx), w.App.DB, id); rerr != nil {
			slog.WarnContext(ctx, "taskoutbox: not released; the handler will run again", "task_id", id, "err", rerr)
		}
		return err
	})
}

func observe(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		err := next.ProcessTask(ctx, t)
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		metrics.Jobs.WithLabelValues(t.Type(), outcome).Inc()
		metrics.JobDuration.WithLabelValues(t.Type()).Observe(time.Since(start).Seconds())
		return err
	})
}

// asynqLogger routes asynq's logs into slog.
type asynqLogger struct{}

func (asynqLogger) Debug(args ...any) { slog.Debug("asynq", "msg", args) }
func (asynqLogger) Info(args ...any)  { slog.Info("asynq", "msg", args) }
func (asynqLogger) Warn(args ...any)  { slog.Warn("asynq", "msg", args) }
func (asynqLogger) Error(args ...any) { slog.Error("asynq", "msg", args) }
func (asynqLogger) Fatal(args ...any) { slog.Error("asynq fatal", "msg", args) }
