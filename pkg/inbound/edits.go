package inbound

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/mediause"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// DeletedMarker replaces the text of a message its sender deleted when the company erases
// deleted messages (LGPD with lgpdDeleteMessage, BEHAVIOUR §4).
const DeletedMarker = "🚫 Mensagem apagada"

// deleted flags the message the sender deleted. With enableLGPD and lgpdDeleteMessage its
// content is erased too: the text becomes DeletedMarker, its file, contact card and name
// leave the row, the file leaves storage (the ticket's preview follows when it was the
// newest message); otherwise the content stays for the attendants, shown as deleted.
func (p Processor) deleted(ctx context.Context, tx *gorm.DB, conn connection.Connection, ev channel.Event) (*announce, error) {
	set := map[string]any{"is_deleted": true}
	erase := p.erasesDeleted(ctx)
	var file string
	if erase {
		set["body"], set["media_path"], set["media_name"], set["vcard"], set["media_type"] = DeletedMarker, "", "", "", message.TypeChat
		if err := tx.Model(&message.Message{}).Select("media_path").
			Where("connection_id = ? AND provider_id = ?", conn.ID, ev.TargetID).Scan(&file).Error; err != nil {
			return nil, err
		}
	}
	out, err := p.update(tx, conn, ev.TargetID, "ack", nil, set)
	if err != nil || !erase {
		return out, err
	}
	if err := p.removeFile(tx, conn.CompanyID, file); err != nil {
		return nil, err
	}
	return repreview(tx, out)
}

// removeFile deletes an erased message's file from storage unless another message of the
// company still shows it (a forwarded copy, a schedule's other sends) or a schedule does. Should the transaction fail after this, the
// retried event erases the row anyway: nothing is left pointing at the file.
func (p Processor) removeFile(tx *gorm.DB, companyID int64, path string) error {
	store, ok := p.Media.(interface{ Remove(rel string) error })
	if path == "" || !ok {
		return nil
	}
	// A file shared with other messages or records (a schedule's, a file list's) stays.
	shared, err := mediause.InUse(tx, companyID, path)
	if err != nil || shared {
		return err
	}
	return store.Remove(path)
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
