package hours

import (
	"strings"
	"time"
)

// OpenAt says whether the table is open at t, read as the wall clock of loc (the company's
// time zone; nil means UTC). BEHAVIOUR §5 and decision 5:
//   - no entry for t's weekday (by weekdayEn) means open;
//   - otherwise open when t's HH:mm lies in window A or window B, both ends included at
//     minute precision (an end of 18:00 is open until 18:00:59);
//   - an empty start counts as 00:00; an empty or unreadable end closes that window;
//   - a window whose end is before its start is a night shift: it opens on its own weekday
//     and runs into the next morning (as attendants' work hours do, auth.WithinWorkHours).
//
// So an entry with every time empty is a day off.
func (s Schedules) OpenAt(t time.Time, loc *time.Location) bool {
	if loc == nil {
		loc = time.UTC
	}
	t = t.In(loc)
	now := t.Hour()*60 + t.Minute()
	today, ok := s.entry(t.Weekday())
	if !ok {
		return true
	}
	if today.open(now, false) {
		return true
	}
	// The small hours may still be last night's shift.
	yesterday, ok := s.entry((t.Weekday() + 6) % 7)
	return ok && yesterday.open(now, true)
}

func (s Schedules) entry(day time.Weekday) (Entry, bool) {
	for _, e := range s {
		if strings.EqualFold(e.WeekdayEn, day.String()) {
			return e, true
		}
	}
	return Entry{}, false
}

// open reports whether minute now of the day lies in window A or B; carried asks only for
// the part of a night shift that runs past midnight into the following day.
func (e Entry) open(now int, carried bool) bool {
	return inWindow(now, e.StartTimeA, e.EndTimeA, carried) || inWindow(now, e.StartTimeB, e.EndTimeB, carried)
}

// inWindow reports whether now (minutes of the day) lies in start–end, or, for a window that
// crosses midnight, in its evening part (carried false) or its morning part (carried true).
func inWindow(now int, start, end string, carried bool) bool {
	to, ok := minutes(end)
	if !ok {
		return false
	}
	from := 0
	if start != "" {
		if from, ok = minutes(start); !ok {
			return false
		}
	}
	switch {
	case from <= to:
		return !carried && from <= now && now <= to
	case carried:
		return now <= to
	}
	return now >= from
}

// minutes parses HH:mm into minutes of the day.
func minutes(s string) (int, bool) {
	p, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return 0, false
	}
	return p.Hour()*60 + p.Minute(), true
}
