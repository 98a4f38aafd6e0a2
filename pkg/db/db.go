// Package db opens PostgreSQL through gorm (pgx) and applies the embedded migrations.
package db

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"

	migrations "atende/db"
)

// MaxConns bounds the pool of one process (DB_MAX_CONNS); api + worker + scheduler in one
// process share it.
var MaxConns = 30

// Open connects to databaseURL with a bounded pool.
func Open(databaseURL string) (*gorm.DB, error) {
	g, err := gorm.Open(postgres.Open(databaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Silent),
		SkipDefaultTransaction: true,
		TranslateError:         true,
	})
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(MaxConns)
	// Keep every connection once opened: a PostgreSQL backend costs a fork and a cold
	// catalog cache, and closing the ones above a smaller idle cap after each burst made a
	// busy process reconnect all the time.
	sqlDB.SetMaxIdleConns(MaxConns)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return g, nil
}

// Migrate applies every pending migration. Concurrent callers are serialised by goose's lock.
func Migrate(g *gorm.DB) error {
	sqlDB, err := g.DB()
	if err != nil {
		return err
	}
	return migrateSQL(sqlDB)
}

func migrateSQL(sqlDB *sql.DB) error {
	sub, err := fs.Sub(migrations.Migrations, "migrations")
	if err != nil {
		return err
	}
	// A session lock keeps two processes starting at once from racing the same migration.
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return err
	}
	// Out of order: features land from parallel branches, so a database that already has a
	// later migration still takes an earlier-numbered one merged after it.
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, sub, goose.WithSessionLocker(locker),
		goose.WithAllowOutofOrder(true))
	if err != nil {
		return err
	}
	results, err := p.Up(context.Background())
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		slog.Info("migration applied", "source", r.Source.Path, "took", r.Duration)
	}
	return nil
}

// InsertReturning inserts rows (a slice of models) in one statement with onConflict and
// reads what the statement returns (RETURNING *) into dest. gorm's own RETURNING fills the
// rows in order, which rows skipped by DO NOTHING would shift, so callers match dest to
// rows by a key of their own.
func InsertReturning(tx *gorm.DB, rows any, onConflict clause.OnConflict, dest any) error {
	stmt := tx.Session(&gorm.Session{DryRun: true}).Clauses(onConflict, clause.Returning{}).Create(rows).Statement
	// Find, not Scan: gorm's Scan writes out the statement with its values for the logger.
	return tx.Raw(stmt.SQL.String(), stmt.Vars...).Find(dest).Error
}

// Returned maps what an INSERT … ON CONFLICT DO NOTHING RETURNING gave back, by a key of
// the caller's, to the new rows' ids: the statement returns only the rows it inserted, in no
// promised order.
type Returned[K comparable] map[K]int64

// Take is the id inserted for key, once: a second row with the same key in the same batch
// was the duplicate, and gets 0 as the rows the statement skipped do.
func (r Returned[K]) Take(key K) int64 {
	id := r[key]
	delete(r, key)
	return id
}
