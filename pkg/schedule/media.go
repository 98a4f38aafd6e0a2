package schedule

import (
	"context"

	"gorm.io/gorm"
)

// A schedule's image is stored once: every message it writes in a ticket (each send of a
// recurring schedule) names the same file. So a file leaves storage only when neither a
// message nor another schedule of the company still names it.

// FileInUse answers whether a message of the company, or a schedule other than except,
// names the stored file rel.
func FileInUse(tx *gorm.DB, companyID int64, rel string, except int64) (bool, error) {
	if rel == "" {
		return false, nil
	}
	var used bool
	err := tx.Raw(`SELECT EXISTS (SELECT 1 FROM messages WHERE company_id = ? AND media_path = ?)
		OR EXISTS (SELECT 1 FROM schedules WHERE company_id = ? AND media_path = ? AND id <> ?)`,
		companyID, rel, companyID, rel, except).Scan(&used).Error
	return used, err
}

// removeUnused deletes rel from storage unless the decision taken in the transaction was
// that something still names it.
func (s Service) removeUnused(ctx context.Context, rel string, used bool) {
	if s.Media == nil || rel == "" || used {
		return
	}
	_ = s.Media.Remove(rel)
}
