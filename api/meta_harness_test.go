package api_test

import (
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
)

// metaEnv is a real api and worker whose Graph API is a fake server on loopback.
type metaEnv struct {
	*env
	fake *fakegraph.Server
}

func newMetaEnv(t *testing.T) *metaEnv {
	t.Helper()
	fake := &fakegraph.Server{Secret: metaSecret, StatusDelay: 30 * time.Millisecond}
	gs := httptest.NewServer(fake)
	t.Cleanup(gs.Close)
	fake.BaseURL = gs.URL
	t.Setenv("GRAPH_API_BASE_URL", gs.URL)
	t.Setenv("META_APP_SECRET", metaSecret)
	t.Setenv("META_VERIFY_TOKEN", metaVerify)
	t.Setenv("META_APP_ID", "fake-app")
	old := graph.RateLimitDelay
	graph.RateLimitDelay = 300 * time.Millisecond
	t.Cleanup(func() { graph.RateLimitDelay = old })
	e := newEnv(t)
	fake.Webhook = e.Srv.URL + "/webhooks/meta"
	return &metaEnv{env: e, fake: fake}
}

// cloudConn creates a Cloud API connection through the connections API.
func (m *metaEnv) cloudConn(t *testing.T, tn testutil.Tenant, phoneID string) connection.Connection {
	t.Helper()
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
