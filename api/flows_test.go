package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/flow"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

type flowPage struct {
	Flows   []flow.Summary
	HasMore bool
	Cursor  string
}

type flowGraph struct {
	Flow struct {
		ID     int64
		Name   string
		Active bool
		Flow   flow.Graph
	}
}

func (e *env) newFlow(companyID int64, name string) flow.Flow {
	e.t.Helper()
	f, err := e.App.Flows.Create(tenant.With(context.Background(), companyID), 0, flow.CreateInput{Name: name})
	if err != nil {
		e.t.Fatal(err)
	}
	return f
}

// storedGraph reads a flow's graph as stored.
func (e *env) storedGraph(id int64) flow.Graph {
	e.t.Helper()
	var f flow.Flow
	if err := e.App.DB.Take(&f, id).Error; err != nil {
		e.t.Fatal(err)
	}
	g, err := f.Graph()
	if err != nil {
		e.t.Fatal(err)
	}
	return g
}

func TestFlowsCrudPagesAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	for i := range 22 {
		e.newFlow(acme.Company.ID, fmt.Sprintf("Fluxo %02d", i))
	}
	theirs := e.newFlow(beta.Company.ID, "Deles")
	count := func() int64 { return e.countRows("SELECT count(*) FROM flows WHERE company_id = ?", acme.Company.ID) }
	var first flowPage
	ev := e.watch()
	e.run(t, []scenario{
		get("a page of 20, newest first", "/flowbuilder", admin, 200, func(t *testing.T, b []byte) {
			first = decode[flowPage](t, b)
			if len(first.Flows) != 20 || !first.HasMore || first.Flows[0].Name != "Fluxo 21" || !first.Flows[0].Active {
				t.Fatalf("page %+v", first)
			}
		}),
		get("page 2", "/flowbuilder?pageNumber=2", admin, 200, listed("flows", func(f flow.Summary) string { return f.Name }, "Fluxo 01", "Fluxo 00")),
		get("search", "/flowbuilder?searchParam=FLUXO%2007", admin, 200, listed("flows", func(f flow.Summary) string { return f.Name }, "Fluxo 07")),
		get("company B sees only its own", "/flowbuilder", other, 200, listed("flows", func(f flow.Summary) string { return f.Name }, "Deles")),
		{name: "a profile user has no access", method: "GET", path: "/flowbuilder", token: agent, status: 403, code: "ERR_NO_PERMISSION"},
	})
	e.run(t, []scenario{
		get("the next page by cursor", "/flowbuilder?cursor="+first.Cursor, admin, 200,
			listed("flows", func(f flow.Summary) string { return f.Name }, "Fluxo 01", "Fluxo 00")),
	})
	before := count()
	e.run(t, []scenario{
		{name: "no name", method: "POST", path: "/flowbuilder", token: admin, body: map[string]any{"name": "  "}, status: 400,
			code: "ERR_VALIDATION", contain: []string{`"name":"Digite um nome!"`}},
		{name: "too short", method: "POST", path: "/flowbuilder", token: admin, body: map[string]any{"name": "A"}, status: 400,
			contain: []string{`"name":"Muito curto!"`}},
		{name: "too long", method: "POST", path: "/flowbuilder", token: admin, body: map[string]any{"name": strings.Repeat("a", 51)}, status: 400,
			contain: []string{`"name":"Muito longo!"`}},
		{name: "a profile user can't create", method: "POST", path: "/flowbuilder", token: agent, body: map[string]any{"name": "Meu"}, status: 403},
	})
	if n := count(); n != before {
		t.Fatalf("refused creates wrote %d flows", n-before)
	}
	loja := testutil.NewConnection(t, e.App, acme.Company.ID, "Balcão", nil)
	var made flow.Flow
	e.run(t, []scenario{
		{name: "create", method: "POST", path: "/flowbuilder", token: admin, body: map[string]any{"name": " Boas-vindas "}, status: 201,
			contain: []string{`"name":"Boas-vindas"`, `"active":true`, `"webhookHash":"`}, check: func(t *testing.T, b []byte) { made = decode[flow.Flow](t, b) }},
	})
	one, graph := fmt.Sprintf("/flowbuilder/%d", made.ID), fmt.Sprintf("/flowbuilder/flow/%d", made.ID)
	e.run(t, []scenario{
		get("one", one, admin, 200, nil, `"flow":{`, `"webhookHash":"`+made.WebhookHash+`"`, `"webhookFields":{}`),
		get("its graph: the start node", graph, admin, 200, func(t *testing.T, b []byte) {
			g := decode[flowGraph](t, b).Flow.Flow
			if len(g.Nodes) != 1 || g.Nodes[0].Type != flow.KindStart || len(g.Nodes[0].ID) != 30 ||
				!strings.Contains(string(g.Nodes[0].Data), "Inicio do fluxo") || g.Connections == nil {
				t.Fatalf("graph %+v", g)
			}
		}),
		{name: "rename and switch off", method: "PUT", path: "/flowbuilder", token: admin,
			body: map[string]any{"flowId": made.ID, "name": "Recepção", "active": false}, status: 200,
			contain: []string{`"name":"Recepção"`, `"active":false`}},
		{name: "rename too short writes nothing", method: "PUT", path: "/flowbuilder", token: admin,
			body: map[string]any{"flowId": made.ID, "name": "R", "active": true}, status: 400, contain: []string{`Muito curto!`}},
		{name: "a webhook path over 200 characters", method: "PUT", path: "/flowbuilder", token: admin,
			body: map[string]any{"flowId": made.ID, "webhookFields": map[string]any{"number": strings.Repeat("a.", 101)}}, status: 400,
			contain: []string{`"webhookFields.number"`}},
		get("still off", one, admin, 200, nil, `"active":false`, `"name":"Recepção"`, `"webhookFields":{}`),
		{name: "webhook fields", method: "PUT", path: "/flowbuilder", token: admin,
			body:   map[string]any{"flowId": made.ID, "webhookFields": map[string]any{"name": "data.name", "number": "data.phone", "whatsappId": loja.ID}},
			status: 200, contain: []string{`"number":"data.phone"`, fmt.Sprintf(`"whatsappId":%d`, loja.ID)}},
	})
	ev.want(t, fmt.Sprintf("company-%d-flowbuilder", acme.Company.ID), `"action":"create"`, `"Boas-vindas"`)
	ev.want(t, fmt.Sprintf("company-%d-flowbuilder", acme.Company.ID), `"action":"update"`, `"Recepção"`)

	// Company B reaches none of A's flows by any endpoint.
	e.run(t, []scenario{
		{name: "B can't read A's", method: "GET", path: one, token: other, status: 404, code: "ERR_FLOW_NOT_FOUND"},
		{name: "B can't read A's graph", method: "GET", path: graph, token: other, status: 404},
		{name: "B can't rename A's", method: "PUT", path: "/flowbuilder", token: other, body: map[string]any{"flowId": made.ID, "name": "Roubado"}, status: 404},
		{name: "B can't save A's graph", method: "POST", path: "/flowbuilder/flow", token: other,
			body: map[string]any{"idFlow": made.ID, "nodes": []any{map[string]any{"id": "s", "type": "start", "data": map[string]any{}}}, "connections": []any{}}, status: 404},
		{name: "B can't duplicate A's", method: "POST", path: "/flowbuilder/duplicate", token: other, body: map[string]any{"flowId": made.ID}, status: 404},
		{name: "B can't delete A's", method: "DELETE", path: one, token: other, status: 404},
		get("A's untouched", one, admin, 200, nil, `"name":"Recepção"`),
		get("A can't read B's", fmt.Sprintf("/flowbuilder/%d", theirs.ID), admin, 404, nil),
	})

	// Duplicate: new node ids, edges follow them.
	e.saveGraph(t, admin, made.ID, menuGraph(0), 200)
	var dup flow.Flow
	e.run(t, []scenario{
		{name: "duplicate", method: "POST", path: "/flowbuilder/duplicate", token: admin, body: map[string]any{"flowId": made.ID}, status: 201,
			contain: []string{`"name":"Recepção - cópia"`}, check: func(t *testing.T, b []byte) { dup = decode[flow.Flow](t, b) }},
	})
	og, cg := e.storedGraph(made.ID), e.storedGraph(dup.ID)
	if len(cg.Nodes) != len(og.Nodes) || cg.Nodes[0].ID == og.Nodes[0].ID || dup.WebhookHash == made.WebhookHash {
		t.Fatalf("copy %+v of %+v", cg, og)
	}
	if next, ok := cg.Next(cg.Nodes[0].ID, ""); !ok || next != cg.Nodes[1].ID {
		t.Fatalf("copied edge leads to %q", next)
	}

	// Delete: the connections that used it as their welcome flow forget it.
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Loja", func(c *connection.Connection) { c.FlowIDWelcome = &made.ID })
	e.run(t, []scenario{
		{name: "delete", method: "DELETE", path: one, token: admin, status: 200, contain: []string{"Fluxo excluído com sucesso"}},
		get("gone", one, admin, 404, nil),
		get("the copy stays", fmt.Sprintf("/flowbuilder/%d", dup.ID), admin, 200, nil),
	})
	if n := e.countRows("SELECT count(*) FROM connections WHERE id = ? AND flow_id_welcome IS NOT NULL", conn.ID); n != 0 {
		t.Fatal("the connection still names the deleted flow")
	}
	ev.want(t, fmt.Sprintf("company-%d-flowbuilder", acme.Company.ID), `"action":"delete"`)
}

