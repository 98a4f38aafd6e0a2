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
	"atende/bench/benchkit"
	"context"
	"flag"
	"fmt"
	"log"
	"runtime"
	"runtime/debug"
	"time"

	"gorm.io/gorm"

	"atende/pkg/contact"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_exportbench?sslmode=disable", "database URL (created and migrated if needed)")
	rows := flag.Int("rows", 400_000, "contacts of the company")
	keep := flag.Bool("keep", false, "keep the company (and reuse the last kept one) for repeated runs")
	flag.Parse()
	if err := benchkit.EnsureDatabase(*dsn); err != nil {
		log.Fatal(err)
	}
	g := benchkit.Open(*dsn)
	ctx := context.Background()
	start := time.Now()
	var companyID int64
	if *keep {
		g.Raw("SELECT id FROM companies WHERE name LIKE 'exportbench-kept-%' ORDER BY id DESC LIMIT 1").Scan(&companyID)
	}
	var err error
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
	before := benchkit.Status("VmRSS")
	benchkit.ResetPeak()
	w := &counter{}
	var headers time.Duration
	start = time.Now()
	w.start = start
	err = svc.Export(tenant.With(ctx, companyID), admin, contact.Filter{}, w, func() { headers = time.Since(start) }, nil)
	took := time.Since(start)
	if err != nil {
		log.Fatal(err)
	}
	peak := benchkit.Status("VmHWM")
	fmt.Printf("export: %d contacts, %.1f MB .xlsx; headers after %dms, first body byte after %.2fs, done in %.2fs\n",
		*rows, float64(w.n)/1e6, headers.Milliseconds(), w.first.Seconds(), took.Seconds())
	fmt.Printf("memory: resident %.0f MB before, peak %.0f MB during: growth %.0f MB\n", benchkit.MB(before), benchkit.MB(peak), benchkit.MB(peak-before))
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
