package main

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// bench limits every statement to the generated companies.
const bench = `(SELECT id FROM companies WHERE name LIKE 'Bench %')`

// prepareData turns every timer on for the bench companies and puts tickets in each job's
// index without making any of them due at the bench's clock. Every statement is idempotent.
func prepareData(ctx context.Context, g *gorm.DB) error {
	steps := []struct{ name, sql string }{
		{"connection timers", `UPDATE connections c SET expires_ticket = 60, time_inactive_message = 30,
			inactive_message = 'Ainda está aí, {{firstName}}?', expires_inactive_message = 'Encerramos por inatividade.',
			expires_ticket_nps = 30, time_send_queue = 10,
			send_id_queue = (SELECT min(id) FROM queues q WHERE q.company_id = c.company_id)
			WHERE company_id IN ` + bench},
		{"rotating queues", `UPDATE queues SET ativar_roteador = true, tempo_roteador = 10 WHERE company_id IN ` + bench},
		{"online attendants", `UPDATE users SET online = (abs(hashint8(id)) % 10 = 0) WHERE profile = 'user' AND company_id IN ` + bench},
		{"hours by company", `INSERT INTO settings (company_id, key, value) SELECT id, 'scheduleType', 'company'
			FROM companies WHERE id IN ` + bench + ` ON CONFLICT (company_id, key) DO UPDATE SET value = 'company'`},
		{"closed all week", `UPDATE companies SET schedules = (SELECT jsonb_agg(jsonb_build_object('weekday', d, 'weekdayEn', d,
			'startTimeA', '', 'endTimeA', '', 'startTimeB', '', 'endTimeB', ''))
			FROM unnest(ARRAY['sunday','monday','tuesday','wednesday','thursday','friday','saturday']) d)
			WHERE id IN ` + bench},
		// Waiting tickets of a rotating queue have their attendant already (a member).
		{"waiting tickets assigned", `UPDATE tickets t SET user_id = (SELECT min(uq.user_id) FROM user_queues uq WHERE uq.queue_id = t.queue_id)
			WHERE status = 'pending' AND user_id IS NULL AND queue_id IS NOT NULL AND company_id IN ` + bench},
		{"some awaiting a rating", `UPDATE tickets SET status = 'nps' WHERE status = 'open' AND abs(hashint8(id)) % 10 = 0 AND company_id IN ` + bench},
		{"some imported", `UPDATE tickets SET imported = true WHERE status = 'open' AND abs(hashint8(id)) % 50 = 1 AND NOT imported AND company_id IN ` + bench},
		{"some without a queue", `UPDATE tickets SET queue_id = NULL WHERE status = 'pending' AND abs(hashint8(id)) % 10 = 2 AND company_id IN ` + bench},
		{"some out of hours", `UPDATE tickets SET is_out_of_hour = true, amount_used_bot_queues = 1
			WHERE status IN ('open', 'pending') AND abs(hashint8(id)) % 20 = 3 AND NOT is_out_of_hour AND company_id IN ` + bench},
		{"analyze", `ANALYZE tickets`},
	}
	for _, s := range steps {
		res := g.WithContext(ctx).Exec(s.sql)
		if res.Error != nil {
			return fmt.Errorf("%s: %w", s.name, res.Error)
		}
		fmt.Printf("prepare: %-26s %7d rows\n", s.name, res.RowsAffected)
	}
	return nil
}

// printIndexes shows how many tickets each job's index holds: the jobs skip them all.
func printIndexes(ctx context.Context, g *gorm.DB) error {
	var c struct {
		Tickets, OpenIdle, NPS, NoQueue, Unassigned, Assigned, OutOfHour int64
	}
	err := g.WithContext(ctx).Raw(`SELECT count(*) AS tickets,
		count(*) FILTER (WHERE status = 'open' AND NOT imported) AS open_idle,
		count(*) FILTER (WHERE status = 'nps') AS nps,
		count(*) FILTER (WHERE status = 'pending' AND queue_id IS NULL) AS no_queue,
		count(*) FILTER (WHERE status = 'pending' AND user_id IS NULL) AS unassigned,
		count(*) FILTER (WHERE status = 'pending' AND user_id IS NOT NULL) AS assigned,
		count(*) FILTER (WHERE is_out_of_hour) AS out_of_hour FROM tickets`).Scan(&c).Error
	if err != nil {
		return err
	}
	fmt.Printf("\n%d tickets; in the timers' indexes: open %d, nps %d, pending without queue %d, "+
		"pending unassigned %d, pending assigned %d, out of hours %d\n",
		c.Tickets, c.OpenIdle, c.NPS, c.NoQueue, c.Unassigned, c.Assigned, c.OutOfHour)
	return nil
}
