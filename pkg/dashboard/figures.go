// Package dashboard computes the managers' figures (spec/1 Dashboard) from the rows the
// attendance pipeline writes: tickets, ticket_trackings (one row per service episode),
// user_ratings (one per rated episode; its rate is copied onto the episode), ticket_logs, messages, contacts and users. Every
// figure is defined once, here, as the SQL expression or query that computes it; the
// attendants table and the charts reuse the same expressions. Each query reads one
// company's rows of the range through an index of migration 00032, so a month costs the
// same whatever the size of the platform.
package dashboard

import (
	"context"
	"math"
	"time"

	"gorm.io/gorm"

	"atende/pkg/tenant"
)

// Service reads the figures of the context's company.
type Service struct {
	DB *gorm.DB
}

// The episode populations. An episode "started in the range" is one an attendant took
// (started_at) in it; "closed in the range" is one whose service ended (closed_at: the
// attendant closed it, with or without a rating request) in it.
const (
	startedIn = `tt.company_id = @co AND tt.started_at IS NOT NULL AND tt.started_at >= @from AND tt.started_at < @to`
	closedIn  = `tt.company_id = @co AND tt.closed_at IS NOT NULL AND tt.closed_at >= @from AND tt.closed_at < @to`
)

// The figures over episodes, in minutes and counts.
const (
	// avgWaitTime: average of started_at − queued_at over episodes started in the range that
	// waited in a queue (minutes).
	avgWaitExpr = `avg(extract(epoch FROM tt.started_at - tt.queued_at) / 60) FILTER (WHERE tt.queued_at IS NOT NULL)`
	// avgSupportTime: average of closed_at − started_at over episodes closed in the range
	// that an attendant started (minutes).
	avgSupportExpr = `avg(extract(epoch FROM tt.closed_at - tt.started_at) / 60) FILTER (WHERE tt.started_at IS NOT NULL)`
	// tickets (total calls): episodes closed in the range that had an attendant.
	callsExpr = `count(*) FILTER (WHERE tt.user_id IS NOT NULL)`
	// waitRating: calls whose rating request is still open (closed, not finished, not rated:
	// BEHAVIOUR §3 "awaiting rating").
	waitRatingExpr = `count(*) FILTER (WHERE tt.user_id IS NOT NULL AND tt.finished_at IS NULL AND tt.rating_at IS NULL AND NOT tt.rated)`
	// withRating: calls with a stored rating (tt.rate is the episode's user_ratings.rate,
	// copied there by ticket.RecordRating).
	withRatingExpr = `count(tt.rate) FILTER (WHERE tt.user_id IS NOT NULL)`
	// withoutRating: calls finished without a rating (no request, or it expired).
	withoutRatingExpr = `count(*) FILTER (WHERE tt.user_id IS NOT NULL AND tt.finished_at IS NOT NULL AND tt.rate IS NULL)`
	// NPS classes of the ratings of those calls: promoters 9–10, neutrals 7–8, detractors 0–6.
	promotersExpr  = `count(*) FILTER (WHERE tt.user_id IS NOT NULL AND tt.rate >= 9)`
	neutralsExpr   = `count(*) FILTER (WHERE tt.user_id IS NOT NULL AND tt.rate BETWEEN 7 AND 8)`
	detractorsExpr = `count(*) FILTER (WHERE tt.user_id IS NOT NULL AND tt.rate <= 6)`
	// rating (attendants table): the average rate, 0–10, of an attendant's rated calls.
	avgRateExpr = `avg(tt.rate)`
)

// Counters are the indicator and NPS cards (spec/1 "Dashboard counters").
type Counters struct {
	SupportHappening int64    `json:"supportHappening"` // tickets created in the range now open
	SupportPending   int64    `json:"supportPending"`   // … now pending (waiting)
	SupportFinished  int64    `json:"supportFinished"`  // … now closed
	SupportGroups    int64    `json:"supportGroups"`    // … that are group chats
	Leads            int64    `json:"leads"`            // contacts (not groups) created in the range
	ReceivedMessages int64    `json:"receivedMessages"` // contact → company messages in the range
	SentMessages     int64    `json:"sentMessages"`     // company → contact messages (private notes excluded)
	AvgSupportTime   *float64 `json:"avgSupportTime"`   // minutes; null without data
	AvgWaitTime      *float64 `json:"avgWaitTime"`      // minutes; null without data
	ActiveTickets    int64    `json:"activeTickets"`    // tickets an attendant opened in the range
	PassiveTickets   int64    `json:"passiveTickets"`   // tickets the contact opened in the range
	OnlineUsers      int64    `json:"onlineUsers"`      // attendants online now
	TotalUsers       int64    `json:"totalUsers"`       // attendants of the company

	NPSScore          float64 `json:"npsScore"` // %promoters − %detractors, −100..100
	NPSPromotersPerc  float64 `json:"npsPromotersPerc"`
	NPSPassivePerc    float64 `json:"npsPassivePerc"`
	NPSDetractorsPerc float64 `json:"npsDetractorsPerc"`
	Promoters         int64   `json:"promoters"`
	Neutrals          int64   `json:"neutrals"`
	Detractors        int64   `json:"detractors"`
	Tickets           int64   `json:"tickets"`       // calls: episodes closed in the range with an attendant
	WaitRating        int64   `json:"waitRating"`    // calls awaiting the contact's rating
	WithoutRating     int64   `json:"withoutRating"` // calls finished unrated
	WithRating        int64   `json:"withRating"`    // calls rated
	PercRating        float64 `json:"percRating"`    // evaluation index: withRating / tickets × 100
}

