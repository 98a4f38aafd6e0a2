package timers

import (
	"context"
	"slices"
	"time"

	atdb "atende/pkg/db"
	"atende/pkg/hours"
	"atende/pkg/setting"
	"atende/pkg/tenant"
)

// outOfHourBatch is how many flags one statement clears.
const outOfHourBatch = 500

// ResetOutOfHour clears isOutOfHour and the bot counter (amountUsedBotQueues) of flagged
// tickets whose business hours are open again (BEHAVIOUR §5, decision 5). Which table
// applies follows the company's scheduleType: "company" its own table, "connection" the
// ticket's connection's, "queue" the ticket's queue's (a ticket without a queue, or a
// connection without a table, counts as open); "disabled" checks no hours, so every flag
// is cleared. Tables are read in the company's time zone, at the ticket's connection's
// clock (connection.Now: a sandbox connection may run a pretend time), by
// hours.Schedules.OpenAt (no entry for today = open). Clearing is bookkeeping, not
// activity: updated_at is left alone.
func (s Service) ResetOutOfHour(ctx context.Context, now time.Time) (int, error) {
	// The companies with a flagged ticket, one index probe each (a skip scan): reading the
	// flagged tickets themselves would visit their heap pages, recently written.
	var companies atdb.Int64s
	if err := s.DB.WithContext(ctx).Raw(`WITH RECURSIVE c AS (
			SELECT min(company_id) AS id FROM tickets WHERE is_out_of_hour
			UNION ALL
			SELECT (SELECT min(company_id) FROM tickets WHERE is_out_of_hour AND company_id > c.id) FROM c WHERE c.id IS NOT NULL)
		SELECT id FROM c WHERE id IS NOT NULL`).Scan(&companies).Error; err != nil || len(companies) == 0 {
		return 0, err
	}
	all, err := s.tables(ctx, companies)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, companyID := range companies {
		tb := all[companyID]
		if tb == nil {
			continue
		}
		for _, connID := range tb.connIDs() {
			where, args, open := tb.openFor(connID, now)
			if !open {
				continue
			}
			n, err := s.clearFlags(tenant.With(ctx, companyID), companyID, connID, where, args)
			changed += n
			if err != nil {
				return changed, err
			}
		}
	}
	return changed, nil
}

// connHours is a connection's table and clock.
type connHours struct {
	ClockOffset int
	Schedules   hours.Schedules
}

// queueHours is a queue's table.
type queueHours struct {
	ID        int64
	Schedules hours.Schedules
}

// tables are what a company's hours check reads.
type tables struct {
	mode    string
	loc     *time.Location
	company hours.Schedules
	conns   map[int64]connHours
	queues  []queueHours
}

