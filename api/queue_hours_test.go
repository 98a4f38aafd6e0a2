package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/testutil"
)

// week is a schedules table with the spec's default hours on the given weekdays.
func week(days ...string) []map[string]string {
	out := []map[string]string{}
	for _, d := range days {
		out = append(out, map[string]string{"weekday": d, "weekdayEn": d, "startTimeA": "08:00", "endTimeA": "12:00",
			"startTimeB": "13:00", "endTimeB": "18:00"})
	}
	return out
}

func TestQueueHoursIntegrationAndFileList(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	own, theirs := e.newFileList(acme.Company.ID, "Catálogo", "a.pdf"), e.newFileList(beta.Company.ID, "Deles")
	ownInteg := testutil.NewIntegration(t, e.App, acme.Company.ID, "n8n", "n8n", "http://127.0.0.1:1", nil).ID
	theirInteg := testutil.NewIntegration(t, e.App, beta.Company.ID, "n8n", "n8n", "http://127.0.0.1:1", nil).ID
	admin := e.tokenOf(acme.Admin)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	path := "/queue/" + itoa(vendas.ID)
	bad := func(name, method, path string, body map[string]any, field, msg string) scenario {
		return scenario{name: name, method: method, path: path, token: admin, body: body, status: 400, code: "ERR_VALIDATION",
			contain: []string{`"` + field + `":"` + msg + `"`}}
	}
	badTime := week("monday")
	badTime[0]["endTimeB"] = "24:00"
	twice := week("monday", "monday")
	unknownDay := week("funday")
	e.run(t, []scenario{
		bad("a time past 23:59", "PUT", path, map[string]any{"schedules": badTime}, "schedules[0].endTimeB", "Horário inválido (HH:mm)"),
		bad("a weekday twice", "PUT", path, map[string]any{"schedules": twice}, "schedules[1].weekdayEn", "Opção inválida"),
		bad("an unknown weekday", "PUT", path, map[string]any{"schedules": unknownDay}, "schedules[0].weekdayEn", "Opção inválida"),
		bad("weekday label too long", "PUT", path, map[string]any{"schedules": []map[string]string{{"weekdayEn": "monday",
			"weekday": strings.Repeat("s", 31)}}}, "schedules[0].weekday", "Too Long!"),
		bad("another company's integration", "PUT", path, map[string]any{"integrationId": theirInteg}, "integrationId", "Integração inválida"),
		bad("an unknown integration", "PUT", path, map[string]any{"integrationId": 999999}, "integrationId", "Integração inválida"),
		bad("another company's file list", "PUT", path, map[string]any{"fileListId": theirs}, "fileListId", "Lista de arquivos inválida"),
		bad("an unknown file list", "PUT", path, map[string]any{"fileListId": 999999}, "fileListId", "Lista de arquivos inválida"),
		bad("creating with another company's file list", "POST", "/queue", queueBody("Suporte", "#00ff00",
			map[string]any{"fileListId": theirs}), "fileListId", "Lista de arquivos inválida"),
		{name: "hours, no integration and a file list", method: "PUT", path: path, token: admin, status: 200,
			body:    map[string]any{"schedules": week("monday", "tuesday"), "integrationId": nil, "fileListId": own},
			contain: []string{`"weekdayEn":"tuesday"`, `"startTimeB":"13:00"`, `"integrationId":null`, `"fileListId":` + itoa(own)}},
		get("read back", path, admin, 200, nil, `"weekdayEn":"monday"`, `"fileListId":`+itoa(own), `"chatbots":[]`),
		{name: "a partial update keeps them", method: "PUT", path: path, token: admin, body: map[string]any{"name": "Comercial"},
			status: 200, contain: []string{`"weekdayEn":"tuesday"`, `"fileListId":` + itoa(own)}},
		{name: "an integration of the company", method: "PUT", path: path, token: admin, body: map[string]any{"integrationId": ownInteg},
			status: 200, contain: []string{`"integrationId":` + itoa(ownInteg)}},
		{name: "clear the file list", method: "PUT", path: path, token: admin, body: map[string]any{"fileListId": nil},
			status: 200, contain: []string{`"fileListId":null`, `"weekdayEn":"tuesday"`}},
		{name: "create with hours", method: "POST", path: "/queue", token: admin, status: 201,
			body:    queueBody("Suporte", "#00ff00", map[string]any{"schedules": week("friday"), "fileListId": own}),
			contain: []string{`"weekdayEn":"friday"`, `"fileListId":` + itoa(own)}},
	})
	if n := e.countRows("SELECT count(*) FROM queues WHERE company_id = ?", acme.Company.ID); n != 2 {
		t.Fatalf("%d queues", n)
	}
	if n := e.countRows("SELECT jsonb_array_length(schedules) FROM queues WHERE id = ?", vendas.ID); n != 2 {
		t.Fatalf("queue keeps %d schedule entries, want 2", n)
	}
}

