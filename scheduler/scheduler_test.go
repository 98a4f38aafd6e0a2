package scheduler_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/scheduler"
)

// pending lists the queued sweeps' TaskIDs and ticks.
func pending(t *testing.T, in *asynq.Inspector) map[string]time.Time {
	t.Helper()
	infos, err := in.ListPendingTasks(tasks.QueueLow)
	if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
		t.Fatal(err)
	}
	out := map[string]time.Time{}
	for _, ti := range infos {
		var p tasks.UsersMarkOffline
		if ti.Type != tasks.TypeUsersMarkOffline || json.Unmarshal(ti.Payload, &p) != nil {
			t.Fatalf("unexpected task %s %s", ti.Type, ti.Payload)
		}
		out[ti.ID] = p.Tick
	}
	return out
}

func entry(t *testing.T, name string) scheduler.Entry {
	t.Helper()
	i := slices.IndexFunc(scheduler.Table, func(e scheduler.Entry) bool { return e.Name == name })
	if i < 0 {
		t.Fatalf("%s is not in the cron table", name)
	}
	return scheduler.Table[i]
}

// Two schedulers firing the same tick enqueue it once; the next minute is a new task.
func TestFireEnqueuesEachTickOnce(t *testing.T) {
	a := testutil.App(t)
	other := asynq.NewClient(a.RedisOpt) // a second scheduler process
	defer other.Close()
	in := asynq.NewInspector(a.RedisOpt)
	defer in.Close()
	sweep := entry(t, tasks.TypeUsersMarkOffline)
	ctx := t.Context()
	tick := time.Date(2030, 5, 17, 14, 32, 0, 0, time.UTC)
	saoPaulo, _ := time.LoadLocation("America/Sao_Paulo")

	scheduler.Fire(ctx, a.Queue, sweep, tick)
	scheduler.Fire(ctx, a.Queue, sweep, tick)
	scheduler.Fire(ctx, other, sweep, tick.Add(800*time.Millisecond)) // the other clock is a little late
	scheduler.Fire(ctx, other, sweep, tick.In(saoPaulo))              // same instant, another zone
	got := pending(t, in)
	if len(got) != 1 {
		t.Fatalf("same tick enqueued %d times: %v", len(got), got)
	}
	for id, at := range got {
		if id != tasks.TypeUsersMarkOffline+"@2030-05-17T14:32:00Z" || !at.Equal(tick) {
			t.Fatalf("task %q tick %v", id, at)
		}
	}

	scheduler.Fire(ctx, other, sweep, tick.Add(time.Minute))
	scheduler.Fire(ctx, a.Queue, sweep, tick.Add(time.Minute))
	if got := pending(t, in); len(got) != 2 {
		t.Fatalf("next minute: %d tasks, want 2: %v", len(got), got)
	}
}

// Every cron entry builds a task whose id is derived from its tick, so none can double-fire.
func TestEveryEntryHasATickID(t *testing.T) {
	a := testutil.App(t)
	tick := time.Date(2030, 1, 2, 3, 4, 0, 0, time.UTC)
	for _, e := range scheduler.Table {
		task, err := e.Build(tick)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if task.Type() != e.Name {
			t.Errorf("%s builds a %s task", e.Name, task.Type())
		}
		info, err := a.Queue.Enqueue(task)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if want := e.Name + "@2030-01-02T03:04:00Z"; info.ID != want {
			t.Errorf("%s task id %q, want %q", e.Name, info.ID, want)
		}
	}
}
