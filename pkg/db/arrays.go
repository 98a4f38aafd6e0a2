package db

import (
	"context"
	"database/sql/driver"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Arrays bind a whole Go slice as one PostgreSQL array parameter (gorm would spread a plain
// slice into a list of parameters). A batch statement written with them, `= ANY(?::bigint[])`
// or `unnest(?::bigint[], ?::text[])`, has one text whatever the batch's size: PostgreSQL
// parses and plans it once per connection, where a list of parameters made each batch size
// a statement of its own, planned on every call (a tenth of the server's CPU under the
// inbound load).
type (
	Int64s     []int64
	NullInt64s []*int64
	Texts      []string
	Bools      []bool
	Times      []time.Time
)

// GormValue hands pgx the slice as one value, which pgx sends as a binary array.
func (a Int64s) GormValue(context.Context, *gorm.DB) clause.Expr     { return bind(a) }
func (a NullInt64s) GormValue(context.Context, *gorm.DB) clause.Expr { return bind(a) }
func (a Texts) GormValue(context.Context, *gorm.DB) clause.Expr      { return bind(a) }
func (a Bools) GormValue(context.Context, *gorm.DB) clause.Expr      { return bind(a) }
func (a Times) GormValue(context.Context, *gorm.DB) clause.Expr      { return bind(a) }

// Value marks the types as single values for gorm (which would otherwise spread a slice
// written after a parenthesis) and renders them for gorm's statement logs. Statements
// don't use it: GormValue comes first.
func (a Int64s) Value() (driver.Value, error)     { return render(a) }
func (a NullInt64s) Value() (driver.Value, error) { return render(a) }
func (a Texts) Value() (driver.Value, error)      { return render(a) }
func (a Bools) Value() (driver.Value, error)      { return render(a) }
func (a Times) Value() (driver.Value, error)      { return render(a) }

// array is what reaches pgx: not a slice, so gorm binds it as one value, and an ArrayGetter
// (through FlatArray), so pgx encodes it natively.
type array[T any] struct{ pgtype.FlatArray[T] }

func bind[T any](v []T) clause.Expr {
	if v == nil {
		v = []T{} // an empty array, not NULL
	}
	return clause.Expr{SQL: "?", Vars: []any{array[T]{pgtype.FlatArray[T](v)}}}
}

// render writes the array in PostgreSQL's text form, {"a","b"} (NULL for a nil pointer).
func render[T any](v []T) (driver.Value, error) {
	parts := make([]string, len(v))
	for i, e := range v {
		switch p := any(e).(type) {
		case *int64:
			if p == nil {
				parts[i] = "NULL"
			} else {
				parts[i] = fmt.Sprint(*p)
			}
		case time.Time:
			parts[i] = `"` + p.Format(time.RFC3339Nano) + `"`
		default:
			parts[i] = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(fmt.Sprint(e)) + `"`
		}
	}
	return "{" + strings.Join(parts, ",") + "}", nil
}
