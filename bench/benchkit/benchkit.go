// Package benchkit holds what several bench commands measure or prepare the same way: the
// process's memory from /proc, and a bench database created when missing.
package benchkit

import (
	"bufio"
	"log"
	"os"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/db"
)

// Status reads a kB figure of /proc/self/status (VmRSS, VmHWM).
func Status(key string) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), key+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// ResetPeak starts VmHWM again from the current resident set.
func ResetPeak() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// MB is kB in MB.
func MB(kb int64) float64 { return float64(kb) / 1024 }

// EnsureDatabase creates the database of dsn when it doesn't exist.
func EnsureDatabase(dsn string) error {
	i := strings.LastIndex(dsn, "/")
	name, _, _ := strings.Cut(dsn[i+1:], "?")
	admin, err := db.Open(dsn[:i+1] + "postgres?sslmode=disable")
	if err != nil {
		return err
	}
	defer func() {
		if s, err := admin.DB(); err == nil {
			s.Close()
		}
	}()
	var n int64
	admin.Raw("SELECT count(*) FROM pg_database WHERE datname = ?", name).Scan(&n)
	if n > 0 {
		return nil
	}
	return admin.Exec(`CREATE DATABASE "` + strings.ReplaceAll(name, `"`, "") + `"`).Error
}

// Open connects to dsn and applies the migrations; a bench can't go on without either.
func Open(dsn string) *gorm.DB {
	g, err := db.Open(dsn)
	if err == nil {
		err = db.Migrate(g)
	}
	if err != nil {
		log.Fatal(err)
	}
	return g
}