// menuGraph is start → menu with option 1 → ticket of queueID (0: no ticket node, option 1
// → a question).
func menuGraph(queueID int64) map[string]any {
	target := map[string]any{"id": "ask", "type": "question", "position": map[string]any{"x": 10, "y": 10},
		"data": map[string]any{"typebotIntegration": map[string]any{"message": "Seu nome?", "answerKey": "nome"}}}
	if queueID > 0 {
		target = map[string]any{"id": "tk", "type": "ticket", "data": map[string]any{"queueId": queueID, "name": "Vendas"}}
	}
	return map[string]any{
		"nodes": []any{
			map[string]any{"id": "start", "type": "start", "data": map[string]any{"label": "Inicio do fluxo"}},
			map[string]any{"id": "menu", "type": "menu", "data": map[string]any{"message": "Escolha",
				"arrayOption": []any{map[string]any{"number": 1, "value": "Vendas"}}}},
			target,
		},
		"connections": []any{
			map[string]any{"id": "e1", "source": "start", "sourceHandle": "a", "target": "menu"},
			map[string]any{"id": "e2", "source": "menu", "sourceHandle": "a1", "target": target["id"]},
		},
	}
}

func (e *env) saveGraph(t *testing.T, token string, id int64, g map[string]any, status int) []byte {
	t.Helper()
	g["idFlow"] = id
	st, b := e.call("POST", "/flowbuilder/flow", token, g, "")
	if st != status {
		t.Fatalf("save: %d %s", st, b)
	}
	return b
}

