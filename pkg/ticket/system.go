package ticket

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/tenant"
)

// Changes made on nobody's screen: the external API (spec/3, BEHAVIOUR §13) and the end of
// a history import. They run inside the caller's transaction; the caller announces the
// ticket once it committed (PublishUpdate).

// Assign gives an unowned ticket to userID in queueID (the API's userId): open, or group
// for a WhatsApp group. A ticket another attendant holds is left to them.
func Assign(ctx context.Context, tx *gorm.DB, t *Ticket, userID int64, queueID *int64) error {
	if t.UserID != nil {
		return nil
	}
	return assignTo(ctx, tx, t, userID, queueID, LogOpen)
}

// SetQueue moves an unowned ticket to queueID (the API's queueId without userId).
func SetQueue(ctx context.Context, tx *gorm.DB, t *Ticket, queueID int64) error {
	if t.UserID != nil || (t.QueueID != nil && *t.QueueID == queueID) {
		return nil
	}
	t.QueueID = &queueID
	if err := save(tx, t.ID, map[string]any{"queue_id": queueID}); err != nil {
		return err
	}
	if err := trackQueue(tx, *t); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogQueue, nil, t.QueueID)
}

// CloseQuietly closes t without a farewell or rating request (the API's closeTicket).
func CloseQuietly(ctx context.Context, tx *gorm.DB, t *Ticket) error {
	if t.Status == StatusClosed {
		return nil
	}
	if err := save(tx, t.ID, endEpisode(t)); err != nil {
		return err
	}
	if err := finishTracking(tx, *t); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogClosed, t.UserID, t.QueueID)
}

// CloseImported closes the imported tickets still pending on a connection of the
// company, without farewell (POST /closedimported/{id}), and returns how many.
func (s Service) CloseImported(ctx context.Context, connectionID int64) (int, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return 0, err
	}
	w := where{}
	w.add("company_id = ? AND connection_id = ? AND imported AND status = ?", companyID, connectionID, StatusPending)
	return s.closeWhere(ctx, w, nil, StatusPending)
}
