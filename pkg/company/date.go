package company

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"
)

// Date is a calendar date (no time of day) that reads and writes "YYYY-MM-DD".
type Date struct{ time.Time }

// NewDate builds a Date from a year, month and day.
func NewDate(y int, m time.Month, d int) Date { return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)} }

func (d Date) String() string { return d.Format(time.DateOnly) }

// MarshalJSON writes "YYYY-MM-DD".
func (d Date) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// UnmarshalJSON reads "YYYY-MM-DD" or an RFC 3339 timestamp.
func (d *Date) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	for _, layout := range []string{time.DateOnly, time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			*d = NewDate(t.Date())
			return nil
		}
	}
	return fmt.Errorf("invalid date %q", s)
}

// Value stores the date as a string PostgreSQL casts to date.
func (d Date) Value() (driver.Value, error) { return d.String(), nil }

// Scan reads a PostgreSQL date.
func (d *Date) Scan(v any) error {
	switch t := v.(type) {
	case time.Time:
		*d = NewDate(t.Date())
	case string:
		return d.UnmarshalJSON([]byte(`"` + t + `"`))
	case []byte:
		return d.UnmarshalJSON(append(append([]byte{'"'}, t...), '"'))
	default:
		return fmt.Errorf("cannot scan %T into Date", v)
	}
	return nil
}
