package api_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"atende/pkg/integration"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
)

func integrationNames(want ...string) func(*testing.T, []byte) {
	return listed("queueIntegrations", func(i integration.Integration) string { return i.Name }, want...)
}

// The /queueIntegration records: CRUD, search and pages, the spec's validation (nothing
// written when refused), admins of plans with useIntegrations only, and another
// company's ids answered as missing everywhere.
func TestQueueIntegrationsCRUDAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	theirs := testutil.NewIntegration(t, e.App, beta.Company.ID, "Deles", "webhook", "http://127.0.0.1:1", nil)
	ev := e.watch()
	post := func(name string, body map[string]any, field, msg string) scenario {
		return scenario{name: name, method: "POST", path: "/queueIntegration", token: admin, body: body, status: 400,
			code: "ERR_VALIDATION", contain: []string{`"` + field + `":"` + msg + `"`}}
	}
	typebot := func() map[string]any {
		return map[string]any{"name": "Bot", "type": "typebot", "urlN8N": "https://typebot.example", "typebotSlug": "meu-bot"}
	}
	e.run(t, []scenario{
		post("name required", map[string]any{"type": "n8n", "urlN8N": "http://x.example"}, "name", "Obrigatório"),
		post("name too short", map[string]any{"name": "A", "type": "n8n", "urlN8N": "http://x.example"}, "name", "Too Short!"),
		post("name too long", map[string]any{"name": strings.Repeat("n", 51), "type": "n8n", "urlN8N": "http://x.example"}, "name", "Too Long!"),
		post("type required", map[string]any{"name": "Sem tipo"}, "type", "Obrigatório"),
		post("unknown type", map[string]any{"name": "Robô", "type": "robot"}, "type", "Opção inválida"),
		post("typebot needs its url", merge(typebot(), map[string]any{"urlN8N": ""}), "urlN8N", "Obrigatório"),
		post("typebot needs its slug", merge(typebot(), map[string]any{"typebotSlug": ""}), "typebotSlug", "Obrigatório"),
		post("n8n needs its url", map[string]any{"name": "Fluxo", "type": "n8n"}, "urlN8N", "Obrigatório"),
		post("webhook url must be http(s)", map[string]any{"name": "Gancho", "type": "webhook", "urlN8N": "file:///etc/passwd"}, "urlN8N", integration.MsgBadURL),
		post("dialogflow needs a service account", map[string]any{"name": "Agente", "type": "dialogflow", "projectName": "p",
			"jsonContent": `{"client_email":"x"}`}, "jsonContent", integration.MsgBadCredentials),
		post("dialogflow language", map[string]any{"name": "Agente", "type": "dialogflow", "projectName": "p",
			"language": "fr", "jsonContent": serviceAccountJSON(t)}, "language", "Opção inválida"),
		post("delay bounded", merge(typebot(), map[string]any{"typebotDelayMessage": 600000}), "typebotDelayMessage", "Opção inválida"),
		{name: "profile user", method: "POST", path: "/queueIntegration", token: agent, body: typebot(), status: 403, code: "ERR_NO_PERMISSION"},
	})
	if n := e.countRows("SELECT count(*) FROM queue_integrations WHERE company_id = ?", acme.Company.ID); n != 0 {
		t.Fatalf("refused requests wrote %d rows", n)
	}
	var bot, dialogflow integration.Integration
	e.run(t, []scenario{
		{name: "create typebot", method: "POST", path: "/queueIntegration", token: admin, body: typebot(), status: 201,
			contain: []string{`"typebotSlug":"meu-bot"`, `"typebotExpires":1`, `"typebotDelayMessage":1000`, `"webhookSecret":"`},
			check:   func(t *testing.T, b []byte) { bot = decode[integration.Integration](t, b) }},
		{name: "create n8n", method: "POST", path: "/queueIntegration", token: admin, status: 201,
			body:    map[string]any{"name": "Automação", "type": "n8n", "urlN8N": "https://n8n.example/webhook/1", "jsonContent": "segredo"},
			contain: []string{`"jsonContent":""`}},
		{name: "create flowbuilder", method: "POST", path: "/queueIntegration", token: admin, status: 201,
			body: map[string]any{"name": "Fluxo", "type": "flowbuilder"}},
		{name: "create dialogflow", method: "POST", path: "/queueIntegration", token: admin, status: 201,
			body:    map[string]any{"name": "Agente", "type": "dialogflow", "projectName": "agente", "jsonContent": serviceAccountJSON(t)},
			contain: []string{`"language":"pt-BR"`, `"jsonContent":"******** bot@p.iam.gserviceaccount.com"`}, absent: []string{"PRIVATE KEY"},
			check: func(t *testing.T, b []byte) { dialogflow = decode[integration.Integration](t, b) }},
	})
	ev.want(t, "company-"+itoa(acme.Company.ID)+"-queueIntegration", `"action":"create"`)
	path := "/queueIntegration/" + itoa(bot.ID)
	theirPath := "/queueIntegration/" + itoa(theirs.ID)
	e.run(t, []scenario{
		get("list with count", "/queueIntegration", admin, 200, integrationNames("Agente", "Automação", "Bot", "Fluxo"), `"count":4`, `"hasMore":false`),
		get("search", "/queueIntegration/?searchParam=AUTO", admin, 200, integrationNames("Automação"), `"count":1`),
		get("page 2 is empty", "/queueIntegration?pageNumber=2", admin, 200, integrationNames()),
		get("read", path, admin, 200, nil, `"name":"Bot"`),
		{name: "update", method: "PUT", path: path, token: admin, body: map[string]any{"typebotKeywordFinish": "#sair", "typebotExpires": 30},
			status: 200, contain: []string{`"typebotKeywordFinish":"#sair"`, `"typebotExpires":30`, `"typebotSlug":"meu-bot"`}},
		{name: "update refused writes nothing", method: "PUT", path: path, token: admin, body: map[string]any{"typebotSlug": "", "name": "Outro"},
			status: 400, code: "ERR_VALIDATION"},
		get("another company's", theirPath, admin, 404, nil, "ERR_NO_INTEGRATION_FOUND"),
		{name: "update another company's", method: "PUT", path: theirPath, token: admin, body: map[string]any{"name": "Meu"}, status: 404, code: "ERR_NO_INTEGRATION_FOUND"},
		{name: "delete another company's", method: "DELETE", path: theirPath, token: admin, status: 404, code: "ERR_NO_INTEGRATION_FOUND"},
		get("their list is theirs", "/queueIntegration", other, 200, integrationNames("Deles")),
		get("profile user can't list", "/queueIntegration", agent, 403, nil, "ERR_NO_PERMISSION"),
		{name: "another company's integration on a connection", method: "POST", path: "/whatsapp", token: admin,
			body: map[string]any{"name": "Zap", "integrationId": theirs.ID}, status: 400, code: "ERR_VALIDATION",
			contain: []string{`"integrationId":"` + integration.MsgBadIntegration + `"`}},
	})
	// The key file never leaves the API: reads and events show its account only, and an
	// edit sending back what it was shown keeps the stored key.
	agentPath := "/queueIntegration/" + itoa(dialogflow.ID)
	e.run(t, []scenario{
		get("list hides the key", "/queueIntegration", admin, 200, nil, `"jsonContent":"******** bot@p.iam`),
		get("read hides the key", agentPath, admin, 200, nil, `"jsonContent":"******** bot@p.iam`),
		{name: "edit with the masked key", method: "PUT", path: agentPath, token: admin, status: 200,
			body: map[string]any{"name": "Agente 2", "jsonContent": "******** bot@p.iam.gserviceaccount.com"}, absent: []string{"PRIVATE KEY"}},
	})
	for _, p := range []string{"/queueIntegration", agentPath} {
		if _, body := e.call("GET", p, admin, nil, ""); strings.Contains(string(body), "PRIVATE KEY") {
			t.Fatalf("GET %s shows the private key", p)
		}
	}
	if n := e.countRows("SELECT count(*) FROM queue_integrations WHERE id = ? AND name = 'Agente 2' AND json_content LIKE '%PRIVATE KEY%'", dialogflow.ID); n != 1 {
		t.Fatal("an edit with the masked key lost the stored key")
	}
	if n := e.countRows("SELECT count(*) FROM queue_integrations WHERE name = 'Outro' OR name = 'Meu'"); n != 0 {
		t.Fatal("a refused update was written")
	}
	// Deleting detaches it from queues, options, connections and tickets.
	q := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	e.sql("UPDATE queues SET integration_id = ? WHERE id = ?", bot.ID, q.ID)
	e.run(t, []scenario{{name: "delete", method: "DELETE", path: path, token: admin, status: 200}})
	if n := e.countRows("SELECT count(*) FROM queues WHERE integration_id IS NOT NULL"); n != 0 {
		t.Fatal("a queue kept the deleted integration")
	}
	if n := e.countRows("SELECT count(*) FROM queue_integrations WHERE company_id = ?", beta.Company.ID); n != 1 {
		t.Fatal("another company's integration changed")
	}

	// Without the plan flag the whole page is refused, to admins too.
	e.sql("UPDATE plans SET use_integrations = false WHERE id = ?", acme.Company.PlanID)
	e.run(t, []scenario{get("plan without integrations", "/queueIntegration", admin, 403, nil)})
}

