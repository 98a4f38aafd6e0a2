package hours

import (
	"testing"
	"time"
)

func TestOpenAt(t *testing.T) {
	sp, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	// 2026-11-25 is a Wednesday. 12:00 UTC is 09:00 in São Paulo (UTC-3, no DST).
	wed := func(hhmm string) time.Time {
		p, _ := time.Parse("15:04", hhmm)
		return time.Date(2026, 11, 25, p.Hour(), p.Minute(), 30, 0, sp)
	}
	office := Schedules{
		{Weekday: "Quarta-feira", WeekdayEn: "wednesday", StartTimeA: "08:00", EndTimeA: "12:00", StartTimeB: "13:00", EndTimeB: "18:00"},
		{Weekday: "Domingo", WeekdayEn: "sunday"},
	}
	// Wednesday 22:00 to Thursday 02:00; Thursday's own shifts are B 08:00–12:00.
	nightShifts := Schedules{
		{WeekdayEn: "wednesday", StartTimeA: "22:00", EndTimeA: "02:00"},
		{WeekdayEn: "thursday", StartTimeB: "08:00", EndTimeB: "12:00"},
	}
	cases := []struct {
		name string
		s    Schedules
		t    time.Time
		loc  *time.Location
		want bool
	}{
		{"empty table is open", nil, wed("03:00"), sp, true},
		{"no entry today is open", Schedules{{WeekdayEn: "monday", StartTimeA: "08:00", EndTimeA: "09:00"}}, wed("23:00"), sp, true},
		{"before A", office, wed("07:59"), sp, false},
		{"start of A", office, wed("08:00"), sp, true},
		{"inside A", office, wed("10:15"), sp, true},
		{"end of A minute included", office, wed("12:00"), sp, true},
		{"lunch gap", office, wed("12:01"), sp, false},
		{"inside B", office, wed("17:59"), sp, true},
		{"after B", office, wed("18:01"), sp, false},
		{"day off: entry with no times", office, time.Date(2026, 11, 29, 10, 0, 0, 0, sp), sp, false},
		{"weekday in the zone, not UTC", office, time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC), sp, false}, // Wed 23:00 in SP
		{"zone shifts the clock", office, time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC), sp, true},        // 09:00 SP
		{"same instant read in UTC", office, time.Date(2026, 11, 25, 22, 0, 0, 0, time.UTC), time.UTC, false},
		{"nil zone is UTC", office, time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC), nil, true},
		{"empty start is midnight", Schedules{{WeekdayEn: "wednesday", EndTimeA: "06:00"}}, wed("00:00"), sp, true},
		{"empty end closes the window", Schedules{{WeekdayEn: "wednesday", StartTimeA: "08:00"}}, wed("10:00"), sp, false},
		{"window B alone", Schedules{{WeekdayEn: "wednesday", StartTimeB: "20:00", EndTimeB: "22:00"}}, wed("21:00"), sp, true},
		{"night shift: its evening", Schedules{{WeekdayEn: "wednesday", StartTimeA: "22:00", EndTimeA: "02:00"}}, wed("23:00"), sp, true},
		{"night shift: before it starts", Schedules{{WeekdayEn: "wednesday", StartTimeA: "22:00", EndTimeA: "02:00"}}, wed("21:59"), sp, false},
		{"night shift: the next morning", nightShifts, time.Date(2026, 11, 26, 1, 30, 0, 0, sp), sp, true},
		{"night shift: the next morning, end included", nightShifts, time.Date(2026, 11, 26, 2, 0, 59, 0, sp), sp, true},
		{"night shift: over the next morning", nightShifts, time.Date(2026, 11, 26, 2, 1, 0, 0, sp), sp, false},
		{"night shift: not this day's own morning", nightShifts, wed("01:30"), sp, false},
		{"night shift: yesterday's ends, today's B opens", nightShifts, time.Date(2026, 11, 26, 9, 0, 0, 0, sp), sp, true},
		{"night shift in B carries too", Schedules{{WeekdayEn: "tuesday", StartTimeB: "23:00", EndTimeB: "01:00"}, {WeekdayEn: "wednesday"}}, wed("00:30"), sp, true},
		{"weekday case-insensitive", Schedules{{WeekdayEn: "Wednesday", StartTimeA: "08:00", EndTimeA: "09:00"}}, wed("10:00"), sp, false},
		{"unreadable time closes", Schedules{{WeekdayEn: "wednesday", StartTimeA: "8h", EndTimeA: "23:00"}}, wed("10:00"), sp, false},
	}
	for _, c := range cases {
		if got := c.s.OpenAt(c.t, c.loc); got != c.want {
			t.Errorf("%s: OpenAt(%s) = %v, want %v", c.name, c.t.In(time.UTC).Format(time.RFC3339), got, c.want)
		}
	}
}
