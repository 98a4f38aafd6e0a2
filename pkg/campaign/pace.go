package campaign

import "time"

// Why a campaign waits (the report translates the code; Detail carries the numbers).
const (
	WaitScheduled     = "scheduled"     // PROGRAMADA: until its start time
	WaitInterval      = "interval"      // messageInterval after the last send
	WaitLongInterval  = "longInterval"  // greaterInterval after longerIntervalAfter sends
	WaitHours         = "hours"         // outside startHour–endHour
	WaitWeekend       = "weekend"       // a Saturday or Sunday not allowed
	WaitDailyCap      = "dailyCap"      // the connection's warm-up cap for today is used up
	WaitMinuteCap     = "minuteCap"     // the connection's per-minute ceiling
	WaitConfirmations = "confirmations" // every confirmation asked; waiting for replies
	WaitDisconnected  = "disconnected"  // the connection is not connected
	WaitNotAllowed    = "notAllowed"    // the company's plan has no campaigns, or it is blocked or expired (Detail why)
	WaitChecking      = "checking"      // the list's unchecked numbers are being checked on WhatsApp
	PausedFailures    = "failures"      // governor: too many of the latest sends failed
	PausedDelivery    = "delivery"      // governor: too few were delivered
	PausedRead        = "read"          // governor: too few were read
)

// DisconnectedRetry is how often a campaign whose connection is down looks again.
const DisconnectedRetry = time.Minute

// NotAllowedRetry is how often a campaign of a company that may not send looks again.
const NotAllowedRetry = time.Minute

// CheckPoll is how often a campaign with nothing else to send looks whether its list's
// unchecked numbers were checked; CheckWait is how long it waits for them at most.
const (
	CheckPoll = 15 * time.Second
	CheckWait = 10 * time.Minute
)

// Window is when a send may happen at or after now (in loc): now itself when inside the
// company's hours on an allowed day, else the start of the next window, with the reason
// (WaitHours or WaitWeekend). An end hour before the start hour runs past midnight (22:00–
// 06:00 is the evening and the early morning of every day); an end hour equal to the start
// hour means the whole day. The weekend flags are about the day a send happens on.
func (s Settings) Window(now time.Time, loc *time.Location) (time.Time, string) {
	now = now.In(loc)
	ranges := s.ranges()
	reason := ""
	for d := 0; d <= 8; d++ {
		day := time.Date(now.Year(), now.Month(), now.Day()+d, 0, 0, 0, 0, loc)
		if !s.allowed(day.Weekday()) {
			if d == 0 {
				reason = WaitWeekend
			}
			continue
		}
		for _, r := range ranges {
			from, to := atMinute(day, r[0]), atMinute(day, r[1])
			if !now.Before(to) {
				continue
			}
			if !now.Before(from) {
				return now, ""
			}
			if reason == "" {
				reason = WaitHours
			}
			return from, reason
		}
		if reason == "" {
			reason = WaitHours
		}
	}
	return now, "" // no allowed day at all can't happen: weekdays always are
}

// ranges are the sending hours of a day, as [from, to) minutes of the day in order.
func (s Settings) ranges() [][2]int {
	start, end := s.Hours()
	switch {
	case end == start:
		return [][2]int{{0, 24 * 60}}
	case end == 0: // until midnight
		return [][2]int{{start, 24 * 60}}
	case end < start: // past midnight: the early morning, then the evening
		return [][2]int{{0, end}, {start, 24 * 60}}
	}
	return [][2]int{{start, end}}
}

func atMinute(day time.Time, m int) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), m/60, m%60, 0, 0, day.Location())
}

func (s Settings) allowed(w time.Weekday) bool {
	switch w {
	case time.Saturday:
		return s.Sabado
	case time.Sunday:
		return s.Domingo
	}
	return true
}

