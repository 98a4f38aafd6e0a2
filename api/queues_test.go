package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/testutil"
)

func queueBody(name, color string, over map[string]any) map[string]any {
	return merge(map[string]any{"name": name, "color": color, "greetingMessage": "Bem-vindo à " + name}, over)
}

func TestQueueCreateValidationAndLimits(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	post := func(name string, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/queue", token: admin, body: body, status: status, code: code, contain: contain}
	}
	ev := e.watch()
	e.run(t, []scenario{
		post("name required", queueBody("", "#ff0000", nil), 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		post("name too short", queueBody("V", "#ff0000", nil), 400, "ERR_VALIDATION", `"name":"Too Short!"`),
		post("name too long", queueBody(strings.Repeat("v", 51), "#ff0000", nil), 400, "ERR_VALIDATION", `"name":"Too Long!"`),
		post("colour required", queueBody("Vendas", "", nil), 400, "ERR_VALIDATION", `"color":"Obrigatório"`),
		post("colour too short", queueBody("Vendas", "#f", nil), 400, "ERR_VALIDATION", `"color":"Too Short!"`),
		post("colour too long", queueBody("Vendas", "#ff00ff00ff", nil), 400, "ERR_VALIDATION", `"color":"Too Long!"`),
		post("rotation minutes", queueBody("Vendas", "#ff0000", map[string]any{"tempoRoteador": 7}), 400, "ERR_VALIDATION", `"tempoRoteador":"Opção inválida"`),
		post("order not negative", queueBody("Vendas", "#ff0000", map[string]any{"orderQueue": -1}), 400, "ERR_VALIDATION", `"orderQueue"`),
		post("order within a 32-bit column", queueBody("Vendas", "#ff0000", map[string]any{"orderQueue": 3000000000}), 400, "ERR_VALIDATION",
			`"orderQueue":"Informe um número de até 100000000"`),
		post("first queue needs no greeting", queueBody("Vendas", "#ff0000", map[string]any{"greetingMessage": nil,
			"orderQueue": 2, "outOfHoursMessage": "Fechado", "closeTicket": true, "ativarRoteador": true, "tempoRoteador": 15}),
			201, "", `"name":"Vendas"`, `"orderQueue":2`, `"outOfHoursMessage":"Fechado"`, `"closeTicket":true`,
			`"ativarRoteador":true`, `"tempoRoteador":15`, `"greetingMessage":""`),
		post("second queue needs a greeting", queueBody("Suporte", "#00ff00", map[string]any{"greetingMessage": " "}),
			400, "ERR_WAPP_GREETING_REQUIRED", `"greetingMessage":"A mensagem de saudação é obrigatória quando há mais de uma fila."`),
		post("colour in use, any case", queueBody("Suporte", "#FF0000", nil), 409, "ERR_QUEUE_COLOR_ALREADY_EXISTS"),
		post("name in use", queueBody("vendas", "#0000ff", nil), 409, "ERR_QUEUE_NAME_ALREADY_EXISTS"),
		post("second queue", queueBody("Suporte", "#00ff00", nil), 201, "", `"greetingMessage":"Bem-vindo à Suporte"`),
		{name: "profile user can't create", method: "POST", path: "/queue", token: e.tokenOf(acme.Attender),
			body: queueBody("Financeiro", "#123456", nil), status: 403, code: "ERR_NO_PERMISSION"},
	})
	e.sql("UPDATE plans SET queues = 2 WHERE id = ?", acme.Company.PlanID)
	e.run(t, []scenario{post("plan queue limit", queueBody("Financeiro", "#123456", nil), 403, "ERR_QUEUE_LIMIT_REACHED")})
	if n := e.countRows("SELECT count(*) FROM queues WHERE company_id = ?", acme.Company.ID); n != 2 {
		t.Fatalf("%d queues, want 2", n)
	}
	ev.want(t, fmt.Sprintf("company-%d-queue", acme.Company.ID), `"action":"create"`, "Suporte")
}

func TestQueueReadUpdateDelete(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	suporte := testutil.NewQueue(t, e.App, acme.Company.ID, "Suporte", "#00ff00")
	e.sql("UPDATE queues SET order_queue = 1 WHERE id = ?", vendas.ID)
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Principal", nil)
	e.sql("UPDATE connections SET send_id_queue = ?, time_send_queue = 5 WHERE id = ?", suporte.ID, conn.ID)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	path := "/queue/" + itoa(vendas.ID)
	put := func(name string, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "PUT", path: path, token: admin, body: body, status: status, code: code, contain: contain}
	}
	ev := e.watch()
	e.run(t, []scenario{
		get("everyone lists queues, in order", "/queue", agent, 200, func(t *testing.T, b []byte) {
			if i, j := strings.Index(string(b), "Suporte"), strings.Index(string(b), "Vendas"); i < 0 || j < i {
				t.Errorf("order: %s", b)
			}
		}),
		get("admin reads one", path, admin, 200, nil, `"name":"Vendas"`, `"color":"#ff0000"`),
		get("profile user can't read one", path, agent, 403, nil, "ERR_NO_PERMISSION"),
		get("unknown queue", "/queue/999999", admin, 404, nil, "ERR_QUEUE_NOT_FOUND"),
		put("rename and rotate", map[string]any{"name": "Comercial", "tempoRoteador": 60, "ativarRoteador": true}, 200, "",
			`"name":"Comercial"`, `"tempoRoteador":60`, `"color":"#ff0000"`),
		put("keep own colour", map[string]any{"color": "#FF0000"}, 200, "", `"color":"#FF0000"`),
		put("colour of another queue", map[string]any{"color": "#00ff00"}, 409, "ERR_QUEUE_COLOR_ALREADY_EXISTS"),
		put("greeting can't be emptied with two queues", map[string]any{"greetingMessage": ""}, 400, "ERR_WAPP_GREETING_REQUIRED"),
		put("name too short", map[string]any{"name": "C"}, 400, "ERR_VALIDATION", `"name":"Too Short!"`),
		{name: "profile user can't update", method: "PUT", path: path, token: agent, body: map[string]any{"name": "X1"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "profile user can't delete", method: "DELETE", path: path, token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "admin deletes the redirect queue", method: "DELETE", path: "/queue/" + itoa(suporte.ID), token: admin, status: 200},
		put("a lone queue may drop its greeting", map[string]any{"greetingMessage": ""}, 200, "", `"greetingMessage":""`),
	})
	if v := e.countRows("SELECT count(*) FROM connections WHERE id = ? AND send_id_queue IS NULL AND time_send_queue = 0", conn.ID); v != 1 {
		t.Fatal("deleting a queue left connections redirecting to it")
	}
	name := fmt.Sprintf("company-%d-queue", acme.Company.ID)
	ev.want(t, name, `"action":"update"`, "Comercial")
	ev.want(t, name, `"action":"delete"`, `"queueId":`+itoa(suporte.ID))
}

// Company B's admin can't see or touch company A's queues.
func TestQueuesCrossTenant(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	other, path := e.tokenOf(beta.Admin), "/queue/"+itoa(vendas.ID)
	e.run(t, []scenario{
		{name: "get", method: "GET", path: path, token: other, status: 404, code: "ERR_QUEUE_NOT_FOUND"},
		{name: "update", method: "PUT", path: path, token: other, body: map[string]any{"name": "Owned"}, status: 404, code: "ERR_QUEUE_NOT_FOUND"},
		{name: "delete", method: "DELETE", path: path, token: other, status: 404, code: "ERR_QUEUE_NOT_FOUND"},
		get("list", "/queue", other, 200, nil, "[]"),
		{name: "same colour and name in another company", method: "POST", path: "/queue", token: other,
			body: queueBody("Vendas", "#ff0000", nil), status: 201},
	})
	if e.countRows("SELECT count(*) FROM queues WHERE id = ? AND name = 'Vendas'", vendas.ID) != 1 {
		t.Fatal("A's queue changed")
	}
}
