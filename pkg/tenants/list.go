package tenants

import (
	"context"
	"strings"

	"atende/pkg/company"
	"atende/pkg/page"
)

// PageSize is the companies table's page (infinite scroll).
const PageSize = 20

// List returns companies by name: all of them when page is 0, else that page of those
// whose name, e-mail or document holds search, and whether more follow.
func (s Service) List(ctx context.Context, search string, pageNumber int) ([]Summary, bool, error) {
	q := s.DB.WithContext(ctx).Joins("Plan").Order("companies.name, companies.id")
	if search = strings.TrimSpace(search); search != "" {
		like := page.Like(strings.ToLower(search))
		q = q.Where("lower(companies.name) LIKE ? OR lower(companies.email) LIKE ? OR companies.document LIKE ?",
			like, like, like)
	}
	if pageNumber > 0 {
		q = q.Limit(PageSize + 1).Offset((pageNumber - 1) * PageSize)
	}
	var cs []company.Company
	if err := q.Find(&cs).Error; err != nil {
		return nil, false, err
	}
	more := pageNumber > 0 && len(cs) > PageSize
	if more {
		cs = cs[:PageSize]
	}
	out, err := s.summarise(ctx, cs)
	return out, more, err
}

// Get returns one company with its plan and counts.
func (s Service) Get(ctx context.Context, id int64) (Summary, error) {
	c, err := find(s.DB.WithContext(ctx), id)
	if err != nil {
		return Summary{}, err
	}
	out, err := s.summarise(ctx, []company.Company{c})
	if err != nil {
		return Summary{}, err
	}
	return out[0], nil
}

// summarise adds each company's user and connection counts, two grouped queries per page.
func (s Service) summarise(ctx context.Context, cs []company.Company) ([]Summary, error) {
	ids := make([]int64, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	count := func(table string) (map[int64]int, error) {
		var rows []struct {
			CompanyID int64
			N         int
		}
		err := s.DB.WithContext(ctx).Table(table).Select("company_id, count(*) AS n").
			Where("company_id IN ?", ids).Group("company_id").Scan(&rows).Error
		m := map[int64]int{}
		for _, r := range rows {
			m[r.CompanyID] = r.N
		}
		return m, err
	}
	out := make([]Summary, len(cs))
	if len(cs) == 0 {
		return out, nil
	}
	users, err := count("users")
	if err != nil {
		return nil, err
	}
	conns, err := count("connections")
	if err != nil {
		return nil, err
	}
	for i, c := range cs {
		out[i] = Summary{Company: c, NumberAttendants: users[c.ID], NumberConections: conns[c.ID]}
	}
	return out, nil
}
