package auth

import (
	"testing"
	"time"
)

func TestWithinWorkHours(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 11, 25, h, m, 30, 0, time.UTC) }
	cases := []struct {
		name, start, end string
		at               time.Time
		want             bool
	}{
		{"inside", "08:00", "18:00", at(12, 0), true},
		{"the first minute", "08:00", "18:00", at(8, 0), true},
		{"the last minute", "08:00", "18:00", at(18, 0), true},
		{"before", "08:00", "18:00", at(7, 59), false},
		{"after", "08:00", "18:00", at(18, 1), false},
		{"the defaults: all day", "00:00", "23:59", at(23, 59), true},
		{"a night shift, late", "22:00", "06:00", at(23, 0), true},
		{"a night shift, early", "22:00", "06:00", at(5, 59), true},
		{"a night shift, by day", "22:00", "06:00", at(12, 0), false},
		{"no start", "", "10:00", at(9, 0), true},
		{"no end", "10:00", "", at(9, 0), false},
		{"unreadable bounds are open", "x", "y", at(3, 0), true},
	}
	for _, c := range cases {
		if got := WithinWorkHours(c.start, c.end, c.at); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
