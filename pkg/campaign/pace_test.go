package campaign

import (
	"testing"
	"time"
)

var saoPaulo, _ = time.LoadLocation("America/Sao_Paulo")

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, saoPaulo)
	if err != nil {
		panic(err)
	}
	return t
}

// The sending window (decision 7): hours and weekend flags in the company's zone.
// 2026-11-27 is a Friday.
func TestWindow(t *testing.T) {
	cases := []struct {
		name           string
		sat, sun       bool
		start, end     string
		now, want, why string
	}{
		{"inside", false, false, "09:00", "18:00", "2026-11-25 10:00", "2026-11-25 10:00", ""},
		{"at start", false, false, "09:00", "18:00", "2026-11-25 09:00", "2026-11-25 09:00", ""},
		{"before start", false, false, "09:00", "18:00", "2026-11-25 07:30", "2026-11-25 09:00", WaitHours},
		{"at end waits for tomorrow", false, false, "09:00", "18:00", "2026-11-25 18:00", "2026-11-26 09:00", WaitHours},
		{"friday evening waits for monday", false, false, "09:00", "18:00", "2026-11-27 19:00", "2026-11-30 09:00", WaitHours},
		{"saturday off", false, false, "09:00", "18:00", "2026-11-28 10:00", "2026-11-30 09:00", WaitWeekend},
		{"saturday on", true, false, "09:00", "18:00", "2026-11-28 10:00", "2026-11-28 10:00", ""},
		{"sunday off, saturday on", true, false, "09:00", "18:00", "2026-11-29 10:00", "2026-11-30 09:00", WaitWeekend},
		{"sunday on", false, true, "09:00", "18:00", "2026-11-29 08:00", "2026-11-29 09:00", WaitHours},
		{"friday night, saturday on", true, false, "09:00", "18:00", "2026-11-27 23:00", "2026-11-28 09:00", WaitHours},
		{"whole day when end equals start", false, false, "00:00", "00:00", "2026-11-25 23:59", "2026-11-25 23:59", ""},
		{"whole day, any equal hours", false, false, "08:00", "08:00", "2026-11-25 03:00", "2026-11-25 03:00", ""},
		// A window past midnight (22:00–06:00): the evening and the early morning.
		{"night: evening", false, false, "22:00", "06:00", "2026-11-25 23:00", "2026-11-25 23:00", ""},
		{"night: early morning", false, false, "22:00", "06:00", "2026-11-26 03:00", "2026-11-26 03:00", ""},
		{"night: daytime waits for the evening", false, false, "22:00", "06:00", "2026-11-25 12:00", "2026-11-25 22:00", WaitHours},
		{"night: at its end", false, false, "22:00", "06:00", "2026-11-25 06:00", "2026-11-25 22:00", WaitHours},
		{"night: friday evening", false, false, "22:00", "06:00", "2026-11-27 22:30", "2026-11-27 22:30", ""},
		{"night: saturday morning off", false, false, "22:00", "06:00", "2026-11-28 01:00", "2026-11-30 00:00", WaitWeekend},
		{"night: saturday morning on", true, false, "22:00", "06:00", "2026-11-28 01:00", "2026-11-28 01:00", ""},
		{"until midnight", false, false, "22:00", "00:00", "2026-11-25 10:00", "2026-11-25 22:00", WaitHours},
		{"until midnight: late", false, false, "22:00", "00:00", "2026-11-25 23:59", "2026-11-25 23:59", ""},
		{"until midnight: after it", false, false, "22:00", "00:00", "2026-11-26 00:30", "2026-11-26 22:00", WaitHours},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Defaults()
			s.Sabado, s.Domingo, s.StartHour, s.EndHour = c.sat, c.sun, c.start, c.end
			got, why := s.Window(at(c.now), saoPaulo)
			if !got.Equal(at(c.want)) || why != c.why {
				t.Fatalf("Window(%s) = %s %q, want %s %q", c.now, got.In(saoPaulo), why, c.want, c.why)
			}
		})
	}
	// The zone is the company's: 10:00 UTC is 07:00 in São Paulo, before the window.
	s := Defaults()
	if _, why := s.Window(time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC), saoPaulo); why != WaitHours {
		t.Fatalf("10:00 UTC should be outside São Paulo's hours, got %q", why)
	}
}