// Gap is the pause after a campaign's sent-th send since it (re)started: greaterInterval
// after every longerIntervalAfter sends, messageInterval otherwise (seconds, as decided;
// the family's ×1000 bug is not copied).
func (s Settings) Gap(sent int) (time.Duration, string) {
	if s.LongerIntervalAfter > 0 && s.GreaterInterval > 0 && sent > 0 && sent%s.LongerIntervalAfter == 0 {
		return time.Duration(s.GreaterInterval) * time.Second, WaitLongInterval
	}
	return time.Duration(s.MessageInterval) * time.Second, WaitInterval
}

// Budget is a connection's governor state.
type Budget struct {
	ConnectionID int64 `gorm:"primaryKey"`
	CompanyID    int64
	WarmupStart  *time.Time `gorm:"type:date"`
	Day          *time.Time `gorm:"type:date"`
	SentDay      int
	MinuteAt     *time.Time
	SentMinute   int
	HealthSince  time.Time
}

// TableName is the budgets table.
func (Budget) TableName() string { return "campaign_budgets" }

// dayOf is the calendar day of t in loc, as a UTC midnight (how a date column reads).
func dayOf(t time.Time, loc *time.Location) time.Time {
	t = t.In(loc)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Allow decides whether the connection may send one more at now: zero time when it may,
// else when it may again, why, and the numbers the report shows. It rolls the day and
// the minute over (the caller stores b).
func (g Governor) Allow(b *Budget, now time.Time, loc *time.Location) (time.Time, string, Detail) {
	today := dayOf(now, loc)
	if b.Day == nil || !b.Day.Equal(today) {
		b.Day, b.SentDay = &today, 0
	}
	warmDay := 0
	if b.WarmupStart != nil {
		warmDay = int(today.Sub(*b.WarmupStart).Hours() / 24)
	}
	cap := g.Cap(warmDay)
	if b.SentDay >= cap {
		local := now.In(loc)
		tomorrow := time.Date(local.Year(), local.Month(), local.Day()+1, 0, 0, 0, 0, loc)
		return tomorrow, WaitDailyCap, Detail{"cap": cap, "sent": b.SentDay, "warmupDay": warmDay + 1}
	}
	minute := now.Truncate(time.Minute)
	if b.MinuteAt == nil || !b.MinuteAt.Equal(minute) {
		b.MinuteAt, b.SentMinute = &minute, 0
	}
	if b.SentMinute >= g.PerMinute {
		return minute.Add(time.Minute), WaitMinuteCap, Detail{"perMinute": g.PerMinute}
	}
	return time.Time{}, "", nil
}

// Spend counts one send at now against the budget.
func (b *Budget) Spend(now time.Time, loc *time.Location) {
	if b.WarmupStart == nil {
		today := dayOf(now, loc)
		b.WarmupStart = &today
	}
	b.SentDay++
	b.SentMinute++
}

// Health is a connection's latest sends since its health was last forgiven.
type Health struct {
	Sent      int // sends in the window (including failures)
	Failed    int
	Settled   int // sent long enough ago (Settle) to have had their receipt
	Delivered int // of the settled: delivered (ack ≥ 2)
	Read      int // of the settled: read (ack ≥ 3)
}

// Check is the governor's pause decision: "" when healthy, else the reason and numbers.
func (g Governor) Check(h Health) (string, Detail) {
	d := Detail{"window": h.Sent, "failed": h.Failed, "settled": h.Settled, "delivered": h.Delivered, "read": h.Read}
	switch {
	case g.MaxFailurePct > 0 && h.Sent >= MinSample && h.Failed*100 > g.MaxFailurePct*h.Sent:
		d["limit"] = g.MaxFailurePct
		return PausedFailures, d
	case g.MinDeliveredPct > 0 && h.Settled >= MinSample && h.Delivered*100 < g.MinDeliveredPct*h.Settled:
		d["limit"] = g.MinDeliveredPct
		return PausedDelivery, d
	case g.MinReadPct > 0 && h.Settled >= MinSample && h.Read*100 < g.MinReadPct*h.Settled:
		d["limit"] = g.MinReadPct
		return PausedRead, d
	}
	return "", nil
}
