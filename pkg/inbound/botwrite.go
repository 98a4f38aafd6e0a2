package inbound

import (
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// The batch's bot writes, one statement each whatever the batch's size (the statements'
// texts never change, so PostgreSQL plans each once per connection).

// writeReplies stores every reply of the turns, in order, as outgoing rows at ack 0 (the
// system's: no user), and returns their announces with their send times. A reply whose
// channel names it after our id (name, channel.Registry.ProviderID) is stored with that
// provider id, so recording its send later is a HOT update. Each row's creation time is a
// microsecond after the one before: views that sort by time alone keep the replies' order.
func writeReplies(tx *gorm.DB, turns []*turn, name func(connection.Connection, int64) string) ([]announce, error) {
	var msgs []*message.Message
	var delays []time.Duration
	var via []connection.Connection // each reply's connection
	base := time.Now().Truncate(time.Microsecond)
	for _, tu := range turns {
		t := tu.a.ticket
		at := tu.at
		for _, r := range tu.o.Replies {
			at += r.Delay
			m := &message.Message{CompanyID: t.CompanyID, TicketID: t.ID, ContactID: &t.ContactID, ConnectionID: t.ConnectionID,
				QueueID: tu.o.Ticket.QueueID, Body: message.Marked(r.Body), FromMe: true, MediaType: mediaKind(r.MediaType, r.MediaPath),
				MediaPath: r.MediaPath, MediaName: r.MediaName, Read: true, CreatedAt: base.Add(time.Duration(len(msgs)) * time.Microsecond)}
			m.UpdatedAt = m.CreatedAt
			if r.Quote {
				m.QuotedMsgID = &tu.a.msg.ID
			}
			msgs, delays, via = append(msgs, m), append(delays, at), append(via, tu.a.conn)
			t.LastMessage, t.FromMe, t.UnreadMessages = message.Preview(*m), true, 0
		}
	}
	if len(msgs) == 0 {
		return nil, nil
	}
	if err := reserveIDs(tx, msgs); err != nil {
		return nil, err
	}
	var ids, companies, tickets atdb.Int64s
	var contacts, conns, queues, quoted atdb.NullInt64s
	var providers, bodies, types, paths, names atdb.Texts
	var created atdb.Times
	outs := make([]announce, len(msgs))
	for i, m := range msgs {
		provider := name(via[i], m.ID)
		if provider != "" {
			m.ProviderID = &provider
		}
		ids, companies, tickets, contacts = append(ids, m.ID), append(companies, m.CompanyID), append(tickets, m.TicketID), append(contacts, m.ContactID)
		conns, queues, quoted = append(conns, m.ConnectionID), append(queues, m.QueueID), append(quoted, m.QuotedMsgID)
		bodies, types, paths, names = append(bodies, m.Body), append(types, m.MediaType), append(paths, m.MediaPath), append(names, m.MediaName)
		providers, created = append(providers, provider), append(created, m.CreatedAt)
		outs[i] = announce{action: "create", msg: *m, ticketID: m.TicketID, send: true, delay: delays[i]}
	}
	// A reply named ahead waits in the outbox from here; one without a name gets its outbox
	// row from the messages trigger (migration 00054).
	if err := tx.Exec(`WITH stored AS (INSERT INTO messages (id, company_id, ticket_id, contact_id, connection_id, queue_id,
		  quoted_msg_id, provider_id, body, media_type, media_path, media_name, from_me, read, ack, created_at, updated_at)
		SELECT id, c, t, ct, cn, q, qm, NULLIF(pv, ''), b, mt, mp, mn, true, true, 0, at, at FROM unnest(?::bigint[],
		  ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[],
		  ?::text[], ?::text[], ?::timestamptz[]) AS v(id, c, t, ct, cn, q, qm, pv, b, mt, mp, mn, at)
		RETURNING id, provider_id, created_at)
		INSERT INTO message_outbox (message_id, created_at) SELECT id, created_at FROM stored WHERE provider_id IS NOT NULL`,
		ids, companies, tickets, contacts, conns, queues, quoted, providers, bodies, types, paths, names, created).Error; err != nil {
		return nil, err
	}
	return outs, nil
}

// reserveIDs takes the messages' ids from the table's sequence, in order, before their
// insert: a provider id named after our id goes in with the row.
func reserveIDs(tx *gorm.DB, msgs []*message.Message) error {
	var ids []int64
	if err := tx.Raw(`SELECT nextval('messages_id_seq') FROM generate_series(1, ?)`, len(msgs)).Find(&ids).Error; err != nil {
		return err
	}
	if len(ids) != len(msgs) {
		return fmt.Errorf("inbound: %d message ids reserved for %d replies", len(ids), len(msgs))
	}
	slices.Sort(ids)
	for i, m := range msgs {
		m.ID = ids[i]
	}
	return nil
}

// mediaKind is a reply's message type: text, or its file's type.
func mediaKind(typ, path string) string {
	switch {
	case path == "":
		return message.TypeChat
	case typ == "":
		return message.TypeDocument
	}
	return typ
}

// saveTickets writes the bot's columns of every ticket a turn changed, with the preview
// its replies left, as the batch holds them (the rows are locked by the batch).
func saveTickets(tx *gorm.DB, turns []*turn) error {
	seen := map[int64]bool{}
	var ids, amounts, amountsNPS, unread atdb.Int64s
	var queues, users, options, integrations atdb.NullInt64s
	var statuses, sent, accepted, previews atdb.Texts
	var outOfHour, inactive, useIntegration, fromMe atdb.Bools
	var at atdb.Times
	stamp := func(p *time.Time) string {
		if p == nil {
			return ""
		}
		return p.Format(time.RFC3339Nano)
	}
	for _, tu := range turns {
		t := tu.a.ticket
		if seen[t.ID] || (tu.set == nil && len(tu.o.Replies) == 0) {
			continue
		}
		seen[t.ID] = true
		ids, amounts, amountsNPS = append(ids, t.ID), append(amounts, int64(t.AmountUsedBotQueues)), append(amountsNPS, int64(t.AmountUsedBotQueuesNPS))
		unread, queues, users = append(unread, int64(t.UnreadMessages)), append(queues, t.QueueID), append(users, t.UserID)
		options, integrations = append(options, t.ChatbotOptionID), append(integrations, t.IntegrationID)
		statuses, sent, accepted = append(statuses, t.Status), append(sent, stamp(t.LgpdSendMessageAt)), append(accepted, stamp(t.LgpdAcceptedAt))
		previews, outOfHour, inactive = append(previews, t.LastMessage), append(outOfHour, t.IsOutOfHour), append(inactive, t.SendInactiveMessage)
		useIntegration, fromMe, at = append(useIntegration, t.UseIntegration), append(fromMe, t.FromMe), append(at, t.UpdatedAt)
	}
	if len(ids) == 0 {
		return nil
	}
	return tx.Exec(`UPDATE tickets t SET status = v.status, queue_id = v.queue_id, user_id = v.user_id,
		  amount_used_bot_queues = v.amount, amount_used_bot_queues_nps = v.amount_nps, is_out_of_hour = v.ooh,
		  send_inactive_message = v.inactive, chatbot_option_id = v.opt, integration_id = v.integ, use_integration = v.use_integ,
		  lgpd_send_message_at = NULLIF(v.sent, '')::timestamptz, lgpd_accepted_at = NULLIF(v.accepted, '')::timestamptz,
		  last_message = v.preview, from_me = v.from_me, unread_messages = v.unread, updated_at = v.at
		FROM unnest(?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::boolean[], ?::boolean[],
		  ?::bigint[], ?::bigint[], ?::boolean[], ?::text[], ?::text[], ?::text[], ?::boolean[], ?::bigint[], ?::timestamptz[])
		  AS v(id, status, queue_id, user_id, amount, amount_nps, ooh, inactive, opt, integ, use_integ, sent, accepted,
		  preview, from_me, unread, at)
		WHERE t.id = v.id`, ids, statuses, queues, users, amounts, amountsNPS, outOfHour, inactive, options, integrations,
		useIntegration, sent, accepted, previews, fromMe, unread, at).Error
}

// writeLogs appends the turns' log entries.
func writeLogs(tx *gorm.DB, turns []*turn) error {
	var companies, tickets atdb.Int64s
	var users, queues atdb.NullInt64s
	var types atdb.Texts
	for _, tu := range turns {
		for _, l := range tu.o.Logs {
			companies, tickets = append(companies, tu.a.CompanyID), append(tickets, tu.a.ticket.ID)
			users, queues, types = append(users, l.UserID), append(queues, l.QueueID), append(types, l.Type)
		}
	}
	if len(types) == 0 {
		return nil
	}
	return tx.Exec(`INSERT INTO ticket_logs (company_id, ticket_id, user_id, queue_id, type)
		SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[])`,
		companies, tickets, users, queues, types).Error
}

// track records the bot's marks on each ticket's current service episode: when its bot
// started (chatbotAt, kept once set) and the queue it entered (queueId, queuedAt). A ticket
// without a current episode gets one; an episode that has both already is not rewritten
// (the menu's second and third showings).
func track(tx *gorm.DB, turns []*turn) error {
	type mark struct {
		t       ticket.Ticket
		chatbot string
		queue   *int64
	}
	var order []int64
	marks := map[int64]*mark{}
	for _, tu := range turns {
		if !tu.o.ChatbotAt && tu.o.Queued == nil {
			continue
		}
		m := marks[tu.a.ticket.ID]
		if m == nil {
			m = &mark{t: *tu.a.ticket}
			marks[m.t.ID], order = m, append(order, m.t.ID)
		}
		if tu.o.ChatbotAt && m.chatbot == "" {
			m.chatbot = tu.in.Now.Format(time.RFC3339Nano)
		}
		if tu.o.Queued != nil {
			m.queue = tu.o.Queued
		}
	}
	if len(order) == 0 {
		return nil
	}
	var companies, tickets atdb.Int64s
	var conns, queues atdb.NullInt64s
	var chatbots atdb.Texts
	for _, id := range order {
		m := marks[id]
		companies, tickets, conns = append(companies, m.t.CompanyID), append(tickets, id), append(conns, m.t.ConnectionID)
		queues, chatbots = append(queues, m.queue), append(chatbots, m.chatbot)
	}
	return tx.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, queue_id, queued_at, chatbot_at)
		SELECT c, t, n, q, CASE WHEN q IS NULL THEN NULL ELSE now() END, NULLIF(cb, '')::timestamptz
		FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[]) AS v(c, t, n, q, cb)
		ON CONFLICT (ticket_id) WHERE finished_at IS NULL DO UPDATE SET
		  chatbot_at = COALESCE(ticket_trackings.chatbot_at, EXCLUDED.chatbot_at),
		  queue_id = COALESCE(EXCLUDED.queue_id, ticket_trackings.queue_id),
		  queued_at = COALESCE(EXCLUDED.queued_at, ticket_trackings.queued_at),
		  updated_at = now()
		WHERE EXCLUDED.queue_id IS NOT NULL OR ticket_trackings.chatbot_at IS NULL`,
		companies, tickets, conns, queues, chatbots).Error
}