func TestFlowSaveGraphValidates(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin := e.tokenOf(acme.Admin)
	f := e.newFlow(acme.Company.ID, "Vendas")
	ours := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#111111")
	theirs := testutil.NewQueue(t, e.App, beta.Company.ID, "Deles", "#222222")
	original := e.storedGraph(f.ID)

	broken := func(edit func(g map[string]any)) map[string]any {
		g := menuGraph(ours.ID)
		edit(g)
		g["idFlow"] = f.ID
		return g
	}
	e.run(t, []scenario{
		{name: "a menu option without an edge", method: "POST", path: "/flowbuilder/flow", token: admin,
			body: broken(func(g map[string]any) { g["connections"] = g["connections"].([]any)[:1] }), status: 400,
			code: "ERR_FLOW_INVALID", contain: []string{`a opção 1 não está ligada`, `"nodeId":"menu"`}},
		{name: "no start node", method: "POST", path: "/flowbuilder/flow", token: admin,
			body: broken(func(g map[string]any) { g["nodes"] = g["nodes"].([]any)[1:]; g["connections"] = []any{} }), status: 400,
			code: "ERR_FLOW_INVALID", contain: []string{`não tem um bloco de início`}},
		{name: "an edge to a missing node", method: "POST", path: "/flowbuilder/flow", token: admin,
			body: broken(func(g map[string]any) {
				g["connections"] = append(g["connections"].([]any), map[string]any{"source": "tk", "sourceHandle": "a", "target": "ghost"})
			}), status: 400, code: "ERR_FLOW_INVALID", contain: []string{`"nodeId":"tk"`, `ghost`}},
		{name: "a ticket node of another company's queue", method: "POST", path: "/flowbuilder/flow", token: admin,
			body: func() map[string]any { g := menuGraph(theirs.ID); g["idFlow"] = f.ID; return g }(), status: 400,
			code: "ERR_FLOW_INVALID", contain: []string{`fila desta empresa`, `"nodeId":"tk"`}},
		{name: "a body over the limit", method: "POST", path: "/flowbuilder/flow", token: admin,
			body: broken(func(g map[string]any) { g["pad"] = strings.Repeat("x", flow.GraphMaxBytes) }), status: 413},
		{name: "an unknown flow", method: "POST", path: "/flowbuilder/flow", token: admin,
			body: func() map[string]any { g := menuGraph(ours.ID); g["idFlow"] = 999999; return g }(), status: 404},
	})
	if got := e.storedGraph(f.ID); len(got.Nodes) != len(original.Nodes) || got.Nodes[0].ID != original.Nodes[0].ID {
		t.Fatalf("a refused save wrote %+v", got)
	}
	b := e.saveGraph(t, admin, f.ID, menuGraph(ours.ID), 200)
	var saved flowGraph
	_ = json.Unmarshal(b, &saved)
	if len(saved.Flow.Flow.Nodes) != 3 || len(saved.Flow.Flow.Connections) != 2 {
		t.Fatalf("saved %s", b)
	}
	e.run(t, []scenario{
		get("read back", fmt.Sprintf("/flowbuilder/flow/%d", f.ID), admin, 200, nil, `"id":"tk"`, `"sourceHandle":"a1"`, fmt.Sprintf(`"queueId":%d`, ours.ID)),
	})
}

