package dashboard_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/dashboard"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
	"atende/pkg/user"
)

// fixture is a small company whose every figure is computed by hand in the tests below,
// plus a second company whose rows must never show. The range is March 2026 in São Paulo
// (UTC−3); rows just outside it on both sides, and one inside it on the last evening
// (already April in UTC), check the bounds and the time zone.
type fixture struct {
	a        *app.App
	ctx      context.Context
	r        dashboard.Range
	ana, bru user.User
	loc      *time.Location
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	a := testutil.App(t)
	tn := testutil.NewTenant(t, a, "dasha", 0)
	other := testutil.NewTenant(t, a, "dashb", 0)
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	f := fixture{a: a, ctx: tenant.With(context.Background(), tn.Company.ID), loc: loc}
	f.ana = testutil.NewUser(t, a, tn.Company.ID, "ana@dasha.test", user.ProfileUser, func(u *user.User) { u.Name = "Ana"; u.Online = true })
	f.bru = testutil.NewUser(t, a, tn.Company.ID, "bruno@dasha.test", user.ProfileUser, func(u *user.User) { u.Name = "Bruno" })
	var err error
	if f.r, err = dashboard.ParseRange("2026-03-01", "2026-03-31", 0, time.Now(), loc); err != nil {
		t.Fatal(err)
	}
	at := func(s string) time.Time { // local wall time "MM-DD HH:MM" of 2026
		v, err := time.ParseInLocation("2006-01-02 15:04", "2026-"+s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	exec := func(sql string, args ...any) int64 {
		t.Helper()
		var id int64
		if err := a.DB.Raw(sql+" RETURNING id", args...).Scan(&id).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return id
	}
	co, coB := tn.Company.ID, other.Company.ID
	conn := testutil.NewConnection(t, a, co, "Conn", nil)
	connB := testutil.NewConnection(t, a, coB, "ConnB", nil)
	n := 0
	ticket := func(company, connID int64, status string, userID *int64, when time.Time) int64 {
		n++
		c := exec(`INSERT INTO contacts (company_id, name, number, created_at) VALUES (?, ?, ?, ?)`,
			company, fmt.Sprintf("Cliente %d", n), fmt.Sprintf("55119000%05d", n), at("01-01 10:00"))
		return exec(`INSERT INTO tickets (company_id, contact_id, connection_id, status, user_id, is_group, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, company, c, connID, status, userID, status == "group", when, when)
	}
	ana, bru := &f.ana.ID, &f.bru.ID
	// Tickets created in March: open 3, pending 1, closed 3, group 1; outside: 2.
	t1 := ticket(co, conn.ID, "open", ana, at("03-10 12:00"))
	t2 := ticket(co, conn.ID, "open", ana, at("03-10 12:05"))
	ticket(co, conn.ID, "open", bru, at("03-31 23:30")) // 02:30 UTC on April 1st
	t4 := ticket(co, conn.ID, "pending", nil, at("03-10 12:10"))
	t5 := ticket(co, conn.ID, "closed", nil, at("03-10 12:15"))
	ticket(co, conn.ID, "closed", nil, at("03-11 08:00"))
	ticket(co, conn.ID, "closed", nil, at("03-12 08:00"))
	ticket(co, conn.ID, "group", nil, at("03-12 09:00"))
	ticket(co, conn.ID, "open", ana, at("02-27 10:00"))
	ticket(co, conn.ID, "pending", nil, at("04-01 00:30"))
	tb := ticket(coB, connB.ID, "open", nil, at("03-10 12:00"))

	// Leads: 2 contacts in March; a group, one in April, and company B's are not.
	for _, c := range []struct {
		company int64
		group   bool
		when    string
	}{{co, false, "03-02 09:00"}, {co, false, "03-31 22:00"}, {co, true, "03-05 09:00"}, {co, false, "04-01 01:00"}, {coB, false, "03-05 09:00"}} {
		n++
		exec(`INSERT INTO contacts (company_id, name, number, is_group, created_at) VALUES (?, ?, ?, ?, ?)`,
			c.company, "Lead", fmt.Sprintf("55119000%05d", n), c.group, at(c.when))
	}
	// Messages: 3 received, 2 sent; a private note, one in February and company B's are not.
	for _, m := range []struct {
		company, ticket int64
		fromMe, private bool
		when            string
	}{{co, t1, false, false, "03-10 12:00"}, {co, t1, false, false, "03-10 12:01"}, {co, t2, false, false, "03-20 12:00"},
		{co, t1, true, false, "03-10 12:02"}, {co, t2, true, false, "03-20 12:03"}, {co, t2, true, true, "03-20 12:04"},
		{co, t1, true, false, "02-10 12:00"}, {coB, tb, false, false, "03-10 12:00"}} {
		exec(`INSERT INTO messages (company_id, ticket_id, body, from_me, is_private, created_at) VALUES (?, ?, 'x', ?, ?, ?)`,
			m.company, m.ticket, m.fromMe, m.private, at(m.when))
	}
	// "create" logs: 2 by an attendant (active), 3 by the contact (passive); one in April.
	for _, l := range []struct {
		company, ticket int64
		user            *int64
		typ, when       string
	}{{co, t1, ana, "create", "03-10 12:00"}, {co, t2, bru, "create", "03-10 12:05"}, {co, t4, nil, "create", "03-10 12:10"},
		{co, t5, nil, "create", "03-10 12:15"}, {co, t1, nil, "create", "03-11 08:00"}, {co, t1, ana, "open", "03-11 08:00"},
		{co, t1, ana, "create", "04-01 08:00"}, {coB, tb, nil, "create", "03-10 12:00"}} {
		exec(`INSERT INTO ticket_logs (company_id, ticket_id, user_id, type, created_at) VALUES (?, ?, ?, ?, ?)`,
			l.company, l.ticket, l.user, l.typ, at(l.when))
	}
	// Episodes (wait = started − queued, service = closed − started, in minutes):
	//   e1 Ana   wait 10 service 30, rated 10      e5 Bruno wait 5  service 30, rated 8
	//   e2 Ana   wait 20 service 60, rated 6       e6 no attendant (bot closed): not a call
	//   e3 Bruno wait 30 service 20, awaiting      e7 Ana   started in Feb, service 90, rated 9
	//   e4 Bruno no queue, service 15, unrated     e8 Ana   started Mar 31, wait 60, still open
	ts := func(s string) any {
		if s == "" {
			return nil
		}
		return at(s)
	}
	episode := func(company, ticketID int64, userID *int64, queued, started, closed, finished string, rate int) {
		id := exec(`INSERT INTO ticket_trackings (company_id, ticket_id, user_id, queued_at, started_at, closed_at, finished_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, company, ticketID, userID, ts(queued), ts(started), ts(closed), ts(finished))
		if rate >= 0 { // as ticket.RecordRating stores it: the rating row and its copy on the episode
			exec(`INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate) VALUES (?, ?, ?, ?, ?)`,
				company, ticketID, id, userID, rate)
			if err := a.DB.Exec(`UPDATE ticket_trackings SET rating_at = closed_at, rated = true, rate = ? WHERE id = ?`, rate, id).Error; err != nil {
				t.Fatal(err)
			}
		}
	}
	episode(co, t5, ana, "03-10 10:00", "03-10 10:10", "03-10 10:40", "03-10 10:40", 10)
	episode(co, t5, ana, "03-10 11:00", "03-10 11:20", "03-10 12:20", "03-10 12:25", 6)
	episode(co, t4, bru, "03-10 09:00", "03-10 09:30", "03-10 09:50", "", -1)
	episode(co, t5, bru, "", "03-10 13:00", "03-10 13:15", "03-10 13:15", -1)
	episode(co, t5, bru, "03-10 14:00", "03-10 14:05", "03-10 14:35", "03-10 14:36", 8)
	episode(co, t5, nil, "03-10 15:00", "", "03-10 15:30", "03-10 15:30", -1)
	episode(co, t5, ana, "02-28 23:00", "02-28 23:30", "03-01 01:00", "03-01 01:05", 9)
	episode(co, t1, ana, "03-31 22:00", "03-31 23:00", "", "", -1)
	episode(coB, tb, nil, "03-10 10:00", "03-10 10:01", "03-10 10:02", "03-10 10:02", 0)
	return f
}

func fp(v float64) *float64 { return &v }

func eqp(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func TestDashboardCountersByHand(t *testing.T) {
	f := newFixture(t)
	c, err := f.a.Dashboard.Counters(f.ctx, f.r)
	if err != nil {
		t.Fatal(err)
	}
	want := dashboard.Counters{
		SupportHappening: 3, SupportPending: 1, SupportFinished: 3, SupportGroups: 1,
		Leads: 2, ReceivedMessages: 3, SentMessages: 2, ActiveTickets: 2, PassiveTickets: 3,
		OnlineUsers: 1, TotalUsers: 4, // admin, attendant, Ana (online), Bruno
		AvgWaitTime:    fp(25),    // (10+20+30+5+60)/5
		AvgSupportTime: fp(40.83), // (30+60+20+15+30+90)/6
		Tickets:        6, WaitRating: 1, WithRating: 4, WithoutRating: 1, PercRating: 66.67,
		Promoters: 2, Neutrals: 1, Detractors: 1, // 10, 9 | 8 | 6
		NPSPromotersPerc: 50, NPSPassivePerc: 25, NPSDetractorsPerc: 25, NPSScore: 25,
	}
	if !eqp(c.AvgWaitTime, want.AvgWaitTime) || !eqp(c.AvgSupportTime, want.AvgSupportTime) {
		t.Fatalf("averages: wait %v support %v", deref(c.AvgWaitTime), deref(c.AvgSupportTime))
	}
	c.AvgWaitTime, c.AvgSupportTime, want.AvgWaitTime, want.AvgSupportTime = nil, nil, nil, nil
	if c != want {
		t.Fatalf("counters\n got %+v\nwant %+v", c, want)
	}
}

func deref(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

func TestDashboardNPSFormula(t *testing.T) {
	for _, tc := range []struct {
		p, n, d           int64
		pp, np, dp, score float64
	}{{0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 100, 0, 0, 100}, {0, 0, 3, 0, 0, 100, -100}, {1, 1, 1, 33.33, 33.33, 33.33, 0}, {2, 1, 0, 66.67, 33.33, 0, 66.67}} {
		pp, np, dp, s := dashboard.NPS(tc.p, tc.n, tc.d)
		if pp != tc.pp || np != tc.np || dp != tc.dp || s != tc.score {
			t.Errorf("NPS(%d,%d,%d) = %v %v %v %v", tc.p, tc.n, tc.d, pp, np, dp, s)
		}
	}
}

func TestDashboardAttendantsByHand(t *testing.T) {
	f := newFixture(t)
	rows, err := f.a.Dashboard.Attendants(f.ctx, f.r)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0].Name != "Ana" || rows[1].Name != "Bruno" {
		t.Fatalf("rows %+v", rows)
	}
	ana, bru := rows[0], rows[1]
	// Ana: calls e1 e2 e7, rated 10 6 9, service 30 60 90, wait 10 20 60 (e8).
	if ana.Tickets != 3 || ana.CountRating != 3 || !eqp(ana.Rating, fp(8.33)) || !eqp(ana.AvgSupportTime, fp(60)) ||
		!eqp(ana.AvgWaitTime, fp(30)) || !ana.Online {
		t.Errorf("Ana %+v rating %v wait %v support %v", ana, deref(ana.Rating), deref(ana.AvgWaitTime), deref(ana.AvgSupportTime))
	}
	// Bruno: calls e3 e4 e5, rated 8, service 20 15 30, wait 30 5.
	if bru.Tickets != 3 || bru.CountRating != 1 || !eqp(bru.Rating, fp(8)) || !eqp(bru.AvgSupportTime, fp(21.67)) ||
		!eqp(bru.AvgWaitTime, fp(17.5)) || bru.Online {
		t.Errorf("Bruno %+v rating %v wait %v support %v", bru, deref(bru.Rating), deref(bru.AvgWaitTime), deref(bru.AvgSupportTime))
	}
	for _, r := range rows[2:] {
		if r.Tickets != 0 || r.Rating != nil || r.AvgWaitTime != nil {
			t.Errorf("idle user %+v", r)
		}
	}
}

func TestDashboardChartsByHand(t *testing.T) {
	f := newFixture(t)
	users, err := f.a.Dashboard.TicketsPerUser(f.ctx, f.r)
	if err != nil {
		t.Fatal(err)
	}
	// Started in March: Ana e1 e2 e8, Bruno e3 e4 e5 (tie: by name).
	if len(users) != 2 || users[0].Name != "Ana" || users[0].Count != 3 || users[1].Name != "Bruno" || users[1].Count != 3 {
		t.Fatalf("per user %+v", users)
	}
	days, err := f.a.Dashboard.TicketsPerPeriod(f.ctx, f.r)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	var total int64
	for _, d := range days {
		got[d.Label] = d.Count
		total += d.Count
	}
	if len(days) != 31 || total != 8 || got["2026-03-10"] != 4 || got["2026-03-31"] != 1 || got["2026-03-12"] != 2 {
		t.Fatalf("per day %+v", days)
	}
	one, _ := dashboard.ParseRange("2026-03-31", "2026-03-31", 0, time.Now(), f.loc)
	hours, err := f.a.Dashboard.TicketsPerPeriod(f.ctx, one)
	if err != nil {
		t.Fatal(err)
	}
	if len(hours) != 24 || hours[23].Label != "23" || hours[23].Count != 1 {
		t.Fatalf("per hour %+v", hours)
	}
}

func TestDashboardMoments(t *testing.T) {
	f := newFixture(t)
	now := time.Date(2026, 4, 2, 12, 0, 0, 0, f.loc) // the window starts on March 3rd
	m, err := f.a.Dashboard.Moments(f.ctx, dashboard.MomentsFilter{}, now)
	if err != nil {
		t.Fatal(err)
	}
	// Open: two on 03-10 (Ana), 03-31 (Bruno); pending: 03-10 and 04-01; Feb 27 is too old.
	var open, pending int
	for _, tk := range m.Tickets {
		switch tk.Status {
		case "open":
			open++
		case "pending":
			pending++
		}
	}
	if open != 3 || pending != 2 || len(m.Users) != 2 || m.Users[0].Name != "Ana" || m.Users[1].Name != "Bruno" {
		t.Fatalf("moments %+v", m)
	}
	m, err = f.a.Dashboard.Moments(f.ctx, dashboard.MomentsFilter{Statuses: []string{"pending"}}, now)
	if err != nil || len(m.Tickets) != 2 || len(m.Users) != 0 {
		t.Fatalf("pending only %+v %v", m, err)
	}
}

func TestDashboardRange(t *testing.T) {
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	now := time.Date(2026, 3, 1, 2, 0, 0, 0, time.UTC) // still February 28th in São Paulo
	r, err := dashboard.ParseRange("", "", 0, now, loc)
	if err != nil || !r.From.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, loc)) || !r.To.Equal(time.Date(2026, 3, 1, 0, 0, 0, 0, loc)) {
		t.Fatalf("default %v %v %v", r.From, r.To, err)
	}
	if r, _ = dashboard.ParseRange("", "", 7, now, loc); !r.From.Equal(time.Date(2026, 2, 22, 0, 0, 0, 0, loc)) {
		t.Fatalf("days %v", r.From)
	}
	for _, bad := range [][2]string{{"2026-13-01", ""}, {"x", ""}, {"2026-03-02", "2026-03-01"}} {
		if _, err := dashboard.ParseRange(bad[0], bad[1], 0, now, loc); err != dashboard.ErrBadDate {
			t.Errorf("%v: %v", bad, err)
		}
	}
}

// The rating the pipeline stores (ticket.RecordRating) is what the NPS figures count.
func TestDashboardCountsRatingsThePipelineStores(t *testing.T) {
	a := testutil.App(t)
	tn := testutil.NewTenant(t, a, "dashr", 0)
	conn := testutil.NewConnection(t, a, tn.Company.ID, "Conn", nil)
	ct := testutil.NewContact(t, a, tn.Company.ID, "Cliente", "5511977770000", nil)
	tk := ticket.Ticket{CompanyID: tn.Company.ID, ContactID: ct.ID, ConnectionID: &conn.ID, UserID: &tn.Admin.ID, Status: ticket.StatusNPS}
	if err := a.DB.Create(&tk).Error; err != nil {
		t.Fatal(err)
	}
	if err := a.DB.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, user_id, queued_at, started_at, closed_at)
		VALUES (?, ?, ?, now() - interval '9 minutes', now() - interval '8 minutes', now())`, tn.Company.ID, tk.ID, tn.Admin.ID).Error; err != nil {
		t.Fatal(err)
	}
	ctx := tenant.With(context.Background(), tn.Company.ID)
	r, _ := dashboard.ParseRange("", "", 1, time.Now(), tn.Company.Location())
	if c, err := f(a, ctx, r); err != nil || c.WaitRating != 1 || c.WithRating != 0 {
		t.Fatalf("before the rating %+v %v", c, err)
	}
	if ok, err := ticket.RecordRating(ctx, a.DB, tk, 9); !ok || err != nil {
		t.Fatalf("RecordRating %v %v", ok, err)
	}
	c, err := f(a, ctx, r)
	if err != nil || c.WaitRating != 0 || c.WithRating != 1 || c.Promoters != 1 || c.NPSScore != 100 {
		t.Fatalf("after the rating %+v %v", c, err)
	}
}

func f(a *app.App, ctx context.Context, r dashboard.Range) (dashboard.Counters, error) {
	return a.Dashboard.Counters(ctx, r)
}
