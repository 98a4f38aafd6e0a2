package ticket_test

import (
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// byPosition makes n closed tickets of the company, position 1 the newest, and returns
// their ids by position (index 0 unused).
func byPosition(t *testing.T, db *gorm.DB, companyID int64, n int, tag string) []int64 {
	t.Helper()
	must(t, db.Exec(`WITH c AS (INSERT INTO contacts (company_id, name, number)
			SELECT ?, 'Cliente ' || g, ? || g FROM generate_series(1, ?) g RETURNING id, number)
		INSERT INTO tickets (company_id, contact_id, status, updated_at)
		SELECT ?, c.id, 'closed', now() - substr(c.number, ?)::int * interval '1 second' FROM c`,
		companyID, tag, n, companyID, len(tag)+1).Error)
	var rows []struct{ ID, Pos int64 }
	must(t, db.Raw(`SELECT t.id, substr(c.number, ?)::int AS pos FROM tickets t JOIN contacts c ON c.id = t.contact_id
		WHERE t.company_id = ? AND c.number LIKE ?`, len(tag)+1, companyID, tag+"%").Scan(&rows).Error)
	ids := make([]int64, n+1)
	for _, r := range rows {
		ids[r.Pos] = r.ID
	}
	return ids
}

// A search inside messages for a word the planner thinks common, whose matches are not
// among the newest tickets, walks at most SearchWalkMax tickets more per page asked: a page
// that runs out of tickets to check before it fills lists what it found and says hasMore,
// and the next page looks further, starting right after what the pages before listed. Paging
// on lists every match once, in order, and stops (hasMore false) once every ticket was checked.
func TestMessageSearchWalkIsBounded(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	bolt := testutil.NewTenant(t, a, "bolt", 0)
	cid := acme.Company.ID
	ids := byPosition(t, a.DB, cid, 1600, "5511")
	var positions []int
	for p := 50; p <= 500; p += 50 { // 10 among the newest 500
		positions = append(positions, p)
	}
	for p := 501; p <= 1000; p += 8 { // 63 between 501 and 1000
		positions = append(positions, p)
	}
	positions = append(positions, 1550) // and one among the oldest
	var want []int64
	for _, p := range positions {
		want = append(want, ids[p])
	}
	must(t, a.DB.Exec(`INSERT INTO messages (company_id, ticket_id, body) SELECT ?, id, 'segunda via do boleto' FROM tickets WHERE id IN ?`,
		cid, want).Error)
	// Another company's matches, newer than all of acme's: never acme's.
	byPosition(t, a.DB, bolt.Company.ID, 50, "5521")
	must(t, a.DB.Exec(`INSERT INTO messages (company_id, ticket_id, body) SELECT ?, t.id, 'boleto' FROM tickets t WHERE t.company_id = ?`,
		bolt.Company.ID, bolt.Company.ID).Error)

	defer func(walk int, index float64) { ticket.SearchWalkMax, ticket.SearchIndexMax = walk, index }(ticket.SearchWalkMax, ticket.SearchIndexMax)
	ticket.SearchWalkMax, ticket.SearchIndexMax = 500, -1 // the planner thinks the word common
	type page struct {
		n, count int
		more     bool
		limit    string // the walk's bound: the newest n × SearchWalkMax tickets, and the one after
	}
	expect := []page{
		{n: 10, count: 11, more: true, limit: "LIMIT 501)"},  // the newest 500: 10 found, more may follow
		{n: 40, count: 51, more: true, limit: "LIMIT 1001)"}, // from the 11th match on: a full page
		{n: 23, count: 74, more: true, limit: "LIMIT 1501)"}, // from the 51st: all up to the 1,500th ticket
		{n: 1, count: 74, more: false, limit: "LIMIT 2001)"}, // every ticket checked: the last match
	}
	ctx := tenant.With(t.Context(), cid)
	var got []int64
	for i, e := range expect {
		log := &sqlLog{Interface: logger.Discard}
		svc := a.Tickets
		svc.DB = a.DB.Session(&gorm.Session{Logger: log})
		p, err := svc.List(ctx, acme.Admin, ticket.ListParams{SearchParam: "BOLETO", SearchOnMessages: true, ShowAll: true, PageNumber: i + 1})
		must(t, err)
		if len(p.Tickets) != e.n || p.Count != e.count || p.HasMore != e.more {
			t.Errorf("page %d: %d tickets, count %d, hasMore %v; want %d, %d, %v", i+1, len(p.Tickets), p.Count, p.HasMore, e.n, e.count, e.more)
		}
		walked := false
		for _, stmt := range log.stmts {
			walked = walked || strings.Contains(stmt, "row_number()") && strings.Contains(stmt, e.limit)
		}
		if !walked {
			t.Errorf("page %d: no walk bounded by %q: %q", i+1, e.limit, log.stmts)
		}
		for _, tk := range p.Tickets {
			got = append(got, tk.ID)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("paging on listed %v\nwant every match once, newest first: %v", got, want)
	}
}

// The tag filter lists the tickets having every tag asked (a tag asked twice is asked
// once), not another company's tag's tickets, and starts from a rare tag's few rows in
// ticket_tags_tag_ticket_idx (migration 00065) rather than checking every ticket's tags.
func TestTagFilter(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	bolt := testutil.NewTenant(t, a, "bolt", 0)
	cid := acme.Company.ID
	ids := byPosition(t, a.DB, cid, 3000, "5511")
	bids := byPosition(t, a.DB, bolt.Company.ID, 10, "5521")
	tag := func(companyID int64, name string) int64 {
		var id int64
		must(t, a.DB.Raw(`INSERT INTO tags (company_id, name) VALUES (?, ?) RETURNING id`, companyID, name).Scan(&id).Error)
		return id
	}
	common, rare, other := tag(cid, "cliente"), tag(cid, "vip"), tag(bolt.Company.ID, "vip")
	must(t, a.DB.Exec(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) SELECT id, ?, ? FROM tickets WHERE company_id = ?`,
		common, cid, cid).Error)
	for _, p := range []int{7, 1500, 2999} {
		must(t, a.DB.Exec(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)`, ids[p], rare, cid).Error)
	}
	must(t, a.DB.Exec(`INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?)`, bids[1], other, bolt.Company.ID).Error)
	must(t, a.DB.Exec(`ANALYZE tickets; ANALYZE ticket_tags`).Error)

	ctx := tenant.With(t.Context(), cid)
	list := func(tags ...int64) (ticket.Page, []string) {
		log := &sqlLog{Interface: logger.Discard}
		svc := a.Tickets
		svc.DB = a.DB.Session(&gorm.Session{Logger: log})
		p, err := svc.List(ctx, acme.Admin, ticket.ListParams{Tags: tags, StatusFilter: []string{"closed"}, ShowAll: true})
		must(t, err)
		return p, log.stmts
	}
	idsOf := func(p ticket.Page) []int64 {
		var out []int64
		for _, tk := range p.Tickets {
			out = append(out, tk.ID)
		}
		return out
	}
	p, stmts := list(common, rare, rare)
	if got, want := idsOf(p), []int64{ids[7], ids[1500], ids[2999]}; !slices.Equal(got, want) || p.HasMore || p.Count != 3 {
		t.Errorf("both tags: %v (hasMore %v, count %d), want %v", got, p.HasMore, p.Count, want)
	}
	checked := 0
	for _, stmt := range stmts {
		if !strings.Contains(stmt, "FROM tickets t WHERE") { // the page and the badge
			continue
		}
		checked++
		var plan []string
		must(t, a.DB.Raw("EXPLAIN "+stmt).Scan(&plan).Error)
		if text := strings.Join(plan, "\n"); !strings.Contains(text, "ticket_tags_tag_ticket_idx") || strings.Contains(text, "SubPlan") {
			t.Errorf("the tag filter does not start from the rare tag's rows:\n%s\n%s", stmt, text)
		}
	}
	if checked != 2 {
		t.Fatalf("checked %d statements, want the page's and the badge's: %q", checked, stmts)
	}
	if p, _ := list(common); len(p.Tickets) != ticket.PageSize || !p.HasMore || p.Count != ticket.CountCap {
		t.Errorf("the common tag: %d tickets, hasMore %v, count %d", len(p.Tickets), p.HasMore, p.Count)
	}
	if p, _ := list(other); len(p.Tickets) != 0 || p.Count != 0 {
		t.Errorf("another company's tag listed %v", idsOf(p))
	}
	if p, _ := list(rare, other); len(p.Tickets) != 0 {
		t.Errorf("a tag of another company asked with ours listed %v", idsOf(p))
	}
}
