// Command campaign measures campaigns (issue 15): creating a campaign of many recipients
// (its shippings written in one statement) and the dispatcher's own CPU per send. It makes
// a scratch database (dropped at the end), a company, a sandbox connection and a contact list
// of -recipients numbers, then
//
//   - times POST-equivalent creation of a campaign starting now (validation, the campaign row
//     and every shipping), and
//
//   - runs -sends pacer ticks back to back under a test clock through a channel that sends
//     nothing (the dispatcher's own work: lock, settings, window, next shipping, governor
//     budget and health, render, record, next tick queued), reporting this process's CPU
//     (user+system) and the wall time per send, then the same through the sandbox channel.
//
//     go run ./bench/campaign -recipients 100000 -sends 2000
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"atende/pkg/campaign"
	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/tenant"
	"atende/pkg/validate"
)

// null is a channel that delivers nothing and answers at once.
type null struct{ channel.Channel }

func (null) Send(_ context.Context, _ connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	return channel.Sent{ProviderID: fmt.Sprint("NULL", out.MessageID), Ack: 1}, nil
}

func main() {
	base := flag.String("db", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "a PostgreSQL server (a scratch database is made on it)")
	redisURL := flag.String("redis", "redis://127.0.0.1:6380/15", "Redis for the pacer's tasks (the db is flushed)")
	recipients := flag.Int("recipients", 100000, "contact list size")
	sends := flag.Int("sends", 2000, "pacer ticks to time")
	flag.Parse()
	ctx := context.Background()

	g, drop := scratch(*base)
	defer drop()
	ropt, err := redis.ParseURL(*redisURL)
	check(err)
	rdb := redis.NewClient(ropt)
	check(rdb.FlushDB(ctx).Err())
	q := asynq.NewClient(asynq.RedisClientOpt{Addr: ropt.Addr, DB: ropt.DB, Password: ropt.Password})
	defer q.Close()

	companyID, connID, listID := fixture(g, *recipients)
	clock := time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC) // 10:00 in São Paulo, a Wednesday
	now := func() time.Time { return clock }
	d := campaign.Dispatcher{DB: g, Queue: q, Now: now,
		Channels: channel.Registry{connection.ChannelSandbox: null{}}}
	svc := campaign.Service{DB: g, Queue: q, Dispatcher: d}
	cctx := tenant.With(ctx, companyID)
	in := campaign.Input{Name: "Bench", Texts: campaign.Texts{Message1: "Oi {nome}, {cupom}!", Message2: "Olá {nome}"}}
	in.ContactListID = validate.Nullable[int64]{Set: true, Valid: true, Value: listID}
	in.WhatsappID = validate.Nullable[int64]{Set: true, Valid: true, Value: connID}
	in.ScheduledAt = validate.Nullable[string]{Set: true, Valid: true, Value: clock.Format(time.RFC3339)}

	start := time.Now()
	c, err := svc.Create(cctx, in)
	check(err)
	created := time.Since(start)
	var n int64
	g.Table("campaign_shippings").Where("campaign_id = ?", c.ID).Count(&n)
	fmt.Printf("\n## Campaign of %d recipients\n\n| step | result |\n|---|---|\n", n)
	fmt.Printf("| create (validation, campaign row, %d shippings in one statement) | %s |\n", n, created.Round(time.Millisecond))

	tick := func(d campaign.Dispatcher, id int64, count int) (cpu, wall time.Duration) {
		u0, w0 := rusage(), time.Now()
		for i := 0; i < count; i++ {
			check(d.Tick(ctx, companyID, id, time.Time{}))
			clock = clock.Add(time.Second) // past the gap (interval 0) and within the minute's ceiling budget
		}
		return rusage() - u0, time.Since(w0)
	}
	cpu, wall := tick(d, c.ID, *sends)
	sent := count(g, c.ID)
	fmt.Printf("| dispatcher, null channel: %d sends | CPU %.2f ms/send, wall %.2f ms/send |\n", sent,
		ms(cpu)/float64(sent), ms(wall)/float64(sent))

	sb := d
	sb.Channels = channel.Registry{connection.ChannelSandbox: sandbox.Channel{DB: g, Queue: q}}
	c2, err := campaign.Service{DB: g, Queue: q, Dispatcher: sb}.Create(cctx, in)
	check(err)
	cpu, wall = tick(sb, c2.ID, *sends/2)
	sent = count(g, c2.ID)
	fmt.Printf("| dispatcher + sandbox channel (outbox row, 2 receipt tasks): %d sends | CPU %.2f ms/send, wall %.2f ms/send |\n",
		sent, ms(cpu)/float64(sent), ms(wall)/float64(sent))
	check(rdb.FlushDB(ctx).Err())
}

func count(g *gorm.DB, campaignID int64) int64 {
	var n int64
	g.Table("campaign_shippings").Where("campaign_id = ? AND delivered_at IS NOT NULL", campaignID).Count(&n)
	return n
}

// fixture makes a company with generous campaign settings, a connected sandbox connection
// and a contact list of n numbers.
func fixture(g *gorm.DB, n int) (companyID, connID, listID int64) {
	check(g.Raw(`INSERT INTO plans (name, users, connections, queues, use_campaigns) VALUES ('bench', 10, 10, 10, true) RETURNING id`).Scan(&listID).Error)
	check(g.Raw(`INSERT INTO companies (name, plan_id, status, timezone) VALUES ('bench', ?, true, 'America/Sao_Paulo') RETURNING id`, listID).Scan(&companyID).Error)
	check(g.Raw(`INSERT INTO connections (company_id, name, channel, status, token) VALUES (?, 'sandbox', 'sandbox', 'CONNECTED', 'bench-token') RETURNING id`,
		companyID).Scan(&connID).Error)
	check(g.Raw(`INSERT INTO contact_lists (company_id, name) VALUES (?, 'bench') RETURNING id`, companyID).Scan(&listID).Error)
	check(g.Exec(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
		SELECT ?, ?, 'Cliente ' || i, (5511900000000 + i)::text, 'c' || i || '@x.test', true FROM generate_series(1, ?) i`,
		companyID, listID, n).Error)
	for k, v := range map[string]string{"messageInterval": "0", "longerIntervalAfter": "0", "greaterInterval": "0",
		"startHour": `"00:00"`, "endHour": `"00:00"`, "sabado": "true", "domingo": "true",
		"governorWarmup": "[100000]", "governorPerMinute": "60", "variables": `[{"key":"cupom","value":"BF10"}]`} {
		check(g.Exec(`INSERT INTO campaign_settings (company_id, key, value) VALUES (?, ?, ?)`, companyID, k, v).Error)
	}
	g.Exec(`ANALYZE contact_list_items`)
	return companyID, connID, listID
}

// scratch creates and migrates a database of its own on base's server; drop removes it.
func scratch(base string) (*gorm.DB, func()) {
	admin, err := atdb.Open(base)
	check(err)
	name := fmt.Sprintf("atende_campaign_bench_%d", time.Now().Unix())
	check(admin.Exec("CREATE DATABASE " + name).Error)
	u, err := url.Parse(base)
	check(err)
	u.Path = "/" + name
	g, err := atdb.Open(u.String())
	check(err)
	check(atdb.Migrate(g))
	return g, func() {
		if sqlDB, err := g.DB(); err == nil {
			sqlDB.Close()
		}
		admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	}
}

func rusage() time.Duration {
	var r syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &r))
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func check(err error) {
	if err != nil && !strings.Contains(err.Error(), "already exists") {
		log.Fatal(err)
	}
}
