// Command flows measures the flow engine end to end (issue 14, docs/bench.md "Flows"): a
// 30-node flow of menus and questions on every bench company's sandbox connection, and
// customers walking it at once. Each customer posts a message, waits for the flow's
// replies to be delivered to the sandbox, and answers; the figure is customer message →
// the flow's first reply delivered (p50/p99), the flow's own intervals not counted.
//
//	go run ./bench/flows -db postgres://postgres@127.0.0.1:5432/atende_bench_flows?sslmode=disable \
//	  -redis redis://127.0.0.1:6379/9 -companies 10 -customers 500 -stages 3
//
// It runs the worker in-process (the real inbound pipeline, bot, flow:step and
// message:send tasks) against its own database and Redis db. With -worker=false it drives an
// app that `make bench` is running instead (-db its database, -redis its Redis): the flows'
// messages then share that app's batches and workers with the inbound run, as in production.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"atende/bench/benchkit"
	"atende/pkg/app"
	"atende/pkg/channel"
	"atende/pkg/config"
	"atende/pkg/connection"
	"atende/pkg/db"
	"atende/pkg/message"
	"atende/worker"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench_flows?sslmode=disable", "bench database (created and migrated)")
	redisURL := flag.String("redis", "redis://127.0.0.1:6379/9", "Redis for the bench's queues (a db nobody else uses)")
	companies := flag.Int("companies", 10, "companies, each with a sandbox connection running the flow")
	customers := flag.Int("customers", 500, "customers walking the flow at once")
	stages := flag.Int("stages", 3, "menu+question stages each customer walks (the flow has 9)")
	think := flag.Duration("think", 0, "a customer's pause before each message, drawn between half and one and a half of it "+
		"(0: answer the moment the reply arrives, a closed loop that measures throughput, not a person)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the walk (worker included) to this file")
	ownWorker := flag.Bool("worker", true, "run the worker in this process, on a Redis db of the bench's own (false: an app already "+
		"serving -db and -redis runs the flows with the rest of its inbound, as production's one worker fleet does)")
	flag.Parse()
	if err := benchkit.EnsureDatabase(*dsn); err != nil {
		log.Fatal(err)
	}
	media, _ := os.MkdirTemp("", "bench-flows")
	defer os.RemoveAll(media)
	for k, v := range map[string]string{"DATABASE_URL": *dsn, "REDIS_URL": *redisURL, "APP_ENV": "development", "MEDIA_DIR": media} {
		os.Setenv(k, v)
	}
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	a, err := app.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer a.Close()
	if err := db.Migrate(a.DB); err != nil {
		log.Fatal(err)
	}
	// The Redis db is the bench's own: tasks kept from a run against another database name
	// that database's message ids, and their task ids would turn this run's sends away as
	// duplicates (a send list's id is its first message's).
	if *ownWorker {
		if err := a.RDB.FlushDB(context.Background()).Err(); err != nil {
			log.Fatal(err)
		}
	}
	conns, err := prepare(a, *companies)
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	if *ownWorker {
		go func() { _ = (&worker.Worker{App: a}).Run(ctx); close(done) }()
	} else {
		close(done)
	}
	defer func() { cancel(); <-done }()

	w := &watcher{a: a, boxes: map[string]chan delivery{}}
	go w.run(ctx)
	run := time.Now().UnixNano()
	var mu sync.Mutex
	var lat []time.Duration
	var entries []time.Duration // the first message of each customer: a new contact and ticket, the flow's start
	var failed int
	var wg sync.WaitGroup
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	start := time.Now()
	for i := range *customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			number := fmt.Sprintf("55119%08d", run%1e5*1000+int64(i))
			c := customer{a: a, conn: conns[i%len(conns)], number: number, inbox: w.inbox(number), think: *think}
			got, err := c.walk(*stages)
			mu.Lock()
			defer mu.Unlock()
			lat = append(lat, got...)
			if len(got) > 0 {
				entries = append(entries, got[0])
			}
			if err != nil {
				failed++
				log.Print(err)
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	slices.Sort(lat)
	slices.Sort(entries)
	pct := func(lat []time.Duration, p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))].Round(time.Millisecond)
	}
	fmt.Printf("\n%d customers on %d companies, %d messages each (entry + %d stages), think %s, %s, %d failed\n\n",
		*customers, len(conns), 1+2**stages, *stages, *think, took.Round(time.Second), failed)
	fmt.Println("| measure | n | p50 | p99 | max |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, m := range []struct {
		name string
		lat  []time.Duration
	}{{"customer message → first flow reply delivered", lat}, {"of which the first message (flow start)", entries}} {
		fmt.Printf("| %s | %d | %s | %s | %s |\n", m.name, len(m.lat), pct(m.lat, 0.5), pct(m.lat, 0.99), pct(m.lat, 1))
	}
}

