package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"atende/pkg/realtime"
	"atende/pkg/testutil"
	"atende/pkg/user"
)

// option is the JSON of one queue option as the api answers it.
type option struct {
	ID               int64    `json:"id"`
	QueueID          int64    `json:"queueId"`
	ParentID         *int64   `json:"parentId"`
	Name             string   `json:"name"`
	GreetingMessage  string   `json:"greetingMessage"`
	QueueType        string   `json:"queueType"`
	CloseTicket      bool     `json:"closeTicket"`
	OptQueueID       *int64   `json:"optQueueId"`
	OptUserID        *int64   `json:"optUserId"`
	OptIntegrationID *int64   `json:"optIntegrationId"`
	OptFileID        *int64   `json:"optFileId"`
	Options          []option `json:"options"`
}

// shape renders a tree as "name(child(grandchild),child2)" to compare it in one string.
func shape(opts []option) string {
	parts := []string{}
	for _, o := range opts {
		parts = append(parts, o.Name+"("+shape(o.Options)+")")
	}
	return strings.Join(parts, ",")
}

// postID posts body and returns the id of the row answered 201.
func (e *env) postID(t *testing.T, token, path string, body any) int64 {
	t.Helper()
	status, b := e.call("POST", path, token, body, "")
	if status != 201 {
		t.Fatalf("POST %s: %d %s", path, status, b)
	}
	return decode[struct{ ID int64 }](t, b).ID
}

// newFileList inserts a file list of the company with files named as given.
func (e *env) newFileList(companyID int64, name string, files ...string) int64 {
	e.t.Helper()
	var id int64
	if err := e.App.DB.Raw("INSERT INTO files (company_id, name, message) VALUES (?, ?, ?) RETURNING id",
		companyID, name, "Arquivos de "+name).Scan(&id).Error; err != nil {
		e.t.Fatal(err)
	}
	for _, f := range files {
		e.sql("INSERT INTO file_options (company_id, file_id, name, path, media_type) VALUES (?, ?, ?, ?, 'application/pdf')",
			companyID, id, f, "files/"+f)
	}
	return id
}

func optionBody(queueID int64, name string, over map[string]any) map[string]any {
	return merge(map[string]any{"queueId": queueID, "name": name}, over)
}

