package ticket

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"atende/pkg/company"
	"atende/pkg/page"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// PageSize is the ticket list's page.
const PageSize = 40

// CountCap bounds the tab badge count so it stays cheap on large companies.
const CountCap = 1000

// SearchWalk is how many of the newest tickets a search inside messages checks one by one
// before it asks the trigram index instead (searchMessages).
const SearchWalk = 400

// SearchWalkMax bounds the walk a search inside messages goes on with when the planner
// expects many matches but the company's newest tickets held too few (walkOn): page n checks
// at most the newest n × SearchWalkMax tickets. A variable so that tests can reach it.
var SearchWalkMax = 5000

// SearchIndexMax is the most matching messages (as the planner estimates them) for which a
// search inside messages asks the trigram index: each match is a row to read and recheck.
// A variable so that tests can send a search down the other path.
var SearchIndexMax = 20000.0

// ListParams are the filters of GET /tickets (spec/1 §7).
type ListParams struct {
	SearchParam      string
	SearchOnMessages bool
	PageNumber       int
	Tags             []int64 // ticket tags; a ticket must have all of them
	Users            []int64 // users and userFilter: assigned to any of them
	Status           string  // the tab: open, pending, closed, group, lgpd, nps; "" or "search" = search view
	StatusFilter     []string
	Date             string // created on this day (YYYY-MM-DD, company time zone)
	UpdatedAt        string // updated on this day
	ShowAll          bool
	QueueIDs         []int64
	WithUnread       bool
	Whatsapps        []int64 // whatsapps and whatsappIds
	SortAsc          bool    // sortTickets=ASC
}

// Page is one page of the list.
type Page struct {
	Tickets []Ticket `json:"tickets"`
	HasMore bool     `json:"hasMore"`
	Count   int      `json:"count"`
	// HiddenNoQueue, on the first page of the pending and lgpd tabs, counts (up to
	// CountCap) the tab's tickets without a queue that the viewer's permissions (allTicket)
	// keep out of it, so that the list can say why it looks empty. A customer asked for
	// LGPD consent has no queue yet: the bot chooses one only after the consent.
	HiddenNoQueue int `json:"hiddenNoQueue,omitempty"`
}

// ListParamsFrom reads the query of GET /tickets. Id lists are JSON arrays ("[1,2]"); a
// single value or a comma list is accepted too.
func ListParamsFrom(q url.Values) ListParams {
	p := ListParams{
		SearchParam:      strings.TrimSpace(q.Get("searchParam")),
		SearchOnMessages: q.Get("searchOnMessages") == "true",
		Tags:             ids(q.Get("tags")),
		Users:            append(ids(q.Get("users")), ids(q.Get("userFilter"))...),
		Status:           q.Get("status"),
		StatusFilter:     words(q.Get("statusFilter")),
		Date:             q.Get("date"),
		UpdatedAt:        q.Get("updatedAt"),
		ShowAll:          q.Get("showAll") == "true",
		QueueIDs:         ids(q.Get("queueIds")),
		WithUnread:       q.Get("withUnreadMessages") == "true",
		Whatsapps:        append(ids(q.Get("whatsapps")), ids(q.Get("whatsappIds"))...),
		SortAsc:          strings.EqualFold(q.Get("sortTickets"), "ASC"),
	}
	p.PageNumber = page.Number(q.Get("pageNumber"))
	if p.Status == "search" {
		p.Status = ""
	}
	return p
}

func ids(s string) []int64 {
	var out []int64
	for _, w := range words(s) {
		if n, err := strconv.ParseInt(w, 10, 64); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

func words(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" || s == "null" {
		return nil
	}
	var arr []any
	if json.Unmarshal([]byte(s), &arr) != nil {
		return strings.Split(s, ",")
	}
	out := make([]string, 0, len(arr))
	for _, v := range arr {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case float64:
			out = append(out, strconv.FormatInt(int64(x), 10))
		case map[string]any: // [{"id": 1}] as some selects send
			if id, ok := x["id"].(float64); ok {
				out = append(out, strconv.FormatInt(int64(id), 10))
			}
		}
	}
	return out
}

