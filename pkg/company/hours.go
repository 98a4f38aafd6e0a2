package company

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/validate"
)

// Hours is a company's weekly business-hours table (Settings, Schedules tab), read when
// the scheduleType setting is "company". It is kept apart from Company, which every
// request loads.
type Hours struct {
	ID        int64           `json:"id"`
	Schedules hours.Schedules `json:"schedules"`
}

// Hours returns the company's table; a missing company is ErrNoCompany. Callers check
// who may read it.
func (s Store) Hours(ctx context.Context, id int64) (Hours, error) {
	h := Hours{ID: id}
	err := s.DB.WithContext(ctx).Table("companies").Select("schedules").Where("id = ?", id).
		Take(&h).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Hours{}, errs.ErrNoCompany
	}
	return h, err
}

// SetHours validates and replaces the company's table (nil is refused: the form always
// sends the whole week).
func (s Store) SetHours(ctx context.Context, id int64, table *hours.Schedules) (Hours, error) {
	v := errs.Validation{}
	if table == nil {
		v.Add("schedules", validate.MsgRequired)
	} else {
		table.Validate(v, "schedules")
	}
	if err := v.Err(); err != nil {
		return Hours{}, err
	}
	res := s.DB.WithContext(ctx).Table("companies").Where("id = ?", id).
		Updates(map[string]any{"schedules": *table, "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return Hours{}, res.Error
	}
	if res.RowsAffected == 0 {
		return Hours{}, errs.ErrNoCompany
	}
	return Hours{ID: id, Schedules: *table}, nil
}