// args are the named parameters every query of a range takes.
func args(co int64, r Range) map[string]any {
	return map[string]any{"co": co, "from": r.From, "to": r.To}
}

// Counters computes every card of the indicators and NPS tabs for r.
func (s Service) Counters(ctx context.Context, r Range) (Counters, error) {
	co, err := tenant.CompanyID(ctx)
	if err != nil {
		return Counters{}, err
	}
	var c Counters
	// One statement, one round trip: each source is a one-row aggregate over its index range.
	err = s.DB.WithContext(ctx).Raw(`SELECT * FROM
		-- Tickets created in the range by their status now.
		(SELECT count(*) FILTER (WHERE status = 'open') AS support_happening,
			count(*) FILTER (WHERE status = 'pending') AS support_pending,
			count(*) FILTER (WHERE status = 'closed') AS support_finished,
			count(*) FILTER (WHERE status = 'group') AS support_groups
		FROM tickets WHERE company_id = @co AND created_at >= @from AND created_at < @to) st,
		(SELECT count(*) AS leads FROM contacts
		WHERE company_id = @co AND NOT is_group AND created_at >= @from AND created_at < @to) ld,
		(SELECT count(*) FILTER (WHERE NOT from_me) AS received_messages, count(*) FILTER (WHERE from_me) AS sent_messages
		FROM messages WHERE company_id = @co AND NOT is_private AND created_at >= @from AND created_at < @to) msg,
		-- Active: the ticket's "create" log names the attendant who opened it (POST /tickets,
		-- a scheduled message); passive: the contact's message opened it.
		(SELECT count(*) FILTER (WHERE user_id IS NOT NULL) AS active_tickets, count(*) FILTER (WHERE user_id IS NULL) AS passive_tickets
		FROM ticket_logs WHERE company_id = @co AND type = 'create' AND created_at >= @from AND created_at < @to) lg,
		(SELECT count(*) FILTER (WHERE online) AS online_users, count(*) AS total_users FROM users WHERE company_id = @co) us,
		(SELECT `+avgWaitExpr+` AS avg_wait_time FROM ticket_trackings tt WHERE `+startedIn+`) wt,
		(SELECT `+avgSupportExpr+` AS avg_support_time, `+callsExpr+` AS tickets,
			`+waitRatingExpr+` AS wait_rating, `+withRatingExpr+` AS with_rating, `+withoutRatingExpr+` AS without_rating,
			`+promotersExpr+` AS promoters, `+neutralsExpr+` AS neutrals, `+detractorsExpr+` AS detractors
		FROM ticket_trackings tt WHERE `+closedIn+`) ep`, args(co, r)).Scan(&c).Error
	if err != nil {
		return c, err
	}
	c.AvgWaitTime, c.AvgSupportTime = round2p(c.AvgWaitTime), round2p(c.AvgSupportTime)
	c.NPSPromotersPerc, c.NPSPassivePerc, c.NPSDetractorsPerc, c.NPSScore = NPS(c.Promoters, c.Neutrals, c.Detractors)
	c.PercRating = percent(c.WithRating, c.Tickets)
	return c, nil
}

// NPS turns the three classes into their shares of the ratings (percent) and the score,
// %promoters − %detractors; all zero without ratings.
func NPS(promoters, neutrals, detractors int64) (promPerc, neutralPerc, detrPerc, score float64) {
	total := promoters + neutrals + detractors
	promPerc, neutralPerc, detrPerc = percent(promoters, total), percent(neutrals, total), percent(detractors, total)
	return promPerc, neutralPerc, detrPerc, round2(promPerc - detrPerc)
}

