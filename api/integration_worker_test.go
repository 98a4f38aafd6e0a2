package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/integration"
	"atende/pkg/testutil"
)

// Through the sandbox and the real worker: a customer's two quick messages reach the
// Dialogflow agent as one query (the debounce is a scheduled task, not a sleeping worker)
// and its answer comes back once.
func TestDialogflowDebounceThroughTheWorker(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	var mu sync.Mutex
	var queries []string
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/token" {
			_, _ = w.Write([]byte(`{"access_token":"t","expires_in":3600}`))
			return
		}
		raw, _ := io.ReadAll(r.Body)
		var body struct {
			QueryInput struct{ Text struct{ Text string } }
		}
		_ = json.Unmarshal(raw, &body)
		mu.Lock()
		queries = append(queries, body.QueryInput.Text.Text)
		mu.Unlock()
		_, _ = w.Write([]byte(`{"queryResult":{"fulfillmentText":"Anotado!"}}`))
	}))
	t.Cleanup(fake.Close)
	e.App.IntegrationRunner.Dialogflow = integration.NewDialogflow(nil, fake.URL, fake.URL+"/token")
	it := testutil.NewIntegration(t, e.App, acme.Company.ID, "Agente", integration.TypeDialogflow, "", func(i *integration.Integration) {
		i.ProjectName, i.JSONContent, i.Language = "agente", serviceAccountJSON(t), "pt-BR"
	})
	c := integratedSandbox(t, e, acme.Company.ID, it.ID)
	startWorker(t, e)
	for i, text := range []string{"oi", "quero uma pizza"} {
		st, res := e.call("POST", fmt.Sprintf("/sandbox/%d/inbound", c.ID), c.Token,
			map[string]string{"number": "5511977770000", "name": "Maria", "body": text, "id": fmt.Sprintf("df-%d", i)}, "")
		if st != 202 {
			t.Fatalf("inbound: %d %s", st, res)
		}
	}
	eventually(t, "the agent's answer", func() bool {
		return count(e, `SELECT count(*) FROM messages WHERE company_id = ? AND from_me`, acme.Company.ID) >= 1
	})
	mu.Lock()
	got := strings.Join(queries, "|")
	mu.Unlock()
	if got != "oi\nquero uma pizza" {
		t.Fatalf("queries %q, want one with both messages", got)
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE company_id = ? AND from_me`, acme.Company.ID); n != 1 {
		t.Fatalf("%d answers", n)
	}
}

// integratedSandbox is a connected sandbox connection of companyID handing its new
// conversations to integration integrationID.
func integratedSandbox(t *testing.T, e *env, companyID, integrationID int64) connection.Connection {
	t.Helper()
	c := connection.Connection{CompanyID: companyID, Name: "Loja", Channel: connection.ChannelSandbox,
		Status: connection.StatusConnected, IsDefault: true, Token: connection.NewToken(), GroupAsTicket: "disabled",
		MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 2, WhenExpiresTicket: "0", IntegrationID: &integrationID}
	if err := e.App.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	return c
}
