package ticket

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// IDList reads a query parameter of ids: a JSON list ([1,2], ["1"], [{"id":1}]) or a
// comma-separated list; others are skipped.
func IDList(s string) []int64 { return ids(s) }

// WordList reads a query parameter of words the way IDList reads ids.
func WordList(s string) []string { return words(s) }

// CompanyLocation is the time zone of the context's company (UTC when unknown).
func CompanyLocation(ctx context.Context, db *gorm.DB) (*time.Location, error) {
	_, loc, err := companyInfo(ctx, db)
	return loc, err
}