// customer is one pretend customer on a sandbox connection.
type customer struct {
	a      *app.App
	conn   connection.Connection
	number string
	inbox  chan delivery // delivery times of the flow's replies (watcher)
	think  time.Duration
	n      int
}

// pause is a person reading the reply and typing the answer: between half and one and a
// half of think, so that the customers' messages spread instead of arriving in waves.
func (c *customer) pause() {
	if c.think > 0 {
		time.Sleep(c.think/2 + rand.N(c.think))
	}
}

// walk enters the flow and answers stages menus and questions, timing each first reply.
func (c *customer) walk(stages int) ([]time.Duration, error) {
	var out []time.Duration
	step := func(body, expect string) error {
		c.pause()
		d, err := c.say(body, expect)
		out = append(out, d)
		return err
	}
	if err := step("oi", "Etapa 1,"); err != nil {
		return out, err
	}
	for s := range stages {
		if err := step("1", "Conte mais:"); err != nil {
			return out, err
		}
		if err := step(fmt.Sprintf("resposta %d", s), fmt.Sprintf("Etapa %d,", s+2)); err != nil {
			return out, err
		}
	}
	return out, nil
}

// say posts a message and waits for the delivery of the reply starting with expect (the
// flow's first reply to it: the next message is answered as soon as it arrives, as the run
// already waits for it; the step's later replies go on meanwhile).
func (c *customer) say(body, expect string) (time.Duration, error) {
	c.n++
	sent := time.Now()
	if _, _, err := c.a.InboundStore.Record(context.Background(), c.conn, channel.Event{Kind: channel.EventMessage, From: c.number,
		ProviderID: fmt.Sprintf("bf-%s-%d", c.number, c.n), Name: "Cliente " + c.number, Body: body, Timestamp: sent}); err != nil {
		return 0, err
	}
	timeout := time.After(60 * time.Second)
	for {
		select {
		case d := <-c.inbox:
			if strings.HasPrefix(strings.TrimPrefix(d.body, message.SystemMark), expect) {
				return d.at.Sub(sent), nil
			}
		case <-timeout:
			return 0, fmt.Errorf("customer %s: no reply %q to %q", c.number, expect, body)
		}
	}
}

// delivery is one message the sandbox delivered.
type delivery struct {
	at   time.Time
	body string
}

// watcher reads the sandbox's deliveries for every customer at once (one query every
// 20 ms, instead of one per customer) and hands each its delivery times. Rows commit out of
// id order (several workers deliver at once), so each read looks back a window of ids and
// skips the rows it already handed out.
type watcher struct {
	a     *app.App
	mu    sync.Mutex
	boxes map[string]chan delivery
}

func (w *watcher) inbox(number string) chan delivery {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch := make(chan delivery, 256)
	w.boxes[number] = ch
	return ch
}

// lookBack is the window of ids read again: more than the deliveries that can be in
// flight (uncommitted) at once.
const lookBack = 500

func (w *watcher) run(ctx context.Context) {
	var last int64
	w.a.DB.Raw(`SELECT coalesce(max(id), 0) FROM sandbox_outbox`).Scan(&last)
	floor, seen := last, map[int64]bool{}
	for ctx.Err() == nil {
		var rows []struct {
			ID        int64
			Number    string
			Body      string
			CreatedAt time.Time
		}
		w.a.DB.Raw(`SELECT id, number, body, created_at FROM sandbox_outbox WHERE id > ? ORDER BY id`,
			max(floor, last-lookBack)).Scan(&rows)
		w.mu.Lock()
		for _, r := range rows {
			if seen[r.ID] {
				continue
			}
			seen[r.ID] = true
			if ch := w.boxes[r.Number]; ch != nil {
				ch <- delivery{r.CreatedAt, r.Body}
			}
			last = max(last, r.ID)
		}
		w.mu.Unlock()
		for id := range seen {
			if id <= last-lookBack {
				delete(seen, id)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}
