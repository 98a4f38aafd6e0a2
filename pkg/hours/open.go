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
//   - a window whose end is before its start is closed (windows do not cross midnight).
//
// So an entry with every time empty is a day off.
func (s Schedules) OpenAt(t time.Time, loc *time.Location) bool {
	if loc == nil {
		loc = time.UTC
	}
	t = t.In(loc)
	day := t.Weekday().String()
	for _, e := range s {
		if !strings.EqualFold(e.WeekdayEn, day) {
			continue
		}
		now := t.Hour()*60 + t.Minute()
		return inWindow(now, e.StartTimeA, e.EndTimeA) || inWindow(now, e.StartTimeB, e.EndTimeB)
	}
	return true
}

// inWindow reports start <= now <= end in minutes of the day.
func inWindow(now int, start, end string) bool {
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
	return from <= now && now <= to
}

// minutes parses HH:mm into minutes of the day.
func minutes(s string) (int, bool) {
	p, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return 0, false
	}
	return p.Hour()*60 + p.Minute(), true
}
