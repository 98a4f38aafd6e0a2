// Command contactexport measures GET /contacts/export (issue 16): it fills a company with
// -rows contacts (a third tagged, a quarter with extra info), then runs the export the
// handler runs (contact.Service.Export) into a counting writer and reports when the
// response's headers would go out (the query runs), when the first body byte is written,
// the total time, the size, and how much the process's memory grew (peak resident set
// during the export over the resident set before it). The company is deleted afterwards.
//
//	go run ./bench/contactexport -db postgres://postgres@127.0.0.1:5432/atende_exportbench?sslmode=disable
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/contact"
	"atende/pkg/db"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_exportbench?sslmode=disable", "database URL (created and migrated if needed)")
	rows := flag.Int("rows", 400_000, "contacts of the company")
	keep := flag.Bool("keep", false, "keep the company (and reuse the last kept one) for repeated runs")
	flag.Parse()
	if err := ensureDatabase(*dsn); err != nil {
		log.Fatal(err)
	}
	g, err := db.Open(*dsn)
	if err != nil {
		log.Fatal(err)
	}
	if err := db.Migrate(g); err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	start := time.Now()
	var companyID int64
	if *keep {
		g.Raw("SELECT id FROM companies WHERE name LIKE 'exportbench-kept-%' ORDER BY id DESC LIMIT 1").Scan(&companyID)
	}
	if companyID == 0 {
		if companyID, err = setup(ctx, g, *rows); err != nil {
			log.Fatal(err)
		}
	}
	if *keep {
		g.Exec("UPDATE companies SET name = 'exportbench-kept-' || id WHERE id = ?", companyID)
	} else {
		defer g.Exec("DELETE FROM companies WHERE id = ?", companyID)
	}
	fmt.Printf("setup: %d contacts in %.1fs\n", *rows, time.Since(start).Seconds())

	svc := contact.Service{DB: g}
	admin := user.User{ID: 1, CompanyID: companyID, Profile: "admin"}
	runtime.GC()
	debug.FreeOSMemory()
	before := status("VmRSS")
	resetPeak()
	w := &counter{}
	var headers time.Duration
	start = time.Now()
	w.start = start
	err = svc.Export(tenant.With(ctx, companyID), admin, contact.Filter{}, w, func() { headers = time.Since(start) })
	took := time.Since(start)
	if err != nil {
		log.Fatal(err)
	}
	peak := status("VmHWM")
	fmt.Printf("export: %d contacts, %.1f MB .xlsx; headers after %dms, first body byte after %.2fs, done in %.2fs\n",
		*rows, float64(w.n)/1e6, headers.Milliseconds(), w.first.Seconds(), took.Seconds())
	fmt.Printf("memory: resident %.0f MB before, peak %.0f MB during: growth %.0f MB\n", mb(before), mb(peak), mb(peak-before))
}

// counter counts what is written and notes when the first byte came.
type counter struct {
	n     int64
	start time.Time
	first time.Duration
}

func (c *counter) Write(b []byte) (int, error) {
	if c.n == 0 && len(b) > 0 {
		c.first = time.Since(c.start)
	}
	c.n += int64(len(b))
	return len(b), nil
}

func mb(kb int64) float64 { return float64(kb) / 1024 }

// setup makes a company with rows contacts, five tags on a third of them and an extra info
// on a quarter, in a few statements.
func setup(ctx context.Context, g *gorm.DB, rows int) (int64, error) {
	var planID, companyID int64
	name := fmt.Sprintf("exportbench-%d", time.Now().UnixNano())
	err := g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Raw("INSERT INTO plans (name) VALUES (?) RETURNING id", name).Scan(&planID).Error; err != nil {
			return err
		}
		if err := tx.Raw("INSERT INTO companies (name, plan_id) VALUES (?, ?) RETURNING id", name, planID).Scan(&companyID).Error; err != nil {
			return err
		}
		steps := []string{
			`INSERT INTO contacts (company_id, name, number, email, channel)
			 SELECT @c, 'Contato ' || i, (5511900000000 + i)::text, 'c' || i || '@exemplo.com.br', 'whatsapp'
			 FROM generate_series(1, @n) i`,
			`INSERT INTO tags (company_id, name) SELECT @c, 'Tag ' || i FROM generate_series(1, 5) i`,
			`INSERT INTO contact_tags (contact_id, tag_id, company_id)
			 SELECT c.id, t.id, @c FROM contacts c JOIN tags t ON t.company_id = @c AND t.name = 'Tag ' || (c.id % 5 + 1)
			 WHERE c.company_id = @c AND c.id % 3 = 0`,
			`INSERT INTO contact_extra_info (contact_id, company_id, name, value)
			 SELECT id, @c, 'CPF', lpad((id * 7919 % 100000000000)::text, 11, '0') FROM contacts WHERE company_id = @c AND id % 4 = 0`,
		}
		for _, s := range steps {
			if err := tx.Exec(s, map[string]any{"c": companyID, "n": rows}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		err = g.Exec("ANALYZE contacts, contact_tags, contact_extra_info").Error
	}
	return companyID, err
}

// status reads a kB figure of /proc/self/status (VmRSS, VmHWM).
func status(key string) int64 {
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

// resetPeak starts VmHWM again from the current resident set.
func resetPeak() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// ensureDatabase creates the database of dsn when it doesn't exist.
func ensureDatabase(dsn string) error {
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