// List returns one page of the tickets me may see with p's filters, newest first (or
// oldest with sortTickets=ASC), and the tab's count (capped at CountCap).
func (s Service) List(ctx context.Context, me user.User, p ListParams) (Page, error) {
	v, err := s.viewer(ctx, me)
	if err != nil {
		return Page{}, err
	}
	w, err := s.filters(ctx, v, p)
	if err != nil {
		return Page{}, err
	}
	page := max(p.PageNumber, 1)
	// The tab's badge is counted beside the page, on a connection of its own: it needs
	// nothing from the page, and the request waits for the slower of the two, not both.
	walked := p.SearchOnMessages && p.SearchParam != "" || p.Status == StatusClosed
	var badge, hidden int
	var found rows
	var g errgroup.Group
	if !walked {
		g.Go(func() (err error) { badge, err = s.badge(ctx, w); return err })
	}
	if (p.Status == StatusPending || p.Status == StatusLGPD) && page == 1 && !v.noQueue() {
		g.Go(func() (err error) { hidden, err = s.hiddenNoQueue(ctx, v, p.Status); return err })
	}
	g.Go(func() (err error) { found, err = s.page(ctx, w, p, page); return err })
	if err := g.Wait(); err != nil {
		return Page{}, err
	}
	tickets := found.tickets
	out := Page{Tickets: tickets, HasMore: len(tickets) > PageSize || found.cut, Count: badge, HiddenNoQueue: hidden}
	if len(tickets) > PageSize {
		out.Tickets = tickets[:PageSize]
	}
	if walked { // no badge: count only what was walked
		out.Count = found.before + len(out.Tickets)
		if out.HasMore {
			out.Count++
		}
	}
	if out.Tickets == nil {
		out.Tickets = []Ticket{}
	}
	if err := Decorate(ctx, s.DB, out.Tickets); err != nil {
		return Page{}, err
	}
	s.present(ctx, v, out.Tickets)
	return out, nil
}

// badge counts the tab, capped at CountCap. The closed view (no badge) and a search inside
// message contents count only what they walked instead (List): counting every match would
// read the whole history.
func (s Service) badge(ctx context.Context, w where) (int, error) {
	var n int
	err := s.DB.WithContext(ctx).Raw("SELECT count(*) FROM (SELECT 1 FROM tickets t WHERE "+w.sql()+" LIMIT ?) x",
		append(slices.Clip(w.args), CountCap)...).Scan(&n).Error
	return n, err
}

// hiddenNoQueue counts, up to CountCap, the tickets of status (pending or lgpd) without a
// queue that its tab would show v if v had allTicket (unassigned or their own; groups only
// with allowGroup).
// The partial index tickets_no_queue_idx holds only tickets without a queue, so this reads
// those and never the rest of the tab.
func (s Service) hiddenNoQueue(ctx context.Context, v viewer, status string) (int, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return 0, err
	}
	w := where{}
	w.add("t.company_id = ? AND t.status = ? AND t.queue_id IS NULL", companyID, status)
	w.add("(t.user_id IS NULL OR t.user_id = ?)", v.ID)
	if !v.groups() {
		w.add("NOT t.is_group")
	}
	return s.badge(ctx, w)
}

// filters is the WHERE of a list: company, visibility, then each asked filter.
func (s Service) filters(ctx context.Context, v viewer, p ListParams) (where, error) {
	var w where
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return w, err
	}
	w.add("t.company_id = ?", companyID)
	if p.Status != "" {
		w.add("t.status = ?", p.Status)
	}
	v.scope(&w, p)
	if len(p.StatusFilter) > 0 {
		w.add("t.status IN ?", p.StatusFilter)
	}
	if len(p.Users) > 0 {
		w.add("t.user_id IN ?", p.Users)
	}
	if len(p.Whatsapps) > 0 {
		w.add("t.connection_id IN ?", p.Whatsapps)
	}
	if p.WithUnread {
		w.add("t.unread_messages > 0")
	}
	// One semi-join per tag: the planner weighs each tag by its own statistics, walking the
	// recency index and probing ticket_tags for a common tag, starting from a rare tag's few
	// rows (ticket_tags_tag_ticket_idx, migration 00065). A count of each ticket's chosen tags
	// was a subplan the planner could not weigh: a rare tag walked every ticket of the
	// company, and grouping the tags' rows first read all the rows of a common one.
	// ticket_tags rows are the company's through their ticket (t.company_id above).
	for _, tag := range distinct(p.Tags) {
		w.add("t.id IN (SELECT tt.ticket_id FROM ticket_tags tt WHERE tt.tag_id = ?)", tag)
	}
	if p.SearchParam != "" && !p.SearchOnMessages {
		w.add("t.contact_id IN ("+contactMatch+")", companyID, like(p.SearchParam), like(p.SearchParam))
	}
	if p.Date != "" || p.UpdatedAt != "" {
		if err := s.days(ctx, &w, p); err != nil {
			return w, err
		}
	}
	return w, nil
}

// searchable is the condition of the messages a search looks in: what people wrote, not
// the system's own texts (message.SystemMark: menus, greetings, flow and AI answers), which
// every ticket the bot answered shares. It is the trigram index's predicate, written the
// same way, so that the planner can use the index (migration 00055).
const searchable = `m.body NOT LIKE E'\u200e%'`

