package message

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	atdb "atende/pkg/db"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// SendAll delivers stored messages of a company one after the other, in the order of ids
// (a bot's or a flow step's replies). A message already delivered (provider id recorded)
// is skipped, and channels treat the message id as an idempotency key, so a retried task
// after a crash never sends twice; each message is recorded as sent as soon as its channel
// took it. A message that can never go (or fails on the last attempt, final) is recorded
// as failed (ack -1, shown to the attendant) and does not hold back the next ones; any
// other failure stops here, and the task's retry goes on from that message. The messages,
// their contacts and their tickets are read once for the whole list, and the changes are
// announced together.
func (d Delivery) SendAll(ctx context.Context, companyID int64, ids []int64, final bool) error {
	ctx = tenant.With(ctx, companyID)
	msgs, rooms, contacts, err := d.loadOutgoing(ctx, companyID, ids)
	if err != nil || len(msgs) == 0 {
		return err
	}
	var done []Message // sent or failed, to announce
	var kept error     // a failure that did not stop the list
	defer func() { publishChanges(ctx, d.DB, d.Media, d.Events, done, rooms) }()
	for _, m := range msgs {
		sent, err := d.sendOne(ctx, m, contacts)
		if err == nil {
			done = append(done, sent)
			continue
		}
		var elsewhere *channel.ElsewhereError
		if (final || channel.Final(err)) && !errors.As(err, &elsewhere) { // a handoff to the session's owner is no failure
			d.DB.WithContext(ctx).Model(&m).Updates(map[string]any{"ack": AckFailed, "send_error": err.Error(), "updated_at": time.Now()})
			m.Ack, m.SendError = AckFailed, err.Error()
			done = append(done, m)
		}
		switch {
		case channel.Final(err):
			kept = cmp.Or(kept, fmt.Errorf("%w: %w", err, asynq.SkipRetry)) // retrying can't help
		case final:
			kept = cmp.Or(kept, err)
		default:
			return err
		}
	}
	return kept
}

// loadOutgoing reads the messages of ids still waiting for their channel, in the order of
// ids, with their tickets' rooms (read with them, for announcing), and their contacts.
func (d Delivery) loadOutgoing(ctx context.Context, companyID int64, ids []int64) ([]Message, map[int64]ticket.Room, map[int64]contact.Contact, error) {
	var rows []struct {
		Message
		TicketUUID string
	}
	if err := d.DB.WithContext(ctx).Raw(`SELECT m.*, t.uuid AS ticket_uuid FROM messages m
		JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
		WHERE m.id = ANY(?::bigint[]) AND m.company_id = ?`, atdb.Int64s(ids), companyID).Scan(&rows).Error; err != nil {
		return nil, nil, nil, err
	}
	msgs := make([]Message, 0, len(rows))
	rooms := make(map[int64]ticket.Room, len(rows))
	for _, r := range rows {
		m := r.Message
		rooms[m.TicketID] = ticket.Room{ID: m.TicketID, CompanyID: m.CompanyID, UUID: r.TicketUUID}
		if m.ProviderID == nil && !m.IsPrivate && !m.IsDeleted && m.FromMe && m.Ack == AckPending { // else nothing left to do
			msgs = append(msgs, m)
		}
	}
	slices.SortFunc(msgs, func(a, b Message) int { return slices.Index(ids, a.ID) - slices.Index(ids, b.ID) })
	contacts, err := d.contactsOf(ctx, companyID, msgs)
	return msgs, rooms, contacts, err
}

// contactsOf reads the contacts msgs go to, by id, in one query.
func (d Delivery) contactsOf(ctx context.Context, companyID int64, msgs []Message) (map[int64]contact.Contact, error) {
	var ids atdb.Int64s
	for _, m := range msgs {
		if m.ContactID != nil {
			ids = append(ids, *m.ContactID)
		}
	}
	contacts := map[int64]contact.Contact{}
	if len(ids) == 0 {
		return contacts, nil
	}
	var cs []contact.Contact
	if err := d.DB.WithContext(ctx).Where("id = ANY(?::bigint[]) AND company_id = ?", ids, companyID).Find(&cs).Error; err != nil {
		return nil, err
	}
	for _, c := range cs {
		contacts[c.ID] = c
	}
	return contacts, nil
}

// sendOne hands m to its channel and records the provider id it got.
func (d Delivery) sendOne(ctx context.Context, m Message, contacts map[int64]contact.Contact) (Message, error) {
	conn, to, err := d.target(ctx, m, contacts)
	if err != nil {
		return m, err
	}
	if err := d.checkWindow(ctx, conn, m); err != nil {
		return m, err
	}
	ch, err := d.Channels.For(conn)
	if err != nil {
		return m, err
	}
	out, err := d.outgoing(ctx, m, to)
	if err != nil {
		return m, err
	}
	sent, err := ch.Send(ctx, conn, out)
	if err != nil {
		return m, err
	}
	return d.recordSent(ctx, m, sent)
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
	if !ok {
		return conn, c, gorm.ErrRecordNotFound
	}
	return conn, c, nil
}

// recordSent writes the provider id the channel gave m, and returns m as recorded.
func (d Delivery) recordSent(ctx context.Context, m Message, sent channel.Sent) (Message, error) {
	ack := max(sent.Ack, AckSent)
	res := d.DB.WithContext(ctx).Model(&Message{}).Where("id = ? AND provider_id IS NULL", m.ID).
		Updates(map[string]any{"provider_id": sent.ProviderID, "ack": gorm.Expr("GREATEST(ack, ?)", ack),
			"send_error": "", "updated_at": time.Now()})
	m.ProviderID, m.Ack, m.SendError = &sent.ProviderID, ack, ""
	return m, res.Error
}
