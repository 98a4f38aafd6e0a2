package ticket

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/tenant"
)

// ForSchedule is the ticket a scheduled message with openTicket goes to (BEHAVIOUR §8): the
// contact's active ticket on conn as it is, else a new one with the schedule's status
// (closed, pending or open; open needs a user, else pending), queue and user. It runs in
// tx; a ticket another transaction opened meanwhile is read instead.
func ForSchedule(ctx context.Context, tx *gorm.DB, c contact.Contact, conn connection.Connection, status string, queueID, userID *int64) (Ticket, bool, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Ticket{}, false, err
	}
	tx = tx.WithContext(ctx)
	t, err := active(tx, companyID, c.ID, conn.ID)
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return t, false, err
	}
	if status != StatusOpen && status != StatusClosed {
		status = StatusPending
	}
	if status == StatusOpen && userID == nil {
		status = StatusPending
	}
	if c.IsGroup && !conn.GroupsAsTickets() && status != StatusClosed {
		status = StatusGroup
	}
	t = Ticket{CompanyID: companyID, ContactID: c.ID, ConnectionID: &conn.ID, Channel: conn.Channel, IsGroup: c.IsGroup,
		QueueID: queueID, UserID: userID, Status: status, FromMe: true}
	res := tx.Clauses(onActiveConflict).Create(&t)
	if res.Error != nil {
		return Ticket{}, false, res.Error
	}
	if res.RowsAffected == 0 {
		t, err = active(tx, companyID, c.ID, conn.ID)
		return t, false, err
	}
	if status == StatusOpen {
		if err := startTracking(tx, t, userID); err != nil {
			return Ticket{}, false, err
		}
	}
	return t, true, WriteLog(ctx, tx, t.ID, LogCreate, userID, queueID)
}
