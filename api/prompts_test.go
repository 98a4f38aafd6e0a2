package api_test

import (
	"strings"
	"testing"

	"atende/pkg/testutil"
)

const promptText = "Você é a assistente da loja Acme. Responda em português, com educação e poucas palavras."

func promptBody(queueID int64, over map[string]any) map[string]any {
	return merge(map[string]any{"name": "Atendente IA", "prompt": promptText, "apiKey": "sk-test-1234567890abcd",
		"queueId": queueID}, over)
}

func TestPromptsCRUDAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#111111")
	betaQueue := testutil.NewQueue(t, e.App, beta.Company.ID, "Deles", "#222222")
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)

	status, body := e.call("POST", "/prompt", admin, promptBody(vendas.ID, nil), "")
	if status != 201 && status != 200 {
		t.Fatalf("create: %d %s", status, body)
	}
	created := decode[struct {
		ID          int64
		MaxTokens   int
		Temperature float64
		MaxMessages int
		Voice       string
		Model       string
		APIKey      string
	}](t, body)
	if created.MaxTokens != 100 || created.Temperature != 1 || created.MaxMessages != 10 || created.Voice != "texto" ||
		created.Model != "gpt-4o-mini" || created.APIKey != "********abcd" {
		t.Fatalf("defaults or mask: %+v", created)
	}
	id := itoa(created.ID)
	e.run(t, []scenario{
		get("list with the queue's name, key masked", "/prompt", admin, 200, nil, `"prompts":[`, `"name":"Vendas"`,
			`"apiKey":"********abcd"`),
		{name: "the key never leaves", method: "GET", path: "/prompt/" + id, token: admin, status: 200, absent: []string{"sk-test"}},
		{name: "profile user is refused", method: "GET", path: "/prompt", token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "company B can't read it", method: "GET", path: "/prompt/" + id, token: other, status: 404, code: "ERR_NO_PROMPT_FOUND"},
		{name: "company B can't change it", method: "PUT", path: "/prompt/" + id, token: other, body: promptBody(betaQueue.ID, nil),
			status: 404, code: "ERR_NO_PROMPT_FOUND"},
		{name: "company B can't delete it", method: "DELETE", path: "/prompt/" + id, token: other, status: 404},
		{name: "company B lists none", method: "GET", path: "/prompt", token: other, status: 200, contain: []string{`"prompts":[]`}},
		{name: "a masked key sent back keeps the key", method: "PUT", path: "/prompt/" + id, token: admin,
			body: map[string]any{"apiKey": "********abcd", "maxTokens": 300, "voice": "pt-BR-FranciscaNeural"}, status: 200,
			contain: []string{`"maxTokens":300`, `"voice":"pt-BR-FranciscaNeural"`}},
	})
	var key string
	e.App.DB.Raw("SELECT api_key FROM prompts WHERE id = ?", created.ID).Scan(&key)
	if key != "sk-test-1234567890abcd" {
		t.Fatalf("stored key %q", key)
	}
	e.run(t, []scenario{
		{name: "delete", method: "DELETE", path: "/prompt/" + id, token: admin, status: 200, contain: []string{`"message"`}},
		{name: "gone", method: "GET", path: "/prompt/" + id, token: admin, status: 404},
	})
}

func TestPromptsValidationWritesNothing(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#111111")
	betaQueue := testutil.NewQueue(t, e.App, beta.Company.ID, "Deles", "#222222")
	admin := e.tokenOf(acme.Admin)
	bad := func(name string, over map[string]any, field, msg string) scenario {
		return scenario{name: name, method: "POST", path: "/prompt", token: admin, body: promptBody(vendas.ID, over),
			status: 400, code: "ERR_VALIDATION", contain: []string{`"` + field + `":"` + msg + `"`}}
	}
	e.run(t, []scenario{
		bad("short name", map[string]any{"name": "IA"}, "name", "Muito curto!"),
		bad("long name", map[string]any{"name": strings.Repeat("x", 101)}, "name", "Muito longo!"),
		bad("short prompt", map[string]any{"prompt": "curto"}, "prompt", "O prompt precisa de pelo menos 50 caracteres."),
		bad("no queue", map[string]any{"queueId": nil}, "queueId", "Informe o setor"),
		bad("another company's queue", map[string]any{"queueId": betaQueue.ID}, "queueId", "Informe o setor"),
		bad("no key", map[string]any{"apiKey": ""}, "apiKey", "Obrigatório"),
		bad("max tokens", map[string]any{"maxTokens": 0}, "maxTokens", "Valor fora do intervalo permitido"),
		bad("temperature", map[string]any{"temperature": 2.5}, "temperature", "Valor fora do intervalo permitido"),
		bad("max messages", map[string]any{"maxMessages": 51}, "maxMessages", "Valor fora do intervalo permitido"),
		bad("voice", map[string]any{"voice": "robô"}, "voice", "Opção inválida"),
	})
	if n := e.countRows("SELECT count(*) FROM prompts"); n != 0 {
		t.Fatalf("%d prompts written", n)
	}
	e.sql("UPDATE plans SET use_open_ai = false WHERE id = ?", acme.Company.PlanID)
	e.run(t, []scenario{
		{name: "plan without useOpenAi", method: "GET", path: "/prompt", token: admin, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "plan without useOpenAi can't create", method: "POST", path: "/prompt", token: admin, body: promptBody(vendas.ID, nil),
			status: 403, code: "ERR_NO_PERMISSION"},
	})
	if n := e.countRows("SELECT count(*) FROM prompts"); n != 0 {
		t.Fatalf("%d prompts written", n)
	}
}

// A connection takes only a prompt of its own company.
func TestConnectionPromptMustBeTheCompanys(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	var mine, theirs int64
	e.App.DB.Raw("INSERT INTO prompts (company_id, name, prompt, api_key) VALUES (?, 'IA', 'p', 'k') RETURNING id", acme.Company.ID).Scan(&mine)
	e.App.DB.Raw("INSERT INTO prompts (company_id, name, prompt, api_key) VALUES (?, 'IA', 'p', 'k') RETURNING id", beta.Company.ID).Scan(&theirs)
	admin := e.tokenOf(acme.Admin)
	e.run(t, []scenario{
		{name: "another company's prompt", method: "POST", path: "/whatsapp", token: admin,
			body: map[string]any{"name": "Zap", "channel": "sandbox", "promptId": theirs}, status: 400, code: "ERR_VALIDATION",
			contain: []string{`"promptId"`}},
		{name: "its own prompt", method: "POST", path: "/whatsapp", token: admin,
			body: map[string]any{"name": "Zap", "channel": "sandbox", "promptId": mine}, status: 201,
			contain: []string{`"promptId":` + itoa(mine)}},
	})
	if n := e.countRows("SELECT count(*) FROM connections WHERE prompt_id = ?", theirs); n != 0 {
		t.Fatalf("%d connections use another company's prompt", n)
	}
}
