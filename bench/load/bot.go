package main

import (
	"gorm.io/gorm"
)

// configureBot turns the conversation bot on (or off) for every bench company's sandbox
// connection, as issue 13's figure asks: three queues on the connection with a greeting,
// each queue with three options of two sub-options, the company's hours (open all week, so
// every message runs the whole menu path) and scheduleType "company". Idempotent: the options
// are made once, the links and settings are upserts. Off removes the links and the hours
// mode, so the next run measures the pipeline without the bot again.
func configureBot(g *gorm.DB, on bool) error {
	if !on {
		return g.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec(`DELETE FROM connection_queues cq USING connections c, companies co
				WHERE cq.connection_id = c.id AND c.channel = 'sandbox' AND co.id = c.company_id AND co.name LIKE 'Bench %'`).Error; err != nil {
				return err
			}
			return tx.Exec(`DELETE FROM settings s USING companies co WHERE s.company_id = co.id AND co.name LIKE 'Bench %'
				AND s.key = 'scheduleType'`).Error
		})
	}
	steps := []string{
		// The first three queues of each company, on its sandbox connection.
		`INSERT INTO connection_queues (connection_id, queue_id, company_id)
			SELECT c.id, q.id, c.company_id FROM connections c JOIN companies co ON co.id = c.company_id
			JOIN LATERAL (SELECT id FROM queues WHERE company_id = c.company_id ORDER BY order_queue, id LIMIT 3) q ON true
			WHERE c.channel = 'sandbox' AND co.name LIKE 'Bench %' ON CONFLICT DO NOTHING`,
		`UPDATE connections c SET greeting_message = 'Olá {{firstName}}! Escolha o setor:', max_use_bot_queues = 3
			FROM companies co WHERE co.id = c.company_id AND c.channel = 'sandbox' AND co.name LIKE 'Bench %'`,
		`UPDATE queues q SET greeting_message = 'Bem-vindo a ' || q.name || '. Escolha:'
			FROM companies co WHERE co.id = q.company_id AND co.name LIKE 'Bench %' AND q.greeting_message = ''`,
		// Three options a queue, two sub-options each (made once).
		`INSERT INTO chatbots (company_id, queue_id, name, greeting_message, queue_type)
			SELECT q.company_id, q.id, 'Opção ' || n, 'Opção ' || n || ': escolha', 'text'
			FROM queues q JOIN companies co ON co.id = q.company_id CROSS JOIN generate_series(1, 3) n
			WHERE co.name LIKE 'Bench %' AND NOT EXISTS (SELECT 1 FROM chatbots b WHERE b.queue_id = q.id)`,
		`INSERT INTO chatbots (company_id, queue_id, parent_id, name, greeting_message, queue_type, opt_queue_id)
			SELECT p.company_id, p.queue_id, p.id, 'Sub ' || n, 'Aguarde um atendente', 'queue', p.queue_id
			FROM chatbots p JOIN companies co ON co.id = p.company_id CROSS JOIN generate_series(1, 2) n
			WHERE co.name LIKE 'Bench %' AND p.parent_id IS NULL
			AND NOT EXISTS (SELECT 1 FROM chatbots b WHERE b.parent_id = p.id)`,
		`UPDATE companies SET schedules = (SELECT jsonb_agg(jsonb_build_object('weekday', d, 'weekdayEn', d,
			'startTimeA', '00:00', 'endTimeA', '23:59', 'startTimeB', '', 'endTimeB', ''))
			FROM unnest(ARRAY['sunday','monday','tuesday','wednesday','thursday','friday','saturday']) d)
			WHERE name LIKE 'Bench %'`,
		`INSERT INTO settings (company_id, key, value) SELECT id, 'scheduleType', 'company' FROM companies
			WHERE name LIKE 'Bench %' ON CONFLICT (company_id, key) DO UPDATE SET value = 'company'`,
	}
	return g.Transaction(func(tx *gorm.DB) error {
		for _, q := range steps {
			if err := tx.Exec(q).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
