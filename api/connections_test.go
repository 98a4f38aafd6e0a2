package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/testutil"
)

// connectionRow reads the stored default flag and token of a connection.
func (e *env) connectionRow(id int64) (bool, string) {
	e.t.Helper()
	var row struct {
		IsDefault bool
		Token     string
	}
	if err := e.App.DB.Raw("SELECT is_default, token FROM connections WHERE id = ?", id).Scan(&row).Error; err != nil {
		e.t.Fatal(err)
	}
	return row.IsDefault, row.Token
}

func TestConnectionCreate(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	q1, q2 := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00"), testutil.NewQueue(t, e.App, acme.Company.ID, "Suporte", "#0f0")
	theirs := testutil.NewQueue(t, e.App, beta.Company.ID, "Deles", "#00f")
	admin := e.tokenOf(acme.Admin)
	post := func(name string, body map[string]any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/whatsapp", token: admin, body: body, status: status, code: code, contain: contain}
	}
	ev := e.watch()
	e.run(t, []scenario{
		post("name required", map[string]any{}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		post("name too short", map[string]any{"name": "W"}, 400, "ERR_VALIDATION", `"name":"Too Short!"`),
		post("name too long", map[string]any{"name": strings.Repeat("w", 51)}, 400, "ERR_VALIDATION", `"name":"Too Long!"`),
		post("channel enum", map[string]any{"name": "Tele", "channel": "telegram"}, 400, "ERR_VALIDATION", `"channel":"Opção inválida"`),
		post("groupAsTicket enum", map[string]any{"name": "Zap", "groupAsTicket": "yes"}, 400, "ERR_VALIDATION", `"groupAsTicket"`),
		post("whenExpiresTicket enum", map[string]any{"name": "Zap", "whenExpiresTicket": "2"}, 400, "ERR_VALIDATION", `"whenExpiresTicket"`),
		post("no negative times", map[string]any{"name": "Zap", "expiresTicket": -1}, 400, "ERR_VALIDATION", `"expiresTicket"`),
		post("no time past a Duration", map[string]any{"name": "Zap", "timeCreateNewTicket": 9000000000}, 400, "ERR_VALIDATION",
			`"timeCreateNewTicket":"Informe um número de até 100000000"`),
		post("redirect time needs a queue", map[string]any{"name": "Zap", "timeSendQueue": 5}, 400, "ERR_VALIDATION", `"sendIdQueue":"Obrigatório"`),
		post("redirect to another company's queue", map[string]any{"name": "Zap", "timeSendQueue": 5, "sendIdQueue": theirs.ID},
			400, "ERR_VALIDATION", "Fila inválida."),
		post("another company's queues", map[string]any{"name": "Zap", "queueIds": []int64{q1.ID, theirs.ID}}, 400, "ERR_VALIDATION", "Fila inválida."),
	})
	if n := e.countRows("SELECT count(*) FROM connections"); n != 0 {
		t.Fatalf("refused creates wrote %d connections", n)
	}
	e.run(t, []scenario{
		post("first one is the default, with spec defaults", map[string]any{"name": "Principal", "isDefault": false}, 201, "",
			`"isDefault":true`, `"status":"DISCONNECTED"`, `"channel":"whatsapp"`, `"maxUseBotQueues":3`, `"maxUseBotQueuesNPS":3`,
			`"groupAsTicket":"disabled"`, `"whenExpiresTicket":"0"`, `"queues":[]`, `"token":"`),
		post("sandbox starts connected", map[string]any{"name": "Treino", "channel": "sandbox"}, 201, "",
			`"status":"CONNECTED"`, `"isDefault":false`),
		post("new default with queues and redirect", map[string]any{"name": "Nova", "isDefault": true, "queueIds": []int64{q2.ID, q1.ID, q1.ID},
			"timeSendQueue": 10, "sendIdQueue": q2.ID, "greetingMessage": "Oi", "allowGroup": true, "groupAsTicket": "enabled"}, 201, "",
			`"isDefault":true`, `"name":"Suporte"`, `"name":"Vendas"`, `"sendIdQueue":`+itoa(q2.ID), `"allowGroup":true`),
	})
	if n := e.countRows("SELECT count(*) FROM connections WHERE company_id = ? AND is_default", acme.Company.ID); n != 1 {
		t.Fatalf("%d defaults", n)
	}
	if n := e.countRows("SELECT count(*) FROM connections WHERE length(token) = 30 AND token ~ '^[A-Za-z0-9]+$'"); n != 3 {
		t.Fatalf("%d connections with a 30-character token", n)
	}
	raw := ev.want(t, fmt.Sprintf("company-%d-whatsapp", acme.Company.ID), `"action":"create"`, "Treino")
	if strings.Contains(raw, `"token"`) {
		t.Fatalf("event carries the token: %s", raw)
	}
}

func TestConnectionRulesAndLimits(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	q := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	admin := e.tokenOf(acme.Admin)
	post := func(name string, body map[string]any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/whatsapp", token: admin, body: body, status: status, code: code, contain: contain}
	}
	testutil.SetSetting(t, e.App, acme.Company.ID, "userRating", "enabled")
	e.run(t, []scenario{
		post("rating on: message required", map[string]any{"name": "Zap", "expiresTicketNPS": 5}, 400, "ERR_VALIDATION", `"ratingMessage":"Obrigatório"`),
		post("rating on: expiry not zero", map[string]any{"name": "Zap", "ratingMessage": "Nota?"}, 400, "ERR_VALIDATION", `"expiresTicketNPS"`),
		post("rating on: both given", map[string]any{"name": "Zap", "ratingMessage": "Nota?", "expiresTicketNPS": 5,
			"timeSendQueue": 3, "sendIdQueue": q.ID}, 201, ""),
	})
	e.sql("UPDATE plans SET use_facebook = false, connections = 2 WHERE id = ?", acme.Company.PlanID)
	e.run(t, []scenario{
		post("channel off in the plan", map[string]any{"name": "Face", "channel": "facebook", "ratingMessage": "N", "expiresTicketNPS": 1},
			403, "ERR_PLAN_CHANNEL_DISABLED"),
		post("second allowed", map[string]any{"name": "Insta", "channel": "instagram", "ratingMessage": "N", "expiresTicketNPS": 1}, 201, ""),
		post("plan connection limit", map[string]any{"name": "Mais", "channel": "sandbox", "ratingMessage": "N", "expiresTicketNPS": 1},
			403, "ERR_CONNECTION_LIMIT_REACHED"),
	})
	if n := e.countRows("SELECT count(*) FROM connections"); n != 2 {
		t.Fatalf("%d connections, want 2", n)
	}
}

func TestConnectionUpdateDefaultsAndToken(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	first := testutil.NewConnection(t, e.App, acme.Company.ID, "Primeira", func(c *connection.Connection) { c.IsDefault = true })
	second := testutil.NewConnection(t, e.App, acme.Company.ID, "Segunda", nil)
	q := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	admin := e.tokenOf(acme.Admin)
	put := func(name string, c connection.Connection, body map[string]any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "PUT", path: "/whatsapp/" + itoa(c.ID), token: admin, body: body, status: status, code: code, contain: contain}
	}
	del := func(name string, c connection.Connection, status int, code string) scenario {
		return scenario{name: name, method: "DELETE", path: "/whatsapp/" + itoa(c.ID), token: admin, status: status, code: code}
	}
	e.run(t, []scenario{
		put("another becomes the default", second, map[string]any{"isDefault": true, "queueIds": []int64{q.ID}}, 200, "",
			`"isDefault":true`, `"name":"Vendas"`),
		put("the default can't be unset while others exist", second, map[string]any{"isDefault": false}, 400, "ERR_NO_OTHER_WHATSAPP"),
		put("a non-default stays so", first, map[string]any{"isDefault": false, "name": "Antiga"}, 200, "", `"isDefault":false`, `"name":"Antiga"`),
		del("the default can't go while others exist", second, 400, "ERR_NO_OTHER_WHATSAPP"),
		put("channel is fixed", second, map[string]any{"channel": "facebook"}, 400, "ERR_VALIDATION", `"channel"`),
		put("queues emptied", second, map[string]any{"queueIds": []int64{}}, 200, "", `"queues":[]`),
		put("name too short", second, map[string]any{"name": "x"}, 400, "ERR_VALIDATION", `"name":"Too Short!"`),
	})
	if def, _ := e.connectionRow(first.ID); def {
		t.Fatal("the old default kept its flag")
	}
	_, before := e.connectionRow(second.ID)
	e.run(t, []scenario{put("a token of one's own is ignored", second, map[string]any{"token": "short"}, 200, "")})
	if _, tok := e.connectionRow(second.ID); tok != before {
		t.Fatal("token was set from the request")
	}
	e.run(t, []scenario{put("empty token regenerates", second, map[string]any{"token": ""}, 200, "")})
	_, regen := e.connectionRow(second.ID)
	e.run(t, []scenario{put("regenerate flag", second, map[string]any{"regenerateToken": true}, 200, "")})
	if _, again := e.connectionRow(second.ID); regen == before || again == regen || len(again) != 30 {
		t.Fatalf("tokens %q %q %q", before, regen, again)
	}
	e.run(t, []scenario{
		del("a non-default goes", first, 200, ""),
		get("deleted is gone", "/whatsapp/"+itoa(first.ID), admin, 404, nil, "ERR_NO_WAPP_FOUND"),
		put("the only one stays the default", second, map[string]any{"isDefault": false}, 200, "", `"isDefault":true`),
		del("the only one may go", second, 200, ""),
	})
}

