package billing

import (
	"time"

	"atende/pkg/company"
)

// Months is how far one payment moves a company's due date, by its recurrence; an unknown
// recurrence counts as monthly.
func Months(recurrence string) int {
	switch recurrence {
	case "BIMESTRAL":
		return 2
	case "TRIMESTRAL":
		return 3
	case "SEMESTRAL":
		return 6
	case "ANUAL":
		return 12
	}
	return 1
}

// AddMonths moves d by n calendar months, keeping the day of the month and clamping it to
// the target month's last day (Jan 31 + 1 month = Feb 28, or 29 in a leap year), where
// time.AddDate would roll over into March.
func AddMonths(d company.Date, n int) company.Date {
	y, m, day := d.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return company.NewDate(first.Year(), first.Month(), min(day, last))
}
