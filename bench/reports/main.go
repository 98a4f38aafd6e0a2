// Command reports times the tickets report and the kanban board (issue 17) over a bench/gen
// data set and prints p50/p99 per case as a markdown table (docs/bench.md, "Reports and
// kanban (issue 17)"), then exports exportRows tickets of the largest company and prints the
// time and the memory growth. Targets: page and board p99 ≤ 50 ms; export of 100,000 rows
// ≤ 15 s with memory growth ≤ 100 MB.
//
//	go run ./bench/gen -db postgres://…/atende_bench_reports -messages 0
//	go run ./bench/reports -db postgres://…/atende_bench_reports -runs 200
//
// The largest company first grows to 100,000 tickets (closed copies of its own, months
// back; prepare.go), so the report pages and the export run on it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"atende/bench/benchkit"
	"atende/pkg/kanban"
	"atende/pkg/report"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench_reports?sslmode=disable", "bench database (made by bench/gen)")
	runs := flag.Int("runs", 200, "timed runs of each case")
	exportRows := flag.Int("export-rows", 100_000, "tickets of the largest company, all exported")
	flag.Parse()
	g := benchkit.Open(*dsn)
	bg := context.Background()
	var company int64
	if err := g.Raw(`SELECT company_id FROM tickets GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`).Scan(&company).Error; err != nil {
		log.Fatal(err)
	}
	if err := prepareData(bg, g, company, *exportRows); err != nil {
		log.Fatal(err)
	}
	var admin user.User
	if err := g.Where("company_id = ? AND profile = 'admin'", company).Order("id").Take(&admin).Error; err != nil {
		log.Fatal(err)
	}
	var attendant user.User
	if err := g.Where("company_id = ? AND profile = 'user'", company).Order("id").Take(&attendant).Error; err != nil {
		log.Fatal(err)
	}
	var userID, queueID int64
	g.Raw(`SELECT user_id FROM tickets WHERE company_id = ? AND user_id IS NOT NULL LIMIT 1`, company).Scan(&userID)
	g.Raw(`SELECT id FROM queues WHERE company_id = ? ORDER BY id LIMIT 1`, company).Scan(&queueID)
	ctx := tenant.With(bg, company)
	var n int64
	g.Raw(`SELECT count(*) FROM tickets WHERE company_id = ?`, company).Scan(&n)
	fmt.Printf("company %d: %d tickets\n\n", company, n)

	now := time.Now()
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.Local).Format(time.DateOnly)
	today := now.Format(time.DateOnly)
	reports := report.Service{DB: g}
	board := kanban.Service{DB: g}
	page := func(f report.Filter) func() error {
		return func() error { _, err := reports.Page(ctx, f); return err }
	}
	base := report.Filter{DateFrom: month, DateTo: today, Page: 1, PageSize: 10}
	with := func(edit func(*report.Filter)) report.Filter { f := base; edit(&f); return f }
	cases := []struct {
		name string
		run  func() error
	}{
		{"report: month to date, page 1 of 10", page(base)},
		{"report: all time, page 1 of 50", page(with(func(f *report.Filter) { f.DateFrom, f.DateTo, f.PageSize = "", "", 50 }))},
		{"report: all time, page 20 of 50 (the deepest)", page(with(func(f *report.Filter) { f.DateFrom, f.DateTo, f.PageSize, f.Page = "", "", 50, 20 }))},
		{"report: closed and rated", page(with(func(f *report.Filter) { f.Statuses, f.OnlyRated = []string{"closed"}, true }))},
		{"report: one user", page(with(func(f *report.Filter) { f.Users = []int64{userID} }))},
		{"report: one queue, open", page(with(func(f *report.Filter) { f.QueueIDs, f.Statuses = []int64{queueID}, []string{"open"} }))},
		{"report: contact search", page(with(func(f *report.Filter) { f.SearchParam = "silva" }))},
		{"board: admin, today", func() error { _, err := board.Board(ctx, admin, kanban.BoardFilter{}); return err }},
		{"board: admin, last 30 days", func() error {
			_, err := board.Board(ctx, admin, kanban.BoardFilter{StartDate: now.AddDate(0, 0, -30).Format(time.DateOnly), EndDate: today})
			return err
		}},
		{"board: attendant, last 30 days", func() error {
			_, err := board.Board(ctx, attendant, kanban.BoardFilter{StartDate: now.AddDate(0, 0, -30).Format(time.DateOnly), EndDate: today})
			return err
		}},
		{"lanes", func() error { _, err := board.Lanes(ctx); return err }},
	}
	fmt.Println("| case | p50 | p99 | max |")
	fmt.Println("|---|---|---|---|")
	for _, c := range cases {
		if err := c.run(); err != nil { // warm
			log.Fatalf("%s: %v", c.name, err)
		}
		d := make([]time.Duration, *runs)
		for i := range d {
			start := time.Now()
			if err := c.run(); err != nil {
				log.Fatalf("%s: %v", c.name, err)
			}
			d[i] = time.Since(start)
		}
		slices.Sort(d)
		fmt.Printf("| %s | %s | %s | %s |\n", c.name, ms(d[len(d)/2]), ms(d[len(d)*99/100]), ms(d[len(d)-1]))
	}
	exportRun(ctx, reports)
}

// exportRun exports every ticket of the company and reports time, size and memory growth
// (the peak of the Go runtime's memory from the OS over the run, sampled, less its start).
func exportRun(ctx context.Context, reports report.Service) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	startSys := m.Sys
	var peak atomic.Uint64
	peak.Store(startSys)
	stop := make(chan struct{})
	go func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				var s runtime.MemStats
				runtime.ReadMemStats(&s)
				if s.Sys > peak.Load() {
					peak.Store(s.Sys)
				}
			}
		}
	}()
	w := &counter{}
	start := time.Now()
	err := reports.Export(ctx, report.Filter{}, w)
	took := time.Since(start)
	close(stop)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nexport: all tickets of the company, %.1f MB of .xlsx in %s; memory growth %.1f MB\n",
		float64(w.n)/1e6, took.Round(10*time.Millisecond), float64(peak.Load()-startSys)/1e6)
}

type counter struct{ n int64 }

func (c *counter) Write(b []byte) (int, error) { c.n += int64(len(b)); return len(b), nil }

var _ io.Writer = (*counter)(nil)

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
