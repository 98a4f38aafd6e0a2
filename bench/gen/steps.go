package main

import "slices"

// Password is every generated user's password; logins are bench-<company>-<n>@bench.local.
const Password = "Bench@12345"

type step struct {
	name string
	sql  string
	args []any
}

// words make message bodies that read like chat, so trigram search behaves as in real use.
const words = `ARRAY['olá','bom','dia','preciso','ajuda','pedido','entrega','boleto','pagamento','cancelar',
 'troca','produto','atraso','obrigado','quando','chega','nota','fiscal','endereço','frete','valor',
 'desconto','cupom','cartão','pix','reembolso','garantia','suporte','senha','acesso','conta','plano',
 'fatura','vencimento','contrato','instalação','técnico','visita','horário','agenda','confirmar',
 'dúvida','informação','status','protocolo','atendimento','retorno','urgente','favor','tarde']`

func plan(companies, tickets, messages int, hash string) []step {
	contacts := tickets * 2 / 5 // a contact has 2.5 tickets on average
	steps := []step{
		{"companies", `INSERT INTO companies (name, plan_id, status, due_date)
			SELECT 'Bench ' || c, 1, true, now() + interval '1 year' FROM generate_series(1, ?) c
			ON CONFLICT (name) DO NOTHING`, []any{companies}},
		{"queues", `INSERT INTO queues (company_id, name, color, order_queue)
			SELECT c.id, 'Fila ' || q, '#' || lpad(to_hex(q * 2000000), 6, '0'), q
			FROM companies c CROSS JOIN generate_series(1, 5) q WHERE c.name LIKE 'Bench %'
			ON CONFLICT DO NOTHING`, nil},
		{"users", `INSERT INTO users (company_id, name, email, password_hash, profile)
			SELECT c.id, 'Atendente ' || u, 'bench-' || c.id || '-' || u || '@bench.local', ?,
			       CASE WHEN u = 1 THEN 'admin' ELSE 'user' END
			FROM companies c CROSS JOIN generate_series(1, 50) u WHERE c.name LIKE 'Bench %'
			ON CONFLICT DO NOTHING`, []any{hash}},
		{"user queues", `INSERT INTO user_queues (user_id, queue_id, company_id)
			SELECT u.id, q.id, u.company_id FROM users u JOIN queues q ON q.company_id = u.company_id
			WHERE u.email LIKE 'bench-%' AND (u.id + q.id) % 3 <> 0 ON CONFLICT DO NOTHING`, nil},
		{"connections", `INSERT INTO connections (company_id, name, channel, status, is_default, token)
			SELECT c.id, 'Sandbox', 'sandbox', 'CONNECTED', true, substr(md5(random()::text) || md5(random()::text), 1, 30)
			FROM companies c WHERE c.name LIKE 'Bench %'
			AND NOT EXISTS (SELECT 1 FROM connections x WHERE x.company_id = c.id)`, nil},
		{"drop bulk indexes", `DROP INDEX IF EXISTS messages_people_trgm; DROP INDEX IF EXISTS tickets_one_active`, nil},
		{"contacts", `INSERT INTO contacts (company_id, name, number, channel)
			SELECT b.id, 'Cliente ' || n, '55' || (11000000000 + n)::text, 'whatsapp'
			FROM generate_series(1, ?) n
			JOIN LATERAL (SELECT id FROM companies WHERE name = 'Bench ' || (1 + n % ?)) b ON true
			ON CONFLICT DO NOTHING`, []any{contacts, companies}},
		// Status, queue and attendant come from hashes of the ticket number, not from t modulo
		// something: the company is t modulo 50 too, and would otherwise fix all three.
		{"tickets", `INSERT INTO tickets (company_id, contact_id, connection_id, queue_id, user_id, status, channel,
				unread_messages, last_message, created_at, updated_at)
			SELECT ct.company_id, ct.id, cn.id,
			       (SELECT id FROM queues q WHERE q.company_id = ct.company_id ORDER BY id OFFSET abs(hashint4(t + 1) % 5) LIMIT 1),
			       CASE WHEN abs(hashint4(t) % 100) < 85 THEN (SELECT id FROM users u WHERE u.company_id = ct.company_id ORDER BY id OFFSET abs(hashint4(t + 2) % 50) LIMIT 1) END,
			       CASE WHEN abs(hashint4(t) % 100) < 70 THEN 'closed' WHEN abs(hashint4(t) % 100) < 85 THEN 'open'
			            WHEN abs(hashint4(t) % 100) < 97 THEN 'pending' ELSE 'group' END,
			       'whatsapp', CASE WHEN t % 7 = 0 THEN t % 4 ELSE 0 END, 'última mensagem ' || t,
			       now() - (t % 90) * interval '1 day' - (t % 86400) * interval '1 second',
			       now() - (t % 90) * interval '1 day' + (t % 3600) * interval '1 second'
			FROM generate_series(1, ?) t
			JOIN contacts ct ON ct.number = '55' || (11000000000 + 1 + t % ?)::text
			JOIN connections cn ON cn.company_id = ct.company_id`, []any{tickets, contacts}},
		{"one active ticket per contact", `UPDATE tickets t SET status = 'closed'
			WHERE status IN ('open','pending','group') AND EXISTS (SELECT 1 FROM tickets t2
			  WHERE t2.contact_id = t.contact_id AND t2.connection_id = t.connection_id
			  AND t2.status IN ('open','pending','group') AND t2.id > t.id)`, nil},
		{"recreate indexes", `CREATE INDEX IF NOT EXISTS messages_people_trgm ON messages USING gin (lower(body) gin_trgm_ops)
			WHERE body NOT LIKE E'\u200e%';
			CREATE UNIQUE INDEX IF NOT EXISTS tickets_one_active ON tickets (contact_id, connection_id)
			WHERE status IN ('open','pending','group','nps','lgpd')`, nil},
		// The dashboard's sources (issue 17), as the pipeline writes them: one service episode
		// per ticket (queued a minute after creation; started 2–31 minutes later when an
		// attendant holds it; closed 40–99 minutes after creation when closed), a 0–10 rating
		// on 40% of the attended closed ones, the "create" log (a tenth opened by the
		// attendant: active tickets), and a third of the attendants online.
		{"episodes", `INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, user_id, queue_id, queued_at,
				started_at, closed_at, finished_at, rating_at, rated, rate, created_at, updated_at)
			SELECT t.company_id, t.id, t.connection_id, t.user_id, t.queue_id, t.created_at + interval '1 minute',
			       CASE WHEN t.user_id IS NOT NULL THEN t.created_at + (2 + abs(hashint8(t.id) % 30)) * interval '1 minute' END,
			       c.closed, c.closed,
			       CASE WHEN c.closed IS NOT NULL AND t.user_id IS NOT NULL AND abs(hashint8(t.id + 2) % 10) < 4 THEN c.closed END,
			       c.closed IS NOT NULL AND t.user_id IS NOT NULL AND abs(hashint8(t.id + 2) % 10) < 4,
			       CASE WHEN c.closed IS NOT NULL AND t.user_id IS NOT NULL AND abs(hashint8(t.id + 2) % 10) < 4 THEN abs(hashint8(t.id) % 11) END,
			       t.created_at, t.updated_at
			FROM tickets t
			CROSS JOIN LATERAL (SELECT CASE WHEN t.status = 'closed' THEN t.created_at + (40 + abs(hashint8(t.id + 1) % 60)) * interval '1 minute' END AS closed) c
			WHERE t.company_id IN (SELECT id FROM companies WHERE name LIKE 'Bench %')
			  AND NOT EXISTS (SELECT 1 FROM ticket_trackings x WHERE x.ticket_id = t.id)`, nil},
		{"ratings", `INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate, created_at, updated_at)
			SELECT tt.company_id, tt.ticket_id, tt.id, tt.user_id, tt.rate, tt.rating_at, tt.rating_at
			FROM ticket_trackings tt WHERE tt.rated AND tt.company_id IN (SELECT id FROM companies WHERE name LIKE 'Bench %')
			ON CONFLICT (tracking_id) DO NOTHING`, nil},
		{"create logs", `INSERT INTO ticket_logs (company_id, ticket_id, user_id, type, created_at)
			SELECT t.company_id, t.id, CASE WHEN abs(hashint8(t.id + 3) % 10) = 0 THEN t.user_id END, 'create', t.created_at
			FROM tickets t WHERE t.company_id IN (SELECT id FROM companies WHERE name LIKE 'Bench %')
			  AND NOT EXISTS (SELECT 1 FROM ticket_logs l WHERE l.ticket_id = t.id AND l.type = 'create')`, nil},
		{"attendants online", `UPDATE users SET online = (id % 3 = 0) WHERE email LIKE 'bench-%'`, nil},
		// VACUUM, not only ANALYZE: it sets the visibility map (index-only scans) and the hint
		// bits now, instead of autovacuum doing it in the middle of the measured run.
		{"vacuum analyze", `VACUUM (ANALYZE)`, nil},
	}
	if messages > 0 { // -messages 0: tickets only (the timers bench reads no messages)
		i := slices.IndexFunc(steps, func(s step) bool { return s.name == "one active ticket per contact" })
		steps = slices.Insert(steps, i, messagesStep(messages, tickets))
	}
	return steps
}

func messagesStep(messages, tickets int) step {
	return step{"messages", `INSERT INTO messages (company_id, ticket_id, contact_id, connection_id, provider_id, body, from_me, ack, read, created_at)
			SELECT t.company_id, t.id, t.contact_id, t.connection_id, 'BENCH-' || t.id || '-' || m,
			       (` + words + `)[1 + (t.id * 7 + m * 3) % 50] || ' ' || (` + words + `)[1 + (t.id + m * 11) % 50] || ' ' ||
			       (` + words + `)[1 + (t.id * 13 + m) % 50] || ' ' || (` + words + `)[1 + (m * 17 + t.id * 5) % 50],
			       m % 2 = 0, CASE WHEN m % 2 = 0 THEN 3 ELSE 0 END, true,
			       t.created_at + m * interval '1 minute'
			FROM tickets t CROSS JOIN generate_series(1, ?) m
			WHERE t.company_id IN (SELECT id FROM companies WHERE name LIKE 'Bench %')`, []any{max(1, messages/tickets)}}
}
