package company

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/tenant"
)

// NameAndZone is company id's name and time zone (UTC when it names none Go knows): what
// dates, business hours and message variables are rendered in.
func NameAndZone(ctx context.Context, db *gorm.DB, id int64) (string, *time.Location, error) {
	var c Company
	if err := db.WithContext(ctx).Select("name, timezone").Where("id = ?", id).Take(&c).Error; err != nil {
		return "", nil, err
	}
	return c.Name, c.Location(), nil
}

// Zone is company id's time zone (UTC when it names none Go knows).
func Zone(ctx context.Context, db *gorm.DB, id int64) (*time.Location, error) {
	_, loc, err := NameAndZone(ctx, db, id)
	return loc, err
}

// TenantZone is the time zone of the context's company.
func TenantZone(ctx context.Context, db *gorm.DB) (*time.Location, error) {
	id, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	return Zone(ctx, db, id)
}
