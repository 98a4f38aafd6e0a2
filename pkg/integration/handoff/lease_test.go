package handoff_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/integration"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// slowTypebot answers startChat only when the test releases it; entered tells each call.
type slowTypebot struct {
	*httptest.Server
	entered chan struct{}
	release chan struct{}
	once    sync.Once
	mu      sync.Mutex
	calls   int
}

// open lets every call answer, now and from then on.
func (s *slowTypebot) open() { s.once.Do(func() { close(s.release) }) }

func newSlowTypebot(t *testing.T) *slowTypebot {
	s := &slowTypebot{entered: make(chan struct{}, 8), release: make(chan struct{})}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.calls++
		s.mu.Unlock()
		s.entered <- struct{}{}
		<-s.release
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"sessionId": "s1", "messages": []any{textBubble("Olá!")}})
	}))
	t.Cleanup(s.Close)
	t.Cleanup(s.open) // runs first: a failed test does not hang on a call still waiting
	return s
}

func waitFor(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(20 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// While the bot thinks, the ticket's session row is free and no connection of ours sits
// in a transaction; a duplicated task (a redelivery taking its own lease over) calls the
// bot again but the answer is sent once; another message's task waits as a scheduled
// copy, not a worker.
func TestTurnHoldsNoLockWhileTheBotThinks(t *testing.T) {
	w := newWorld(t)
	slow := newSlowTypebot(t)
	w.run.Typebot = integration.Typebot{HTTP: &http.Client{Timeout: time.Minute}}
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, slow.URL, nil)
	m := w.inbound(t, "oi")
	errs := make(chan error, 2)
	go func() { errs <- w.hand(t, it, m) }()
	waitFor(t, "the first call", slow.entered)

	// Another transaction updates the session row at once, and nobody idles in a transaction.
	err := w.a.DB.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`SET LOCAL lock_timeout = '2s'`).Error; err != nil {
			return err
		}
		return tx.Exec(`UPDATE integration_sessions SET updated_at = now() WHERE ticket_id = ?`, w.tk.ID).Error
	})
	if err != nil {
		t.Fatalf("the session row is locked while the bot thinks: %v", err)
	}
	var idle int64
	w.a.DB.Raw(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
		AND state LIKE 'idle in transaction%'`).Scan(&idle)
	if idle != 0 {
		t.Fatalf("%d connections idle in a transaction while the bot thinks", idle)
	}
	var held int64
	w.a.DB.Raw(`SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
		WHERE c.relname = 'integration_sessions' AND l.pid <> pg_backend_pid()`).Scan(&held)
	if held != 0 {
		t.Fatalf("%d locks on integration_sessions while the bot thinks", held)
	}

	// Another message of the ticket: its task comes back later as a scheduled copy.
	other := w.inbound(t, "alô?")
	if err := w.hand(t, it, other); err != nil {
		t.Fatal(err)
	}
	if n := scheduledAttempts(t, w, other.ID); n != 1 {
		t.Fatalf("%d scheduled copies of the waiting task, want 1", n)
	}

	// The same task again (a redelivery): it takes its own lease over and asks again.
	go func() { errs <- w.hand(t, it, m) }()
	waitFor(t, "the duplicate's call", slow.entered)
	slow.open()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	equal(t, "sent once", w.replies(t), []string{"Olá!"})
	var turn, leased int64
	w.a.DB.Raw(`SELECT turn, (lease_until IS NOT NULL)::int FROM integration_sessions WHERE ticket_id = ?`, w.tk.ID).
		Row().Scan(&turn, &leased)
	if turn != 2 || leased != 0 {
		t.Fatalf("session turn %d, lease kept %d", turn, leased)
	}

	// A lease that expired is taken over by another task: the late one writes nothing.
	slow2 := newSlowTypebot(t)
	it2 := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot2", integration.TypeTypebot, slow2.URL, nil)
	m2 := w.inbound(t, "de novo")
	go func() { errs <- w.hand(t, it2, m2) }()
	waitFor(t, "the late turn's call", slow2.entered)
	w.a.DB.Exec(`UPDATE integration_sessions SET lease_until = now() - interval '1 second' WHERE ticket_id = ?`, w.tk.ID)
	m3 := w.inbound(t, "e agora")
	go func() { errs <- w.hand(t, it2, m3) }()
	waitFor(t, "the taking-over turn's call", slow2.entered)
	slow2.open()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	// The expired turn writes nothing; the one that took over answers its message too (a new
	// chat for "de novo", continued with "e agora"), so that "de novo" is not lost.
	equal(t, "the expired turn sent nothing", w.replies(t), []string{"Olá!", "Olá!", "Olá!"})
	slow2.mu.Lock()
	defer slow2.mu.Unlock()
	if slow2.calls != 3 {
		t.Fatalf("%d Typebot calls, want 3 (the late start, then the new turn's start and continue)", slow2.calls)
	}
}

// scheduledAttempts counts the scheduled copies of message id's integration task.
func scheduledAttempts(t *testing.T, w *world, id int64) int {
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	infos, err := in.ListScheduledTasks(tasks.QueueDefault)
	if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
		t.Fatal(err)
	}
	n := 0
	for _, i := range infos {
		var p tasks.IntegrationMessage
		if i.Type == tasks.TypeIntegrationMessage && json.Unmarshal(i.Payload, &p) == nil && p.MessageID == id && p.Attempt > 0 {
			mustBeKept(t, w, i.ID)
			n++
		}
	}
	return n
}

// mustBeKept fails unless the scheduled task id is kept in the task outbox with a due
// time ahead, so a Redis that loses it does not lose the turn.
func mustBeKept(t *testing.T, w *world, id string) {
	t.Helper()
	var kept int64
	w.a.DB.Raw(`SELECT count(*) FROM task_outbox WHERE task_id = ? AND due_at > now() - interval '1 second'`, id).Scan(&kept)
	if kept != 1 {
		t.Fatalf("scheduled task %s is not kept in the task outbox", id)
	}
}
