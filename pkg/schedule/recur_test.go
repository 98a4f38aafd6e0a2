package schedule

import (
	"testing"
	"time"
)

// sends plays a schedule's whole life: the first send at base, then each Next after the
// send before, until the rule ends it.
func sends(r Rule, base time.Time, loc *time.Location) []string {
	out := []string{base.In(loc).Format("Mon 2006-01-02 15:04")}
	last, k, done := base, 0, 1
	for {
		at, step, ok := r.Next(base, last, k, done, loc)
		if !ok || len(out) > 50 {
			return out
		}
		out = append(out, at.In(loc).Format("Mon 2006-01-02 15:04"))
		last, k, done = at, step, done+1
	}
}

// Every rule of BEHAVIOUR §8 with decision 8: days, weeks, calendar months, minutes;
// enviarQuantasVezes is the total number of sends; tipoDias 4/5/6 on weekends; all in the
// company's time zone.
func TestRecurrence(t *testing.T) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	ny, _ := time.LoadLocation("America/New_York")
	at := func(loc *time.Location, s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	cases := []struct {
		name string
		rule Rule
		loc  *time.Location
		base string
		want []string
	}{
		{"no repetition: one send whatever the count", Rule{UnitDays, 0, 5, AnyDay}, sp, "2026-11-25 10:00",
			[]string{"Wed 2026-11-25 10:00"}},
		{"one send in all: no extra repetition (chatia's off-by-one)", Rule{UnitDays, 1, 1, AnyDay}, sp, "2026-11-25 10:00",
			[]string{"Wed 2026-11-25 10:00"}},
		{"every day, 3 sends in all", Rule{UnitDays, 1, 3, AnyDay}, sp, "2026-11-25 10:00",
			[]string{"Wed 2026-11-25 10:00", "Thu 2026-11-26 10:00", "Fri 2026-11-27 10:00"}},
		{"every 2 days over the weekend (any day)", Rule{UnitDays, 2, 3, AnyDay}, sp, "2026-11-25 10:00",
			[]string{"Wed 2026-11-25 10:00", "Fri 2026-11-27 10:00", "Sun 2026-11-29 10:00"}},
		{"every 2 weeks", Rule{UnitWeeks, 2, 3, AnyDay}, sp, "2026-11-25 08:30",
			[]string{"Wed 2026-11-25 08:30", "Wed 2026-12-09 08:30", "Wed 2026-12-23 08:30"}},
		{"calendar months from the 31st: Feb 28, then the 31st again", Rule{UnitMonths, 1, 4, AnyDay}, sp, "2026-01-31 09:00",
			[]string{"Sat 2026-01-31 09:00", "Sat 2026-02-28 09:00", "Tue 2026-03-31 09:00", "Thu 2026-04-30 09:00"}},
		{"calendar months in a leap year: Feb 29", Rule{UnitMonths, 1, 3, AnyDay}, sp, "2028-01-31 09:00",
			[]string{"Mon 2028-01-31 09:00", "Tue 2028-02-29 09:00", "Fri 2028-03-31 09:00"}},
		{"every 12 months across years", Rule{UnitMonths, 12, 2, AnyDay}, sp, "2028-02-29 09:00",
			[]string{"Tue 2028-02-29 09:00", "Wed 2029-02-28 09:00"}},
		{"every 30 minutes", Rule{UnitMinutes, 30, 3, AnyDay}, sp, "2026-11-25 23:30",
			[]string{"Wed 2026-11-25 23:30", "Thu 2026-11-26 00:00", "Thu 2026-11-26 00:30"}},
		{"previous business day: the weekend's days fold into Friday's send", Rule{UnitDays, 1, 3, PrevBusinessDay}, sp, "2026-11-27 10:00",
			[]string{"Fri 2026-11-27 10:00", "Mon 2026-11-30 10:00", "Tue 2026-12-01 10:00"}},
		{"next business day: Saturday moves to Monday, Sunday and Monday add nothing", Rule{UnitDays, 1, 3, NextBusinessDay}, sp, "2026-11-27 10:00",
			[]string{"Fri 2026-11-27 10:00", "Mon 2026-11-30 10:00", "Tue 2026-12-01 10:00"}},
		{"any day keeps the weekend", Rule{UnitDays, 1, 3, AnyDay}, sp, "2026-11-27 10:00",
			[]string{"Fri 2026-11-27 10:00", "Sat 2026-11-28 10:00", "Sun 2026-11-29 10:00"}},
		{"the first send is the date picked; repetitions move", Rule{UnitWeeks, 1, 2, NextBusinessDay}, sp, "2026-11-28 10:00",
			[]string{"Sat 2026-11-28 10:00", "Mon 2026-12-07 10:00"}},
		{"months, previous business day, no drift after a move", Rule{UnitMonths, 1, 4, PrevBusinessDay}, sp, "2026-03-31 09:00",
			[]string{"Tue 2026-03-31 09:00", "Thu 2026-04-30 09:00", "Fri 2026-05-29 09:00", "Tue 2026-06-30 09:00"}},
		{"every 3 months, next business day", Rule{UnitMonths, 3, 3, NextBusinessDay}, sp, "2026-11-30 09:00",
			[]string{"Mon 2026-11-30 09:00", "Mon 2027-03-01 09:00", "Mon 2027-05-31 09:00"}},
		{"minutes over a weekend, next business day: Monday from midnight", Rule{UnitMinutes, 30, 4, NextBusinessDay}, sp, "2026-11-27 23:00",
			[]string{"Fri 2026-11-27 23:00", "Fri 2026-11-27 23:30", "Mon 2026-11-30 00:00", "Mon 2026-11-30 00:30"}},
		{"minutes over a weekend, previous business day: nothing until Monday", Rule{UnitMinutes, 60, 3, PrevBusinessDay}, sp, "2026-11-27 23:00",
			[]string{"Fri 2026-11-27 23:00", "Mon 2026-11-30 00:00", "Mon 2026-11-30 01:00"}},
		{"the wall-clock hour holds across a DST change", Rule{UnitDays, 1, 3, AnyDay}, ny, "2026-10-31 09:00",
			[]string{"Sat 2026-10-31 09:00", "Sun 2026-11-01 09:00", "Mon 2026-11-02 09:00"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := sends(c.rule, at(c.loc, c.base), c.loc)
			if len(got) != len(c.want) {
				t.Fatalf("sends %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("send %d: %s, want %s (all: %v)", i+1, got[i], c.want[i], got)
				}
			}
		})
	}
	// The DST case: 09:00 in New York is 13:00 UTC before and 14:00 UTC after.
	r := Rule{UnitDays, 1, 3, AnyDay}
	if a, b := r.Nominal(at(ny, "2026-10-31 09:00"), 0, ny).UTC().Hour(), r.Nominal(at(ny, "2026-10-31 09:00"), 2, ny).UTC().Hour(); a != 13 || b != 14 {
		t.Fatalf("UTC hours %d and %d, want 13 and 14", a, b)
	}
}

func TestInputDefaultsAndBounds(t *testing.T) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	s := defaults()
	if s.Status != StatusPending || !bool(s.OpenTicket) || s.StatusTicket != "closed" || s.Intervalo != UnitDays ||
		s.ValorIntervalo != 0 || s.EnviarQuantasVezes != 1 || s.TipoDias != AnyDay {
		t.Fatalf("defaults %+v", s)
	}
	body, when := "Olá, tudo bem?", "2026-11-25T10:00"
	in := Input{Body: &body, SendAt: &when}
	in.ContactID.Set, in.ContactID.Valid, in.ContactID.Value = true, true, 7
	if err := in.apply(&s, true, sp); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC); !s.SendAt.Equal(want) {
		t.Fatalf("a wall time is read in the company's zone: %s, want %s", s.SendAt, want)
	}
	short := "oi"
	if err := (Input{Body: &short}).apply(&s, false, sp); err == nil {
		t.Fatal("a body under 5 characters passed")
	}
}
