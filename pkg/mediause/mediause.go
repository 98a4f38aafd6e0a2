// Package mediause answers whether a stored file is still named by anything of its
// company: records reuse files by path rather than copying them (a bot sends a file list's
// file, a campaign its image, a greeting its media, a schedule its attachment, a flow its
// cards' files), so a file a record lets go of may still be what sent messages and other
// records show.
package mediause

import (
	"strings"

	"gorm.io/gorm"

	"atende/pkg/storage"
)

// InUse reports whether a message, schedule, file-list option, connection greeting,
// campaign, quick message or flow of companyID names rel. Each lookup is by company and
// path; a flow's node keeps the name relative to the company ("flow/…", pkg/flow), found
// quoted in the company's graphs.
func InUse(tx *gorm.DB, companyID int64, rel string) (bool, error) {
	if rel == "" {
		return false, nil
	}
	_, name, _ := strings.Cut(rel, "/")
	var used bool
	err := tx.Raw(`SELECT EXISTS (SELECT 1 FROM messages WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM schedules WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM file_options o JOIN files f ON f.id = o.file_id WHERE f.company_id = @c AND o.path = @p)
		OR EXISTS (SELECT 1 FROM connections WHERE company_id = @c AND greeting_media_attachment = @p)
		OR EXISTS (SELECT 1 FROM campaigns WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM quick_messages WHERE company_id = @c AND media_path = @p)
		OR EXISTS (SELECT 1 FROM flows WHERE company_id = @c AND strpos(nodes::text, @n) > 0)`,
		map[string]any{"c": companyID, "p": rel, "n": `"` + name + `"`}).Scan(&used).Error
	return used, err
}

// Remover deletes a stored file.
type Remover interface{ Remove(rel string) error }

// RemoveUnused deletes rel unless something of its company still names it. The company is
// read from the path (storage.Owner); a path without one is kept.
func RemoveUnused(db *gorm.DB, media Remover, rel string) error {
	if rel == "" || media == nil {
		return nil
	}
	companyID, _, ok := storage.Owner(rel)
	if !ok {
		return nil
	}
	used, err := InUse(db, companyID, rel)
	if err != nil || used {
		return err
	}
	return media.Remove(rel)
}