func TestConnectionPermissionsAndUserLink(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Principal", func(c *connection.Connection) { c.IsDefault = true })
	theirs := testutil.NewConnection(t, e.App, beta.Company.ID, "Deles", nil)
	agent, path := e.tokenOf(acme.Attender), "/whatsapp/"+itoa(conn.ID)
	refused := func(name, method, path string, body any) scenario {
		return scenario{name: name, method: method, path: path, token: agent, body: body, status: 403, code: "ERR_NO_PERMISSION"}
	}
	e.run(t, []scenario{
		get("a user lists connections without tokens", "/whatsapp?session=0", agent, 200, nil, `"name":"Principal"`),
		refused("get one", "GET", path, nil),
		refused("create", "POST", "/whatsapp", map[string]string{"name": "Minha"}),
		refused("update", "PUT", path, map[string]string{"name": "Minha"}),
		refused("delete", "DELETE", path, nil),
	})
	if _, body := e.call("GET", "/whatsapp", agent, nil, ""); strings.Contains(string(body), conn.Token) {
		t.Fatal("a plain user sees the token")
	}
	e.sql("UPDATE users SET allow_connections = 'enabled' WHERE id = ?", acme.Attender.ID)
	agent = e.tokenOf(acme.Attender)
	e.run(t, []scenario{
		get("allowConnections: list with tokens", "/whatsapp/", agent, 200, nil, conn.Token),
		get("allowConnections: get one", path, agent, 200, nil, conn.Token),
		{name: "allowConnections: create", method: "POST", path: "/whatsapp", token: agent, body: map[string]string{"name": "Minha"}, status: 201},
		{name: "allowConnections: update", method: "PUT", path: path, token: agent, body: map[string]string{"name": "Matriz"}, status: 200},
		{name: "a user's default connection of the company", method: "PUT", path: "/users/" + itoa(acme.Attender.ID), token: e.tokenOf(acme.Admin),
			body: map[string]any{"whatsappId": conn.ID}, status: 200, contain: []string{`"whatsappId":` + itoa(conn.ID)}},
		{name: "a user's default connection of another company", method: "PUT", path: "/users/" + itoa(acme.Attender.ID), token: e.tokenOf(acme.Admin),
			body: map[string]any{"whatsappId": theirs.ID}, status: 404, code: "ERR_NO_WAPP_FOUND"},
	})
}

