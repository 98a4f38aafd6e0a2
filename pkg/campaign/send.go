package campaign

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// part is one channel send of a shipping step.
type part struct {
	out  channel.Outgoing
	sent channel.Sent
}

// send performs a shipping's next step through the channel and records it on the row:
// the confirmation request when the campaign asks first and the contact was not asked,
// else the message (media with the text as caption; an audio after its text). With
// openTicket the sends are stored in the contact's ticket too. It returns that ticket.
func (d Dispatcher) send(ctx context.Context, tx *gorm.DB, c Campaign, conn connection.Connection, sh *Shipping,
	set Settings, now time.Time) (int64, error) {
	ch, err := d.Channels.For(conn)
	if err != nil {
		return 0, err
	}
	asking := c.Confirmation && sh.ConfirmationRequestedAt == nil && sh.ConfirmedAt == nil
	var parts []part
	var text string
	if asking {
		text = Render(Pick(c.Confirmations(), sh.ID, 2), *sh, set.Variables)
		parts = []part{{out: channel.Outgoing{MessageID: SendID(sh.ID, 0), To: sh.Number, Kind: channel.KindText, Body: text}}}
	} else {
		if msgs := c.Messages(); len(msgs) > 0 {
			text = Render(Pick(msgs, sh.ID, 1), *sh, set.Variables)
		}
		parts = messageParts(c, sh, text)
	}
	for i := range parts {
		p := &parts[i]
		if p.sent, err = ch.Send(ctx, conn, p.out); err != nil {
			return 0, &sendError{err}
		}
	}
	ticketID := int64(0)
	if c.OpenTicket == "enabled" {
		if ticketID, err = storeInTicket(ctx, tx, c, conn, *sh, parts); err != nil {
			return 0, err
		}
	}
	set0 := map[string]any{"connection_id": conn.ID, "updated_at": time.Now()}
	if ticketID != 0 {
		set0["ticket_id"] = ticketID
	}
	if asking {
		set0["confirmation_requested_at"], set0["confirm_provider_id"], set0["confirmation_message"] = now, parts[0].sent.ProviderID, text
	} else {
		set0["delivered_at"], set0["provider_id"], set0["message"] = now, parts[0].sent.ProviderID, text
		set0["ack"] = gorm.Expr("GREATEST(ack, ?)", max(parts[0].sent.Ack, message.AckSent))
	}
	return ticketID, tx.Model(&Shipping{}).Where("id = ?", sh.ID).Updates(set0).Error
}

// sendError is a send the channel refused, told apart from a failure of our own records:
// nothing of the step is written yet, so the step may still record what it makes of it.
type sendError struct{ err error }

func (e *sendError) Error() string { return e.err.Error() }
func (e *sendError) Unwrap() error { return e.err }

// messageParts is the message step's sends.
func messageParts(c Campaign, sh *Shipping, text string) []part {
	if c.MediaPath == "" {
		return []part{{out: channel.Outgoing{MessageID: SendID(sh.ID, 1), To: sh.Number, Kind: channel.KindText, Body: text}}}
	}
	media := channel.Outgoing{MessageID: SendID(sh.ID, 1), To: sh.Number, Kind: channel.KindMedia, Body: text,
		MediaPath: c.MediaPath, MediaName: c.MediaName, MediaType: c.MediaType}
	if c.MediaType != message.TypeAudio || text == "" {
		return []part{{out: media}}
	}
	media.Body, media.MessageID = "", SendID(sh.ID, 2)
	return []part{{out: channel.Outgoing{MessageID: SendID(sh.ID, 1), To: sh.Number, Kind: channel.KindText, Body: text}},
		{out: media}}
}

// storeInTicket stores what was sent in the contact's ticket on the connection: its open
// or pending ticket, or a new one in the campaign's status, queue and user (BEHAVIOUR §7).
func storeInTicket(ctx context.Context, tx *gorm.DB, c Campaign, conn connection.Connection, sh Shipping, parts []part) (int64, error) {
	ct, err := contact.Upsert(ctx, tx, contact.Inbound{Number: sh.Number, Name: sh.Name, Channel: conn.Channel, ConnectionID: conn.ID})
	if err != nil {
		return 0, err
	}
	t, created, err := ticket.FindOrCreate(ctx, tx, ct, conn, true)
	if err != nil {
		return 0, err
	}
	if created {
		set := map[string]any{"status": c.StatusTicket, "queue_id": c.QueueID, "is_bot": false}
		if c.StatusTicket == ticket.StatusOpen {
			set["user_id"] = c.UserID
		}
		if err := tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(set).Error; err != nil {
			return 0, err
		}
		t.QueueID = c.QueueID
	}
	msgs := make([]*message.Message, 0, len(parts))
	for _, p := range parts {
		pid, contactID, connID := p.sent.ProviderID, ct.ID, conn.ID
		m := &message.Message{CompanyID: c.CompanyID, TicketID: t.ID, ContactID: &contactID, ConnectionID: &connID,
			QueueID: t.QueueID, ProviderID: &pid, Body: p.out.Body, FromMe: true, MediaType: kindOf(p.out, c),
			MediaPath: p.out.MediaPath, MediaName: p.out.MediaName, Ack: max(p.sent.Ack, message.AckSent)}
		msgs = append(msgs, m)
	}
	if err := message.InsertOnce(tx, msgs); err != nil {
		return 0, err
	}
	last := msgs[len(msgs)-1]
	return t.ID, tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(map[string]any{
		"last_message": message.Preview(*last), "from_me": true, "updated_at": time.Now()}).Error
}

func kindOf(out channel.Outgoing, c Campaign) string {
	if out.Kind == channel.KindMedia {
		return c.MediaType
	}
	return message.TypeChat
}

// announceTickets publishes the tickets campaign sends were stored in.
func (d Dispatcher) announceTickets(ctx context.Context, ids []int64) {
	if d.Events == nil {
		return
	}
	for _, id := range ids {
		if t, err := ticket.Get(ctx, d.DB, id); err == nil {
			ticket.PublishUpdate(ctx, d.Events, t, "")
		}
	}
}
