package api_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"atende/pkg/dashboard"
	"atende/pkg/testutil"
	"atende/pkg/user"
)

// dashTenant gives a company one ticket created now, opened by the contact and taken by
// its admin, closed and rated rate, so its dashboard has figures of its own.
func dashTenant(t *testing.T, e *env, name string, rate int) (testutil.Tenant, string) {
	t.Helper()
	tn := testutil.NewTenant(t, e.App, name, 0)
	conn := testutil.NewConnection(t, e.App, tn.Company.ID, "Conn "+name, nil)
	ct := testutil.NewContact(t, e.App, tn.Company.ID, "Cliente "+name, "5511988880000", nil)
	var tk struct {
		ID   int64
		UUID string
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	co, admin := tn.Company.ID, tn.Admin.ID
	must(e.App.DB.Raw(`INSERT INTO tickets (company_id, contact_id, connection_id, status, user_id)
		VALUES (?, ?, ?, 'open', ?) RETURNING id, uuid`, co, ct.ID, conn.ID, admin).Scan(&tk).Error)
	must(e.App.DB.Exec(`INSERT INTO ticket_logs (company_id, ticket_id, type) VALUES (?, ?, 'create')`, co, tk.ID).Error)
	var tr int64
	must(e.App.DB.Raw(`INSERT INTO ticket_trackings (company_id, ticket_id, user_id, queued_at, started_at, closed_at, finished_at, rating_at, rated, rate)
		VALUES (?, ?, ?, now() - interval '30 minutes', now() - interval '20 minutes', now() - interval '5 minutes', now(), now(), true, ?)
		RETURNING id`, co, tk.ID, admin, rate).Scan(&tr).Error)
	must(e.App.DB.Exec(`INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate) VALUES (?, ?, ?, ?, ?)`,
		co, tk.ID, tr, admin, rate).Error)
	return tn, tk.UUID
}

func TestDashboardEndpoints(t *testing.T) {
	e := newEnv(t)
	a, uuidA := dashTenant(t, e, "dasha", 10)
	b, uuidB := dashTenant(t, e, "dashb", 0)
	adminA, adminB := testutil.Token(t, e.App, a.Admin), testutil.Token(t, e.App, b.Admin)
	plain := testutil.Token(t, e.App, a.Attender) // showDashboard and allowRealTime disabled
	viewer := testutil.NewUser(t, e.App, a.Company.ID, "viewer@dasha.test", user.ProfileUser, func(u *user.User) {
		u.ShowDashboard, u.AllowRealTime = user.Enabled, user.Enabled
	})
	viewerTok := testutil.Token(t, e.App, viewer)

	type resp struct {
		Counters   dashboard.Counters    `json:"counters"`
		Attendants []dashboard.Attendant `json:"attendants"`
	}
	figures := func(score float64, mine, theirs string) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			r := decode[resp](t, body)
			c := r.Counters
			if c.SupportHappening != 1 || c.PassiveTickets != 1 || c.Tickets != 1 || c.WithRating != 1 || c.NPSScore != score ||
				c.AvgWaitTime == nil || *c.AvgWaitTime != 10 || c.AvgSupportTime == nil || *c.AvgSupportTime != 15 || c.TotalUsers < 2 {
				t.Fatalf("counters %+v", c)
			}
			names := ""
			for _, at := range r.Attendants {
				names += at.Name + ";"
			}
			if !bytes.Contains([]byte(names), []byte(mine)) || bytes.Contains([]byte(names), []byte(theirs)) {
				t.Fatalf("attendants %s", names)
			}
		}
	}
	today := time.Now().In(a.Company.Location()).Format(time.DateOnly)
	e.run(t, []scenario{
		get("admin sees its company's figures", "/dashboard", adminA, 200, figures(100, "admin@dasha", "dashb")),
		get("another company sees only its own", "/dashboard?date_from="+today+"&date_to="+today, adminB, 200, figures(-100, "admin@dashb", "dasha")),
		get("a user with showDashboard sees it", "/dashboard?days=1", viewerTok, 200, figures(100, "admin@dasha", "dashb")),
		{name: "without showDashboard: refused", method: "GET", path: "/dashboard", token: plain, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "charts refused too", method: "GET", path: "/dashboard/ticketsUsers", token: plain, status: 403},
		{name: "day chart refused too", method: "GET", path: "/dashboard/ticketsDay", token: plain, status: 403},
		{name: "export refused too", method: "GET", path: "/dashboard/attendants/export", token: plain, status: 403},
		{name: "no sign-in", method: "GET", path: "/dashboard", status: 401},
		{name: "bad date", method: "GET", path: "/dashboard?date_from=2026-13-40", token: adminA, status: 400, code: "ERR_DASHBOARD_DATE"},
		{name: "end before start", method: "GET", path: "/dashboard?date_from=2026-03-02&date_to=2026-03-01", token: adminA, status: 400, code: "ERR_DASHBOARD_DATE"},
		get("tickets per user, own company", "/dashboard/ticketsUsers?initialDate="+today+"&finalDate="+today, adminA, 200, nil, `"count":1`, "admin@dasha"),
		{name: "tickets per user, other company", method: "GET", path: "/dashboard/ticketsUsers", token: adminB, status: 200, contain: []string{"admin@dashb"}, absent: []string{"dasha"}},
		get("tickets per hour for one day", "/dashboard/ticketsDay?initialDate="+today+"&finalDate="+today, adminA, 200, func(t *testing.T, body []byte) {
			var r struct {
				Unit string
				Data []dashboard.PeriodCount
			}
			_ = json.Unmarshal(body, &r)
			var n int64
			for _, d := range r.Data {
				n += d.Count
			}
			if r.Unit != "hour" || len(r.Data) != 24 || n != 1 {
				t.Fatalf("%s", body)
			}
		}),
		get("moments: admin sees its tickets", "/dashboard/moments", adminA, 200, nil, uuidA),
		{name: "moments: not another company's", method: "GET", path: "/dashboard/moments", token: adminA, status: 200, absent: []string{uuidB}},
		{name: "moments: other company", method: "GET", path: "/dashboard/moments", token: adminB, status: 200, contain: []string{uuidB}, absent: []string{uuidA}},
		get("moments: allowRealTime lets a user in", "/dashboard/moments", viewerTok, 200, nil, uuidA),
		{name: "moments: without allowRealTime refused", method: "GET", path: "/dashboard/moments", token: plain, status: 403},
		{name: "usersMoments refused too", method: "GET", path: "/usersMoments", token: plain, status: 403},
	})
}

func TestDashboardExportReadBack(t *testing.T) {
	e := newEnv(t)
	a, _ := dashTenant(t, e, "expa", 9)
	dashTenant(t, e, "expb", 2)
	status, body := e.call("GET", "/dashboard/attendants/export", testutil.Token(t, e.App, a.Admin), nil, "")
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][0] != "Nome" || rows[0][6] != "Status" { // header, admin, attendant
		t.Fatalf("rows %q", rows)
	}
	var admin []string
	for _, r := range rows[1:] {
		if r[0] == a.Admin.Name {
			admin = r
		}
		if bytes.Contains([]byte(r[0]), []byte("expb")) {
			t.Fatalf("another company's row %q", r)
		}
	}
	// name, rating, rated calls, calls, wait, service, status
	if admin == nil || admin[1] != "9" || admin[2] != "1" || admin[3] != "1" || admin[4] != "10" || admin[5] != "15" || admin[6] != "Offline" {
		t.Fatalf("admin row %q (rows %q)", admin, rows)
	}
}
