// Command load measures the api under concurrent attendants on a data set made by
// bench/gen, and the inbound pipeline's throughput and event-to-socket latency. It prints a
// markdown table of p50/p99 per request kind (docs/bench.md keeps the latest figures).
//
//	go run ./bench/load -url http://127.0.0.1:8097 -db postgres://…/atende_bench -duration 60s
package main

import (
	"flag"
	"fmt"
	"log"
	"time"

	"atende/pkg/db"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8097", "api base URL")
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench?sslmode=disable", "bench database (to pick ids)")
	attendants := flag.Int("attendants", 50, "concurrent attendants")
	duration := flag.Duration("duration", 60*time.Second, "how long the request load runs (0 = inbound only)")
	think := flag.Duration("think", time.Second, "average pause between one attendant's requests (0 = stress)")
	warmup := flag.Duration("warmup", 15*time.Second, "unrecorded load first, to warm caches")
	inbound := flag.Int("inbound", 25000, "inbound messages for the pipeline run (0 = skip)")
	rate := flag.Float64("rate", 1000, "inbound messages offered per second (0 = as fast as possible)")
	inboundWarmup := flag.Duration("inbound-warmup", 5*time.Second, "untimed start of the inbound run")
	campaigns := flag.Int("campaigns", 0, "campaigns sending during the inbound run, one per company, at the fastest pace allowed (0 = none)")
	recipients := flag.Int("campaign-recipients", 2000, "numbers in each campaign's contact list")
	interval := flag.Int("campaign-interval", 0, "the campaigns' messageInterval in seconds (0 = the fastest allowed)")
	senders := flag.Int("senders", 64, "customers posting at once when rate > 0 (more: a slow post holds the offered rate back less, and bursts grow)")
	appPID := flag.Int("app-pid", 0, "the measured app's pid: its CPU time during the inbound run is reported (0: not)")
	pgPID := flag.Int("pg-pid", 0, "the bench PostgreSQL's postmaster pid: its processes' CPU time is reported (0: not)")
	bot := flag.Bool("bot", false, "configure the conversation bot on the sandbox connections first (3 queues, option trees, hours); false turns it off")
	flag.Parse()
	g, err := db.Open(*dsn)
	if err != nil {
		log.Fatal(err)
	}
	if err := configureBot(g, *bot); err != nil {
		log.Fatal(err)
	}
	agents, err := prepare(g, *base, *attendants)
	if err != nil {
		log.Fatal(err)
	}
	if *duration > 0 {
		res := runRequests(*base, agents, *warmup, *duration, *think)
		fmt.Printf("\n%d attendants, %s, think time %s, %d companies\n\n", len(agents), *duration, *think, countCompanies(agents))
		fmt.Println(res.table())
	}
	if *inbound > 0 {
		var camp *campaignRun
		if *campaigns > 0 {
			if camp, err = startCampaigns(g, *base, agents, *campaigns, *recipients, *interval); err != nil {
				log.Fatal(err)
			}
			defer camp.remove()
		}
		p, err := runInbound(g, *base, agents, *inbound, *rate, *senders, *inboundWarmup, camp, cpuWatcher(*appPID, *pgPID))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(p)
	}
	if *campaigns > 0 && *inbound == 0 {
		log.Print("-campaigns runs beside the inbound run: set -inbound too")
	}
}
