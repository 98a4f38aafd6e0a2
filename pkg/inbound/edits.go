package inbound

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// DeletedMarker replaces the text of a message its sender deleted when the company erases
// deleted messages (LGPD with lgpdDeleteMessage, BEHAVIOUR §4).
const DeletedMarker = "🚫 Mensagem apagada"

// deleted flags the message the sender deleted. With enableLGPD and lgpdDeleteMessage its
// content is erased too: the text becomes DeletedMarker, and its file, contact card and
// name leave the row (the ticket's preview follows when it was the newest message);
// otherwise the content stays for the attendants, shown as deleted.
func (p Processor) deleted(ctx context.Context, tx *gorm.DB, conn connection.Connection, ev channel.Event) (*announce, error) {
	set := map[string]any{"is_deleted": true}
	erase := p.erasesDeleted(ctx)
	if erase {
		set["body"], set["media_path"], set["media_name"], set["vcard"], set["media_type"] = DeletedMarker, "", "", "", message.TypeChat
	}
	out, err := p.update(tx, conn, ev.TargetID, "ack", nil, set)
	if err != nil || !erase {
		return out, err
	}
	return repreview(tx, out)
}

// erasesDeleted: the company's LGPD settings ask to erase deleted messages.
func (p Processor) erasesDeleted(ctx context.Context) bool {
	return p.Settings != nil && p.Settings.Value(ctx, "enableLGPD") == "enabled" &&
		p.Settings.Value(ctx, "lgpdDeleteMessage") == "enabled"
}

// repreview makes a changed message (edited, erased) its ticket's preview again when it is
// the ticket's newest message (private notes are never the preview); the ticket then
// changes too, and its event goes out with the message's. Its time is left alone: an edit
// is not new activity.
func repreview(tx *gorm.DB, out *announce) (*announce, error) {
	m := out.msg
	var t ticket.Ticket
	res := tx.Raw(`UPDATE tickets t SET last_message = ? WHERE t.id = ? AND t.company_id = ?
		AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = t.id AND NOT m.is_private
		  AND (m.created_at, m.id) > (?, ?)) RETURNING t.*`,
		message.Preview(m), m.TicketID, m.CompanyID, m.CreatedAt, m.ID).Scan(&t)
	if res.Error != nil || res.RowsAffected == 0 {
		return out, res.Error
	}
	var c contact.Contact
	if err := tx.Where("company_id = ?", t.CompanyID).Take(&c, t.ContactID).Error; err != nil {
		return nil, err
	}
	out.known = &known{ticket: t, contact: c}
	return out, nil
}
