package message

import (
	"context"
	"log/slog"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	atdb "atende/pkg/db"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// SendAll delivers stored messages of a company one after the other, in the order of ids
// (SendLists of one list).
func (d Delivery) SendAll(ctx context.Context, companyID int64, ids []int64, final bool) error {
	return d.SendLists(ctx, []tasks.SendList{{CompanyID: companyID, MessageIDs: ids}}, final)
}

// SendLists delivers lists of stored messages (a flow step's replies; a batch's bot replies,
// a list per company and connection), each list one message after the other, in the order
// of its ids. A message already delivered (provider id recorded) is skipped, and channels
// treat the message id as an idempotency key, so a retried task after a crash never sends
// twice. A message that can never go (or fails on the last attempt, final) is recorded as
// failed (ack -1, shown to the attendant) and does not hold back the next ones; any other
// failure stops its list, the other lists go on, and the task's retry goes on from that
// message. The messages, their contacts and their tickets' rooms are read once for all
// lists; channels that take many messages at once (channel.Batcher) get them in one call,
// recorded as sent in one statement; the changes are announced together.
func (d Delivery) SendLists(ctx context.Context, lists []tasks.SendList, final bool) error {
	return d.sendLists(ctx, lists, final, Known{})
}

// sendLists is SendLists, with the messages, rooms and contacts taken from known when it
// holds them all.
func (d Delivery) sendLists(ctx context.Context, lists []tasks.SendList, final bool, known Known) error {
	loaded, rooms, contacts, ok := known.lists(lists)
	if !ok {
		var err error
		if loaded, rooms, contacts, err = d.loadLists(ctx, lists); err != nil {
			return err
		}
	}
	s := &sending{d: d, final: final, contacts: contacts}
	defer func() { publishChanges(ctx, d.DB, d.Media, d.Events, s.done, rooms) }()
	for i, msgs := range loaded {
		s.list(tenant.With(ctx, lists[i].CompanyID), msgs)
	}
	s.flush(ctx)
	return s.result()
}

// loadLists reads the messages of the lists still waiting for their channel, each list in
// the order of its ids, with their tickets' rooms (read with them, for announcing) and
// their contacts. Every row is read by its id and its list's company.
func (d Delivery) loadLists(ctx context.Context, lists []tasks.SendList) ([][]Message, map[int64]ticket.Room, map[int64]contact.Contact, error) {
	var ids, companies atdb.Int64s
	for _, l := range lists {
		for _, id := range l.MessageIDs {
			ids, companies = append(ids, id), append(companies, l.CompanyID)
		}
	}
	var rows []struct {
		Message
		TicketUUID string
	}
	if err := d.DB.WithContext(ctx).Raw(`SELECT m.*, t.uuid AS ticket_uuid FROM messages m
		JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
		WHERE (m.id, m.company_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))`, ids, companies).Find(&rows).Error; err != nil {
		return nil, nil, nil, err
	}
	byID := make(map[int64]Message, len(rows))
	rooms := make(map[int64]ticket.Room, len(rows))
	var pending []Message
	for _, r := range rows {
		m := r.Message
		rooms[m.TicketID] = ticket.Room{ID: m.TicketID, CompanyID: m.CompanyID, UUID: r.TicketUUID}
		if m.waiting() { // else nothing left to do
			byID[m.ID] = m
			pending = append(pending, m)
		}
	}
	loaded := make([][]Message, len(lists))
	for i, l := range lists {
		for _, id := range l.MessageIDs {
			if m, ok := byID[id]; ok && m.CompanyID == l.CompanyID {
				loaded[i] = append(loaded[i], m)
			}
		}
	}
	contacts, err := d.contactsOf(ctx, pending)
	return loaded, rooms, contacts, err
}

// waiting tells an outgoing message still to be handed to its channel.
func (m Message) waiting() bool {
	return m.Ack == AckPending && m.FromMe && !m.IsPrivate && !m.IsDeleted
}

// contactsOf reads the contacts msgs go to, each by its id and its message's company, in
// one query.
func (d Delivery) contactsOf(ctx context.Context, msgs []Message) (map[int64]contact.Contact, error) {
	var ids, companies atdb.Int64s
	for _, m := range msgs {
		if m.ContactID != nil {
			ids, companies = append(ids, *m.ContactID), append(companies, m.CompanyID)
		}
	}
	contacts := map[int64]contact.Contact{}
	if len(ids) == 0 {
		return contacts, nil
	}
	var cs []contact.Contact
	if err := d.DB.WithContext(ctx).Where("(id, company_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))", ids, companies).
		Find(&cs).Error; err != nil {
		return nil, err
	}
	for _, c := range cs {
		contacts[c.ID] = c
	}
	return contacts, nil
}

// target is the connection and the contact (of contacts, read for the whole list) a
// message goes to.
func (d Delivery) target(ctx context.Context, m Message, contacts map[int64]contact.Contact) (connection.Connection, contact.Contact, error) {
	if m.ConnectionID == nil || m.ContactID == nil {
		return connection.Connection{}, contact.Contact{}, connection.ErrNotFound
	}
	conn, err := d.connection(ctx, m.CompanyID, *m.ConnectionID)
	if err != nil {
		return conn, contact.Contact{}, err
	}
	c, ok := contacts[*m.ContactID]
	if !ok || c.CompanyID != m.CompanyID {
		return conn, c, gorm.ErrRecordNotFound
	}
	return conn, c, nil
}

// recordSent writes the provider id the channel gave m, and returns m as recorded.
func (d Delivery) recordSent(ctx context.Context, m Message, sent channel.Sent) (Message, error) {
	out, err := d.recordSentAll(ctx, []Message{m}, []channel.Sent{sent})
	if err != nil {
		return m, err
	}
	return out[0], nil
}

// recordSentAll writes the provider ids the channel gave msgs (sent[i] is msgs[i]'s) in one
// statement, takes them out of the outbox, and returns msgs as recorded. A message still
// waiting (ack 0) is recorded once; its provider id, when written with the row (a channel
// that names messages after our id), is the same, so the update changes no indexed column.
// A message deleted or edited while it was on its way (after the send read it, before this
// mark) was skipped by that change's channel action, which acts on sent messages only: the
// action is queued again here, now that the message is on the channel. Delivery receipts
// wait for this record (inbound's applyAcks), so no other write moves the message from 0
// and hides such a change.
func (d Delivery) recordSentAll(ctx context.Context, msgs []Message, sent []channel.Sent) ([]Message, error) {
	var ids, acks atdb.Int64s
	var providers, bodies atdb.Texts
	out := make([]Message, len(msgs))
	for i, m := range msgs {
		ack := max(sent[i].Ack, AckSent)
		ids, providers, acks = append(ids, m.ID), append(providers, sent[i].ProviderID), append(acks, int64(ack))
		bodies = append(bodies, m.Body)
		m.ProviderID, m.Ack, m.SendError = &sent[i].ProviderID, ack, ""
		out[i] = m
	}
	var changed []overtaken
	err := d.DB.WithContext(ctx).Raw(`WITH sent AS (DELETE FROM message_outbox WHERE message_id = ANY(?::bigint[])),
		recorded AS (UPDATE messages m SET provider_id = v.provider, ack = GREATEST(m.ack, v.ack), send_error = '', updated_at = now()
		  FROM unnest(?::bigint[], ?::text[], ?::int[], ?::text[]) AS v(id, provider, ack, body)
		  WHERE m.id = v.id AND m.ack = 0
		  RETURNING m.id, m.company_id, m.is_deleted, m.body IS DISTINCT FROM v.body AS edited)
		SELECT id, company_id, is_deleted FROM recorded WHERE is_deleted OR edited`, ids, ids, providers, acks, bodies).Find(&changed).Error
	if err == nil {
		d.actAgain(ctx, changed)
	}
	return out, err
}

// overtaken is a message a delete or an edit reached while it was being sent.
type overtaken struct {
	ID        int64
	CompanyID int64
	IsDeleted bool
}

// actAgain queues the channel action of each overtaken message (a delete wins over an edit).
func (d Delivery) actAgain(ctx context.Context, msgs []overtaken) {
	for _, m := range msgs {
		action := tasks.ActionEdit
		if m.IsDeleted {
			action = tasks.ActionDelete
		}
		if err := enqueueAction(ctx, d.Queue, m.CompanyID, action, []int64{m.ID}); err != nil {
			slog.Error("message: a change made during its send not queued for the channel", "message_id", m.ID, "action", action, "err", err)
		}
	}
}