func percent(part, total int64) float64 {
	if total == 0 {
		return 0
	}
	return round2(float64(part) * 100 / float64(total))
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

func round2p(v *float64) *float64 {
	if v == nil {
		return nil
	}
	r := round2(*v)
	return &r
}

// Attendant is one row of the attendants table.
type Attendant struct {
	ID             int64    `json:"id"`
	Name           string   `json:"name"`
	Rating         *float64 `json:"rating"`      // average rate 0–10 of the rated calls; null without
	CountRating    int64    `json:"countRating"` // rated calls
	Tickets        int64    `json:"tickets"`     // calls
	AvgWaitTime    *float64 `json:"avgWaitTime"` // minutes, over the episodes they started
	AvgSupportTime *float64 `json:"avgSupportTime"`
	Online         bool     `json:"online"`
}

// Attendants lists every user of the company with their figures in r, by name.
func (s Service) Attendants(ctx context.Context, r Range) ([]Attendant, error) {
	co, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	rows := []Attendant{}
	err = s.DB.WithContext(ctx).Raw(`WITH closed AS (
			SELECT tt.user_id, `+callsExpr+` AS tickets, `+withRatingExpr+` AS count_rating,
				`+avgRateExpr+` AS rating, `+avgSupportExpr+` AS avg_support_time
			FROM ticket_trackings tt
			WHERE `+closedIn+` AND tt.user_id IS NOT NULL GROUP BY tt.user_id),
		started AS (
			SELECT tt.user_id, `+avgWaitExpr+` AS avg_wait_time
			FROM ticket_trackings tt WHERE `+startedIn+` AND tt.user_id IS NOT NULL GROUP BY tt.user_id)
		SELECT u.id, u.name, u.online, coalesce(c.tickets, 0) AS tickets, coalesce(c.count_rating, 0) AS count_rating,
			c.rating, c.avg_support_time, s.avg_wait_time
		FROM users u LEFT JOIN closed c ON c.user_id = u.id LEFT JOIN started s ON s.user_id = u.id
		WHERE u.company_id = @co ORDER BY lower(u.name), u.id`, args(co, r)).Scan(&rows).Error
	for i := range rows {
		rows[i].Rating, rows[i].AvgWaitTime, rows[i].AvgSupportTime =
			round2p(rows[i].Rating), round2p(rows[i].AvgWaitTime), round2p(rows[i].AvgSupportTime)
	}
	return rows, err
}

// UserCount is one bar of the tickets-per-attendant chart.
type UserCount struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

// TicketsPerUser counts, per attendant, the episodes they started (took) in r; attendants
// with none are left out; most first.
func (s Service) TicketsPerUser(ctx context.Context, r Range) ([]UserCount, error) {
	co, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	out := []UserCount{}
	err = s.DB.WithContext(ctx).Raw(`SELECT u.id, u.name, n.count FROM (
			SELECT tt.user_id, count(*) AS count FROM ticket_trackings tt
			WHERE `+startedIn+` AND tt.user_id IS NOT NULL GROUP BY tt.user_id) n
		JOIN users u ON u.id = n.user_id AND u.company_id = @co
		ORDER BY n.count DESC, lower(u.name)`, args(co, r)).Scan(&out).Error
	return out, err
}

// PeriodCount is one bar of the tickets-per-day (or per-hour) chart.
type PeriodCount struct {
	Label string `json:"label"` // yyyy-mm-dd, or HH for a one-day range
	Count int64  `json:"count"`
}

// TicketsPerPeriod counts the tickets created in r per day of the company's calendar, or
// per hour when r is one day; every day (hour) of r has its bar, empty ones included.
func (s Service) TicketsPerPeriod(ctx context.Context, r Range) ([]PeriodCount, error) {
	co, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	unit, step, layout := "day", func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }, time.DateOnly
	if r.OneDay() {
		unit, step, layout = "hour", func(t time.Time) time.Time { return t.Add(time.Hour) }, "15"
	}
	var rows []struct {
		Slot  time.Time
		Count int64
	}
	a := args(co, r)
	a["zone"] = r.Loc.String()
	// date_trunc of the local wall time, read back as a UTC timestamp carrying that wall time.
	if err := s.DB.WithContext(ctx).Raw(`SELECT date_trunc('`+unit+`', created_at AT TIME ZONE @zone) AS slot, count(*) AS count
		FROM tickets WHERE company_id = @co AND created_at >= @from AND created_at < @to GROUP BY 1`, a).
		Scan(&rows).Error; err != nil {
		return nil, err
	}
	counts := map[string]int64{}
	for _, row := range rows {
		counts[row.Slot.UTC().Format(layout)] = row.Count
	}
	out := []PeriodCount{}
	for t := r.From; t.Before(r.To); t = step(t) {
		label := t.Format(layout)
		out = append(out, PeriodCount{Label: label, Count: counts[label]})
	}
	return out, nil
}
