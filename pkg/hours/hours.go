// Package hours holds business-hours tables (spec/2 "Schedule entry"): one entry per
// weekday with two shifts, A and B, as connections, queues and companies keep them.
package hours

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"slices"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Weekdays are the weekdayEn values, Sunday first as the forms list them.
var Weekdays = []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// Entry is one weekday's hours. Empty times mean no shift.
type Entry struct {
	Weekday    string `json:"weekday"`
	WeekdayEn  string `json:"weekdayEn"`
	StartTimeA string `json:"startTimeA"`
	EndTimeA   string `json:"endTimeA"`
	StartTimeB string `json:"startTimeB"`
	EndTimeB   string `json:"endTimeB"`
}

// Schedules is a weekly table, stored as a jsonb array.
type Schedules []Entry

// Validate checks each entry: a known weekday at most once, times HH:mm (or empty).
// Errors are keyed field[i].name; a table longer than a week is refused whole.
func (s Schedules) Validate(v errs.Validation, field string) {
	if len(s) > len(Weekdays) {
		v.Add(field, validate.MsgTooLong)
		return
	}
	seen := map[string]bool{}
	for i, e := range s {
		key := fmt.Sprintf("%s[%d].", field, i)
		if !slices.Contains(Weekdays, e.WeekdayEn) || seen[e.WeekdayEn] {
			v.Add(key+"weekdayEn", validate.MsgBadOption)
		}
		seen[e.WeekdayEn] = true
		validate.Length(v, key+"weekday", e.Weekday, 0, 30)
		for name, t := range map[string]string{"startTimeA": e.StartTimeA, "endTimeA": e.EndTimeA,
			"startTimeB": e.StartTimeB, "endTimeB": e.EndTimeB} {
			if t != "" {
				validate.Time(v, key+name, t)
			}
		}
	}
}

// Value stores the table as JSON (an empty table as []).
func (s Schedules) Value() (driver.Value, error) {
	if s == nil {
		return "[]", nil
	}
	b, err := json.Marshal(s)
	return string(b), err
}

// Scan reads the jsonb column.
func (s *Schedules) Scan(v any) error {
	var b []byte
	switch t := v.(type) {
	case nil:
		*s = Schedules{}
		return nil
	case []byte:
		b = t
	case string:
		b = []byte(t)
	default:
		return fmt.Errorf("hours: cannot scan %T", v)
	}
	out := Schedules{}
	if err := json.Unmarshal(b, &out); err != nil {
		return err
	}
	*s = out
	return nil
}

// GormDataType tells gorm the column type.
func (Schedules) GormDataType() string { return "jsonb" }
