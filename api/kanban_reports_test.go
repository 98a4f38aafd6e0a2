package api_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"atende/pkg/kanban"
	"atende/pkg/report"
)

// reportIDs checks the ticket ids of a report page, in order.
func reportIDs(want ...int64) func(*testing.T, []byte) {
	return func(t *testing.T, b []byte) {
		t.Helper()
		got := decode[report.Result](t, b).Tickets
		if len(got) != len(want) {
			t.Fatalf("%d rows, want %d: %s", len(got), len(want), b)
		}
		for i, r := range got {
			if r.ID != want[i] {
				t.Fatalf("row %d is ticket %d, want %d: %s", i, r.ID, want[i], b)
			}
		}
	}
}

func qs(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

func TestTicketReport(t *testing.T) {
	e := newEnv(t)
	d, b := newDesk(e, "acme"), newDesk(e, "beta")
	now := time.Now()
	old := d.ticket(tk{name: "Antigo", status: "closed", created: now.AddDate(0, -2, 0)})
	maria := d.ticket(tk{name: "Maria Souza", number: "5511988887777", status: "closed", queue: d.q1, user: d.Attender.ID,
		created: now.Add(-3 * time.Hour)})
	joao := d.ticket(tk{name: "João", status: "open", queue: d.q2, user: d.mate.ID, conn: d.conn2, created: now.Add(-2 * time.Hour)})
	ana := d.ticket(tk{name: "Ana", status: "pending", created: now.Add(-time.Hour)})
	other := b.ticket(tk{name: "Maria Beta", status: "closed"})
	// Maria: attended 10 min then 5 min (reopened), rated 9 then 7 (the latest counts).
	e.sql(`INSERT INTO ticket_trackings (company_id, ticket_id, user_id, started_at, closed_at, finished_at) VALUES
		(?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)`,
		d.Company.ID, maria.ID, d.Attender.ID, now.Add(-3*time.Hour), now.Add(-170*time.Minute), now.Add(-170*time.Minute),
		d.Company.ID, maria.ID, d.Attender.ID, now.Add(-100*time.Minute), now.Add(-95*time.Minute), now.Add(-95*time.Minute))
	e.sql(`INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate, created_at)
		SELECT company_id, ticket_id, id, user_id, CASE WHEN closed_at < ? THEN 9 ELSE 7 END, closed_at
		FROM ticket_trackings WHERE ticket_id = ?`, now.Add(-120*time.Minute), maria.ID)
	e.sql(`INSERT INTO ticket_trackings (company_id, ticket_id, started_at) VALUES (?, ?, ?)`,
		b.Company.ID, other.ID, now.Add(-time.Hour))
	today := now.Format(time.DateOnly)
	month := now.AddDate(0, 0, -7).Format(time.DateOnly)
	path := func(kv ...string) string { return "/ticketreport/reports?" + qs(kv...) }
	e.sql("UPDATE users SET show_dashboard = 'enabled' WHERE id = ?", d.mate.ID)
	e.run(t, []scenario{
		get("everything, newest first", path(), d.admin, 200, reportIDs(ana.ID, joao.ID, maria.ID, old.ID),
			`"totalTickets":{"total":4,"capped":false}`, `"hasMore":false`),
		get("dates", path("dateFrom", month, "dateTo", today), d.admin, 200, reportIDs(ana.ID, joao.ID, maria.ID)),
		get("page size 5 is kept, 7 is not", path("pageSize", "7", "page", "1"), d.admin, 200,
			reportIDs(ana.ID, joao.ID, maria.ID, old.ID)),
		get("pages", path("pageSize", "5", "page", "2"), d.admin, 200, reportIDs(), `"total":4`),
		get("contact from 3 characters", path("searchParam", "mar"), d.admin, 200, reportIDs(maria.ID)),
		get("contact number", path("searchParam", "88887"), d.admin, 200, reportIDs(maria.ID)),
		get("2 characters do not filter", path("searchParam", "ma"), d.admin, 200, reportIDs(ana.ID, joao.ID, maria.ID, old.ID)),
		get("contact id", path("contactId", itoa(joao.Contact)), d.admin, 200, reportIDs(joao.ID)),
		get("connections", path("whatsappId", "["+itoa(d.conn2)+"]"), d.admin, 200, reportIDs(joao.ID)),
		get("users", path("users", "["+itoa(d.Attender.ID)+","+itoa(d.mate.ID)+"]"), d.admin, 200, reportIDs(joao.ID, maria.ID)),
		get("queues", path("queueIds", "["+itoa(d.q1)+"]"), d.admin, 200, reportIDs(maria.ID)),
		get("statuses", path("status", `["open","pending"]`), d.admin, 200, reportIDs(ana.ID, joao.ID)),
		get("only rated", path("onlyRated", "true"), d.admin, 200, reportIDs(maria.ID),
			`"supportTime":900`, `"NPS":7`, `"contactName":"Maria Souza"`, `"queueName":"Vendas"`, `"whatsappName":"Loja acme"`),
		get("too deep", path("pageSize", "50", "page", "21"), d.admin, 400, nil),
		get("showDashboard user", path(), d.mateTk, 200, reportIDs(ana.ID, joao.ID, maria.ID, old.ID)),
		get("profile user without showDashboard", path(), d.agent, 403, nil),
		get("another company sees its own only", path("searchParam", "maria"), b.admin, 200, reportIDs(other.ID),
			`"supportTime":null`),
		get("another company's filter ids find nothing", path("queueIds", "["+itoa(d.q1)+"]"), b.admin, 200, reportIDs()),
	})

	t.Run("export read back", func(t *testing.T) {
		status, body := e.call("GET", "/ticketreport/reports/export?"+qs("status", `["closed"]`), d.admin, nil, "")
		if status != 200 {
			t.Fatalf("status %d: %s", status, body)
		}
		f, err := excelize.OpenReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("Sheet1")
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || rows[0][0] != "ID" || rows[1][0] != itoa(maria.ID) || rows[2][0] != itoa(old.ID) {
			t.Fatalf("rows %q", rows)
		}
		if rows[1][2] != "Maria Souza" || rows[1][10] != "0:15:00" || rows[1][11] != "7" {
			t.Fatalf("maria's row %q", rows[1])
		}
		if s, b := e.call("GET", "/ticketreport/reports/export", d.agent, nil, ""); s != 403 {
			t.Fatalf("profile user export: %d %s", s, b)
		}
		_, bb := e.call("GET", "/ticketreport/reports/export", b.admin, nil, "")
		fb, err := excelize.OpenReader(bytes.NewReader(bb))
		if err != nil {
			t.Fatal(err)
		}
		if rows, _ := fb.GetRows("Sheet1"); len(rows) != 2 || rows[1][0] != itoa(other.ID) {
			t.Fatalf("beta's export %q", rows)
		}
	})
}

func TestKanbanBoardAndLanes(t *testing.T) {
	e := newEnv(t)
	d, b := newDesk(e, "acme"), newDesk(e, "beta")
	novo, feito := d.tag("Novo", 1), d.tag("Feito", 1)
	d.tag("VIP", 0)
	betaLane := b.tag("Beta lane", 1)
	now := time.Now()
	inQ1 := d.ticket(tk{name: "Q1", status: "open", queue: d.q1, user: d.Admin.ID})
	inQ3 := d.ticket(tk{name: "Q3", status: "pending", queue: d.q3})
	d.ticket(tk{name: "Fechado", status: "closed", queue: d.q1})
	d.ticket(tk{name: "Ontem", status: "open", queue: d.q1, created: now.AddDate(0, 0, -3)})
	theirs := b.ticket(tk{name: "Beta", status: "open"})
	e.sql(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)`, inQ1.ID, novo, d.Company.ID)
	cards := func(want ...int64) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			got := decode[kanban.Board](t, body).Tickets
			if len(got) != len(want) {
				t.Fatalf("%d cards, want %d: %s", len(got), len(want), body)
			}
			for i, c := range got {
				if c.ID != want[i] {
					t.Fatalf("card %d is %d, want %d", i, c.ID, want[i])
				}
			}
		}
	}
	e.run(t, []scenario{
		get("lanes", "/tag/kanban/", d.agent, 200, func(t *testing.T, body []byte) {
			var r struct{ Lista []struct{ Name string } }
			_ = json.Unmarshal(body, &r)
			if len(r.Lista) != 2 || r.Lista[0].Name != "Feito" || r.Lista[1].Name != "Novo" {
				t.Fatalf("lanes %s", body)
			}
		}),
		get("other company's lanes", "/tag/kanban", b.agent, 200, func(t *testing.T, body []byte) {
			var r struct{ Lista []struct{ Name string } }
			_ = json.Unmarshal(body, &r)
			if len(r.Lista) != 1 || r.Lista[0].Name != "Beta lane" {
				t.Fatalf("lanes %s, want Beta lane alone", body)
			}
		}),
		get("another company's queue as a filter", "/ticket/kanban?queueIds=["+itoa(d.q3)+"]", b.admin, 200, cards()),
		get("admin's board today", "/ticket/kanban", d.admin, 200, cards(inQ3.ID, inQ1.ID),
			`"tags":[{"id":`+itoa(novo)+`}]`, `"contact":{"name":"Q1"`, `"whatsapp":{"name":"Loja acme"}`),
		get("queue filter", "/ticket/kanban?queueIds=["+itoa(d.q3)+"]", d.admin, 200, cards(inQ3.ID)),
		get("date range", "/ticket/kanban?startDate="+now.AddDate(0, 0, -4).Format(time.DateOnly)+"&endDate="+
			now.Format(time.DateOnly), d.admin, 200, func(t *testing.T, body []byte) {
			if n := len(decode[kanban.Board](t, body).Tickets); n != 3 {
				t.Fatalf("%d cards", n)
			}
		}),
		get("a user sees their queues only", "/ticket/kanban", d.agent, 200, cards(inQ1.ID)),
		get("other company's board", "/ticket/kanban", b.admin, 200, cards(theirs.ID)),
	})

	// Lane settings on the tag (spec/3 Tag): next and rollback lanes of the same company.
	e.run(t, []scenario{
		{name: "lane settings", method: "PUT", path: "/tags/" + itoa(novo), token: d.admin, status: 200,
			body:    map[string]any{"timeLane": 30, "nextLaneId": feito, "rollbackLaneId": 0, "greetingMessageLane": "Oi {{name}}"},
			contain: []string{`"timeLane":30`, `"nextLaneId":` + itoa(feito), `"rollbackLaneId":null`}},
		{name: "another company's lane", method: "PUT", path: "/tags/" + itoa(novo), token: d.admin, status: 400,
			body: map[string]any{"nextLaneId": betaLane}, code: "ERR_VALIDATION"},
		{name: "itself", method: "PUT", path: "/tags/" + itoa(novo), token: d.admin, status: 400,
			body: map[string]any{"rollbackLaneId": novo}, code: "ERR_VALIDATION"},
		{name: "negative time", method: "PUT", path: "/tags/" + itoa(novo), token: d.admin, status: 400,
			body: map[string]any{"timeLane": -1}, code: "ERR_VALIDATION"},
		{name: "other company can't edit", method: "PUT", path: "/tags/" + itoa(novo), token: b.admin, status: 404,
			body: map[string]any{"timeLane": 5}},
	})

	// Moving a card (spec/3 §4): remove the kanban tag, add the new lane's; others watch.
	ev := e.watch()
	e.run(t, []scenario{
		{name: "take out of lane", method: "DELETE", path: "/ticket-tags/" + itoa(inQ1.ID), token: d.admin, status: 200},
		{name: "into Feito", method: "PUT", path: "/ticket-tags/" + itoa(inQ1.ID) + "/" + itoa(feito), token: d.admin, status: 200},
		get("moved", "/ticket/kanban?queueIds=["+itoa(d.q1)+"]", d.admin, 200, nil, `"tags":[{"id":`+itoa(feito)+`}]`),
		{name: "other company can't move it", method: "PUT", path: "/ticket-tags/" + itoa(inQ1.ID) + "/" + itoa(betaLane),
			token: b.admin, status: 404},
	})
	ev.want(t, "company-"+itoa(d.Company.ID)+"-ticket", `"id":`+itoa(feito))

	// Plan flag.
	e.sql("UPDATE plans SET use_kanban = false WHERE id = ?", d.Company.PlanID)
	e.run(t, []scenario{
		get("board without useKanban", "/ticket/kanban", d.admin, 403, nil),
		get("lanes without useKanban", "/tag/kanban", d.admin, 403, nil),
		get("other plan unaffected", "/ticket/kanban", b.admin, 200, nil),
	})
}