// contactMatch finds the company's contacts by name or number (trigram indexes).
const contactMatch = `SELECT c.id FROM contacts c WHERE c.company_id = ? AND (lower(c.name) LIKE ? OR c.number LIKE ?)`

func like(q string) string { return "%" + escapeLike(strings.ToLower(q)) + "%" }

// rows is what a page's query found: up to PageSize+1 tickets (the extra one tells that more
// follow), how many tickets the pages before it listed, and whether the search stopped at
// its bound with older tickets left unchecked (cut: more may match, so the client may ask
// for the next page, which looks further).
type rows struct {
	tickets []Ticket
	before  int
	cut     bool
}

// page reads one page of the list (PageSize+1 rows, the extra one telling hasMore).
func (s Service) page(ctx context.Context, w where, p ListParams, page int) (rows, error) {
	order := "DESC"
	if p.SortAsc {
		order = "ASC"
	}
	orderBy := " ORDER BY t.updated_at " + order + ", t.id " + order
	args := append(slices.Clip(w.args), PageSize+1, (page-1)*PageSize)
	var tickets []Ticket
	if !p.SearchOnMessages || p.SearchParam == "" {
		// The page's ids first, then its rows: the ids come from the recency index alone
		// (it includes queue, user, group and unread), so the filters are checked without
		// visiting a row, and only the page's rows are read. Asked for whole rows at once,
		// the planner, unable to estimate the "queue_id + 0" filter, read and sorted the
		// whole tab instead (2,300 rows for a company's open tab against 41).
		err := s.DB.WithContext(ctx).Raw("SELECT t.* FROM tickets t WHERE t.id IN (SELECT t.id FROM tickets t WHERE "+
			w.sql()+orderBy+" LIMIT ? OFFSET ?)"+orderBy, args...).Scan(&tickets).Error
		return rows{tickets: tickets, before: (page - 1) * PageSize}, err
	}
	return s.searchMessages(ctx, w, p.SearchParam, orderBy, page)
}

// searchMessages finds tickets whose contact or any message matches q, choosing by how
// many messages match:
//   - A common word fills a page within the newest few dozen tickets, so those are walked
//     first, each checked through its own messages. (OFFSET 0 keeps the planner from
//     hashing every match in the table instead: 720,000 rows for "boleto" in the bench.)
//   - Otherwise the planner's estimate of the word's matches decides. Few matches are looked
//     up through the trigram index. Many, but not among the newest tickets of this company,
//     make the walk go on through the company's tickets, as far as its bound (walkOn).
//
// The first walk is tried only within the bound of walkOn's first page, so that a page it
// fills lists the same tickets walkOn's pages would (walkOn's pages after one it cut may
// start earlier than (page-1)×PageSize, never later).
func (s Service) searchMessages(ctx context.Context, w where, q, orderBy string, page int) (rows, error) {
	pat := like(q)
	want := page*PageSize + 1
	if walk := max(SearchWalk, 4*want); walk <= SearchWalkMax {
		tickets, err := s.walkSearch(ctx, w, pat, orderBy, page, walk)
		if err != nil || len(tickets) == PageSize+1 {
			return rows{tickets: tickets, before: (page - 1) * PageSize}, err
		}
	}
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return rows{}, err
	}
	if s.estimateMatches(ctx, pat) > SearchIndexMax {
		return s.walkOn(ctx, w, pat, orderBy, page)
	}
	var tickets []Ticket
	err = s.DB.WithContext(ctx).Raw(`SELECT t.* FROM tickets t WHERE `+w.sql()+`
		AND (t.contact_id IN (`+contactMatch+`)
		  OR t.id IN (SELECT m.ticket_id FROM messages m WHERE lower(m.body) LIKE ? AND `+searchable+` AND m.company_id = ?))`+
		orderBy+` LIMIT ? OFFSET ?`,
		append(slices.Clip(w.args), companyID, pat, pat, pat, companyID, PageSize+1, (page-1)*PageSize)...).Scan(&tickets).Error
	return rows{tickets: tickets, before: (page - 1) * PageSize}, err
}

// matches is the condition of a walk's ticket t (contact_id and id): its contact or one of
// its messages matches. Its arguments: companyID, then the pattern three times.
const matches = `(t.contact_id IN (` + contactMatch + `)
		  OR EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = t.id AND lower(m.body) LIKE ? AND ` + searchable + ` OFFSET 0))`

// walkSearch checks the newest walk tickets one by one.
func (s Service) walkSearch(ctx context.Context, w where, pat, orderBy string, page, walk int) ([]Ticket, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	var tickets []Ticket
	err = s.DB.WithContext(ctx).Raw(`SELECT t.* FROM (SELECT t.* FROM tickets t WHERE `+w.sql()+orderBy+` LIMIT ?) t
		WHERE `+matches+orderBy+` LIMIT ? OFFSET ?`,
		append(slices.Clip(w.args), walk, companyID, pat, pat, pat, PageSize+1, (page-1)*PageSize)...).Scan(&tickets).Error
	return tickets, err
}

