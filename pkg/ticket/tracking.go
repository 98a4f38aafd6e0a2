package ticket

import (
	"gorm.io/gorm"
)

// A tracking row is one service episode of a ticket (the row with finished_at NULL is the
// current one): when it was queued, started by an attendant, closed.

// startTracking marks the current episode started now by userID, opening a new episode
// when none is current (a reopened or agent-created ticket).
func startTracking(tx *gorm.DB, t Ticket, userID *int64) error {
	res := tx.Exec(`UPDATE ticket_trackings SET started_at = now(), user_id = ?, queue_id = ?, updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, userID, t.QueueID, t.ID)
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	return tx.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, user_id, queue_id, queued_at, started_at)
		VALUES (?, ?, ?, ?, ?, now(), now())`, t.CompanyID, t.ID, t.ConnectionID, userID, t.QueueID).Error
}

// unstartTracking puts the current episode back in the queue (no attendant).
func unstartTracking(tx *gorm.DB, t Ticket) error {
	return tx.Exec(`UPDATE ticket_trackings SET started_at = NULL, user_id = NULL, queue_id = ?, updated_at = now()
		WHERE ticket_id = ? AND finished_at IS NULL`, t.QueueID, t.ID).Error
}

// finishTracking closes the current episode.
func finishTracking(tx *gorm.DB, t Ticket) error {
	return tx.Exec(`UPDATE ticket_trackings SET closed_at = now(), finished_at = now(), user_id = COALESCE(?, user_id),
		queue_id = COALESCE(?, queue_id), updated_at = now() WHERE ticket_id = ? AND finished_at IS NULL`,
		t.UserID, t.QueueID, t.ID).Error
}