// Intervals in seconds; the long pause after every longerIntervalAfter sends.
func TestGap(t *testing.T) {
	s := Settings{MessageInterval: 20, LongerIntervalAfter: 3, GreaterInterval: 60}
	want := []time.Duration{20, 20, 60, 20, 20, 60}
	for i, w := range want {
		if g, _ := s.Gap(i + 1); g != w*time.Second {
			t.Fatalf("gap after send %d = %s, want %ds", i+1, g, w)
		}
	}
	for _, s := range []Settings{{MessageInterval: 5, LongerIntervalAfter: 0, GreaterInterval: 60},
		{MessageInterval: 5, LongerIntervalAfter: 3, GreaterInterval: 0}} {
		if g, why := s.Gap(3); g != 5*time.Second || why != WaitInterval {
			t.Fatalf("%+v: gap %s %s, want 5s interval", s, g, why)
		}
	}
}

// The governor's daily cap warms up per day since the number's first campaign send, and
// the per-minute ceiling holds whatever the intervals say.
func TestGovernorAllow(t *testing.T) {
	g := Governor{Warmup: []int{2, 4}, PerMinute: 3}
	now := at("2026-11-25 10:00")
	b := Budget{}
	for i := 0; i < 2; i++ {
		if _, why, _ := g.Allow(&b, now, saoPaulo); why != "" {
			t.Fatalf("send %d refused: %s", i, why)
		}
		b.Spend(now, saoPaulo)
	}
	until, why, d := g.Allow(&b, now, saoPaulo)
	if why != WaitDailyCap || !until.Equal(at("2026-11-26 00:00")) || d["cap"] != 2 || d["warmupDay"] != 1 {
		t.Fatalf("day 1 cap: %s %s %v", why, until, d)
	}
	// Day 2: cap 4, but 3 a minute.
	now = at("2026-11-26 09:00")
	for i := 0; i < 3; i++ {
		if _, why, _ := g.Allow(&b, now, saoPaulo); why != "" {
			t.Fatalf("day 2 send %d refused: %s", i, why)
		}
		b.Spend(now, saoPaulo)
	}
	until, why, _ = g.Allow(&b, now.Add(30*time.Second), saoPaulo)
	if why != WaitMinuteCap || !until.Equal(now.Add(time.Minute)) {
		t.Fatalf("minute ceiling: %s %s", why, until)
	}
	if _, why, _ := g.Allow(&b, now.Add(time.Minute), saoPaulo); why != "" {
		t.Fatalf("next minute refused: %s", why)
	}
	b.Spend(now.Add(time.Minute), saoPaulo)
	if _, why, d := g.Allow(&b, now.Add(2*time.Minute), saoPaulo); why != WaitDailyCap || d["cap"] != 4 || d["warmupDay"] != 2 {
		t.Fatalf("day 2 cap: %s %v", why, d)
	}
	// Far later, the last value holds.
	if c := g.Cap(40); c != 4 {
		t.Fatalf("cap after warm-up %d", c)
	}
}