// Company B's admin can't see or touch company A's connections.
func TestConnectionsCrossTenant(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Segredo", func(c *connection.Connection) { c.IsDefault = true })
	q := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	mine := testutil.NewConnection(t, e.App, beta.Company.ID, "Minha", func(c *connection.Connection) { c.IsDefault = true })
	other, path := e.tokenOf(beta.Admin), "/whatsapp/"+itoa(conn.ID)
	e.run(t, []scenario{
		{name: "get", method: "GET", path: path, token: other, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "update", method: "PUT", path: path, token: other, body: map[string]any{"name": "Owned", "token": ""}, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "delete", method: "DELETE", path: path, token: other, status: 404, code: "ERR_NO_WAPP_FOUND"},
		get("list ignores companyId", "/whatsapp?companyId="+itoa(acme.Company.ID), other, 200, nil, `"name":"Minha"`),
		{name: "A's queues on B's connection", method: "PUT", path: "/whatsapp/" + itoa(mine.ID), token: other,
			body: map[string]any{"queueIds": []int64{q.ID}}, status: 400, code: "ERR_VALIDATION"},
		{name: "A's queue as B's redirect", method: "POST", path: "/whatsapp", token: other,
			body: map[string]any{"name": "Outra", "timeSendQueue": 2, "sendIdQueue": q.ID}, status: 400, code: "ERR_VALIDATION"},
	})
	if _, body := e.call("GET", "/whatsapp", other, nil, ""); strings.Contains(string(body), "Segredo") {
		t.Fatal("B lists A's connection")
	}
	if def, tok := e.connectionRow(conn.ID); !def || tok != conn.Token {
		t.Fatal("A's connection changed")
	}
	if e.countRows("SELECT count(*) FROM connection_queues") != 0 {
		t.Fatal("A's queue was linked to B's connection")
	}
}