// connIDs are the company's connections, and nil for its tickets without one.
func (tb *tables) connIDs() []*int64 {
	ids := make([]int64, 0, len(tb.conns))
	for id := range tb.conns {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := []*int64{nil}
	for i := range ids {
		out = append(out, &ids[i])
	}
	return out
}

// tables reads the hours of many companies in four queries, whatever their number: mode,
// zone and table of each company, its connections' tables and clocks, and the queues' tables
// of those that check hours per queue. The mode is read from the settings table itself (the
// registry's default when unset), beside the other rows.
func (s Service) tables(ctx context.Context, companyIDs atdb.Int64s) (map[int64]*tables, error) {
	db := s.DB.WithContext(ctx)
	var cos []struct {
		ID        int64
		Timezone  string
		Schedules hours.Schedules
	}
	if err := db.Table("companies").Select("id, timezone, schedules").Where("id = ANY(?::bigint[])", companyIDs).
		Find(&cos).Error; err != nil {
		return nil, err
	}
	def, _ := setting.Lookup("scheduleType")
	out := make(map[int64]*tables, len(cos))
	for _, c := range cos {
		loc := hours.ZoneOr(c.Timezone)
		out[c.ID] = &tables{mode: def.Default, loc: loc, company: c.Schedules, conns: map[int64]connHours{}}
	}
	var modes []struct {
		CompanyID int64
		Value     string
	}
	if err := db.Table("settings").Select("company_id, value").
		Where("key = 'scheduleType' AND company_id = ANY(?::bigint[])", companyIDs).Find(&modes).Error; err != nil {
		return nil, err
	}
	var perQueue atdb.Int64s
	for _, m := range modes {
		if tb := out[m.CompanyID]; tb != nil {
			tb.mode = m.Value
			if m.Value == "queue" {
				perQueue = append(perQueue, m.CompanyID)
			}
		}
	}
	var conns []struct {
		ID, CompanyID int64
		ClockOffset   int
		Schedules     hours.Schedules
	}
	if err := db.Table("connections").Select("id, company_id, clock_offset, schedules").
		Where("company_id = ANY(?::bigint[])", companyIDs).Find(&conns).Error; err != nil {
		return nil, err
	}
	for _, c := range conns {
		if tb := out[c.CompanyID]; tb != nil {
			tb.conns[c.ID] = connHours{c.ClockOffset, c.Schedules}
		}
	}
	if len(perQueue) == 0 {
		return out, nil
	}
	var rows []struct {
		ID, CompanyID int64
		Schedules     hours.Schedules
	}
	if err := db.Table("queues").Select("id, company_id, schedules").Where("company_id = ANY(?::bigint[])", perQueue).
		Order("id").Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, q := range rows {
		if tb := out[q.CompanyID]; tb != nil {
			tb.queues = append(tb.queues, queueHours{q.ID, q.Schedules})
		}
	}
	return out, nil
}

// openFor says whether the flagged tickets of a connection (nil: none) may be cleared now:
// all of them (where empty), some (where and args narrow them to the open queues), or none.
func (tb *tables) openFor(connID *int64, now time.Time) (where string, args []any, open bool) {
	at := now
	cn, known := connHours{}, false
	if connID != nil {
		cn, known = tb.conns[*connID]
		at = now.Add(time.Duration(cn.ClockOffset) * time.Second) // connection.Connection.Now
	}
	switch tb.mode {
	case "company":
		return "", nil, tb.company.OpenAt(at, tb.loc)
	case "connection":
		return "", nil, !known || cn.Schedules.OpenAt(at, tb.loc)
	case "queue":
		var open []int64
		for _, q := range tb.queues {
			if q.Schedules.OpenAt(at, tb.loc) {
				open = append(open, q.ID)
			}
		}
		if len(open) == 0 {
			return "queue_id IS NULL", nil, true
		}
		return "(queue_id IS NULL OR queue_id IN ?)", []any{open}, true
	}
	return "", nil, true
}

// clearFlags clears the flags of a connection's tickets matching where, a batch per
// statement, and announces them.
func (s Service) clearFlags(ctx context.Context, companyID int64, connID *int64, where string, args []any) (int, error) {
	q := "company_id = ? AND connection_id = ? AND is_out_of_hour"
	cond := append([]any{companyID, connID}, args...)
	if connID == nil {
		q, cond = "company_id = ? AND connection_id IS NULL AND is_out_of_hour", append([]any{companyID}, args...)
	}
	if where != "" {
		q += " AND " + where
	}
	changed := 0
	for {
		var rows []struct {
			ID     int64
			Status string
		}
		err := s.DB.WithContext(ctx).Raw(`UPDATE tickets SET is_out_of_hour = false, amount_used_bot_queues = 0
			WHERE id IN (SELECT id FROM tickets WHERE `+q+` ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
			AND is_out_of_hour RETURNING id, status`, append(cond, outOfHourBatch)...).Scan(&rows).Error
		if err != nil {
			return changed, err
		}
		changed += len(rows)
		ids, olds := make([]int64, len(rows)), make([]string, len(rows))
		for i, r := range rows {
			ids[i], olds[i] = r.ID, r.Status
		}
		s.announce(ctx, ids, olds)
		if len(rows) < outOfHourBatch {
			return changed, nil
		}
	}
}
