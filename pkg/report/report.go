// Package report is the tickets report (spec/3 Reports, /reports): filtered pages of a
// company's tickets, newest first, with each ticket's support time and NPS, and the
// spreadsheet of the whole filtered set (export.go).
package report

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Page sizes of the report (spec/3 §9): 5, 10, 20, 50; 10 by default.
var PageSizes = []int{5, 10, 20, 50}

// DefaultPageSize is the page size when none (or another) is asked.
const DefaultPageSize = 10

// CountCap bounds the total a page shows and how deep pages go: counting a company's
// tickets on every page costs more than the page (p99 50 ms on a 100,000-ticket company,
// docs/bench.md). Past the cap the total reads "more than 1000" and the export has the rest.
const CountCap = 1000

// MinSearch is how many characters a contact search needs (spec/3 §9).
const MinSearch = 3

// ErrTooDeep answers a page past CountCap rows: narrow the filters or export.
var ErrTooDeep = errs.New(http.StatusBadRequest, "ERR_REPORT_PAGE_TOO_DEEP",
	"Página além do limite do relatório; refine os filtros ou exporte a planilha.")

// Service reads the report of the context's company.
type Service struct {
	DB *gorm.DB
}

// Filter is the report's query (spec/3 §7 Reports).
type Filter struct {
	SearchParam string
	ContactID   int64
	WhatsappIDs []int64
	Users       []int64
	QueueIDs    []int64
	Statuses    []string
	DateFrom    string // YYYY-MM-DD, company time zone, by creation
	DateTo      string
	OnlyRated   bool
	Page        int
	PageSize    int
}

// FilterFrom reads the query string; lists come as JSON lists (or comma-separated).
func FilterFrom(q url.Values) Filter {
	f := Filter{SearchParam: strings.TrimSpace(q.Get("searchParam")),
		WhatsappIDs: ticket.IDList(q.Get("whatsappId")), Users: ticket.IDList(q.Get("users")),
		QueueIDs: ticket.IDList(q.Get("queueIds")), Statuses: ticket.WordList(q.Get("status")),
		DateFrom: q.Get("dateFrom"), DateTo: q.Get("dateTo"), OnlyRated: q.Get("onlyRated") == "true",
		Page: page.Number(q.Get("page")), PageSize: DefaultPageSize}
	f.ContactID, _ = strconv.ParseInt(q.Get("contactId"), 10, 64)
	if n, err := strconv.Atoi(q.Get("pageSize")); err == nil && slices.Contains(PageSizes, n) {
		f.PageSize = n
	}
	return f
}

// Row is one ticket of the report (spec/3 "Ticket report row"). SupportTime is the time
// attendants held it (seconds; null when never attended), NPS its latest rating.
type Row struct {
	ID           int64      `json:"id"`
	UUID         string     `json:"uuid"`
	WhatsappName *string    `json:"whatsappName"`
	ContactName  string     `json:"contactName"`
	ContactNum   string     `json:"contactNumber"`
	UserName     *string    `json:"userName"`
	QueueName    *string    `json:"queueName"`
	Status       string     `json:"status"`
	LastMessage  string     `json:"lastMessage"`
	CreatedAt    time.Time  `json:"createdAt"`
	ClosedAt     *time.Time `json:"closedAt"`
	SupportTime  *int64     `json:"supportTime"`
	NPS          *int       `json:"NPS" gorm:"column:nps"`
}

// Total is the filtered count, capped at CountCap (Capped: there are more).
type Total struct {
	Total  int64 `json:"total"`
	Capped bool  `json:"capped"`
}

// Result is one page.
type Result struct {
	Tickets      []Row `json:"tickets"`
	TotalTickets Total `json:"totalTickets"`
	HasMore      bool  `json:"hasMore"`
}

// Page returns one page of the filtered tickets and their capped count.
func (s Service) Page(ctx context.Context, f Filter) (Result, error) {
	if f.PageSize == 0 {
		f.PageSize = DefaultPageSize
	}
	offset := (max(f.Page, 1) - 1) * f.PageSize
	if offset >= CountCap {
		return Result{}, ErrTooDeep
	}
	base, args, err := s.where(ctx, f)
	if err != nil {
		return Result{}, err
	}
	res := Result{Tickets: []Row{}}
	db := s.DB.WithContext(ctx)
	var n int64
	if err := db.Raw(`SELECT count(*) FROM (SELECT 1 FROM tickets t WHERE `+base+` LIMIT ?) x`,
		append(args, CountCap+1)...).Scan(&n).Error; err != nil {
		return res, err
	}
	res.TotalTickets = Total{Total: min(n, CountCap), Capped: n > CountCap}
	if err := db.Raw(rowsSQL(base, "LIMIT ? OFFSET ?"), append(args, f.PageSize+1, offset)...).
		Scan(&res.Tickets).Error; err != nil {
		return res, err
	}
	if len(res.Tickets) > f.PageSize {
		res.Tickets, res.HasMore = res.Tickets[:f.PageSize], true
	}
	return res, nil
}