func TestQueueOptionsValidation(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	suporte := testutil.NewQueue(t, e.App, acme.Company.ID, "Suporte", "#00ff00")
	betaQueue := testutil.NewQueue(t, e.App, beta.Company.ID, "Beta", "#0000ff")
	acmeFiles, betaFiles := e.newFileList(acme.Company.ID, "Catálogo"), e.newFileList(beta.Company.ID, "Beta")
	acmeInteg := testutil.NewIntegration(t, e.App, acme.Company.ID, "Bot", "typebot", "http://127.0.0.1:1", nil).ID
	betaInteg := testutil.NewIntegration(t, e.App, beta.Company.ID, "Bot B", "typebot", "http://127.0.0.1:1", nil).ID
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	other := e.tokenOf(beta.Admin)
	noMessage := e.postID(t, admin, "/chatbot", optionBody(vendas.ID, "Comercial", nil))
	suporteOpt := e.postID(t, admin, "/chatbot", optionBody(suporte.ID, "Dúvidas", map[string]any{"greetingMessage": "Qual?"}))
	betaOpt := e.postID(t, other, "/chatbot", optionBody(betaQueue.ID, "Opção B", map[string]any{"greetingMessage": "B"}))
	post := func(name string, body map[string]any, field, msg string) scenario {
		return scenario{name: name, method: "POST", path: "/chatbot", token: admin, body: body, status: 400,
			code: "ERR_VALIDATION", contain: []string{`"` + field + `":"` + msg + `"`}}
	}
	v := vendas.ID
	e.run(t, []scenario{
		post("queue required", map[string]any{"name": "Boletos"}, "queueId", "Obrigatório"),
		post("name required", optionBody(v, "  ", nil), "name", "Obrigatório"),
		post("name of 3 characters", optionBody(v, "Abc", nil), "name", "Nome muito curto"),
		post("name of 51 characters", optionBody(v, strings.Repeat("n", 51), nil), "name", "Nome muito longo"),
		post("message too long", optionBody(v, "Boletos", map[string]any{"greetingMessage": strings.Repeat("m", 4001)}),
			"greetingMessage", "Too Long!"),
		post("unknown type", optionBody(v, "Boletos", map[string]any{"queueType": "robot"}), "queueType", "Opção inválida"),
		post("queue option needs its queue", optionBody(v, "Boletos", map[string]any{"queueType": "queue"}), "optQueueId", "Obrigatório"),
		post("attendant option needs its user", optionBody(v, "Boletos", map[string]any{"queueType": "attendent",
			"optQueueId": suporte.ID}), "optUserId", "Obrigatório"),
		post("file option needs its list", optionBody(v, "Boletos", map[string]any{"queueType": "file"}), "optFileId", "Obrigatório"),
		post("another company's integration", optionBody(v, "Boletos", map[string]any{"queueType": "integration",
			"optIntegrationId": betaInteg}), "optIntegrationId", "Integração inválida"),
		post("integration option needs its integration", optionBody(v, "Boletos", map[string]any{"queueType": "integration"}),
			"optIntegrationId", "Obrigatório"),
		post("unknown queue", optionBody(999999, "Boletos", nil), "queueId", "Fila inválida"),
		post("another company's queue", optionBody(betaQueue.ID, "Boletos", nil), "queueId", "Fila inválida"),
		post("another company's target queue", optionBody(v, "Boletos", map[string]any{"queueType": "queue",
			"optQueueId": betaQueue.ID}), "optQueueId", "Fila inválida"),
		post("another company's attendant", optionBody(v, "Boletos", map[string]any{"queueType": "attendent",
			"optQueueId": suporte.ID, "optUserId": beta.Attender.ID}), "optUserId", "Usuário inválido"),
		post("another company's file list", optionBody(v, "Boletos", map[string]any{"queueType": "file",
			"optFileId": betaFiles}), "optFileId", "Lista de arquivos inválida"),
		post("parent without a message", optionBody(v, "Boletos", map[string]any{"parentId": noMessage}),
			"parentId", "A mensagem é obrigatória para ir ao próximo nível"),
		post("parent of another queue", optionBody(v, "Boletos", map[string]any{"parentId": suporteOpt}), "parentId", "Opção inválida"),
		post("parent of another company", optionBody(v, "Boletos", map[string]any{"parentId": betaOpt}), "parentId", "Opção inválida"),
		post("unknown parent", optionBody(v, "Boletos", map[string]any{"parentId": 999999}), "parentId", "Opção inválida"),
		{name: "malformed id", method: "POST", path: "/chatbot", token: admin, body: optionBody(v, "Boletos",
			map[string]any{"optFileId": "abc"}), status: 400, code: "ERR_BAD_REQUEST"},
		{name: "profile user can't create", method: "POST", path: "/chatbot", token: agent,
			body: optionBody(v, "Boletos", nil), status: 403, code: "ERR_NO_PERMISSION"},
		{name: "company B can't add to A's queue", method: "POST", path: "/chatbot", token: other,
			body: optionBody(v, "Boletos", nil), status: 400, code: "ERR_VALIDATION", contain: []string{`"queueId":"Fila inválida"`}},
		{name: "company B can't nest under A's option", method: "POST", path: "/chatbot", token: other,
			body: optionBody(betaQueue.ID, "Boletos", map[string]any{"parentId": suporteOpt}), status: 400, code: "ERR_VALIDATION",
			contain: []string{`"parentId":"Opção inválida"`}},
		{name: "an unused file list is fine", method: "POST", path: "/chatbot", token: admin, status: 201,
			body:    optionBody(v, "Catálogo", map[string]any{"queueType": "file", "optFileId": acmeFiles, "optQueueId": suporte.ID}),
			contain: []string{`"queueType":"file"`, `"optFileId":` + itoa(acmeFiles), `"optQueueId":null`, `"options":[]`}},
		{name: "an integration of the company", method: "POST", path: "/chatbot", token: admin, status: 201,
			body:    optionBody(v, "Robô", map[string]any{"queueType": "integration", "optIntegrationId": acmeInteg}),
			contain: []string{`"queueType":"integration"`, `"optIntegrationId":` + itoa(acmeInteg)}},
	})
	if n := e.countRows("SELECT count(*) FROM chatbots"); n != 5 {
		t.Fatalf("%d options stored, want 5 (3 set up, 2 created)", n)
	}

	// The plan bounds nothing here, MaxOptions does: a queue holds at most 300 options.
	e.sql(`INSERT INTO chatbots (company_id, queue_id, name) SELECT ?, ?, 'Opção ' || g FROM generate_series(1, 299) g`,
		acme.Company.ID, suporte.ID)
	e.run(t, []scenario{{name: "option limit", method: "POST", path: "/chatbot", token: admin,
		body: optionBody(suporte.ID, "Mais uma", nil), status: 400, code: "ERR_CHATBOT_LIMIT_REACHED"}})
}

