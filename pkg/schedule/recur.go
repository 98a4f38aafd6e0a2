package schedule

import "time"

// Units of intervalo (spec/3 schedule dialog).
const (
	UnitDays    = 1
	UnitWeeks   = 2
	UnitMonths  = 3 // calendar months (decision 8), not 30 days
	UnitMinutes = 4
)

// Day rules of tipoDias for a repetition that falls on a Saturday or Sunday.
const (
	AnyDay          = 4 // send on the day it falls
	PrevBusinessDay = 5 // move back to Friday
	NextBusinessDay = 6 // move on to Monday
)

// maxScan bounds the search for the next business-day send (a weekend at one minute steps
// is 2,880 repetitions).
const maxScan = 10_000

// Rule is how a schedule repeats: every Every units (0 = it sends once), Times sends in all
// (enviarQuantasVezes, decision 8), repetitions on weekends moved by Days. Dates are
// computed in the company's time zone, keeping the wall-clock hour.
type Rule struct {
	Unit  int
	Every int
	Times int
	Days  int
}

// Nominal is the k-th repetition of base (k = 0 is base itself), before the day rule.
// Months are calendar months counted from base, so a schedule on the 31st sends on the
// last day of shorter months and on the 31st again after them.
func (r Rule) Nominal(base time.Time, k int, loc *time.Location) time.Time {
	n := k * r.Every
	switch r.Unit {
	case UnitMinutes:
		return base.Add(time.Duration(n) * time.Minute)
	case UnitWeeks:
		return addDays(base, 7*n, loc)
	case UnitMonths:
		return addMonths(base, n, loc)
	}
	return addDays(base, n, loc)
}

// Adjust applies the day rule: a Saturday or Sunday becomes the Friday before (5) or the
// Monday after (6), same hour; 4 keeps it.
func (r Rule) Adjust(t time.Time, loc *time.Location) time.Time {
	step := 0
	switch r.Days {
	case PrevBusinessDay:
		step = -1
	case NextBusinessDay:
		step = 1
	}
	for step != 0 && weekend(t.In(loc)) {
		t = addDays(t, step, loc)
	}
	return t
}

// Next is the send after the one of repetition k made at last, when done sends are made:
// the first later repetition whose date (after the day rule) comes after last, so two
// repetitions moved to the same business day send once. ok is false when the schedule
// has made all its sends or does not repeat.
func (r Rule) Next(base, last time.Time, k, done int, loc *time.Location) (at time.Time, step int, ok bool) {
	if r.Every <= 0 || done >= r.Times {
		return time.Time{}, 0, false
	}
	for j := k + 1; j <= k+maxScan; j++ {
		if at := r.Adjust(r.Nominal(base, j, loc), loc); at.After(last) {
			return at, j, true
		}
	}
	return time.Time{}, 0, false
}

func weekend(t time.Time) bool { return t.Weekday() == time.Saturday || t.Weekday() == time.Sunday }

func addDays(t time.Time, n int, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day()+n, l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), loc)
}

// addMonths adds n calendar months, the day clamped to the target month's last day.
func addMonths(t time.Time, n int, loc *time.Location) time.Time {
	l := t.In(loc)
	first := time.Date(l.Year(), l.Month()+time.Month(n), 1, 0, 0, 0, 0, loc)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(l.Day(), last), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), loc)
}
