package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"atende/pkg/integration"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// A customer's message handed to an outside bot is kept with the batch that stored it
// until its task finishes, so a hand-off whose enqueue was lost (a killed process, a Redis
// that lost its data) is queued again by the reconciler and delivered once.
func TestHandOffKeptUntilDoneAndQueuedAgainWhenLost(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	hold := make(chan struct{})
	var mu sync.Mutex
	var delivered []string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		delivered = append(delivered, r.Header.Get(integration.DeliveryHeader))
		first := len(delivered) == 1
		mu.Unlock()
		if first {
			<-hold // the first delivery waits while the test looks at the outbox
		}
	}))
	t.Cleanup(hook.Close)
	it := testutil.NewIntegration(t, e.App, acme.Company.ID, "Gancho", integration.TypeWebhook, hook.URL, nil)
	c := integratedSandbox(t, e, acme.Company.ID, it.ID)
	startWorker(t, e)
	st, res := e.call("POST", fmt.Sprintf("/sandbox/%d/inbound", c.ID), c.Token,
		map[string]string{"number": "5511977770001", "name": "Maria", "body": "oi", "id": "kept-1"}, "")
	if st != 202 {
		t.Fatalf("inbound: %d %s", st, res)
	}
	kept := func() int64 {
		return count(e, `SELECT count(*) FROM task_outbox WHERE company_id = ? AND task_type = ?`, acme.Company.ID, tasks.TypeIntegrationMessage)
	}
	eventually(t, "the hand-off kept while its task runs", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(delivered) == 1 && kept() == 1
	})
	close(hold)
	eventually(t, "the finished hand-off released", func() bool { return kept() == 0 })

	// The same hand-off's enqueue lost for a later message: the reconciler queues it.
	var first struct{ ID, TicketID int64 }
	if err := e.App.DB.Raw(`SELECT id, ticket_id FROM messages WHERE company_id = ? AND NOT from_me`, acme.Company.ID).
		Scan(&first).Error; err != nil || first.ID == 0 {
		t.Fatalf("first message: %v", err)
	}
	var lost int64
	if err := e.App.DB.Raw(`INSERT INTO messages (company_id, ticket_id, connection_id, contact_id, body, from_me)
		SELECT company_id, ticket_id, connection_id, contact_id, 'perdida', false FROM messages WHERE id = ? RETURNING id`,
		first.ID).Scan(&lost).Error; err != nil {
		t.Fatal(err)
	}
	task, err := tasks.NewIntegrationMessage(tasks.IntegrationMessage{CompanyID: acme.Company.ID, TicketID: first.TicketID,
		MessageID: lost, IntegrationID: it.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := taskoutbox.Keep(e.App.DB, acme.Company.ID, task); err != nil {
		t.Fatal(err)
	}
	e.sql(`UPDATE task_outbox SET due_at = now() - interval '2 minutes'`)
	for range 2 { // a second pass while it runs queues nothing twice
		if err := worker.Reconcile(e.App, context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the lost hand-off delivered and released", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(delivered) == 2 && kept() == 0
	})
	mu.Lock()
	defer mu.Unlock()
	if delivered[1] != strconv.FormatInt(lost, 10) {
		t.Fatalf("deliveries %v, want the lost message %d second", delivered, lost)
	}
}
