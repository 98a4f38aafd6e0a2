// Package db holds the versioned SQL migrations, embedded into the binary.
package db

import "embed"

// Migrations are goose SQL files, applied in order by pkg/db.Migrate.
//
//go:embed migrations/*.sql
var Migrations embed.FS
