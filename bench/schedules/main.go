// Command schedules measures the scheduled messages at scale (issue 15): it creates N
// schedules (default 10,000) for N contacts, all due at the same second, through the
// schedule service as the api would (row, then a ProcessAt task), runs a real worker on a
// sandbox connection, and reports how long after their time they all fired, with the
// spread of each send's delay and a count of the sandbox deliveries (exactly once).
//
//	go run ./bench/schedules -db postgres://postgres@127.0.0.1:5432/atende_bench_schedules?sslmode=disable
//
// The database is dropped and created again; the Redis db given is flushed.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/redis/go-redis/v9"

	"atende/bench/benchkit"
	"atende/pkg/app"
	"atende/pkg/company"
	"atende/pkg/config"
	"atende/pkg/connection"
	"atende/pkg/plan"
	"atende/pkg/schedule"
	"atende/pkg/seed"
	"atende/pkg/tenant"
	"atende/pkg/user"
	"atende/worker"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench_schedules?sslmode=disable", "database URL (dropped and created)")
	redisURL := flag.String("redis", "redis://127.0.0.1:6379/11", "Redis URL (its db is flushed)")
	n := flag.Int("n", 10_000, "schedules, all due at the same second")
	openTicket := flag.Bool("open-ticket", true, "store each message in a ticket (the dialog's default) or send it raw")
	lead := flag.Duration("lead", 0, "time from the start to the due second (0: creation time plus 10 s, rounded up to a minute)")
	concurrency := flag.Int("concurrency", 10, "worker goroutines (WORKER_CONCURRENCY)")
	flag.Parse()
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	ctx := context.Background()

	recreate(*dsn)
	g := benchkit.Open(*dsn)
	_, err := seed.Run(ctx, g, "admin@atende.local", "Admin@12345")
	check(err)
	ropt, err := redis.ParseURL(*redisURL)
	check(err)
	check(redis.NewClient(ropt).FlushDB(ctx).Err())

	os.Setenv("APP_ENV", "development")
	cfg, err := config.Load()
	check(err)
	cfg.DatabaseURL, cfg.RedisURL, cfg.WorkerConcurrency = *dsn, *redisURL, *concurrency
	cfg.MediaDir, _ = os.MkdirTemp("", "atende-bench-media")
	a, err := app.New(cfg)
	check(err)
	defer a.Close()

	companyID, creator := setup(ctx, a, *n)
	fmt.Printf("schedules: %d contacts ready; openTicket=%v, worker concurrency %d\n", *n, *openTicket, *concurrency)

	// Create the schedules first with a far time, measure how long that takes, then set the
	// due second once all exist so that the measure is the firing, not the creating.
	created := time.Now()
	due := create(ctx, a, companyID, creator, *n, *openTicket, *lead)
	fmt.Printf("created %d schedules (rows + ProcessAt tasks) in %s; all due at %s\n", *n, time.Since(created).Round(time.Millisecond),
		due.Format(time.TimeOnly))

	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { (&worker.Worker{App: a}).Run(wctx); close(done) }()
	defer func() { stop(); <-done }()

	measure(ctx, a, companyID, due, *n)
}

// setup makes a company on a plan with schedules, a sandbox connection and n contacts.
func setup(ctx context.Context, a *app.App, n int) (int64, int64) {
	p := plan.Plan{Offer: plan.Offer{Name: "bench", Users: 10, Connections: 10, Queues: 10, UseSchedules: true, UseWhatsapp: true}}
	check(a.DB.Create(&p).Error)
	due := company.NewDate(time.Now().AddDate(1, 0, 0).Date())
	c := company.Company{Name: "Bench Schedules", PlanID: p.ID, Status: true, DueDate: &due, Recurrence: "MENSAL", Timezone: "America/Sao_Paulo"}
	check(a.DB.Create(&c).Error)
	hash, err := user.HashPassword("Bench@12345")
	check(err)
	u := user.NewAdmin(c.ID, "Agenda", "agenda@bench.test", hash)
	check(a.DB.Create(&u).Error)
	conn := connection.Connection{CompanyID: c.ID, Name: "Sandbox", Channel: connection.ChannelSandbox, Status: connection.StatusConnected,
		IsDefault: true, Token: connection.NewToken(), GroupAsTicket: "disabled", WhenExpiresTicket: "0", MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 3}
	check(a.DB.Create(&conn).Error)
	check(a.DB.Exec(`INSERT INTO contacts (company_id, name, number, channel, active)
		SELECT ?, 'Cliente ' || i, (5511900000000 + i)::text, 'whatsapp', true FROM generate_series(1, ?) i`, c.ID, n).Error)
	return c.ID, u.ID
}