func TestGovernorCheck(t *testing.T) {
	g := DefaultGovernor() // 20 % failures, 50 % delivered, read off
	cases := []struct {
		name string
		h    Health
		want string
	}{
		{"healthy", Health{Sent: 50, Failed: 2, Settled: 40, Delivered: 38, Read: 1}, ""},
		{"too few to judge", Health{Sent: 5, Failed: 5}, ""},
		{"failures", Health{Sent: 50, Failed: 11, Settled: 30, Delivered: 30}, PausedFailures},
		{"exactly at the limit", Health{Sent: 50, Failed: 10, Settled: 30, Delivered: 30}, ""},
		{"undelivered", Health{Sent: 50, Failed: 0, Settled: 40, Delivered: 19}, PausedDelivery},
		{"unsettled yet", Health{Sent: 50, Settled: 5, Delivered: 0}, ""},
	}
	for _, c := range cases {
		if why, _ := g.Check(c.h); why != c.want {
			t.Errorf("%s: %q, want %q", c.name, why, c.want)
		}
	}
	g.MinReadPct = 10
	if why, _ := g.Check(Health{Sent: 50, Settled: 40, Delivered: 40, Read: 3}); why != PausedRead {
		t.Errorf("read check: %q", why)
	}
}

func TestRenderAndPick(t *testing.T) {
	sh := Shipping{ID: 7, Name: "Ana", Email: "ana@x.test", Number: "5511999990001"}
	got := Render("Oi {nome} ({email}, {numero}) {cupom} {desconhecida}", sh, []Variable{{Key: "cupom", Value: "C10"}})
	if got != Prefix+"Oi Ana (ana@x.test, 5511999990001) C10 {desconhecida}" {
		t.Fatalf("render: %q", got)
	}
	if !IsEcho(got) || IsEcho("Oi") {
		t.Fatal("echo mark")
	}
	variants := []string{"a", "b", "c", "d", "e"}
	seen := map[string]bool{}
	for id := int64(1); id <= 200; id++ {
		p := Pick(variants, id, 1)
		if p != Pick(variants, id, 1) {
			t.Fatal("pick is not stable for a shipping")
		}
		seen[p] = true
	}
	if len(seen) != 5 {
		t.Fatalf("picks cover %d of 5 variants", len(seen))
	}
}

func TestSettingsValidate(t *testing.T) {
	ok := Defaults()
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []func(*Settings){
		func(s *Settings) { s.MessageInterval = 121 },
		func(s *Settings) { s.LongerIntervalAfter = 61 },
		func(s *Settings) { s.GreaterInterval = 10 },
		func(s *Settings) { s.GreaterInterval = 181 },
		func(s *Settings) { s.StartHour = "9h" },
		func(s *Settings) { s.Variables = []Variable{{Key: "nome", Value: "x"}} },
		func(s *Settings) { s.Variables = []Variable{{Key: "a b", Value: "x"}} },
		func(s *Settings) { s.Warmup = nil },
		func(s *Settings) { s.PerMinute = 0 },
		func(s *Settings) { s.PerMinute = 61 },
		func(s *Settings) { s.MaxFailurePct = 101 },
	}
	for i, f := range bad {
		s := Defaults()
		f(&s)
		if s.Validate() == nil {
			t.Errorf("case %d accepted", i)
		}
	}
	s := Defaults()
	s.GreaterInterval = 0
	if err := s.Validate(); err != nil {
		t.Fatalf("greaterInterval 0 refused: %v", err)
	}
}

func TestEditable(t *testing.T) {
	now := at("2026-11-25 10:00")
	in := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	cases := []struct {
		c    Campaign
		want bool
	}{
		{Campaign{Status: StatusInactive}, true},
		{Campaign{Status: StatusCanceled}, true},
		{Campaign{Status: StatusScheduled, ScheduledAt: in(2 * time.Hour)}, true},
		{Campaign{Status: StatusScheduled, ScheduledAt: in(30 * time.Minute)}, false},
		{Campaign{Status: StatusScheduled, ScheduledAt: in(time.Hour)}, false},
		{Campaign{Status: StatusRunning}, false},
		{Campaign{Status: StatusFinished}, false},
	}
	for _, c := range cases {
		if got := c.c.Editable(now); got != c.want {
			t.Errorf("%s %v: editable %v, want %v", c.c.Status, c.c.ScheduledAt, got, c.want)
		}
	}
}