func TestQueueOptionTree(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	suporte := testutil.NewQueue(t, e.App, acme.Company.ID, "Suporte", "#00ff00")
	betaQueue := testutil.NewQueue(t, e.App, beta.Company.ID, "Beta", "#0000ff")
	files := e.newFileList(acme.Company.ID, "Boletos", "janeiro.pdf")
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)

	financeiro := e.postID(t, admin, "/chatbot", optionBody(vendas.ID, "Financeiro", map[string]any{"greetingMessage": "Escolha:"}))
	comercial := e.postID(t, admin, "/chatbot", optionBody(vendas.ID, "Comercial", map[string]any{"queueType": "queue",
		"optQueueId": suporte.ID, "optUserId": acme.Attender.ID, "closeTicket": true}))
	boletos := e.postID(t, admin, "/chatbot", optionBody(vendas.ID, "Boletos", map[string]any{"parentId": financeiro,
		"queueType": "file", "optFileId": files, "greetingMessage": "Seus boletos:"}))
	segunda := e.postID(t, admin, "/chatbot", optionBody(vendas.ID, "Segunda via", map[string]any{"parentId": boletos,
		"queueType": "attendent", "optQueueId": suporte.ID, "optUserId": acme.Attender.ID}))
	e.postID(t, admin, "/chatbot", optionBody(suporte.ID, "Outra fila", nil))

	tree := func(want string) func(*testing.T, []byte) {
		return func(t *testing.T, b []byte) {
			if got := shape(decode[struct{ Chatbots []option }](t, b).Chatbots); got != want {
				t.Errorf("tree %s, want %s", got, want)
			}
		}
	}
	opt := "/chatbot/"
	put := func(name string, id int64, body map[string]any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "PUT", path: opt + itoa(id), token: admin, body: body, status: status, code: code, contain: contain}
	}
	e.run(t, []scenario{
		get("the queue has its tree", "/queue/"+itoa(vendas.ID), admin, 200,
			tree("Financeiro(Boletos(Segunda via())),Comercial()"), `"schedules":[]`, `"fileListId":null`, `"integrationId":null`),
		get("another queue has its own", "/queue/"+itoa(suporte.ID), admin, 200, tree("Outra fila()")),
		get("a queue without options", "/queue/"+itoa(betaQueue.ID), other, 200, nil, `"chatbots":[]`),
		{name: "the queue list carries no tree", method: "GET", path: "/queue", token: admin, status: 200,
			contain: []string{`"name":"Vendas"`}, absent: []string{"chatbots"}},
		get("an option with its subtree", opt+itoa(financeiro), admin, 200, func(t *testing.T, b []byte) {
			o := decode[option](t, b)
			if shape([]option{o}) != "Financeiro(Boletos(Segunda via()))" || o.ParentID != nil || o.QueueType != "text" {
				t.Errorf("option %s", b)
			}
			s := o.Options[0].Options[0]
			if s.ID != segunda || *s.ParentID != boletos || s.QueueID != vendas.ID || *s.OptQueueID != suporte.ID ||
				*s.OptUserID != acme.Attender.ID || s.OptFileID != nil {
				t.Errorf("sub-option %+v", s)
			}
		}),
		get("a queue option keeps only its queue", opt+itoa(comercial), admin, 200, nil,
			`"optQueueId":`+itoa(suporte.ID), `"optUserId":null`, `"closeTicket":true`),
		get("unknown option", opt+"999999", admin, 404, nil, "ERR_CHATBOT_NOT_FOUND"),
		get("bad id", opt+"abc", admin, 404, nil, "ERR_CHATBOT_NOT_FOUND"),
		get("profile user can't read", opt+itoa(financeiro), agent, 403, nil, "ERR_NO_PERMISSION"),
		get("company B can't read", opt+itoa(financeiro), other, 404, nil, "ERR_CHATBOT_NOT_FOUND"),
		put("a parent keeps its message", boletos, map[string]any{"greetingMessage": " "}, 400, "ERR_VALIDATION",
			`"greetingMessage":"A mensagem é obrigatória para ir ao próximo nível"`),
		put("name too short", segunda, map[string]any{"name": "2ª"}, 400, "ERR_VALIDATION", `"name":"Nome muito curto"`),
		put("another company's queue", segunda, map[string]any{"optQueueId": betaQueue.ID}, 400, "ERR_VALIDATION",
			`"optQueueId":"Fila inválida"`),
		put("a leaf may drop its message and become a menu level", segunda, map[string]any{"queueType": "text",
			"greetingMessage": "", "queueId": suporte.ID, "parentId": nil}, 200, "",
			`"queueType":"text"`, `"optQueueId":null`, `"optUserId":null`, `"queueId":`+itoa(vendas.ID), `"parentId":`+itoa(boletos)),
		put("rename", financeiro, map[string]any{"name": "Financeiro e boletos"}, 200, "", `"name":"Financeiro e boletos"`,
			`"greetingMessage":"Escolha:"`, `"options":[{`),
		{name: "profile user can't change", method: "PUT", path: opt + itoa(financeiro), token: agent,
			body: map[string]any{"name": "Tomado"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "company B can't change", method: "PUT", path: opt + itoa(financeiro), token: other,
			body: map[string]any{"name": "Tomado"}, status: 404, code: "ERR_CHATBOT_NOT_FOUND"},
		{name: "profile user can't delete", method: "DELETE", path: opt + itoa(financeiro), token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "company B can't delete", method: "DELETE", path: opt + itoa(financeiro), token: other, status: 404, code: "ERR_CHATBOT_NOT_FOUND"},
	})
	if n := e.countRows("SELECT count(*) FROM chatbots WHERE name IN ('Tomado', '2ª') OR opt_queue_id = ?", betaQueue.ID); n != 0 {
		t.Fatal("a refused change was written")
	}
	e.run(t, []scenario{
		{name: "delete removes the subtree", method: "DELETE", path: opt + itoa(financeiro), token: admin, status: 200},
		get("what is left", "/queue/"+itoa(vendas.ID), admin, 200, tree("Comercial()")),
		{name: "deleted", method: "DELETE", path: opt + itoa(boletos), token: admin, status: 404, code: "ERR_CHATBOT_NOT_FOUND"},
	})
	if n := e.countRows("SELECT count(*) FROM chatbots WHERE id IN (?, ?, ?)", financeiro, boletos, segunda); n != 0 {
		t.Fatalf("%d options of the deleted subtree left", n)
	}
	e.run(t, []scenario{
		{name: "deleting a queue deletes its options", method: "DELETE", path: "/queue/" + itoa(suporte.ID), token: admin, status: 200},
		get("an option pointing at it points nowhere", opt+itoa(comercial), admin, 200, nil, `"optQueueId":null`),
	})
	if n := e.countRows("SELECT count(*) FROM chatbots WHERE queue_id = ?", suporte.ID); n != 0 {
		t.Fatal("options of a deleted queue left")
	}
}