// create adds the schedules through the service (8 at a time), then moves them all to the
// due second and plans their tasks there, as an edit would.
func create(ctx context.Context, a *app.App, companyID, creatorID int64, n int, openTicket bool, lead time.Duration) time.Time {
	var contacts []int64
	check(a.DB.Raw("SELECT id FROM contacts WHERE company_id = ? ORDER BY id", companyID).Scan(&contacts).Error)
	var creator user.User
	check(a.DB.First(&creator, creatorID).Error)
	ctx = tenant.With(ctx, companyID)
	far := time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)
	toggle := schedule.Toggle(openTicket)
	start := time.Now()
	var ids sync.Map
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(contacts); i = int(next.Add(1)) - 1 {
				body := "Olá {{firstName}}, lembrete da sua consulta."
				in := schedule.Input{Body: &body, SendAt: &far, OpenTicket: &toggle}
				in.ContactID.Set, in.ContactID.Valid, in.ContactID.Value = true, true, contacts[i]
				sc, err := a.Schedules.Create(ctx, creator, in, "", "")
				check(err)
				ids.Store(sc.ID, true)
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	if lead == 0 {
		lead = took + 10*time.Second
	}
	due := time.Now().Add(lead).Truncate(time.Minute).Add(time.Minute)
	if time.Until(due) > lead+time.Minute {
		due = due.Add(-time.Minute)
	}
	// Move every schedule to the due second with the service (a drag on the calendar), which
	// plans each one's task at that time.
	var all []int64
	ids.Range(func(k, _ any) bool { all = append(all, k.(int64)); return true })
	slices.Sort(all)
	when := due.UTC().Format(time.RFC3339)
	next.Store(0)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(all); i = int(next.Add(1)) - 1 {
				_, err := a.Schedules.Update(ctx, all[i], schedule.Input{SendAt: &when})
				check(err)
			}
		}()
	}
	wg.Wait()
	if time.Now().After(due) {
		log.Printf("warning: creating took past the due time; use -lead")
	}
	return due
}

// measure waits for every send and reports the delays after the due second.
func measure(ctx context.Context, a *app.App, companyID int64, due time.Time, n int) {
	fmt.Printf("waiting for %s…\n", due.Format(time.TimeOnly))
	time.Sleep(time.Until(due))
	deadline := due.Add(5 * time.Minute)
	var sent int64
	for time.Now().Before(deadline) {
		a.DB.Raw("SELECT count(*) FROM schedule_sends WHERE company_id = ? AND sent_at IS NOT NULL", companyID).Scan(&sent)
		if sent >= int64(n) {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	var delays []float64
	check(a.DB.Raw(`SELECT extract(epoch FROM sent_at - send_at) FROM schedule_sends WHERE company_id = ? AND sent_at IS NOT NULL
		ORDER BY 1`, companyID).Scan(&delays).Error)
	var status []struct {
		Status string
		N      int
	}
	a.DB.Raw("SELECT status, count(*) AS n FROM schedules WHERE company_id = ? GROUP BY 1 ORDER BY 1", companyID).Scan(&status)
	var outbox, distinct int64
	a.DB.Raw("SELECT count(*), count(DISTINCT number) FROM sandbox_outbox WHERE company_id = ?", companyID).Row().Scan(&outbox, &distinct)
	var messages int64
	a.DB.Raw("SELECT count(*) FROM messages WHERE company_id = ?", companyID).Scan(&messages)
	fmt.Printf("fired %d of %d; statuses %v\n", len(delays), n, status)
	if len(delays) > 0 {
		q := func(p float64) float64 { return delays[min(len(delays)-1, int(p*float64(len(delays))))] }
		fmt.Printf("delay after the due second (s): p50 %.2f  p90 %.2f  p99 %.2f  last %.2f\n", q(0.5), q(0.9), q(0.99), delays[len(delays)-1])
		fmt.Printf("throughput: %.0f sends/s\n", float64(len(delays))/max(delays[len(delays)-1], 0.001))
	}
	fmt.Printf("sandbox deliveries: %d (to %d numbers); messages stored: %d\n", outbox, distinct, messages)
}

func recreate(dsn string) {
	u, err := url.Parse(dsn)
	check(err)
	name := strings.TrimPrefix(u.Path, "/")
	admin := *u
	admin.Path = "/postgres"
	d, err := sql.Open("pgx", admin.String())
	check(err)
	defer d.Close()
	_, err = d.Exec(fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	check(err)
	_, err = d.Exec(fmt.Sprintf("CREATE DATABASE %s", name))
	check(err)
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
