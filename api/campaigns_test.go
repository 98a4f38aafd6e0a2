package api_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"atende/pkg/campaign"
	"atende/pkg/connection"
	"atende/pkg/testutil"
)

// campaignFixture is a company with a sandbox connection, a contact list of two numbers,
// a queue and a draft campaign.
type campaignFixture struct {
	testutil.Tenant
	conn         connection.Connection
	list, queue  int64
	draft        campaign.Campaign
	admin, agent string
}

func newCampaignFixture(t *testing.T, e *env, name string) campaignFixture {
	f := campaignFixture{Tenant: testutil.NewTenant(t, e.App, name, 0)}
	f.conn = testutil.NewConnection(t, e.App, f.Company.ID, "sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	e.App.DB.Raw(`INSERT INTO contact_lists (company_id, name) VALUES (?, 'clientes') RETURNING id`, f.Company.ID).Scan(&f.list)
	e.sql(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
		VALUES (?, ?, 'Ana', '5511970000001', true), (?, ?, 'Bia', '5511970000002', true)`, f.Company.ID, f.list, f.Company.ID, f.list)
	f.queue = testutil.NewQueue(t, e.App, f.Company.ID, "Vendas "+name, "#00ff00").ID
	f.admin, f.agent = e.tokenOf(f.Admin), e.tokenOf(f.Attender)
	status, body := e.call("POST", "/campaigns", f.admin, f.form(nil), "")
	if status != 201 {
		t.Fatalf("create draft: %d %s", status, body)
	}
	f.draft = decode[campaign.Campaign](t, body)
	return f
}

func (f campaignFixture) form(edit func(map[string]any)) map[string]any {
	m := map[string]any{"name": "Promo " + f.Company.Name, "message1": "Oi {nome}", "contactListId": f.list,
		"whatsappId": f.conn.ID, "statusTicket": "closed", "openTicket": "disabled", "scheduledAt": nil, "tagListId": ""}
	if edit != nil {
		edit(m)
	}
	return m
}

func TestCampaignsAPI(t *testing.T) {
	e := newEnv(t)
	f := newCampaignFixture(t, e, "acme")
	path := "/campaigns/" + itoa(f.draft.ID)
	future := time.Now().Add(3 * time.Hour).Format(time.RFC3339)
	soon := time.Now().Add(30 * time.Minute).Format(time.RFC3339)
	e.run(t, []scenario{
		get("list", "/campaigns/?searchParam=PROMO", f.admin, 200, nil, `"hasMore":false`, `"name":"Promo acme"`,
			`"status":"INATIVA"`, `"contactList":{"id":`),
		get("one", path, f.admin, 200, nil, `"whatsapp":{"id":`, `"statusTicket":"closed"`),
		get("profile user is blocked", "/campaigns", f.agent, 403, nil, "ERR_NO_PERMISSION"),
		{name: "name too short", method: "POST", path: "/campaigns", token: f.admin, body: f.form(func(m map[string]any) { m["name"] = "A" }),
			status: 400, code: "ERR_VALIDATION", contain: []string{"Muito curto!"}},
		{name: "name too long", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["name"] = strings.Repeat("x", 51) }), status: 400, contain: []string{"Muito longo!"}},
		{name: "connection required", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["whatsappId"] = "" }), status: 400, contain: []string{`"whatsappId"`}},
		{name: "queue required with a user", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["userId"] = f.Admin.ID }), status: 400, contain: []string{`"queueId"`}},
		{name: "a message is required", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["message1"] = " " }), status: 400, contain: []string{`"message1"`}},
		{name: "confirmation needs its text", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["confirmation"] = true }), status: 400, contain: []string{`"confirmationMessage1"`}},
		{name: "an audience is required", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["contactListId"] = nil }), status: 400, contain: []string{`"contactListId"`}},
		{name: "bad ticket status", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["statusTicket"] = "lgpd" }), status: 400, contain: []string{`"statusTicket"`}},
		{name: "scheduled", method: "POST", path: "/campaigns", token: f.admin,
			body: f.form(func(m map[string]any) { m["scheduledAt"] = future }), status: 201, contain: []string{`"status":"PROGRAMADA"`}},
		{name: "edit a draft", method: "PUT", path: path, token: f.admin,
			body: f.form(func(m map[string]any) { m["name"] = "Promo editada"; m["scheduledAt"] = soon }), status: 200,
			contain: []string{`"name":"Promo editada"`, `"status":"PROGRAMADA"`}},
		{name: "scheduled within the hour is read-only", method: "PUT", path: path, token: f.admin, body: f.form(nil),
			status: 400, code: "ERR_CAMPAIGN_NOT_EDITABLE"},
		{name: "cancel a scheduled one", method: "POST", path: path + "/cancel", token: f.admin, status: 200,
			contain: []string{`"status":"CANCELADA"`}},
		{name: "restart it", method: "POST", path: path + "/restart", token: f.admin, status: 200,
			contain: []string{`"status":"EM_ANDAMENTO"`}},
		{name: "restart a running one", method: "POST", path: path + "/restart", token: f.admin, status: 400,
			code: "ERR_CAMPAIGN_NOT_CANCELED"},
		{name: "delete a running one", method: "DELETE", path: path, token: f.admin, status: 400, code: "ERR_CAMPAIGN_RUNNING"},
		get("report", path+"/report", f.admin, 200, nil, `"counts":{"total":2,"toSend":2`, `"series":[]`),
		get("per-contact table", path+"/shippings?searchParam=bia", f.admin, 200, nil, `"number":"5511970000002"`, `"hasMore":false`),
		{name: "cancel", method: "POST", path: path + "/cancel", token: f.admin, status: 200, contain: []string{`"status":"CANCELADA"`}},
		{name: "cancel twice", method: "POST", path: path + "/cancel", token: f.admin, status: 400, code: "ERR_CAMPAIGN_NOT_RUNNING"},
		{name: "delete", method: "DELETE", path: path, token: f.admin, status: 200},
		get("gone", path, f.admin, 404, nil, "ERR_NO_CAMPAIGN_FOUND"),
	})
}

func TestCampaignMediaAndSettings(t *testing.T) {
	e := newEnv(t)
	f := newCampaignFixture(t, e, "acme")
	path := "/campaigns/" + itoa(f.draft.ID) + "/media-upload"
	body, ctype := multipartBody(part{field: "file", filename: "promo.png", ctype: "image/png", data: tinyPNG(t)})
	status, got := e.call("POST", path, f.admin, body, ctype)
	if status != 200 || !strings.Contains(string(got), `"mediaName":"promo.png"`) || !strings.Contains(string(got), `"mediaType":"image"`) {
		t.Fatalf("upload: %d %s", status, got)
	}
	e.run(t, []scenario{
		{name: "remove the file", method: "DELETE", path: path, token: f.admin, status: 200, contain: []string{`"mediaName":""`}},
		get("settings: defaults", "/campaign-settings", f.admin, 200, nil, `{"key":"messageInterval","value":20}`,
			`{"key":"startHour","value":"09:00"}`, `{"key":"governorWarmup","value":[50,100,200,400,800,1000]}`),
		{name: "save settings", method: "POST", path: "/campaign-settings", token: f.admin,
			body: map[string]any{"settings": map[string]any{"messageInterval": 30, "sabado": true,
				"variables": []map[string]string{{"key": "cupom", "value": "BF10"}}}},
			status: 200, contain: []string{`{"key":"messageInterval","value":30}`, `{"key":"sabado","value":true}`, `"cupom"`}},
		{name: "interval out of range", method: "POST", path: "/campaign-settings", token: f.admin,
			body: map[string]any{"settings": map[string]any{"messageInterval": 121}}, status: 400, contain: []string{`"messageInterval"`}},
		{name: "long pause out of range", method: "POST", path: "/campaign-settings", token: f.admin,
			body: map[string]any{"settings": map[string]any{"greaterInterval": 10}}, status: 400, contain: []string{`"greaterInterval"`}},
		get("nothing written by a refused save", "/campaign-settings", f.admin, 200, nil, `{"key":"messageInterval","value":30}`),
		get("profile user: no settings", "/campaign-settings", f.agent, 403, nil, "ERR_NO_PERMISSION"),
	})
	// Without the plan flag every campaign route is refused.
	e.sql("UPDATE plans SET use_campaigns = false WHERE id = ?", f.Company.PlanID)
	e.run(t, []scenario{
		get("plan without campaigns", "/campaigns", f.admin, 403, nil, "ERR_NO_PERMISSION"),
		get("plan without campaigns: settings", "/campaign-settings", f.admin, 403, nil),
	})
}

// Company B can neither read nor change company A's campaigns, settings or shippings, nor
// point a campaign at A's list, connection, queue or user.
func TestCampaignsCrossTenant(t *testing.T) {
	e := newEnv(t)
	a := newCampaignFixture(t, e, "acme")
	b := newCampaignFixture(t, e, "beta")
	path := "/campaigns/" + itoa(a.draft.ID)
	body, ctype := multipartBody(part{field: "file", filename: "promo.png", ctype: "image/png", data: tinyPNG(t)})
	e.run(t, []scenario{
		get("list", "/campaigns", b.admin, 200, nil, `"name":"Promo beta"`),
		get("one", path, b.admin, 404, nil, "ERR_NO_CAMPAIGN_FOUND"),
		get("report", path+"/report", b.admin, 404, nil, "ERR_NO_CAMPAIGN_FOUND"),
		get("shippings", path+"/shippings", b.admin, 404, nil, "ERR_NO_CAMPAIGN_FOUND"),
		{name: "update", method: "PUT", path: path, token: b.admin, body: b.form(nil), status: 404, code: "ERR_NO_CAMPAIGN_FOUND"},
		{name: "cancel", method: "POST", path: path + "/cancel", token: b.admin, status: 404, code: "ERR_NO_CAMPAIGN_FOUND"},
		{name: "restart", method: "POST", path: path + "/restart", token: b.admin, status: 404, code: "ERR_NO_CAMPAIGN_FOUND"},
		{name: "upload", method: "POST", path: path + "/media-upload", token: b.admin, body: body, ctype: ctype, status: 404},
		{name: "remove media", method: "DELETE", path: path + "/media-upload", token: b.admin, status: 404},
		{name: "delete", method: "DELETE", path: path, token: b.admin, status: 404, code: "ERR_NO_CAMPAIGN_FOUND"},
		{name: "another company's list, connection, queue and user", method: "POST", path: "/campaigns", token: b.admin,
			body: b.form(func(m map[string]any) {
				m["contactListId"], m["whatsappId"], m["queueId"], m["userId"] = a.list, a.conn.ID, a.queue, a.Admin.ID
			}), status: 400, contain: []string{`"contactListId"`, `"whatsappId"`, `"queueId"`, `"userId"`}},
		{name: "settings are per company", method: "POST", path: "/campaign-settings", token: b.admin,
			body: map[string]any{"settings": map[string]any{"messageInterval": 99}}, status: 200},
		get("A's settings unchanged", "/campaign-settings", a.admin, 200, nil, `{"key":"messageInterval","value":20}`),
	})
	status, got := e.call("GET", path, a.admin, nil, "")
	var c campaign.Campaign
	_ = json.Unmarshal(got, &c)
	if status != 200 || c.Name != "Promo acme" || c.MediaPath != "" {
		t.Fatalf("A's campaign changed: %d %s", status, got)
	}
}
