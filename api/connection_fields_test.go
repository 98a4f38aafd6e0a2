package api_test

import (
	"strings"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
)

// Every field of the connection form: stored, returned under the spec's name, and each
// rule of spec/2 §5 refused with nothing written.
func TestConnectionFieldsAndDateRules(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	q1, q2 := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00"), testutil.NewQueue(t, e.App, acme.Company.ID, "Suporte", "#0f0")
	admin := e.tokenOf(acme.Admin)
	var promptID int64 // a connection's promptId must be a prompt of its company
	e.App.DB.Raw("INSERT INTO prompts (company_id, name, prompt, api_key) VALUES (?, 'IA', 'p', 'k') RETURNING id", acme.Company.ID).Scan(&promptID)
	var welcome, notPhrase, foreign int64 // the default flows must be flows of its company
	e.App.DB.Raw("INSERT INTO flows (company_id, name) VALUES (?, 'Boas-vindas') RETURNING id", acme.Company.ID).Scan(&welcome)
	e.App.DB.Raw("INSERT INTO flows (company_id, name) VALUES (?, 'Sem frase') RETURNING id", acme.Company.ID).Scan(&notPhrase)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	e.App.DB.Raw("INSERT INTO flows (company_id, name) VALUES (?, 'Alheio') RETURNING id", beta.Company.ID).Scan(&foreign)
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	now := time.Now().In(loc)
	at := func(d time.Duration) string { return now.Add(d).Format("2006-01-02T15:04") }
	day := func(days int) string { return now.AddDate(0, 0, days).Format(time.DateOnly) }
	post := func(name string, over map[string]any, status int, code string, contain ...string) scenario {
		body := merge(map[string]any{"name": "Zap"}, over)
		return scenario{name: name, method: "POST", path: "/whatsapp", token: admin, body: body, status: status, code: code, contain: contain}
	}
	week := []map[string]string{{"weekday": "Segunda-feira", "weekdayEn": "monday", "startTimeA": "08:00", "endTimeA": "12:00",
		"startTimeB": "13:00", "endTimeB": "18:00"}, {"weekday": "Domingo", "weekdayEn": "sunday"}}
	e.run(t, []scenario{
		post("import start in the future", map[string]any{"importOldMessages": at(time.Hour), "importRecentMessages": at(2 * time.Hour)},
			400, "ERR_VALIDATION", `"importOldMessages":"`+connection.MsgImportStart),
		post("import start over 2 years back", map[string]any{"importOldMessages": now.AddDate(-2, 0, -1).Format(time.RFC3339),
			"importRecentMessages": at(0)}, 400, "ERR_VALIDATION", `"importOldMessages":"`+connection.MsgImportStart),
		post("import end before start", map[string]any{"importOldMessages": at(-time.Hour), "importRecentMessages": at(-2 * time.Hour)},
			400, "ERR_VALIDATION", `"importRecentMessages":"`+connection.MsgImportEnd),
		post("import end in the future", map[string]any{"importOldMessages": at(-time.Hour), "importRecentMessages": at(time.Hour)},
			400, "ERR_VALIDATION", `"importRecentMessages":"`+connection.MsgImportEnd),
		post("import start without end", map[string]any{"importOldMessages": at(-time.Hour)}, 400, "ERR_VALIDATION",
			`"importRecentMessages":"Obrigatório"`),
		post("import date unreadable", map[string]any{"importOldMessages": "ontem", "importRecentMessages": at(0)}, 400, "ERR_VALIDATION",
			`"importOldMessages":"Data inválida"`),
		post("vacation message needs dates", map[string]any{"collectiveVacationMessage": "Em férias"}, 400, "ERR_VALIDATION",
			`"collectiveVacationStart":"Obrigatório"`, `"collectiveVacationEnd":"Obrigatório"`),
		post("vacation at most 10 days back", map[string]any{"collectiveVacationMessage": "Em férias",
			"collectiveVacationStart": day(-11), "collectiveVacationEnd": day(5)}, 400, "ERR_VALIDATION",
			`"collectiveVacationStart":"`+connection.MsgVacationMin),
		post("vacation end before start", map[string]any{"collectiveVacationMessage": "Em férias",
			"collectiveVacationStart": day(5), "collectiveVacationEnd": day(2)}, 400, "ERR_VALIDATION",
			`"collectiveVacationEnd":"`+connection.MsgVacationEnd),
		post("schedule weekday unknown", map[string]any{"schedules": []map[string]string{{"weekday": "X", "weekdayEn": "funday"}}},
			400, "ERR_VALIDATION", `"schedules[0].weekdayEn"`),
		post("schedule time mask", map[string]any{"schedules": []map[string]string{{"weekdayEn": "monday", "startTimeA": "8:00"}}},
			400, "ERR_VALIDATION", `"schedules[0].startTimeA":"Horário inválido (HH:mm)"`),
		post("schedule weekday twice", map[string]any{"schedules": []map[string]string{{"weekdayEn": "monday"}, {"weekdayEn": "monday"}}},
			400, "ERR_VALIDATION", `"schedules[1].weekdayEn"`),
		post("negative reference", map[string]any{"promptId": -2}, 400, "ERR_VALIDATION", `"promptId"`),
		post("provider empty", map[string]any{"provider": ""}, 400, "ERR_VALIDATION", `"provider"`),
		post("welcome flow of another company", map[string]any{"flowIdWelcome": foreign}, 400, "ERR_VALIDATION", `"flowIdWelcome"`),
		post("no-phrase flow of no one", map[string]any{"flowIdNotPhrase": 999999}, 400, "ERR_VALIDATION", `"flowIdNotPhrase"`),
		post("import queue of no one", map[string]any{"queueIdImportMessages": 999999}, 400, "ERR_VALIDATION", "Fila inválida."),
		post("two queues need a greeting", map[string]any{"queueIds": []int64{q1.ID, q2.ID}}, 400, "ERR_WAPP_GREETING_REQUIRED"),
		post("queue ids repeated are one queue", map[string]any{"queueIds": []int64{q1.ID, q1.ID}, "name": "Uma fila"}, 201, "",
			`"queueIds":[`+itoa(q1.ID)+`]`),
	})
	if n := e.countRows("SELECT count(*) FROM connections"); n != 1 {
		t.Fatalf("refused creates wrote rows: %d connections", n)
	}
	var saved connection.Connection
	integ := itoa(testutil.NewIntegration(t, e.App, acme.Company.ID, "n8n", "n8n", "http://127.0.0.1:1/hook", nil).ID)
	e.run(t, []scenario{
		post("every field stored", map[string]any{"name": "Completa", "isDefault": true, "greetingMessage": "Olá!",
			"queueIds": []int64{q1.ID, q2.ID}, "importOldMessages": at(-48 * time.Hour), "importRecentMessages": at(-time.Hour),
			"importOldMessagesGroups": true, "closedTicketsPostImported": true, "queueIdImportMessages": q2.ID,
			"integrationId": integ, "promptId": itoa(promptID), "flowIdWelcome": welcome, "flowIdNotPhrase": notPhrase, "provider": "stable",
			"collectiveVacationStart": day(-3), "collectiveVacationEnd": day(10), "collectiveVacationMessage": "Em férias",
			"schedules": week, "timeCreateNewTicket": 15}, 201, "",
			`"importOldMessagesGroups":true`, `"closedTicketsPostImported":true`, `"queueIdImportMessages":`+itoa(q2.ID),
			`"integrationId":`+integ, `"promptId":`+itoa(promptID), `"flowIdWelcome":`+itoa(welcome), `"flowIdNotPhrase":`+itoa(notPhrase), `"provider":"stable"`,
			`"collectiveVacationStart":"`+day(-3)+`"`, `"collectiveVacationEnd":"`+day(10)+`"`, `"collectiveVacationMessage":"Em férias"`,
			`"weekdayEn":"monday"`, `"startTimeB":"13:00"`, `"statusImportMessages":""`, `"greetingMediaAttachment":""`,
			`"timeCreateNewTicket":15`),
	})
	e.App.DB.Where("name = ?", "Completa").Take(&saved)
	if saved.ImportOldMessages == nil || !saved.ImportOldMessages.Equal(now.Add(-48*time.Hour).Truncate(time.Minute)) {
		t.Fatalf("import start %v, want %v read in the company's zone", saved.ImportOldMessages, now.Add(-48*time.Hour).Truncate(time.Minute))
	}
	if len(saved.Schedules) != 2 || saved.Schedules[0].EndTimeA != "12:00" {
		t.Fatalf("schedules %+v", saved.Schedules)
	}
	path := "/whatsapp/" + itoa(saved.ID)
	// The vacation lies more than 10 days back now: edits that don't touch it still save.
	// (The company's date, as the form sends it: the server's UTC date differs from 21:00 to midnight in São Paulo.)
	e.sql("UPDATE connections SET collective_vacation_start = ?::date WHERE id = ?", day(-40), saved.ID)
	e.run(t, []scenario{
		{name: "old vacation doesn't block other edits", method: "PUT", path: path, token: admin,
			body: map[string]any{"name": "Renomeada", "collectiveVacationStart": day(-40)}, status: 200},
		{name: "moving it back still checks", method: "PUT", path: path, token: admin,
			body: map[string]any{"collectiveVacationStart": day(-20)}, status: 400, code: "ERR_VALIDATION"},
		{name: "unsetting the greeting with two queues", method: "PUT", path: path, token: admin,
			body: map[string]any{"greetingMessage": ""}, status: 400, code: "ERR_WAPP_GREETING_REQUIRED"},
		{name: "null and empty clear references and dates", method: "PUT", path: path, token: admin, body: map[string]any{
			"promptId": nil, "integrationId": "", "flowIdWelcome": 0, "queueIdImportMessages": nil,
			"importOldMessages": nil, "importRecentMessages": "", "collectiveVacationMessage": "",
			"collectiveVacationStart": nil, "collectiveVacationEnd": nil, "schedules": []any{}}, status: 200,
			contain: []string{`"promptId":null`, `"integrationId":null`, `"flowIdWelcome":null`, `"flowIdNotPhrase":` + itoa(notPhrase),
				`"queueIdImportMessages":null`, `"importOldMessages":null`, `"collectiveVacationStart":null`, `"schedules":[]`}},
		get("read back", path, admin, 200, nil, `"name":"Renomeada"`, `"provider":"stable"`, `"schedules":[]`),
	})
	// An edit naming another company's records is refused and changes nothing.
	betaQueue := itoa(testutil.NewQueue(t, e.App, beta.Company.ID, "Alheia", "#00f").ID)
	betaInteg := itoa(testutil.NewIntegration(t, e.App, beta.Company.ID, "n8n", "n8n", "http://127.0.0.1:1/hook", nil).ID)
	var betaPrompt int64
	e.App.DB.Raw("INSERT INTO prompts (company_id, name, prompt, api_key) VALUES (?, 'IA', 'p', 'k') RETURNING id", beta.Company.ID).Scan(&betaPrompt)
	put := func(name string, over map[string]any, contain string) scenario {
		return scenario{name: name, method: "PUT", path: path, token: admin, body: over, status: 400, code: "ERR_VALIDATION", contain: []string{contain}}
	}
	e.run(t, []scenario{
		put("no-phrase flow of another company", map[string]any{"flowIdNotPhrase": foreign}, `"flowIdNotPhrase"`),
		put("welcome flow of another company", map[string]any{"flowIdWelcome": foreign}, `"flowIdWelcome"`),
		put("import queue of another company", map[string]any{"queueIdImportMessages": betaQueue}, "Fila inválida."),
		put("redirect queue of another company", map[string]any{"sendIdQueue": betaQueue, "timeSendQueue": 5}, "Fila inválida."),
		put("integration of another company", map[string]any{"integrationId": betaInteg}, `"integrationId"`),
		put("prompt of another company", map[string]any{"promptId": betaPrompt}, `"promptId"`),
		get("nothing changed", path, admin, 200, nil, `"flowIdNotPhrase":`+itoa(notPhrase), `"flowIdWelcome":null`,
			`"queueIdImportMessages":null`, `"integrationId":null`, `"promptId":null`, `"sendIdQueue":null`),
	})
	// A queue deleted clears the references to it.
	e.sql("UPDATE connections SET send_id_queue = ?, time_send_queue = 5 WHERE id = ?", q2.ID, saved.ID)
	e.sql("DELETE FROM queues WHERE id = ?", q2.ID)
	if n := e.countRows("SELECT count(*) FROM connections WHERE send_id_queue IS NOT NULL"); n != 0 {
		t.Fatal("the redirect queue outlived its queue")
	}
	_, body := e.call("GET", path, admin, nil, "")
	if strings.Contains(string(body), `"sendIdQueue":`+itoa(q2.ID)) {
		t.Fatalf("deleted queue still referenced: %s", body)
	}
}