// With scheduleType "queue" every queue needs its out-of-hours message (spec/2 §5).
func TestQueueOutOfHoursMessageRequiredWithQueueHours(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	vendas := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#ff0000")
	path := "/queue/" + itoa(vendas.ID)
	const msg = `"outOfHoursMessage":"A mensagem de fora de expediente é obrigatória quando o horário é definido por fila."`
	e.run(t, []scenario{
		{name: "other modes don't need it", method: "PUT", path: path, token: admin, body: map[string]any{"schedules": week("monday")},
			status: 200},
		putSetting("hours by queue", admin, "scheduleType", "queue", 200, ""),
		{name: "now a queue needs it", method: "PUT", path: path, token: admin, body: map[string]any{"name": "Comercial"},
			status: 400, code: "ERR_VALIDATION", contain: []string{msg}},
		{name: "a blank one is none", method: "POST", path: "/queue", token: admin, status: 400, code: "ERR_VALIDATION",
			body: queueBody("Suporte", "#00ff00", map[string]any{"outOfHoursMessage": "   "}), contain: []string{msg}},
		{name: "with it", method: "PUT", path: path, token: admin, body: map[string]any{"outOfHoursMessage": "Fechado agora"},
			status: 200, contain: []string{`"outOfHoursMessage":"Fechado agora"`}},
		{name: "can't be emptied", method: "PUT", path: path, token: admin, body: map[string]any{"outOfHoursMessage": ""},
			status: 400, code: "ERR_VALIDATION", contain: []string{msg}},
		{name: "create with it", method: "POST", path: "/queue", token: admin, status: 201,
			body:    queueBody("Suporte", "#00ff00", map[string]any{"outOfHoursMessage": "Volte amanhã"}),
			contain: []string{`"schedules":[]`, `"integrationId":null`, `"fileListId":null`}},
	})
	if n := e.countRows("SELECT count(*) FROM queues WHERE company_id = ? AND out_of_hours_message = ''", acme.Company.ID); n != 0 {
		t.Fatal("a queue was saved without its out-of-hours message")
	}
	if n := e.countRows("SELECT count(*) FROM queues WHERE name = 'Comercial'"); n != 0 {
		t.Fatal("the refused rename was written")
	}
}

func TestCompanyHours(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	path := fmt.Sprintf("/companies/%d/schedules", acme.Company.ID)
	put := func(name, token string, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "PUT", path: path, token: token, body: body, status: status, code: code, contain: contain}
	}
	badTime := week("monday")
	badTime[0]["startTimeA"] = "8h"
	e.run(t, []scenario{
		get("empty at first", path, admin, 200, nil, fmt.Sprintf(`{"id":%d,"schedules":[]}`, acme.Company.ID)),
		put("the admin sets the week", admin, map[string]any{"schedules": week(
			"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")}, 200, "",
			fmt.Sprintf(`"id":%d`, acme.Company.ID), `"weekdayEn":"saturday"`, `"endTimeB":"18:00"`),
		get("read back", path, admin, 200, nil, `"weekdayEn":"sunday"`, `"startTimeA":"08:00"`),
		put("a bad time", admin, map[string]any{"schedules": badTime}, 400, "ERR_VALIDATION",
			`"schedules[0].startTimeA":"Horário inválido (HH:mm)"`),
		put("a weekday twice", admin, map[string]any{"schedules": week("monday", "monday")}, 400, "ERR_VALIDATION",
			`"schedules[1].weekdayEn":"Opção inválida"`),
		put("an unknown weekday", admin, map[string]any{"schedules": week("funday")}, 400, "ERR_VALIDATION",
			`"schedules[0].weekdayEn":"Opção inválida"`),
		put("more than a week", admin, map[string]any{"schedules": append(week("sunday", "monday", "tuesday", "wednesday",
			"thursday", "friday", "saturday"), week("monday")...)}, 400, "ERR_VALIDATION", `"schedules":"Too Long!"`),
		put("no table", admin, map[string]any{}, 400, "ERR_VALIDATION", `"schedules":"Obrigatório"`),
		put("not a table", admin, map[string]any{"schedules": "always"}, 400, "ERR_BAD_REQUEST"),
		{name: "profile user can't read", method: "GET", path: path, token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		put("profile user can't change", agent, map[string]any{"schedules": []any{}}, 403, "ERR_NO_PERMISSION"),
		{name: "company B can't read", method: "GET", path: path, token: other, status: 404, code: "ERR_NO_COMPANY_FOUND"},
		put("company B can't change", other, map[string]any{"schedules": []any{}}, 404, "ERR_NO_COMPANY_FOUND"),
		get("company B reads its own", fmt.Sprintf("/companies/%d/schedules", beta.Company.ID), other, 200, nil, `"schedules":[]`),
		{name: "bad id", method: "GET", path: "/companies/x/schedules", token: admin, status: 404, code: "ERR_NO_COMPANY_FOUND"},
	})
	if n := e.countRows("SELECT jsonb_array_length(schedules) FROM companies WHERE id = ?", acme.Company.ID); n != 7 {
		t.Fatalf("acme keeps %d entries, want 7", n)
	}
	e.run(t, []scenario{
		get("the super user reads any company", path, super, 200, nil, `"weekdayEn":"friday"`),
		put("and changes it", super, map[string]any{"schedules": week("monday")}, 200, "", `"weekdayEn":"monday"`),
		{name: "an unknown company", method: "GET", path: "/companies/999999/schedules", token: super, status: 404, code: "ERR_NO_COMPANY_FOUND"},
		{name: "an unknown company's change", method: "PUT", path: "/companies/999999/schedules", token: super,
			body: map[string]any{"schedules": []any{}}, status: 404, code: "ERR_NO_COMPANY_FOUND"},
	})
	if n := e.countRows("SELECT jsonb_array_length(schedules) FROM companies WHERE id = ?", acme.Company.ID); n != 1 {
		t.Fatalf("acme keeps %d entries after the super user's change, want 1", n)
	}
	if n := e.countRows("SELECT jsonb_array_length(schedules) FROM companies WHERE id = ?", beta.Company.ID); n != 0 {
		t.Fatal("company B's hours changed")
	}
}
