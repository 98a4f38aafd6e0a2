// Package page is the one pagination helper of the list endpoints: the spec's pageNumber
// (from 1), limit+1 to learn hasMore without counting, and a capped count where the spec
// shows a total.
package page

import (
	"strconv"
	"strings"

	"gorm.io/gorm"
)

// Size is the default page size of the lists (contacts, tags, quick messages).
const Size = 20

// CountCap bounds a list's count: past it the count says "at least this many", so a
// large company never pays a full COUNT(*).
const CountCap = 10000

// MaxNumber is the last page number a list reads: past it (a typo, a probe such as
// 99999999999999999999) the page is simply empty, and the offset never overflows.
const MaxNumber = 1_000_000

// Number reads a pageNumber parameter: missing, malformed or below 1 is the first page,
// anything above MaxNumber is MaxNumber.
func Number(s string) int {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil && !isRange(err) {
		return 1
	}
	return clamp(n)
}

func isRange(err error) bool {
	e, ok := err.(*strconv.NumError)
	return ok && e.Err == strconv.ErrRange
}

func clamp(n int64) int {
	return int(min(max(n, 1), MaxNumber))
}

// Offset returns the row offset of pageNumber, clamped as Number does.
func Offset(pageNumber, size int) int {
	return (clamp(int64(pageNumber)) - 1) * size
}

// Find loads page pageNumber of q (already filtered and ordered) into dst and reports
// whether more rows follow.
func Find[T any](q *gorm.DB, pageNumber, size int, dst *[]T) (bool, error) {
	q = q.Session(&gorm.Session{}) // leave the caller's query reusable
	if err := q.Limit(size + 1).Offset(Offset(pageNumber, size)).Find(dst).Error; err != nil {
		return false, err
	}
	if len(*dst) > size {
		*dst = (*dst)[:size]
		return true, nil
	}
	if *dst == nil {
		*dst = []T{}
	}
	return false, nil
}

// Count counts the rows of q (filtered, unordered) up to CountCap.
func Count(q *gorm.DB) (int64, error) {
	var n int64
	sub := q.Session(&gorm.Session{}).Select("1").Limit(CountCap)
	err := q.Session(&gorm.Session{NewDB: true}).Raw("SELECT count(*) FROM (?) capped", sub).Scan(&n).Error
	return n, err
}

// Like returns a LIKE pattern matching s anywhere, with LIKE's wildcards in s escaped.
func Like(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}
