package main

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// bench limits every statement to the generated companies.
const bench = `(SELECT id FROM companies WHERE name LIKE 'Bench %')`

// prepareData gives the bench/gen data what the report and the board read and gen does not
// write, and grows the largest company to exportRows tickets for the export run: an
// attendance (tracking) per closed ticket, a rating on a third of them, four kanban lanes
// per company with most open and pending tickets in a lane. Idempotent (a marker setting).
// bench/gen now writes episodes and ratings itself: only tickets without one get them here
// (the largest company's grown copies).
func prepareData(ctx context.Context, g *gorm.DB, company int64, exportRows int) error {
	var done int64
	g.WithContext(ctx).Raw(`SELECT count(*) FROM settings WHERE company_id = ? AND key = 'benchReports'`, company).Scan(&done)
	if done > 0 {
		return nil
	}
	steps := []struct{ name, sql string }{
		{"grow the largest company", fmt.Sprintf(`INSERT INTO tickets (company_id, contact_id, connection_id, queue_id, user_id,
			status, last_message, created_at, updated_at)
			SELECT t.company_id, t.contact_id, t.connection_id, t.queue_id, t.user_id, 'closed', t.last_message,
				t.created_at - n * interval '91 days', t.updated_at - n * interval '91 days'
			FROM tickets t, generate_series(1, 10) n
			WHERE t.company_id = %d
			LIMIT greatest(0, %d - (SELECT count(*) FROM tickets WHERE company_id = %d))`, company, exportRows, company)},
		{"attendances", `INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, user_id, queue_id, queued_at,
			started_at, closed_at, finished_at, created_at, updated_at)
			SELECT company_id, id, connection_id, user_id, queue_id, created_at,
				created_at + (abs(hashint8(id)) % 600) * interval '1 second',
				created_at + (600 + abs(hashint8(id)) % 3600) * interval '1 second',
				created_at + (600 + abs(hashint8(id)) % 3600) * interval '1 second', created_at, updated_at
			FROM tickets t WHERE status = 'closed' AND company_id IN ` + bench + `
				AND NOT EXISTS (SELECT 1 FROM ticket_trackings x WHERE x.ticket_id = t.id)`},
		{"ratings", `INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate, created_at, updated_at)
			SELECT company_id, ticket_id, id, user_id, abs(hashint8(id)) % 11, closed_at, closed_at
			FROM ticket_trackings WHERE abs(hashint8(id)) % 3 = 0 AND closed_at IS NOT NULL AND company_id IN ` + bench + `
			ON CONFLICT DO NOTHING`},
		{"episodes' rates", `UPDATE ticket_trackings tt SET rated = true, rate = ur.rate
			FROM user_ratings ur WHERE ur.tracking_id = tt.id AND tt.rate IS NULL AND tt.company_id IN ` + bench},
		{"lanes", `INSERT INTO tags (company_id, name, color, kanban, time_lane)
			SELECT c.id, 'Lane ' || n, '#3B82F6', 1, 30 FROM companies c, generate_series(1, 4) n
			WHERE c.id IN ` + bench + ` ON CONFLICT DO NOTHING`},
		{"cards in lanes", `INSERT INTO ticket_tags (ticket_id, tag_id, company_id)
			SELECT t.id, (SELECT g.id FROM tags g WHERE g.company_id = t.company_id AND g.kanban = 1
				ORDER BY g.id OFFSET abs(hashint8(t.id)) % 4 LIMIT 1), t.company_id
			FROM tickets t WHERE t.status IN ('open', 'pending') AND abs(hashint8(t.id)) % 10 < 7
				AND t.company_id IN ` + bench + ` ON CONFLICT DO NOTHING`},
		{"analyze", `ANALYZE tickets, ticket_trackings, user_ratings, ticket_tags, tags`},
		{"mark", fmt.Sprintf(`INSERT INTO settings (company_id, key, value) VALUES (%d, 'benchReports', 'done')`, company)},
	}
	for _, s := range steps {
		start := time.Now()
		if err := g.WithContext(ctx).Exec(s.sql).Error; err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		fmt.Printf("prepare: %-26s %s\n", s.name, time.Since(start).Round(time.Millisecond))
	}
	return nil
}