// serviceAccountJSON is a key file with a fresh RSA key.
func serviceAccountJSON(t *testing.T) string {
	key, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	raw, _ := json.Marshal(map[string]string{"type": "service_account", "client_email": "bot@p.iam.gserviceaccount.com",
		"private_key": string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))})
	return string(raw)
}

// POST /queueIntegration/testSession runs one detectIntent against (here) a fake
// Dialogflow and answers its result; bad credentials are refused without a call.
func TestQueueIntegrationTestSession(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	calls := 0
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/token" {
			_, _ = w.Write([]byte(`{"access_token":"t","expires_in":3600}`))
			return
		}
		if strings.Contains(r.URL.Path, "/projects/quebrado/") {
			w.WriteHeader(403)
			return
		}
		_, _ = w.Write([]byte(`{"queryResult":{"queryText":"Oi","fulfillmentText":"Olá, sou o agente","intent":{"displayName":"Default Welcome Intent"}}}`))
	}))
	defer fake.Close()
	e.App.Integrations.Dialogflow = integration.NewDialogflow(nil, fake.URL, fake.URL+"/token")
	creds := serviceAccountJSON(t)
	e.run(t, []scenario{
		{name: "bad credentials", method: "POST", path: "/queueIntegration/testSession", token: admin,
			body: map[string]any{"projectName": "agente", "jsonContent": "{}", "language": "pt-BR"}, status: 400, code: "ERR_VALIDATION",
			contain: []string{`"jsonContent":"` + integration.MsgBadCredentials + `"`}},
		{name: "agent answers", method: "POST", path: "/queueIntegration/testSession", token: admin,
			body: map[string]any{"projectName": "agente", "jsonContent": creds, "language": "pt-BR"}, status: 200,
			contain: []string{`"fulfillmentText":"Olá, sou o agente"`, `"displayName":"Default Welcome Intent"`}},
		{name: "agent refuses", method: "POST", path: "/queueIntegration/testSession", token: admin,
			body: map[string]any{"projectName": "quebrado", "jsonContent": creds}, status: 502, code: "ERR_TEST_SESSION_DIALOG_FLOW"},
	})
	// An edit form shows the key masked: the test uses the integration's stored key, of the
	// company's own integrations only.
	stored := testutil.NewIntegration(t, e.App, acme.Company.ID, "Agente", "dialogflow", "", func(i *integration.Integration) {
		i.ProjectName, i.JSONContent, i.Language = "agente", creds, "pt-BR"
	})
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	theirs := testutil.NewIntegration(t, e.App, beta.Company.ID, "Deles", "dialogflow", "", func(i *integration.Integration) {
		i.ProjectName, i.JSONContent, i.Language = "agente", creds, "pt-BR"
	})
	masked := integration.MaskCredentials(creds)
	e.run(t, []scenario{
		{name: "stored key", method: "POST", path: "/queueIntegration/testSession", token: admin,
			body: map[string]any{"id": stored.ID, "projectName": "agente", "jsonContent": masked}, status: 200,
			contain: []string{`"fulfillmentText":"Olá, sou o agente"`}},
		{name: "masked without an id", method: "POST", path: "/queueIntegration/testSession", token: admin,
			body: map[string]any{"projectName": "agente", "jsonContent": masked}, status: 400, code: "ERR_VALIDATION"},
		{name: "another company's stored key", method: "POST", path: "/queueIntegration/testSession", token: admin,
			body: map[string]any{"id": theirs.ID, "projectName": "agente", "jsonContent": masked}, status: 404, code: "ERR_NO_INTEGRATION_FOUND"},
	})
	if calls != 4 {
		t.Fatalf("%d calls to the fake, want token + 3 detectIntent", calls)
	}
}