// The new admin endpoints refuse profile users, even with allowConnections; an admin gets
// past the rule (unknown ids and empty bodies answer 400/404 and write nothing).
func TestAutomationAdminAccessMatrix(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	power := testutil.NewUser(t, e.App, acme.Company.ID, "power@acme.test", "user", func(u *user.User) {
		u.AllowConnections, u.AllowRealTime, u.ShowDashboard = "enabled", "enabled", "enabled"
	})
	empty := map[string]any{}
	gates := []gate{
		{"GET", "/chatbot/999999", nil, []int{403, 403, 404}},
		{"POST", "/chatbot", empty, []int{403, 403, 400}},
		{"PUT", "/chatbot/999999", empty, []int{403, 403, 404}},
		{"DELETE", "/chatbot/999999", nil, []int{403, 403, 404}},
		{"GET", "/companies/{company}/schedules", nil, []int{403, 403, 200}},
		{"PUT", "/companies/{company}/schedules", empty, []int{403, 403, 400}},
		{"GET", "/files/", nil, []int{403, 403, 200}},
		{"GET", "/files", nil, []int{403, 403, 200}},
	}
	e.run(t, e.matrix([]accessCaller{{"profile user", acme.Attender, 0},
		{"profile user with allowConnections", power, 1}, {"admin", acme.Admin, 2}}, gates))
	if n := e.countRows("SELECT count(*) FROM chatbots"); n != 0 {
		t.Errorf("%d options written", n)
	}
}

// A change of a queue's option tree reaches the company's open sockets (the queue dialog
// reads the tree again), and only that company's.
func TestQueueOptionChangesAreLive(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	mine := dial(t, e.Srv.URL, testutil.Token(t, e.App, acme.Attender))
	theirs := dial(t, e.Srv.URL, testutil.Token(t, e.App, beta.Admin))
	ready(t, e, mine, acme.Attender.ID)
	ready(t, e, theirs, beta.Admin.ID)
	admin := e.tokenOf(acme.Admin)
	want := fmt.Sprintf(`"queueId":%d`, vendas.ID)
	id := e.postID(t, admin, "/chatbot", optionBody(vendas.ID, "Financeiro", nil))
	for _, step := range []func(){
		func() {},
		func() {
			e.call("PUT", fmt.Sprintf("/chatbot/%d", id), admin, optionBody(vendas.ID, "Finanças", nil), "")
		},
		func() { e.call("DELETE", fmt.Sprintf("/chatbot/%d", id), admin, nil, "") },
	} {
		step()
		if _, ok := nextWith(t, mine, realtime.EventName(acme.Company.ID, "queue"), want, 30*time.Second); !ok {
			t.Fatal("option change not announced")
		}
	}
	never(t, framesUntilMarker(t, e, theirs, realtime.UserRoom(beta.Admin.ID)), realtime.EventName(acme.Company.ID, "queue"))
}
