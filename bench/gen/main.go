// Command gen fills a database with a realistic attendance data set for the load benchmark:
// by default 50 companies, 1,000,000 tickets and 10,000,000 messages. It runs in PostgreSQL
// (generate_series), so it takes minutes, not hours.
//
//	go run ./bench/gen -db postgres://postgres@127.0.0.1:5432/atende_bench?sslmode=disable
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"atende/bench/benchkit"
	"atende/pkg/seed"
	"atende/pkg/user"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_bench?sslmode=disable", "database URL (created and migrated if needed)")
	companies := flag.Int("companies", 50, "companies")
	tickets := flag.Int("tickets", 1_000_000, "tickets in all")
	messages := flag.Int("messages", 10_000_000, "messages in all (0: none, tickets only)")
	flag.Parse()
	g := benchkit.Open(*dsn)
	ctx := context.Background()
	if _, err := seed.Run(ctx, g, "admin@atende.local", "Admin@12345"); err != nil {
		log.Fatal(err)
	}
	hash, err := user.HashPassword(Password)
	if err != nil {
		log.Fatal(err)
	}
	steps := plan(*companies, *tickets, *messages, hash)
	for _, s := range steps {
		start := time.Now()
		if err := g.WithContext(ctx).Exec(s.sql, s.args...).Error; err != nil {
			log.Fatalf("%s: %v", s.name, err)
		}
		fmt.Printf("%-28s %8.1fs\n", s.name, time.Since(start).Seconds())
	}
}