// rowsSQL selects the report's rows: the tickets of the filter (newest first, by the
// tickets_report_cover_idx walk) and then, for those only, their names, support time and NPS.
// Support time is the sum, over the ticket's attendances (ticket_trackings), of closing
// minus the attendant's start; closedAt is the latest close; NPS the latest rating.
func rowsSQL(where, limit string) string {
	return `SELECT t.id, t.uuid, t.status, t.last_message, t.created_at,
		w.name AS whatsapp_name, c.name AS contact_name, c.number AS contact_num, u.name AS user_name,
		q.name AS queue_name, tr.closed_at, tr.support_time, r.rate AS nps
	FROM (SELECT t.id, t.uuid, t.status, t.last_message, t.created_at, t.contact_id, t.connection_id,
			t.user_id, t.queue_id
		FROM tickets t WHERE ` + where + ` ORDER BY t.created_at DESC, t.id DESC ` + limit + `) t
	JOIN contacts c ON c.id = t.contact_id
	LEFT JOIN connections w ON w.id = t.connection_id
	LEFT JOIN users u ON u.id = t.user_id
	LEFT JOIN queues q ON q.id = t.queue_id
	LEFT JOIN LATERAL (SELECT max(x.closed_at) AS closed_at,
			sum(extract(epoch FROM (coalesce(x.closed_at, x.finished_at) - x.started_at)))
				FILTER (WHERE x.started_at IS NOT NULL AND coalesce(x.closed_at, x.finished_at) IS NOT NULL)::bigint
				AS support_time
		FROM ticket_trackings x WHERE x.ticket_id = t.id) tr ON true
	LEFT JOIN LATERAL (SELECT ur.rate FROM user_ratings ur WHERE ur.ticket_id = t.id
		ORDER BY ur.created_at DESC, ur.id DESC LIMIT 1) r ON true
	ORDER BY t.created_at DESC, t.id DESC`
}

// where is the filter as SQL on tickets t of the context's company.
func (s Service) where(ctx context.Context, f Filter) (string, []any, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return "", nil, err
	}
	loc, err := company.TenantZone(ctx, s.DB)
	if err != nil {
		return "", nil, err
	}
	conds, args := []string{"t.company_id = ?"}, []any{companyID}
	add := func(cond string, a ...any) { conds, args = append(conds, cond), append(args, a...) }
	if d, ok := day(f.DateFrom, loc); ok {
		add("t.created_at >= ?", d)
	}
	if d, ok := day(f.DateTo, loc); ok {
		add("t.created_at < ?", d.AddDate(0, 0, 1))
	}
	if f.ContactID > 0 {
		add("t.contact_id = ?", f.ContactID)
	}
	if len([]rune(f.SearchParam)) >= MinSearch {
		pat := page.Like(strings.ToLower(f.SearchParam))
		add(`t.contact_id IN (SELECT id FROM contacts WHERE company_id = ? AND (lower(name) LIKE ? OR number LIKE ?))`,
			companyID, pat, pat)
	}
	if len(f.WhatsappIDs) > 0 {
		add("t.connection_id IN ?", f.WhatsappIDs)
	}
	if len(f.Users) > 0 {
		add("t.user_id IN ?", f.Users)
	}
	if len(f.QueueIDs) > 0 {
		add("t.queue_id IN ?", f.QueueIDs)
	}
	if len(f.Statuses) > 0 {
		add("t.status IN ?", f.Statuses)
	}
	if f.OnlyRated {
		add("EXISTS (SELECT 1 FROM user_ratings ur WHERE ur.ticket_id = t.id)")
	}
	return strings.Join(conds, " AND "), args, nil
}

func day(s string, loc *time.Location) (time.Time, bool) {
	if len(s) < 10 {
		return time.Time{}, false
	}
	d, err := time.ParseInLocation(time.DateOnly, s[:10], loc)
	return d, err == nil
}

// Duration renders seconds as h:mm:ss (hours may pass 24).
func Duration(sec *int64) string {
	if sec == nil {
		return ""
	}
	n := max(*sec, 0)
	return fmt.Sprintf("%d:%02d:%02d", n/3600, n/60%60, n%60)
}
