package flow

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"gorm.io/gorm"

	"atende/pkg/mediause"
	"atende/pkg/storage"
)

// MediaGrace is how long an uploaded flow file is kept before a saved flow names it: the
// editor uploads a card's file when it is picked and saves the graph later.
const MediaGrace = 24 * time.Hour

// SweepMedia removes every company's flow media files older than cutoff that no flow of
// the company names (a card deleted, a file replaced, an upload never saved) and that no
// message, campaign or other record shows (mediause.InUse: what a flow sent stays in the
// history). It answers how many it removed; a file it cannot judge is kept.
func SweepMedia(ctx context.Context, db *gorm.DB, store storage.Store, cutoff time.Time) (int, error) {
	files, err := filepath.Glob(filepath.Join(store.Dir, "company*", MediaFolder, "*"))
	if err != nil {
		return 0, err
	}
	removed := 0
	for _, file := range files {
		if ctx.Err() != nil {
			return removed, ctx.Err()
		}
		info, err := os.Stat(file)
		if err != nil || !info.Mode().IsRegular() || info.ModTime().After(cutoff) {
			continue
		}
		rel, err := filepath.Rel(store.Dir, file)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		companyID, _, ok := storage.Owner(rel)
		if !ok || !ValidMediaName(MediaName(rel)) {
			continue
		}
		used, err := mediause.InUse(db.WithContext(ctx), companyID, rel)
		if err != nil {
			return removed, err
		}
		if !used {
			if err := store.Remove(rel); err != nil {
				return removed, err
			}
			removed++
		}
	}
	return removed, nil
}
