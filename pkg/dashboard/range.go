package dashboard

import (
	"net/http"
	"time"

	"atende/pkg/errs"
)

// Range is the dashboard's period: [From, To) in the company's time zone, whole days.
type Range struct {
	From, To time.Time
	Loc      *time.Location
}

// ErrBadDate: a date filter that is not yyyy-mm-dd, or an end before the start.
var ErrBadDate = errs.New(http.StatusBadRequest, "ERR_DASHBOARD_DATE", "Parametrize o filtro")

// ParseRange reads the filter of the dashboard's calls: from and to (yyyy-mm-dd, both days
// included), else the last days days up to today, else the spec's default, the first of
// the month to today; "today" is now's day in loc.
func ParseRange(from, to string, days int, now time.Time, loc *time.Location) (Range, error) {
	today := day(now.In(loc))
	start, end := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, loc), today
	if days > 0 && from == "" && to == "" {
		start = today.AddDate(0, 0, 1-days)
	}
	var err error
	if from != "" {
		if start, err = time.ParseInLocation(time.DateOnly, from, loc); err != nil {
			return Range{}, ErrBadDate
		}
	}
	if to != "" {
		if end, err = time.ParseInLocation(time.DateOnly, to, loc); err != nil {
			return Range{}, ErrBadDate
		}
	}
	if end.Before(start) {
		return Range{}, ErrBadDate
	}
	return Range{From: start, To: end.AddDate(0, 0, 1), Loc: loc}, nil
}

func day(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

// OneDay reports a range of a single day (the tickets chart then counts per hour).
func (r Range) OneDay() bool { return !r.From.AddDate(0, 0, 1).Before(r.To) }
