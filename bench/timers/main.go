// Command timers times each ticket timer of pkg/timers (issue 13) over a bench/gen data set
// when it has nothing to do, and prints p50/p99 per job as a markdown table (docs/bench.md,
// "Timers"). Target: under 1 s each over 1,000,000 tickets.
//
//	go run ./bench/gen -db postgres://…/atende_bench_timers -messages 0
//	go run ./bench/timers -db postgres://…/atende_bench_timers -runs 50
//
// It first configures every timer on the bench companies (prepare.go) and fills each job's
// index with tickets, then runs each job at a clock set before the oldest ticket's last
// activity: every ticket is in place and in its job's index, none is due. Rotation has
// online members and every waiting ticket of a rotating queue already has its attendant;
// the isOutOfHour reset has flagged tickets whose company is closed all week.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"slices"
	"strings"
	"time"

	"atende/bench/benchkit"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/setting"
	"atende/pkg/timers"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench?sslmode=disable", "bench database (made by bench/gen)")
	runs := flag.Int("runs", 50, "timed runs of each job")
	prepare := flag.Bool("prepare", true, "configure the timers and fill their indexes first (idempotent)")
	only := flag.String("job", "", "time only the jobs whose name contains this")
	backlog := flag.Bool("backlog", false, "after the idle runs, run each job once with a day of tickets due (changes the data set)")
	flag.Parse()
	g := benchkit.Open(*dsn)
	ctx := context.Background()
	if *prepare {
		if err := prepareData(ctx, g); err != nil {
			log.Fatal(err)
		}
	}
	if err := printIndexes(ctx, g); err != nil {
		log.Fatal(err)
	}
	var oldest time.Time
	if err := g.WithContext(ctx).Raw(`SELECT min(updated_at) FROM tickets`).Scan(&oldest).Error; err != nil {
		log.Fatal(err)
	}
	now := oldest.Add(-time.Minute)
	svc := timers.Service{DB: g, Events: nopEvents{}, Messages: nopDispatch{}, Settings: setting.Service{DB: g}}
	jobs := []struct {
		name string
		run  func(context.Context, time.Time) (int, error)
	}{
		{"inactivity warning and expiry", svc.Inactivity},
		{"NPS expiry", svc.ExpireNPS},
		{"redirect of queue-less tickets", svc.Redirect},
		{"queue rotation", svc.Rotate},
		{"isOutOfHour reset", svc.ResetOutOfHour},
	}
	fmt.Printf("\n%d timed runs of each job (3 untimed first), clock %s\n\n", *runs, now.Format(time.RFC3339))
	fmt.Println("| job | p50 ms | p99 ms | max ms | tickets changed |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, j := range jobs {
		if !strings.Contains(j.name, *only) {
			continue
		}
		var took []time.Duration
		changed := 0
		for i := range *runs + 3 {
			start := time.Now()
			n, err := j.run(ctx, now)
			d := time.Since(start)
			if err != nil {
				log.Fatalf("%s: %v", j.name, err)
			}
			changed += n
			if i >= 3 {
				took = append(took, d)
			}
		}
		slices.Sort(took)
		fmt.Printf("| %s | %.1f | %.1f | %.1f | %d |\n", j.name, ms(pct(took, 0.50)), ms(pct(took, 0.99)), ms(took[len(took)-1]), changed)
	}
	if !*backlog {
		return
	}
	// A day of the data set falls due at once: the tickets last touched in the first day
	// (and an hour, past every threshold), about 1/90 of each job's index.
	late := oldest.Add(25 * time.Hour)
	fmt.Printf("\nBacklog: one run of each job at %s\n\n", late.Format(time.RFC3339))
	fmt.Println("| job | tickets changed | seconds | tickets/s |")
	fmt.Println("|---|---:|---:|---:|")
	for _, j := range jobs {
		if !strings.Contains(j.name, *only) {
			continue
		}
		start := time.Now()
		n, err := j.run(ctx, late)
		d := time.Since(start)
		if err != nil {
			log.Fatalf("%s: %v", j.name, err)
		}
		fmt.Printf("| %s | %d | %.2f | %.0f |\n", j.name, n, d.Seconds(), float64(n)/d.Seconds())
	}
}

// pct is the q-quantile of sorted durations (nearest rank).
func pct(sorted []time.Duration, q float64) time.Duration {
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

type nopEvents struct{}

func (nopEvents) Publish(context.Context, realtime.Event) error { return nil }

type nopDispatch struct{}

func (nopDispatch) Dispatch(context.Context, []message.Message) {}
