package api_test

import (
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"atende/pkg/channel/graph"
	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

const (
	metaSecret = "test-app-secret"
	metaVerify = "verify-me"
	metaAppID  = 1517776481860111 // Meta's app ids are numbers
	// metaWait bounds the waits of the Meta tests: generous, as a loaded machine needs,
	// and costing nothing when the condition comes true sooner.
	metaWait = 60 * time.Second
)

// metaEnv is a real api and worker whose Graph API is a fake server on loopback.
type metaEnv struct {
	*env
	fake *fakegraph.Server
}

func newMetaEnv(t *testing.T) *metaEnv {
	t.Helper()
	// Numbers set: a Cloud API number is read only with its token (cloudConn registers it).
	fake := &fakegraph.Server{Secret: metaSecret, StatusDelay: 30 * time.Millisecond, AppID: fmt.Sprint(metaAppID),
		Numbers: map[string]string{}}
	gs := httptest.NewServer(fake)
	t.Cleanup(gs.Close)
	fake.BaseURL = gs.URL
	t.Setenv("GRAPH_API_BASE_URL", gs.URL)
	t.Setenv("META_APP_SECRET", metaSecret)
	t.Setenv("META_VERIFY_TOKEN", metaVerify)
	t.Setenv("META_APP_ID", fmt.Sprint(metaAppID))
	old := graph.RateLimitDelay
	graph.RateLimitDelay = 300 * time.Millisecond
	t.Cleanup(func() { graph.RateLimitDelay = old })
	e := newEnv(t)
	fake.Webhook = e.Srv.URL + "/webhooks/meta"
	return &metaEnv{env: e, fake: fake}
}

// cloudConn creates a Cloud API connection through the connections API, its token
// "TOKEN-"+phoneID being the one the fake lets read the number.
func (m *metaEnv) cloudConn(t *testing.T, tn testutil.Tenant, phoneID string) connection.Connection {
	t.Helper()
	m.fake.AddNumber(phoneID, "TOKEN-"+phoneID)
	st, body := m.call("POST", "/whatsapp", testutil.Token(t, m.App, tn.Admin), map[string]any{
		"name": "Cloud " + phoneID, "channel": "whatsappapi", "externalId": phoneID, "accessToken": "TOKEN-" + phoneID}, "")
	if st != 200 && st != 201 {
		t.Fatalf("create cloud connection: %d %s", st, body)
	}
	c := decode[connection.Connection](t, body)
	if c.Status != connection.StatusConnected || c.ExternalID != phoneID {
		t.Fatalf("cloud connection not connected: %s", body)
	}
	return c
}

// post delivers a signed webhook body as Meta would and expects 200.
func (m *metaEnv) post(t *testing.T, body []byte) {
	t.Helper()
	st, err := m.fake.Post(body)
	if err != nil || st != 200 {
		t.Fatalf("webhook: %d %v", st, err)
	}
}

// eventually polls cond until it holds, for up to metaWait.
func (m *metaEnv) eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(metaWait); ; time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", metaWait, what)
		}
	}
}

// settled waits until every delivery is expanded and every inbound event handled: what a
// test asserts absent afterwards would have been stored by then.
func (m *metaEnv) settled(t *testing.T) {
	t.Helper()
	m.eventually(t, "deliveries and events handled", func() bool {
		return count(m.env, "SELECT (SELECT count(*) FROM meta_webhooks WHERE processed_at IS NULL) + "+
			"(SELECT count(*) FROM inbound_events WHERE processed_at IS NULL)") == 0
	})
}
