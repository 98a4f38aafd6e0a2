package auth

import (
	"context"
	"net/http"
	"time"

	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/user"
)

// ErrOutOfHours refuses an attendant's sign-in outside their working hours (spec/1 error
// catalogue). 403, not 401: the credentials were right.
var ErrOutOfHours = errs.New(http.StatusForbidden, "ERR_OUT_OF_HOURS", "Fora do horário de expediente!")

// checkWorkHours refuses u's sign-in at now outside startWork–endWork in the company's time
// zone. Only attendants have working hours: the family checks profile "user" only, and an
// admin (or a super user) must always be able to sign in, if only to change those hours.
// A session already open is not cut at the end of the shift; refreshing it goes on.
func (s Service) checkWorkHours(ctx context.Context, u user.User) error {
	if u.Profile != user.ProfileUser || u.Super || u.StartWork == "" && u.EndWork == "" {
		return nil
	}
	var zone string
	if err := s.DB.WithContext(ctx).Table("companies").Select("timezone").Where("id = ?", u.CompanyID).
		Scan(&zone).Error; err != nil {
		return err
	}
	loc := hours.ZoneOr(zone)
	if !WithinWorkHours(u.StartWork, u.EndWork, s.now().In(loc)) {
		return ErrOutOfHours
	}
	return nil
}

// WithinWorkHours reports whether the wall-clock time of at is inside start–end ("HH:mm",
// both minutes included). An end before the start is a shift across midnight; a bound
// that is empty or unreadable leaves that side open.
func WithinWorkHours(start, end string, at time.Time) bool {
	now := at.Hour()*60 + at.Minute()
	from, okFrom := minuteOfDay(start)
	to, okTo := minuteOfDay(end)
	switch {
	case !okFrom && !okTo:
		return true
	case !okFrom:
		return now <= to
	case !okTo:
		return now >= from
	case from <= to:
		return now >= from && now <= to
	}
	return now >= from || now <= to
}

func minuteOfDay(hhmm string) (int, bool) {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

func (s Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
