package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/metawebhook"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

func TestMetaWebhookHandshake(t *testing.T) {
	m := newMetaEnv(t)
	m.run(t, []scenario{
		{name: "our verify token: challenge echoed", method: "GET",
			path:   "/webhooks/meta?hub.mode=subscribe&hub.verify_token=" + metaVerify + "&hub.challenge=1158201444",
			status: 200, check: func(t *testing.T, body []byte) {
				if string(body) != "1158201444" {
					t.Fatalf("challenge %q", body)
				}
			}},
		{name: "wrong verify token", method: "GET", path: "/webhooks/meta?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1",
			status: 403, code: "ERR_WEBHOOK_VERIFY", absent: []string{`"1"`}},
		{name: "wrong mode", method: "GET", path: "/webhooks/meta?hub.mode=unsubscribe&hub.verify_token=" + metaVerify + "&hub.challenge=1",
			status: 403, code: "ERR_WEBHOOK_VERIFY"},
	})
}

func TestMetaWebhookSignatureRefusedStoresNothing(t *testing.T) {
	m := newMetaEnv(t)
	body := fakegraph.WhatsAppText("PN1", "5511999990001", "Maria", "wamid.1", "oi")
	for name, sig := range map[string]string{
		"missing":       "",
		"wrong secret":  metawebhook.Sign("other-secret", body),
		"not hex":       "sha256=zz",
		"no sha256 tag": strings.TrimPrefix(metawebhook.Sign(metaSecret, body), "sha256="),
		"body tampered": metawebhook.Sign(metaSecret, append([]byte(" "), body...)),
	} {
		req, _ := http.NewRequest("POST", m.Srv.URL+"/webhooks/meta", bytes.NewReader(body))
		if sig != "" {
			req.Header.Set("X-Hub-Signature-256", sig)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 401 {
			t.Errorf("%s: status %d, want 401", name, res.StatusCode)
		}
	}
	if n := count(m.env, "SELECT count(*) FROM meta_webhooks"); n != 0 {
		t.Fatalf("refused deliveries stored %d rows", n)
	}
	m.post(t, body)
	m.post(t, body) // Meta redelivers the same body: stored once
	if n := count(m.env, "SELECT count(*) FROM meta_webhooks"); n != 1 {
		t.Fatalf("stored %d deliveries, want 1", n)
	}
}

// A webhook for company A's phone id lands in A only; an unknown id is dropped.
func TestMetaWebhookRoutesByConnectionOnly(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	beta := testutil.NewTenant(t, m.App, "beta", 0)
	a := m.cloudConn(t, acme, "PN-A")
	m.cloudConn(t, beta, "PN-B")
	startWorker(t, m.env)

	m.post(t, fakegraph.WhatsAppText("PN-A", "5511988887777", "Ana", "wamid.A1", "só para a acme"))
	m.post(t, fakegraph.WhatsAppText("PN-UNKNOWN", "5511988887777", "Ana", "wamid.X1", "ninguém"))
	m.eventually(t, "both deliveries expanded", func() bool {
		return count(m.env, "SELECT count(*) FROM meta_webhooks WHERE processed_at IS NOT NULL") == 2
	})
	m.eventually(t, "acme's message", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE company_id = ? AND connection_id = ? AND body = 'só para a acme'",
			acme.Company.ID, a.ID) == 1
	})
	if n := count(m.env, "SELECT count(*) FROM messages WHERE company_id = ?", beta.Company.ID); n != 0 {
		t.Fatalf("beta got %d messages", n)
	}
	if n := count(m.env, "SELECT count(*) FROM inbound_events WHERE company_id = ?", beta.Company.ID); n != 0 {
		t.Fatalf("beta got %d inbound events", n)
	}
	if n := count(m.env, "SELECT count(*) FROM messages WHERE body = 'ninguém'"); n != 0 {
		t.Fatalf("unknown phone id stored %d messages", n)
	}
	// Beta can't take acme's phone id to read its webhooks: its token does not reach the
	// number, and even one that does can't take an id another connection has.
	st, body := m.call("POST", "/whatsapp", testutil.Token(t, m.App, beta.Admin), map[string]any{
		"name": "Stolen", "channel": "whatsappapi", "externalId": "PN-A", "accessToken": "x"}, "")
	if st != 400 || !strings.Contains(string(body), `"accessToken"`) || !strings.Contains(string(body), connection.MsgTokenNotOwner) {
		t.Fatalf("phone id with a token that does not reach it: %d %s", st, body)
	}
	st, body = m.call("POST", "/whatsapp", testutil.Token(t, m.App, beta.Admin), map[string]any{
		"name": "Stolen", "channel": "whatsappapi", "externalId": "PN-A", "accessToken": "TOKEN-PN-A"}, "")
	if st != 409 || !strings.Contains(string(body), "ERR_DUPLICATED_EXTERNAL_ID") {
		t.Fatalf("duplicate phone id: %d %s", st, body)
	}
}