// The records of admin-only pages go to the company's admins' sockets, never to an
// attendant's (who is in the company room too): an integration carries the webhook secret,
// a prompt its system prompt and keys' last characters, a file list its files' signed URLs.
func TestAdminPageEventsReachOnlyAdmins(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	agent := dial(t, e.Srv.URL, testutil.Token(t, e.App, acme.Attender))
	admin := dial(t, e.Srv.URL, testutil.Token(t, e.App, acme.Admin))
	ready(t, e, agent, acme.Attender.ID)
	ready(t, e, admin, acme.Admin.ID)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#0a0")
	for _, c := range []struct {
		path, kind, marker string
		body               map[string]any
	}{
		{"/queueIntegration", "queueIntegration", `"webhookSecret"`,
			map[string]any{"name": "Webhook", "type": "webhook", "urlN8N": "https://hooks.acme.test/atende"}},
		{"/prompt", "prompt", `"prompt":`, promptBody(vendas.ID, nil)},
		{"/files", "file", `"Catálogo"`, map[string]any{"name": "Catálogo", "message": "Veja", "options": []map[string]any{{"name": "Tabela"}}}},
	} {
		st, body := e.call("POST", c.path, e.tokenOf(acme.Admin), c.body, "")
		if st != 201 && st != 200 {
			t.Fatalf("create %s: %d %s", c.path, st, body)
		}
		name := realtime.EventName(acme.Company.ID, c.kind)
		if _, ok := nextWith(t, admin, name, c.marker, 5*time.Second); !ok {
			t.Fatalf("the admin's socket did not get the %s event", c.kind)
		}
		never(t, framesUntilMarker(t, e, agent, realtime.CompanyRoom(acme.Company.ID)), name)
	}
}
