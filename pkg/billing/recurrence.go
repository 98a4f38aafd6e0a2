package billing

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"atende/pkg/company"
)

// Recurrences are the billing periods and the months each one bills and moves the due date
// (spec/2: 1, 2, 3, 6 or 12 months).
var Recurrences = map[string]int{"MENSAL": 1, "BIMESTRAL": 2, "TRIMESTRAL": 3, "SEMESTRAL": 6, "ANUAL": 12}

// Months is how many months an invoice of a company on recurrence bills; an unknown
// recurrence counts as monthly.
func Months(recurrence string) int {
	if n, ok := Recurrences[recurrence]; ok {
		return n
	}
	return 1
}

// monthsSQL is Months over the recurrence column col, so the set-based statements (Generate,
// the re-pricing of open invoices) read the same table as Go.
func monthsSQL(col string) string {
	names := make([]string, 0, len(Recurrences))
	for name := range Recurrences {
		names = append(names, name)
	}
	slices.Sort(names) // one statement text: the driver caches it
	var b strings.Builder
	fmt.Fprintf(&b, "CASE %s", col)
	for _, name := range names {
		fmt.Fprintf(&b, " WHEN '%s' THEN %d", name, Recurrences[name])
	}
	b.WriteString(" ELSE 1 END")
	return b.String()
}

// AddMonths moves d by n calendar months, keeping the day of the month and clamping it to
// the target month's last day (Jan 31 + 1 month = Feb 28, or 29 in a leap year), where
// time.AddDate would roll over into March.
func AddMonths(d company.Date, n int) company.Date {
	return NextDueDate(d, n, d.Day())
}

// NextDueDate is the due date n months after d for a company billed on day anchor of the
// month: the anchor, or the target month's last day when it is shorter. Counting from the
// anchor rather than from d's day keeps a company due on the 31st there after February
// (31 Jan → 28 Feb → 31 Mar), where chaining clamped dates would lose days for good.
func NextDueDate(d company.Date, n, anchor int) company.Date {
	y, m, _ := d.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return company.NewDate(first.Year(), first.Month(), min(max(anchor, 1), last))
}
