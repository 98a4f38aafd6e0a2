package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"
)

// benchPassword is every bench/gen user's password (bench/gen.Password).
const benchPassword = "Bench@12345"

// httpRun is the -url mode: the same tabs as GET requests to a running server, by one
// manager per target company refreshing back to back (managers of them at once), while
// attendants of every company work the ticket tabs (a request, a pause of 0.5–1.5 × think,
// again). Only requests started after warmup are recorded.
type httpRun struct {
	base                    string
	days                    int
	managers, attendants    int
	warmup, duration, think time.Duration
	client                  *http.Client
	mu                      sync.Mutex
	lat                     map[string][]time.Duration
	errs                    map[string]int
	start, deadline         time.Time
	attendantReqs           int
}

func (h *httpRun) run(g *gorm.DB, targets []target) {
	h.client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	h.lat, h.errs = map[string][]time.Duration{}, map[string]int{}
	staff := h.signIn(g, `SELECT email FROM users WHERE email LIKE 'bench-%' AND profile = 'user'
		AND email LIKE '%-2@bench.local' ORDER BY company_id LIMIT ?`, h.attendants)
	h.start = time.Now().Add(h.warmup)
	h.deadline = h.start.Add(h.duration)
	var wg sync.WaitGroup
	for i, tok := range staff {
		wg.Add(1)
		go func() { defer wg.Done(); h.attendant(tok, rand.New(rand.NewPCG(uint64(i), 7))) }()
	}
	for _, t := range targets {
		// The company's administrator (bench-{id}-1), signed in once: one session per user.
		tok := h.signIn(g, `SELECT email FROM users WHERE company_id = ? AND profile = 'admin' ORDER BY id LIMIT 1`, t.ID)[0]
		for range h.managers {
			wg.Add(1)
			go func() { defer wg.Done(); h.manager(t.Label, tok) }()
		}
	}
	wg.Wait()
	fmt.Printf("\n%d attendants (think %s, %d requests recorded), %d managers per company refreshing back to back, %s recorded after %s of warm-up\n\n",
		len(staff), h.think, h.attendantReqs, h.managers, h.duration, h.warmup)
	fmt.Println("| request | samples | errors | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|")
	keys := []string{}
	for k := range h.lat {
		keys = append(keys, k)
	}
	for k := range h.errs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		d := h.lat[k]
		slices.Sort(d)
		if len(d) == 0 {
			fmt.Printf("| %s | 0 | %d | | | |\n", k, h.errs[k])
			continue
		}
		fmt.Printf("| %s | %d | %d | %.1f | %.1f | %.1f |\n", k, len(d), h.errs[k], ms(pct(d, 50)), ms(pct(d, 99)), ms(d[len(d)-1]))
	}
}

// signIn logs in the users the query lists (its args follow) and returns their tokens.
func (h *httpRun) signIn(g *gorm.DB, query string, args ...any) []string {
	var emails []string
	if err := g.Raw(query, args...).Scan(&emails).Error; err != nil || len(emails) == 0 {
		log.Fatalf("no bench users (run bench/gen first): %v", err)
	}
	out := make([]string, len(emails))
	for i, e := range emails {
		body, _ := json.Marshal(map[string]string{"email": e, "password": benchPassword})
		res, err := h.client.Post(h.base+"/auth/login", "application/json", bytes.NewReader(body))
		if err != nil {
			log.Fatal(err)
		}
		var v struct{ Token string }
		_ = json.NewDecoder(res.Body).Decode(&v)
		res.Body.Close()
		if v.Token == "" {
			log.Fatalf("login %s: status %d", e, res.StatusCode)
		}
		out[i] = v.Token
	}
	return out
}

// attendant works the ticket tabs until the deadline.
func (h *httpRun) attendant(tok string, r *rand.Rand) {
	paths := []string{"/tickets?status=open&pageNumber=1", "/tickets?status=pending&pageNumber=1", "/tickets?status=closed&pageNumber=1"}
	time.Sleep(time.Duration(r.Float64() * float64(h.think)))
	for i := r.IntN(len(paths)); time.Now().Before(h.deadline); i++ {
		h.get("attendant: ticket tab", tok, paths[i%len(paths)])
		time.Sleep(time.Duration((0.5 + r.Float64()) * float64(h.think)))
	}
}

// manager refreshes the dashboard's tabs in turn until the deadline.
func (h *httpRun) manager(label, tok string) {
	q := fmt.Sprintf("?days=%d", h.days)
	for i := 0; time.Now().Before(h.deadline); i++ {
		switch i % 4 {
		case 0, 1: // the indicators and NPS tabs show the same call
			h.get(label+": GET /dashboard", tok, "/dashboard"+q)
		case 2: // the attendants tab: the table's call and both charts at once
			start := time.Now()
			var wg sync.WaitGroup
			for _, p := range []string{"/dashboard", "/dashboard/ticketsUsers", "/dashboard/ticketsDay"} {
				wg.Add(1)
				go func() { defer wg.Done(); h.get(label+": GET "+p+" (attendants tab)", tok, p+q) }()
			}
			wg.Wait()
			h.record(label+": attendants tab, all three", start, time.Since(start), true)
		case 3:
			h.get(label+": GET /dashboard/moments", tok, "/dashboard/moments")
		}
	}
}

func (h *httpRun) get(kind, tok, path string) {
	req, _ := http.NewRequest(http.MethodGet, h.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	start := time.Now()
	res, err := h.client.Do(req)
	ok := err == nil
	if ok {
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		ok = res.StatusCode == http.StatusOK
	}
	h.record(kind, start, time.Since(start), ok)
}

func (h *httpRun) record(kind string, start time.Time, d time.Duration, ok bool) {
	if start.Before(h.start) {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if kind == "attendant: ticket tab" {
		h.attendantReqs++
	}
	if !ok {
		h.errs[kind]++
		return
	}
	h.lat[kind] = append(h.lat[kind], d)
}
