// Command dashboard measures the dashboard's three tabs (issue 17) on a data set made by
// bench/gen: for a company of about 20,000 tickets and for the data set's largest company,
// a month (the 30 days up to today) of each tab, repeated, through the same service calls the
// handlers make, from -concurrency managers at once. It prints p50/p99 per tab and per call.
//
//	go run ./bench/dashboard -db postgres://postgres@127.0.0.1:5432/atende_bench_dash?sslmode=disable
//
// With -url (a running server on the same database) the tabs are GET requests instead,
// timed while -attendants attendants work the ticket tabs (http.go).
//
// The indicators and NPS tabs both show GET /dashboard (counters and attendants in one
// answer); the attendants tab shows it with the two charts, fetched in parallel.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"

	"atende/pkg/dashboard"
	"atende/pkg/db"
	"atende/pkg/tenant"
)

type target struct {
	Label   string
	ID      int64
	Tickets int64
}

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench_dash?sslmode=disable", "bench database (made by bench/gen)")
	runs := flag.Int("runs", 300, "requests of each tab per company")
	concurrency := flag.Int("concurrency", 2, "managers refreshing at once")
	days := flag.Int("days", 30, "the range: this many days up to today")
	base := flag.String("url", "", "a running server's base URL: time the tabs over HTTP while attendants work (http.go)")
	attendants := flag.Int("attendants", 50, "-url: attendants working the ticket tabs, one per company")
	think := flag.Duration("think", time.Second, "-url: an attendant's average pause between requests")
	warmup := flag.Duration("warmup", 15*time.Second, "-url: unrecorded load first")
	duration := flag.Duration("duration", 60*time.Second, "-url: recorded load")
	flag.Parse()
	g, err := db.Open(*dsn)
	if err != nil {
		log.Fatal(err)
	}
	if *base != "" {
		h := &httpRun{base: *base, days: *days, managers: *concurrency, attendants: *attendants,
			warmup: *warmup, duration: *duration, think: *think}
		h.run(g, targets(g))
		return
	}
	s := dashboard.Service{DB: g}
	for _, t := range targets(g) {
		var zone string
		g.Raw(`SELECT timezone FROM companies WHERE id = ?`, t.ID).Scan(&zone)
		loc, err := time.LoadLocation(zone)
		if err != nil {
			loc = time.UTC
		}
		r, _ := dashboard.ParseRange("", "", *days, time.Now(), loc)
		ctx := tenant.With(context.Background(), t.ID)
		var inRange int64
		g.Raw(`SELECT count(*) FROM tickets WHERE company_id = ? AND created_at >= ? AND created_at < ?`, t.ID, r.From, r.To).Scan(&inRange)
		fmt.Printf("\n### %s: company %d, %d tickets, %d of them in the range (%s to %s)\n\n", t.Label, t.ID, t.Tickets, inRange,
			r.From.Format(time.DateOnly), r.To.AddDate(0, 0, -1).Format(time.DateOnly))
		measure(ctx, s, r, *runs/5, *concurrency) // warm-up, not recorded
		res := measure(ctx, s, r, *runs, *concurrency)
		fmt.Println("| figure | samples | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|")
		for _, k := range []string{"indicators tab (GET /dashboard)", "NPS tab (GET /dashboard)", "attendants tab (GET /dashboard + both charts)",
			"  counters", "  attendants table", "  tickets per attendant chart", "  tickets per day chart", "moments panel"} {
			d := res[k]
			slices.Sort(d)
			fmt.Printf("| %s | %d | %.1f | %.1f | %.1f |\n", k, len(d), ms(pct(d, 50)), ms(pct(d, 99)), ms(d[len(d)-1]))
		}
	}
}

// targets: the company closest to 20,000 tickets and the largest one.
func targets(g *gorm.DB) []target {
	var near, big target
	q := `SELECT company_id AS id, count(*) AS tickets FROM tickets GROUP BY company_id ORDER BY %s LIMIT 1`
	if err := g.Raw(fmt.Sprintf(q, "abs(count(*) - 20000), company_id")).Scan(&near).Error; err != nil {
		log.Fatal(err)
	}
	if err := g.Raw(fmt.Sprintf(q, "count(*) DESC, company_id")).Scan(&big).Error; err != nil {
		log.Fatal(err)
	}
	near.Label, big.Label = "20,000-ticket company", "largest company"
	return []target{near, big}
}

// measure runs each tab runs times from workers goroutines and returns the durations by name.
func measure(ctx context.Context, s dashboard.Service, r dashboard.Range, runs, workers int) map[string][]time.Duration {
	var mu sync.Mutex
	out := map[string][]time.Duration{}
	add := func(k string, d time.Duration) { mu.Lock(); out[k] = append(out[k], d); mu.Unlock() }
	timed := func(k string, f func() error) {
		start := time.Now()
		if err := f(); err != nil {
			log.Fatalf("%s: %v", k, err)
		}
		add(k, time.Since(start))
	}
	// GET /dashboard is the counters then the attendants, as the handler runs them.
	dash := func() error {
		var err error
		timed("  counters", func() error { _, err = s.Counters(ctx, r); return err })
		timed("  attendants table", func() error { _, err = s.Attendants(ctx, r); return err })
		return nil
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				switch i % 4 {
				case 0:
					timed("indicators tab (GET /dashboard)", dash)
				case 1:
					timed("NPS tab (GET /dashboard)", dash)
				case 2:
					timed("attendants tab (GET /dashboard + both charts)", func() error {
						var cw sync.WaitGroup
						errs := make([]error, 2)
						cw.Add(2)
						go func() {
							defer cw.Done()
							timed("  tickets per attendant chart", func() error { _, errs[0] = s.TicketsPerUser(ctx, r); return errs[0] })
						}()
						go func() {
							defer cw.Done()
							timed("  tickets per day chart", func() error { _, errs[1] = s.TicketsPerPeriod(ctx, r); return errs[1] })
						}()
						_ = dash()
						cw.Wait()
						return nil
					})
				case 3:
					timed("moments panel", func() error { _, err := s.Moments(ctx, dashboard.MomentsFilter{}, time.Now()); return err })
				}
			}
		}()
	}
	for i := range runs * 4 {
		work <- i
	}
	close(work)
	wg.Wait()
	return out
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := (len(d)*p+99)/100 - 1
	return d[max(0, min(i, len(d)-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
