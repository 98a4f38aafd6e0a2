package api_test

import (
	"fmt"
	"testing"

	"atende/pkg/flowcampaign"
	"atende/pkg/testutil"
)

func TestFlowCampaignsCrudValidationAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	f := e.newFlow(acme.Company.ID, "Vendas")
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Loja", nil)
	theirFlow := e.newFlow(beta.Company.ID, "Deles")
	theirConn := testutil.NewConnection(t, e.App, beta.Company.ID, "Deles", nil)
	body := func(over map[string]any) map[string]any {
		return merge(map[string]any{"name": "Promo", "flowId": f.ID, "whatsappId": conn.ID, "phrase": " Quero comprar "}, over)
	}
	count := func() int64 { return e.countRows("SELECT count(*) FROM flow_campaigns") }
	ev := e.watch()
	e.run(t, []scenario{
		{name: "name, flow and phrase required", method: "POST", path: "/flowcampaign", token: admin,
			body: map[string]any{"whatsappId": conn.ID}, status: 400, code: "ERR_VALIDATION",
			contain: []string{`"name":"Obrigatório"`, `"phrase":"Obrigatório"`, `"flowId":"Escolha um fluxo desta empresa."`}},
		{name: "another company's flow", method: "POST", path: "/flowcampaign", token: admin, body: body(map[string]any{"flowId": theirFlow.ID}),
			status: 400, contain: []string{`"flowId"`}},
		{name: "another company's connection", method: "POST", path: "/flowcampaign", token: admin, body: body(map[string]any{"whatsappId": theirConn.ID}),
			status: 400, contain: []string{`"whatsappId":"Selecione uma Conexão desta empresa."`}},
		{name: "no connection", method: "POST", path: "/flowcampaign", token: admin, body: body(map[string]any{"whatsappId": nil}),
			status: 400, contain: []string{`"whatsappId"`}},
		{name: "an unknown match type", method: "POST", path: "/flowcampaign", token: admin, body: body(map[string]any{"matchType": "regex"}),
			status: 400, contain: []string{`"matchType"`}},
		{name: "a profile user can't", method: "POST", path: "/flowcampaign", token: agent, body: body(nil), status: 403, code: "ERR_NO_PERMISSION"},
	})
	if n := count(); n != 0 {
		t.Fatalf("refused creates wrote %d rows", n)
	}
	var made flowcampaign.Campaign
	e.run(t, []scenario{
		withCheck(scenario{name: "create: on, exact, phrase trimmed", method: "POST", path: "/flowcampaign", token: admin, body: body(nil), status: 201,
			contain: []string{`"status":true`, `"matchType":"exact"`, `"phrase":"Quero comprar"`, fmt.Sprintf(`"whatsappId":%d`, conn.ID)}},
			func(t *testing.T, b []byte) { made = decode[flowcampaign.Campaign](t, b) }),
	})
	one := fmt.Sprintf("/flowcampaign/%d", made.ID)
	e.run(t, []scenario{
		get("list", "/flowcampaign", admin, 200, listed("flows", func(c flowcampaign.Campaign) string { return c.Name }, "Promo")),
		get("details", one, admin, 200, nil, `"details":{`, `"name":"Promo"`, fmt.Sprintf(`"flowId":%d`, f.ID)),
		{name: "edit: contains, off", method: "PUT", path: "/flowcampaign", token: admin,
			body:   map[string]any{"id": made.ID, "name": "Promo 2", "status": false, "matchType": "contains", "phrase": "comprar"},
			status: 200, contain: []string{`"name":"Promo 2"`, `"status":false`, `"matchType":"contains"`}},
		{name: "edit to another company's flow writes nothing", method: "PUT", path: "/flowcampaign", token: admin,
			body: map[string]any{"id": made.ID, "name": "Hack", "flowId": theirFlow.ID}, status: 400},
		get("unchanged", one, admin, 200, nil, `"name":"Promo 2"`, fmt.Sprintf(`"flowId":%d`, f.ID)),
		get("B lists none of A's", "/flowcampaign", other, 200, listed("flows", func(c flowcampaign.Campaign) string { return c.Name })),
		{name: "B can't read A's", method: "GET", path: one, token: other, status: 404, code: "ERR_NO_FLOW_CAMPAIGN_FOUND"},
		{name: "B can't edit A's", method: "PUT", path: "/flowcampaign", token: other, body: map[string]any{"id": made.ID, "name": "Hack"}, status: 404},
		{name: "B can't delete A's", method: "DELETE", path: one, token: other, status: 404},
		{name: "a profile user can't delete (contacts-delete permission)", method: "DELETE", path: one, token: agent, status: 403},
		get("still there", one, admin, 200, nil, `"name":"Promo 2"`),
		{name: "delete", method: "DELETE", path: one, token: admin, status: 200, contain: []string{"Frase deletada"}},
		get("gone", one, admin, 404, nil),
	})
	ev.want(t, fmt.Sprintf("company-%d-flowcampaign", acme.Company.ID), `"action":"create"`)
	ev.want(t, fmt.Sprintf("company-%d-flowcampaign", acme.Company.ID), `"action":"update"`, `"Promo 2"`)
	ev.want(t, fmt.Sprintf("company-%d-flowcampaign", acme.Company.ID), `"action":"delete"`)
}

// A company has at most flowcampaign.ListCap phrase campaigns (each is listed and read with
// the bot's configuration): one more is refused, and another company is not held by it.
func TestFlowCampaignsAreCapped(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	f := e.newFlow(acme.Company.ID, "Vendas")
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Loja", nil)
	e.sql(`INSERT INTO flow_campaigns (company_id, name, flow_id, connection_id, phrase)
		SELECT ?, 'Promo ' || g, ?, ?, 'frase ' || g FROM generate_series(1, ?) g`, acme.Company.ID, f.ID, conn.ID, flowcampaign.ListCap)
	theirFlow := e.newFlow(beta.Company.ID, "Deles")
	theirConn := testutil.NewConnection(t, e.App, beta.Company.ID, "Deles", nil)
	body := func(flowID, connID int64) map[string]any {
		return map[string]any{"name": "Mais uma", "flowId": flowID, "whatsappId": connID, "phrase": "quero"}
	}
	e.run(t, []scenario{
		{name: "one past the cap", method: "POST", path: "/flowcampaign", token: e.tokenOf(acme.Admin), body: body(f.ID, conn.ID),
			status: 400, code: "ERR_FLOW_CAMPAIGN_LIMIT"},
		{name: "another company", method: "POST", path: "/flowcampaign", token: e.tokenOf(beta.Admin), body: body(theirFlow.ID, theirConn.ID),
			status: 201},
	})
	if n := e.countRows("SELECT count(*) FROM flow_campaigns WHERE company_id = ?", acme.Company.ID); n != flowcampaign.ListCap {
		t.Fatalf("%d campaigns, want the cap %d", n, flowcampaign.ListCap)
	}
}