// walkOn goes on checking tickets one by one, newest first, when the company has many
// matches but not among its newest tickets: page n checks the newest n × SearchWalkMax
// tickets at most, so that no request reads a big company's whole history. A page whose
// tickets ran out before it filled says cut (more may match further back) when tickets were
// left unchecked: the next page looks SearchWalkMax tickets further.
//
// Pages therefore start where the pages before them ended, not at (page-1)×PageSize: page
// k listed matches among the newest k × SearchWalkMax tickets only, so page n starts after
// what pages 1 to n-1 listed, worked out again from where the matches lie. Nothing is
// skipped, and the list (which keeps one row per ticket) takes a ticket listed twice once.
func (s Service) walkOn(ctx context.Context, w where, pat, orderBy string, page int) (rows, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return rows{}, err
	}
	window := func(k int) int { return k * SearchWalkMax }
	// The matches' positions among the newest window(page) tickets, and the position of the
	// one after them when there is one (the pos > window row: the walk was cut). Matches past
	// rank page×PageSize+1 are never listed by this page nor counted by the ones before it.
	type hit struct {
		ID  int64
		Pos int
	}
	var hits []hit
	err = s.DB.WithContext(ctx).Raw(`SELECT t.id, t.pos FROM (SELECT t.id, t.contact_id, t.updated_at,
		  row_number() OVER (`+strings.TrimSpace(orderBy)+`) AS pos FROM tickets t WHERE `+w.sql()+orderBy+` LIMIT ?) t
		WHERE (t.pos > ? OR `+matches+`)`+orderBy+` LIMIT ?`,
		append(slices.Clip(w.args), window(page)+1, window(page), companyID, pat, pat, pat, page*PageSize+2)...).Scan(&hits).Error
	if err != nil {
		return rows{}, err
	}
	var out rows
	if n := len(hits); n > 0 && hits[n-1].Pos > window(page) {
		out.cut, hits = true, hits[:n-1]
	}
	for k := 1; k < page; k++ {
		seen, _ := slices.BinarySearchFunc(hits, window(k)+1, func(h hit, pos int) int { return h.Pos - pos })
		out.before = min(out.before+PageSize, seen)
	}
	ids := make([]int64, 0, PageSize+1)
	for _, h := range hits[min(out.before, len(hits)):min(out.before+PageSize+1, len(hits))] {
		ids = append(ids, h.ID)
	}
	if len(ids) > 0 {
		err = s.DB.WithContext(ctx).Raw(`SELECT t.* FROM tickets t WHERE t.id IN ?`+orderBy, ids).Scan(&out.tickets).Error
	}
	return out, err
}

// estimateMatches is the planner's guess of how many messages contain pat, from the trigram
// index's statistics (planning only: nothing is read). All companies' messages, not only
// this one's: the trigram index is not keyed by company, so the lookup through it reads
// every company's matches and drops the others' (150,000 rows read for 5 kept, for a word
// common in one company and searched in another). That, not this company's share, is what
// the lookup costs; a walk, bounded by walkOn, is the cheaper of the two then.
func (s Service) estimateMatches(ctx context.Context, pat string) float64 {
	var plan string
	if s.DB.WithContext(ctx).Raw(`EXPLAIN (FORMAT JSON) SELECT 1 FROM messages m WHERE lower(m.body) LIKE ? AND `+searchable, pat).
		Row().Scan(&plan) != nil {
		return 0
	}
	var out []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		}
	}
	if json.Unmarshal([]byte(plan), &out) != nil || len(out) == 0 {
		return 0
	}
	return out[0].Plan.Rows
}

// days restricts creation and update to whole days of the company's time zone.
func (s Service) days(ctx context.Context, w *where, p ListParams) error {
	loc, err := company.TenantZone(ctx, s.DB)
	if err != nil {
		return err
	}
	for col, day := range map[string]string{"t.created_at": p.Date, "t.updated_at": p.UpdatedAt} {
		if day == "" {
			continue
		}
		d, err := time.ParseInLocation(time.DateOnly, day[:min(len(day), 10)], loc)
		if err != nil {
			w.add("false") // an unreadable day matches nothing
			continue
		}
		w.add(col+" >= ? AND "+col+" < ?", d, d.AddDate(0, 0, 1))
	}
	return nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func distinct(ids []int64) []int64 {
	s := slices.Clone(ids)
	slices.Sort(s)
	return slices.Compact(s)
}
