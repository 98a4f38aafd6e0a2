package handoff_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// An n8n/webhook URL receives the message JSON signed with the integration's secret; a
// failure is the task's error (asynq retries it), a success is recorded so a redelivered
// task posts nothing again.
func TestWebhookDeliverySignedAndOnce(t *testing.T) {
	w := newWorld(t)
	fake, failing := failingReceiver(t)
	fail := func(on bool) { *failing = on }
	for _, typ := range []string{integration.TypeWebhook, integration.TypeN8N} {
		fail(true)
		it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, typ, typ, fake.URL+"/hook", nil)
		m := w.inbound(t, "quero um orçamento")
		if err := w.hand(t, it, m); err == nil {
			t.Fatal("a 500 must fail the task so asynq retries it")
		}
		fail(false)
		for range 2 { // the retry, then a redelivery
			if err := w.hand(t, it, m); err != nil {
				t.Fatal(err)
			}
		}
		calls := fake.got()
		last := calls[len(calls)-1]
		if len(calls)%2 != 0 {
			t.Fatalf("%s: %d posts, want the failure and one delivery", typ, len(calls))
		}
		if got, want := last.Header.Get(integration.SignatureHeader), integration.Sign(it.WebhookSecret, last.Raw); got != want {
			t.Fatalf("signature %q, want %q", got, want)
		}
		if last.Header.Get(integration.DeliveryHeader) != strconv.FormatInt(m.ID, 10) {
			t.Fatalf("delivery header %q", last.Header.Get(integration.DeliveryHeader))
		}
		msg := last.Body["message"].(map[string]any)
		cust := last.Body["contact"].(map[string]any)
		if msg["body"] != "quero um orçamento" || cust["number"] != "5511999990000" || last.Body["event"] != "message" {
			t.Fatalf("payload %s", last.Raw)
		}
	}
	if len(w.replies(t)) != 0 {
		t.Fatal("a webhook writes no reply")
	}
}

// The plan flag useIntegrations gates the outside bots (spec/3 §6) wherever they run: a
// company whose plan lost it (or that put a typebot node in a flow) reaches none of them;
// the flow's run waiting on Typebot ends, so the next message takes the queue path.
func TestIntegrationsNeedThePlansFlag(t *testing.T) {
	w := newWorld(t)
	fake := newFake(t, func(c call) (int, any) { return 200, map[string]any{"ok": true} })
	w.a.DB.Exec(`UPDATE plans SET use_integrations = false WHERE id = (SELECT plan_id FROM companies WHERE id = ?)`, w.tk.CompanyID)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "hook", integration.TypeWebhook, fake.URL+"/hook", nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	var runID int64
	w.a.DB.Raw(`WITH f AS (INSERT INTO flows (company_id, name) VALUES (?, 'Typebot') RETURNING id)
		INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting)
		SELECT ?, ?, f.id, 'tb', 'waiting', 'typebot' FROM f RETURNING id`, w.tk.CompanyID, w.tk.CompanyID, w.tk.ID).Scan(&runID)
	settings, _ := json.Marshal(map[string]any{"name": "Nó", "urlN8N": fake.URL, "typebotSlug": "fluxo"})
	err := w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
		MessageID: w.inbound(t, "olá").ID, Settings: settings}, 0, 6)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(fake.got()); n != 0 || len(w.replies(t)) != 0 {
		t.Fatalf("%d calls, replies %q", n, w.replies(t))
	}
	var waiting int64
	w.a.DB.Raw(`SELECT count(*) FROM flow_runs WHERE id = ? AND status = 'waiting'`, runID).Scan(&waiting)
	if runID == 0 || waiting != 0 {
		t.Fatalf("run %d: the flow still waits on a Typebot the plan does not allow", runID)
	}
}

// A message whose POST failed is still delivered on its retry after a later message of the
// ticket went out first: each message is delivered on its own, none is lost to the order.
func TestWebhookRetryAfterALaterMessage(t *testing.T) {
	w := newWorld(t)
	fake, fail := failingReceiver(t)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, integration.TypeWebhook, integration.TypeWebhook, fake.URL+"/hook", nil)
	first := w.inbound(t, "primeira")
	if err := w.hand(t, it, first); err == nil {
		t.Fatal("a 500 must fail the task so asynq retries it")
	}
	*fail = false
	second := w.inbound(t, "segunda")
	for _, m := range []message.Message{second, first, first} { // the later message, the retry, a redelivery
		if err := w.hand(t, it, m); err != nil {
			t.Fatal(err)
		}
	}
	var bodies []string
	for _, c := range fake.got() {
		bodies = append(bodies, c.Body["message"].(map[string]any)["body"].(string))
	}
	equal(t, "posts", bodies, []string{"primeira", "segunda", "primeira"})
}

// failingReceiver is a webhook receiver that answers 500 while *fail, then 200.
func failingReceiver(t *testing.T) (*fake, *bool) {
	fail := true
	return newFake(t, func(call) (int, any) {
		if fail {
			return 500, map[string]any{}
		}
		return 200, map[string]any{"ok": true}
	}), &fail
}
