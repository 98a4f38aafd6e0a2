package ticket

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// Changes the cron jobs (pkg/timers) make to a ticket they locked. at is the job's clock:
// the ticket's updated_at, from which the next idleness is counted.

// Redirect gives a waiting ticket without a queue the connection's sendIdQueue
// (BEHAVIOUR §6 "Redirect of queue-less tickets"): log "redirect", the episode's queue.
// No message is sent.
func Redirect(ctx context.Context, tx *gorm.DB, t *Ticket, queueID int64, at time.Time) error {
	tx = tx.WithContext(ctx)
	res := tx.Model(&Ticket{}).Where("id = ? AND status = ? AND queue_id IS NULL", t.ID, StatusPending).
		Updates(map[string]any{"queue_id": queueID, "updated_at": at})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	t.QueueID, t.UpdatedAt = &queueID, at
	if err := tx.Exec(`UPDATE ticket_trackings SET queue_id = ?, updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, queueID, t.ID).Error; err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogRedirect, nil, t.QueueID)
}

// Rotate hands a pending ticket of a rotating queue to userID (BEHAVIOUR §6 "Queue
// rotation"): the ticket stays pending, waiting for that attendant to accept it, so the
// service episode does not start and nothing is logged. from is the attendant it had
// (nil: none); a ticket that changed hands meanwhile is left alone.
func Rotate(ctx context.Context, tx *gorm.DB, t *Ticket, from *int64, userID int64, at time.Time) error {
	q := tx.WithContext(ctx).Model(&Ticket{}).Where("id = ? AND status = ?", t.ID, StatusPending)
	if from == nil {
		q = q.Where("user_id IS NULL")
	} else {
		q = q.Where("user_id = ?", *from)
	}
	res := q.Updates(map[string]any{"user_id": userID, "updated_at": at})
	if res.Error == nil && res.RowsAffected > 0 {
		t.UserID, t.UpdatedAt = &userID, at
	}
	return res.Error
}
