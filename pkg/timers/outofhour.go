package timers

import (
	"context"
	"time"

	"atende/pkg/hours"
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
	var flagged []struct {
		CompanyID    int64
		ConnectionID *int64
	}
	if err := s.DB.WithContext(ctx).Raw(`SELECT DISTINCT company_id, connection_id FROM tickets WHERE is_out_of_hour
		ORDER BY company_id, connection_id`).Scan(&flagged).Error; err != nil {
		return 0, err
	}
	changed := 0
	for i := 0; i < len(flagged); {
		companyID := flagged[i].CompanyID
		var conns []*int64
		for ; i < len(flagged) && flagged[i].CompanyID == companyID; i++ {
			conns = append(conns, flagged[i].ConnectionID)
		}
		n, err := s.resetCompany(tenant.With(ctx, companyID), companyID, conns, now)
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// connHours is a connection's table and clock.
type connHours struct {
	ClockOffset int
	Schedules   hours.Schedules
}

// tables are what a company's hours check reads.
type tables struct {
	mode    string
	loc     *time.Location
	company hours.Schedules
	conns   map[int64]connHours
	queues  []struct {
		ID        int64
		Schedules hours.Schedules
	}
}

func (s Service) resetCompany(ctx context.Context, companyID int64, conns []*int64, now time.Time) (int, error) {
	tb, err := s.tables(ctx, companyID)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, connID := range conns {
		where, args, open := tb.openFor(connID, now)
		if !open {
			continue
		}
		n, err := s.clearFlags(ctx, companyID, connID, where, args)
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

func (s Service) tables(ctx context.Context, companyID int64) (tables, error) {
	db := s.DB.WithContext(ctx)
	tb := tables{mode: "disabled", loc: time.UTC}
	if s.Settings != nil {
		tb.mode = s.Settings.Value(ctx, "scheduleType")
	}
	var c struct {
		Timezone  string
		Schedules hours.Schedules
	}
	if err := db.Table("companies").Select("timezone, schedules").Where("id = ?", companyID).Take(&c).Error; err != nil {
		return tb, err
	}
	if loc, err := time.LoadLocation(c.Timezone); err == nil {
		tb.loc = loc
	}
	tb.company = c.Schedules
	var conns []struct {
		ID          int64
		ClockOffset int
		Schedules   hours.Schedules
	}
	if err := db.Table("connections").Select("id, clock_offset, schedules").Where("company_id = ?", companyID).
		Find(&conns).Error; err != nil {
		return tb, err
	}
	tb.conns = make(map[int64]connHours, len(conns))
	for _, cn := range conns {
		tb.conns[cn.ID] = connHours{cn.ClockOffset, cn.Schedules}
	}
	if tb.mode == "queue" {
		err := db.Table("queues").Select("id, schedules").Where("company_id = ?", companyID).Find(&tb.queues).Error
		return tb, err
	}
	return tb, nil
}

// openFor says whether the flagged tickets of a connection (nil: none) may be cleared now:
// all of them (where empty), some (where and args narrow them to the open queues), or none.
func (tb tables) openFor(connID *int64, now time.Time) (where string, args []any, open bool) {
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
