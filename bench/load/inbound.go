package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"gorm.io/gorm"
)

// runInbound posts n customer messages through the sandbox channels of the agents'
// companies — at rate messages/s (open loop, like customers who don't wait for us, at most
// inFlight posts at once), or as fast as 16 senders can when rate is 0 — waits until the workers processed them all, and
// measures how long each took from the post to the attendant's socket, but during warmup.
// Campaigns (nil: none) send all along; their sends are counted from the first post until
// every message was processed, then they are canceled.
func runInbound(g *gorm.DB, base string, agents []agent, n int, rate float64, inFlight int, warmup time.Duration, camp *campaignRun,
	cpu func() *cpuWatch) (string, error) {
	var sentAt sync.Map         // body → time
	var samples []sample        // post to socket event, with when it was posted
	var postLat []time.Duration // post to its answer
	var latMu sync.Mutex
	// One attendant of each company online, as in a working day: every message is timed
	// to its company's socket, and the hub writes each event to a socket, as it would.
	seen := map[int64]bool{}
	for _, ag := range agents {
		if seen[ag.companyID] {
			continue
		}
		seen[ag.companyID] = true
		socket, err := listen(base, ag.token)
		if err != nil {
			return "", err
		}
		defer socket.CloseNow()
		go func() {
			for {
				_, b, err := socket.Read(context.Background())
				if err != nil {
					return
				}
				for _, body := range createdBodies(b) {
					if t, ok := sentAt.LoadAndDelete(body); ok {
						latMu.Lock()
						samples = append(samples, sample{at: t.(time.Time), d: time.Since(t.(time.Time))})
						latMu.Unlock()
					}
				}
			}
		}()
	}
	// A run must start from the data set: tickets a failed clean-up left would have their
	// menus used up already.
	var left int64
	g.Raw(`SELECT count(*) FROM tickets WHERE contact_id IN (SELECT id FROM contacts WHERE number LIKE '5521%')`).Scan(&left)
	if left > 0 {
		fmt.Printf("%d tickets of an earlier run were left: cleaning up first\n", left)
		cleanUp(g)
	}
	start := time.Now()
	used := cpu()
	camp.begin()
	var next, failed atomic.Int64
	var wg sync.WaitGroup
	run := fmt.Sprint(start.UnixNano())
	senders := 16
	if rate > 0 {
		senders = inFlight // enough in flight that a slow post holds the offered rate back little
	}
	for w := 0; w < senders; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := newPoster(base)
			if err != nil {
				panic(err)
			}
			for i := next.Add(1); i <= int64(n); i = next.Add(1) {
				if rate > 0 {
					time.Sleep(time.Until(start.Add(time.Duration(float64(i) / rate * float64(time.Second)))))
				}
				ag := agents[int(i)%len(agents)]
				body := fmt.Sprintf("bench %s %d", run, i)
				// The first seconds warm the pipeline up (pools open their connections,
				// each connection prepares its statements) and are not timed.
				timed := time.Since(start) >= warmup
				t0 := time.Now()
				if timed {
					sentAt.Store(body, t0)
				}
				number := fmt.Sprintf("5521%09d", i%5000)
				b, _ := json.Marshal(map[string]string{"number": number, "name": "Cliente " + number, "body": body})
				if err := p.post(ag, b); err != nil {
					failed.Add(1)
				}
				if timed {
					latMu.Lock()
					postLat = append(postLat, time.Since(t0))
					latMu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	posted := time.Since(start)
	// Every post stored its event before it was answered, so the run is over when none is
	// pending and every reply the bot wrote went out (counts over the pending index and the
	// outbox, migration 00054: counting processed events read the whole table, five times a
	// second, beside the measured pipeline; a reply named ahead has its provider id before
	// it is sent, so the unsent are the outbox's rows still waiting).
	for deadline := time.Now().Add(10 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var pending int64
		g.Raw(`SELECT (SELECT count(*) FROM inbound_events WHERE processed_at IS NULL) +
			(SELECT count(*) FROM message_outbox o JOIN messages m ON m.id = o.message_id
			   WHERE o.created_at >= ? AND m.ack = 0 AND NOT m.is_deleted)`, start).Scan(&pending)
		if pending == 0 {
			break
		}
	}
	total := time.Since(start)
	spent := used.report(n)
	campaigns := camp.report()
	spent += botReport(g, start)
	camp.stop()
	time.Sleep(time.Second)
	defer cleanUp(g)
	latMu.Lock()
	defer latMu.Unlock()
	lat := make([]time.Duration, len(samples))
	for i, s := range samples {
		lat[i] = s.d
	}
	slices.Sort(lat)
	out := fmt.Sprintf("Inbound pipeline: %d messages posted in %.1fs (offered %.0f/s), all processed in %.1fs → %.0f messages/s sustained\n",
		n, posted.Seconds(), float64(n)/posted.Seconds(), total.Seconds(), float64(n)/total.Seconds())
	if len(lat) > 0 {
		slices.Sort(postLat)
		out += fmt.Sprintf("Event to socket (%d samples): p50 %.1f ms, p99 %.1f ms (the post alone: p50 %.1f ms, p99 %.1f ms)\n",
			len(lat), ms(lat[len(lat)/2]), ms(lat[len(lat)*99/100]), ms(postLat[len(postLat)/2]), ms(postLat[len(postLat)*99/100]))
		out += timeline(samples, start)
	}
	out += spent + campaigns
	if f := failed.Load(); f > 0 {
		out += fmt.Sprintf("%d posts failed\n", f)
	}
	return out, nil
}

// botReport counts what the system wrote on the run's tickets (the bot's replies), and
// when it wrote nothing, the state of those tickets: a bot-on run in which the bot never
// spoke measures the plain pipeline, and must say so rather than pass for a bot figure.
func botReport(g *gorm.DB, start time.Time) string {
	var replies int64
	g.Raw(`SELECT count(*) FROM messages m JOIN tickets t ON t.id = m.ticket_id
		JOIN contacts c ON c.id = t.contact_id WHERE c.number LIKE '5521%' AND m.from_me AND m.created_at >= ?`, start).Scan(&replies)
	out := fmt.Sprintf("Replies the system wrote on the run's tickets: %d\n", replies)
	var botOn bool // configureBot links queues to the sandbox connections
	g.Raw(`SELECT EXISTS (SELECT 1 FROM connection_queues l JOIN connections c ON c.id = l.connection_id
		WHERE c.channel = 'sandbox')`).Scan(&botOn)
	if replies > 0 || !botOn {
		return out
	}
	out += "The bot was on and never spoke: these are the plain pipeline's figures. The run's tickets:\n"
	var states []struct {
		Status                   string
		Queued, Assigned, Bot    bool
		Used, N                  int64
		ContactsOff, Connections int64
	}
	g.Raw(`SELECT t.status, t.queue_id IS NOT NULL AS queued, t.user_id IS NOT NULL AS assigned, t.is_bot AS bot,
		  t.amount_used_bot_queues AS used, count(*) AS n, count(*) FILTER (WHERE c.disable_bot) AS contacts_off,
		  count(DISTINCT t.connection_id) AS connections
		FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number LIKE '5521%'
		GROUP BY 1, 2, 3, 4, 5 ORDER BY n DESC LIMIT 10`).Scan(&states)
	for _, st := range states {
		out += fmt.Sprintf("  tickets %s queued=%t assigned=%t bot=%t used=%d: %d (contacts with the bot off: %d, connections: %d)\n",
			st.Status, st.Queued, st.Assigned, st.Bot, st.Used, st.N, st.ContactsOff, st.Connections)
	}
	return out
}

func listen(base, token string) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(base, "http")+"/socket?token="+token, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	msg, _ := json.Marshal(map[string]string{"type": "joinNotification"})
	return c, c.Write(context.Background(), websocket.MessageText, msg)
}

// cleanUp removes the tickets (with their messages) and events the inbound run added, so
// that every run of the benchmark reads the generated data set as it was: the run's tickets
// would otherwise be every company's newest, and the next run's lists would read them
// instead. Its customers' contacts stay, as customers who write again. The vacuum clears
// what the deletes left: without it each run left 25,000 dead messages in the indexes the
// next run inserts into (autovacuum waits for a fifth of the table), and runs got slower
// one after another. The events of the run stay (older ones go): emptied and vacuumed, the
// table looked empty to the planner, and the next run's claims, planned on that, read the
// whole table each (70-90 ms a claim, PostgreSQL's CPU doubled); a server's event table is
// never empty. Each step is tried again when it fails: the delete runs beside the app's
// last receipt rounds and can lose a deadlock to them, and a run that kept the last run's
// tickets found every menu used up, so its bot never spoke (the "silent" bot-on runs of
// the eighth and tenth sessions).
func cleanUp(g *gorm.DB) {
	for _, q := range []string{
		`DELETE FROM tickets WHERE contact_id IN (SELECT id FROM contacts WHERE number LIKE '5521%')`,
		`DELETE FROM inbound_events WHERE id < (SELECT max(id) - 25000 FROM inbound_events)`,
		`VACUUM (ANALYZE) tickets, inbound_events, ticket_logs`,
		`VACUUM messages`,
	} {
		for try := 1; ; try++ {
			err := g.Exec(q).Error
			if err == nil {
				break
			}
			fmt.Println("clean-up:", err)
			if try == 5 {
				break
			}
			time.Sleep(time.Second)
		}
	}
}

// createdBodies finds the message bodies of the appMessage "create" frames in a socket
// message: one frame, or an array of the frames the hub had queued together. Outside a
// string a frame of the array starts with {"event":, which a string holds only escaped.
func createdBodies(msg []byte) []string {
	var out []string
	for _, frame := range bytes.Split(msg, []byte(`},{"event":`)) {
		if body, ok := createdBody(frame); ok {
			out = append(out, body)
		}
	}
	return out
}

// createdBody finds the message body in an appMessage "create" frame. It reads the frame
// as text: decoding 2,000 frames a second would take the load generator a tenth of a core
// from the server it measures.
func createdBody(frame []byte) (string, bool) {
	head := frame[:min(len(frame), 64)]
	if !bytes.Contains(head, []byte(`-appMessage"`)) || !bytes.Contains(frame, []byte(`"action":"create"`)) {
		return "", false
	}
	_, rest, ok := bytes.Cut(frame, []byte(`"body":"`))
	if !ok {
		return "", false
	}
	body, _, ok := bytes.Cut(rest, []byte(`"`))
	return string(body), ok
}
