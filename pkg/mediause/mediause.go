// Package mediause answers whether a stored file is still named by anything of its
// company: records reuse files by path rather than copying them (a bot sends a file list's
// file, a campaign its image, a greeting its media, a schedule its attachment), so a file a
// record lets go of may still be what sent messages and other records show.
package mediause

import (
	"fmt"

	"gorm.io/gorm"
)

// InUse reports whether a message, schedule, file-list option, connection greeting,
// campaign or quick message of companyID names rel. Each lookup is by company and path.
func InUse(tx *gorm.DB, companyID int64, rel string) (bool, error) {
	if rel == "" {
		return false, nil
	}
	var used bool
	err := tx.Raw(`SELECT EXISTS (SELECT 1 FROM messages WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM schedules WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM file_options o JOIN files f ON f.id = o.file_id WHERE f.company_id = @c AND o.path = @p)
		OR EXISTS (SELECT 1 FROM connections WHERE company_id = @c AND greeting_media_attachment = @p)
		OR EXISTS (SELECT 1 FROM campaigns WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM quick_messages WHERE company_id = @c AND media_path = @p)`,
		map[string]any{"c": companyID, "p": rel}).Scan(&used).Error
	return used, err
}

// Remover deletes a stored file.
type Remover interface{ Remove(rel string) error }

// RemoveUnused deletes rel unless something of its company still names it. The company is
// read from the path ("company{id}/…"); a path without one is kept.
func RemoveUnused(db *gorm.DB, media Remover, rel string) error {
	if rel == "" || media == nil {
		return nil
	}
	var companyID int64
	if _, err := fmt.Sscanf(rel, "company%d/", &companyID); err != nil || companyID <= 0 {
		return nil
	}
	used, err := InUse(db, companyID, rel)
	if err != nil || used {
		return err
	}
	return media.Remove(rel)
}
