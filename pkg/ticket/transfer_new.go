package ticket

import (
	"context"

	"gorm.io/gorm"
)

// transferToNewTicket is a queue transfer with closeTicketOnTransfer on (BEHAVIOUR §6): the
// old ticket is closed (no farewell: the conversation goes on), a new one opens in the
// target queue, for the target user if given, and the message history moves to it so the
// attendant who receives it reads the whole conversation. The old ticket keeps its logs
// and notes as the record of the first service.
func (s Service) transferToNewTicket(ctx context.Context, tx *gorm.DB, v viewer, old Ticket, in UpdateInput, fx *effects) error {
	closed := old
	fields := endEpisode(&closed) // as every close: a reopened ticket starts afresh
	fields["is_transfered"] = true
	if err := save(tx, old.ID, fields); err != nil {
		return err
	}
	if err := finishTracking(tx, old); err != nil {
		return err
	}
	if err := WriteLog(ctx, tx, old.ID, LogTransfered, &v.ID, old.QueueID); err != nil {
		return err
	}
	t := Ticket{CompanyID: old.CompanyID, ContactID: old.ContactID, ConnectionID: old.ConnectionID,
		QueueID: in.QueueID, UserID: in.UserID, Channel: old.Channel, IsGroup: old.IsGroup,
		LastMessage: old.LastMessage, FromMe: old.FromMe, UnreadMessages: old.UnreadMessages,
		IsTransfered: true, Status: StatusPending}
	if t.UserID != nil {
		t.Status = acceptedStatus(t)
	}
	if err := tx.Create(&t).Error; err != nil {
		return err
	}
	if err := tx.Exec("UPDATE messages SET ticket_id = ? WHERE ticket_id = ?", t.ID, old.ID).Error; err != nil {
		return err
	}
	if err := tx.Exec("UPDATE tickets SET unread_messages = 0 WHERE id = ?", old.ID).Error; err != nil {
		return err
	}
	track := func() error { return openTrackings(tx, []int64{t.ID}) }
	if t.UserID != nil {
		track = func() error { return startTracking(tx, t, t.UserID) }
	}
	if err := track(); err != nil {
		return err
	}
	if err := WriteLog(ctx, tx, t.ID, LogReceivedTransfer, t.UserID, t.QueueID); err != nil {
		return err
	}
	fx.movedTo = t.ID
	s.transferEffects(ctx, v, old, t, in, fx)
	return nil
}
