package db

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// ContentError reports a failure caused by the data written, not by the database being
// unavailable: a data exception (SQLSTATE class 22: NUL or invalid text, out-of-range
// values), a NOT NULL or CHECK violation, or a value too large for an index (54000). Retrying
// the same write can never succeed, so a pipeline sets the item aside instead of retrying
// it forever.
func ContentError(err error) bool {
	if errors.Is(err, gorm.ErrCheckConstraintViolated) {
		return true
	}
	var pg *pgconn.PgError
	if !errors.As(err, &pg) {
		return false
	}
	return strings.HasPrefix(pg.Code, "22") || pg.Code == "23502" || pg.Code == "23514" || pg.Code == "54000"
}