// An openai node needs the plan's useOpenAi and a typebot node its useIntegrations: the
// engine would skip them, so the save is refused naming the node, and writes nothing.
func TestFlowSaveNeedsThePlanForOutsideBots(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	f := e.newFlow(acme.Company.ID, "Robôs")
	graph := func(kind string, settings map[string]any) map[string]any {
		return map[string]any{"idFlow": f.ID, "nodes": []any{
			map[string]any{"id": "start", "type": "start", "data": map[string]any{"label": "Inicio do fluxo"}},
			map[string]any{"id": "bot", "type": kind, "data": map[string]any{"typebotIntegration": settings}},
		}, "connections": []any{map[string]any{"id": "e1", "source": "start", "sourceHandle": "a", "target": "bot"}}}
	}
	ai := graph("openai", map[string]any{"name": "Vendedora", "prompt": "Seja breve.", "apiKey": "sk-1"})
	typebot := graph("typebot", map[string]any{"name": "Triagem", "urlN8N": "https://typebot.test", "typebotSlug": "triagem"})
	e.sql("UPDATE plans SET use_open_ai = false, use_integrations = false WHERE id = (SELECT plan_id FROM companies WHERE id = ?)", acme.Company.ID)
	e.run(t, []scenario{
		{name: "openai without useOpenAi", method: "POST", path: "/flowbuilder/flow", token: admin, body: ai, status: 400,
			code: "ERR_FLOW_INVALID", contain: []string{`não inclui OpenAI`, `"nodeId":"bot"`}},
		{name: "typebot without useIntegrations", method: "POST", path: "/flowbuilder/flow", token: admin, body: typebot, status: 400,
			code: "ERR_FLOW_INVALID", contain: []string{`não inclui integrações`, `"nodeId":"bot"`}},
	})
	if got := e.storedGraph(f.ID); len(got.Nodes) == 2 {
		t.Fatalf("a refused save wrote %+v", got)
	}
	e.sql("UPDATE plans SET use_open_ai = true, use_integrations = true WHERE id = (SELECT plan_id FROM companies WHERE id = ?)", acme.Company.ID)
	e.saveGraph(t, admin, f.ID, ai, 200)
	e.saveGraph(t, admin, f.ID, typebot, 200)
}
