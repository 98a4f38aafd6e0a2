package connection

import (
	"strings"
	"time"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Date rules of the form (spec/2 §5).
const (
	ImportMaxAge      = 2  // years: the oldest history an import may reach
	VacationMinAgeDay = 10 // days: the earliest vacation date accepted
	// clockSkew lets a browser clock a little ahead send "now" as the import end.
	clockSkew = 5 * time.Minute
)

// Messages of the date rules.
const (
	MsgImportStart = "A data inicial da importação deve estar entre 2 anos atrás e agora"
	MsgImportEnd   = "A data final da importação deve estar entre a data inicial e agora"
	MsgVacationMin = "A data das férias coletivas não pode ser anterior a 10 dias atrás"
	MsgVacationEnd = "O fim das férias coletivas deve ser depois do início"
)

// timeLayouts are the forms a browser sends a moment in; without an offset it is read in
// the company's time zone.
var timeLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05",
	"2006-01-02 15:04", time.DateOnly}

// applyImport sets the history import window: start at most now and at most 2 years back,
// end between start and now; both or neither. Bounds are checked on the dates this request
// changes, so an old saved window doesn't block unrelated edits.
func (in Input) applyImport(v errs.Validation, c *Connection, f form) {
	startChanged := setTime(v, "importOldMessages", &c.ImportOldMessages, in.ImportOldMessages, f.loc)
	endChanged := setTime(v, "importRecentMessages", &c.ImportRecentMessages, in.ImportRecentMessages, f.loc)
	if !startChanged && !endChanged {
		return
	}
	start, end, latest := c.ImportOldMessages, c.ImportRecentMessages, f.now.Add(clockSkew)
	switch {
	case start == nil && end == nil:
		return // import off
	case start == nil:
		v.Add("importOldMessages", validate.MsgRequired)
	case end == nil:
		v.Add("importRecentMessages", validate.MsgRequired)
	}
	if startChanged && start != nil && (start.After(latest) || start.Before(f.now.AddDate(-ImportMaxAge, 0, 0))) {
		v.Add("importOldMessages", MsgImportStart)
	}
	if end != nil && ((start != nil && end.Before(*start)) || (endChanged && end.After(latest))) {
		v.Add("importRecentMessages", MsgImportEnd)
	}
}

// applyVacation sets the collective vacation: with a message, both dates are required,
// none earlier than 10 days ago, the end not before the start.
func (in Input) applyVacation(v errs.Validation, c *Connection, f form) {
	startChanged := setDate(v, "collectiveVacationStart", &c.CollectiveVacationStart, in.CollectiveVacationStart, f.loc)
	endChanged := setDate(v, "collectiveVacationEnd", &c.CollectiveVacationEnd, in.CollectiveVacationEnd, f.loc)
	if strings.TrimSpace(c.CollectiveVacationMessage) == "" ||
		!(startChanged || endChanged || in.CollectiveVacationMessage != nil) {
		return
	}
	start, end := c.CollectiveVacationStart, c.CollectiveVacationEnd
	y, m, d := f.now.In(f.loc).AddDate(0, 0, -VacationMinAgeDay).Date()
	earliest := company.NewDate(y, m, d)
	for field, p := range map[string]struct {
		date    *company.Date
		changed bool
	}{"collectiveVacationStart": {start, startChanged}, "collectiveVacationEnd": {end, endChanged}} {
		switch {
		case p.date == nil:
			v.Add(field, validate.MsgRequired)
		case p.changed && p.date.Before(earliest.Time):
			v.Add(field, MsgVacationMin)
		}
	}
	if start != nil && end != nil && end.Before(start.Time) {
		v.Add("collectiveVacationEnd", MsgVacationEnd)
	}
}

// setTime copies an optional moment onto dst and reports whether it changed.
func setTime(v errs.Validation, field string, dst **time.Time, src validate.Nullable[string], loc *time.Location) bool {
	if !src.Set {
		return false
	}
	var t *time.Time
	if src.Valid {
		parsed, ok := parseTime(src.Value, loc)
		if !ok {
			v.Add(field, MsgBadDate)
			return false
		}
		t = &parsed
	}
	changed := (t == nil) != (*dst == nil) || (t != nil && !t.Equal(**dst))
	*dst = t
	return changed
}

// setDate copies an optional calendar date onto dst and reports whether it changed.
func setDate(v errs.Validation, field string, dst **company.Date, src validate.Nullable[string], loc *time.Location) bool {
	if !src.Set {
		return false
	}
	var d *company.Date
	if src.Valid {
		parsed, ok := parseTime(src.Value, loc)
		if !ok {
			v.Add(field, MsgBadDate)
			return false
		}
		nd := company.NewDate(parsed.In(loc).Date())
		d = &nd
	}
	changed := (d == nil) != (*dst == nil) || (d != nil && !d.Equal((*dst).Time))
	*dst = d
	return changed
}

func parseTime(s string, loc *time.Location) (time.Time, bool) {
	for _, layout := range timeLayouts {
		if t, err := time.ParseInLocation(layout, strings.TrimSpace(s), loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
