package main

import (
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// kinds of request an attendant makes, in rotation.
var kinds = []struct {
	name string
	path func(a agent, r *rand.Rand) string
}{
	{"tickets open tab", func(a agent, _ *rand.Rand) string { return "/tickets?status=open&showAll=true&pageNumber=1" }},
	{"tickets pending tab", func(a agent, _ *rand.Rand) string { return "/tickets?status=pending&showAll=true&pageNumber=1" }},
	{"tickets open, queue filter", func(a agent, _ *rand.Rand) string {
		return fmt.Sprintf("/tickets?status=open&showAll=true&queueIds=%%5B%d%%5D", a.queueID)
	}},
	{"tickets closed view", func(a agent, _ *rand.Rand) string { return "/tickets?status=closed&showAll=true&pageNumber=1" }},
	{"message-content search", func(a agent, r *rand.Rand) string {
		return "/tickets?searchOnMessages=true&showAll=true&searchParam=" + []string{"boleto", "entrega", "reembolso", "garantia"}[r.IntN(4)]
	}},
	{"messages newest page", func(a agent, r *rand.Rand) string {
		return fmt.Sprintf("/messages/%d", a.tickets[r.IntN(len(a.tickets))])
	}},
	{"messages deep page", func(a agent, r *rand.Rand) string {
		d := a.deep[r.IntN(len(a.deep))]
		return fmt.Sprintf("/messages/%d?before=%d", d.TicketID, d.MessageID)
	}},
}

type results struct {
	mu    sync.Mutex
	start time.Time
	lat   map[string][]time.Duration
	errs  map[string]int
	slow  map[int]int // second of the run → requests slower than slowAfter that started in it
}

// slowAfter marks a request as slow for the timeline: a tail spread over the run is the
// queries' own, a tail bunched in a few seconds is a stall of the whole machine.
const slowAfter = 50 * time.Millisecond

// runRequests has every attendant make a request, pause for about think (0.5–1.5×, as a
// person reading the screen), and go again, for warmup and then d; only requests started
// after the warm-up are recorded. One run, not two: attendants starting together after a
// warm-up would send their first requests in one burst that no real team sends. Each
// starts at a random moment within its first pause for the same reason. A zero think time
// is a stress test.
func runRequests(base string, agents []agent, warmup, d, think time.Duration) *results {
	res := &results{lat: map[string][]time.Duration{}, errs: map[string]int{}, slow: map[int]int{}}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: len(agents)}}
	res.start = time.Now().Add(warmup)
	deadline := res.start.Add(d)
	var wg sync.WaitGroup
	for i, a := range agents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 7))
			if think > 0 {
				time.Sleep(time.Duration(r.Int64N(int64(think))))
			}
			for n := i; time.Now().Before(deadline); n++ {
				k := kinds[n%len(kinds)]
				if (strings.HasPrefix(k.name, "messages") && len(a.tickets) == 0) || (k.name == "messages deep page" && len(a.deep) == 0) {
					continue
				}
				start := time.Now()
				ok := get(client, base+k.path(a, r), a.token)
				if start.After(res.start) {
					res.add(k.name, start, time.Since(start), ok)
				}
				if think > 0 {
					time.Sleep(think/2 + time.Duration(r.Int64N(int64(think))))
				}
			}
		}()
	}
	wg.Wait()
	return res
}

func get(c *http.Client, url, token string) bool {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.Do(req)
	if err != nil {
		return false
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode == 200
}

func (r *results) add(kind string, start time.Time, d time.Duration, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lat[kind] = append(r.lat[kind], d)
	if d > slowAfter {
		r.slow[int(start.Sub(r.start).Seconds())]++
	}
	if !ok {
		r.errs[kind]++
	}
}

func (r *results) table() string {
	var b strings.Builder
	b.WriteString("| request | count | errors | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|\n")
	for _, k := range kinds {
		l := r.lat[k.name]
		if len(l) == 0 {
			continue
		}
		slices.Sort(l)
		fmt.Fprintf(&b, "| %s | %d | %d | %.1f | %.1f |\n", k.name, len(l), r.errs[k.name],
			ms(l[len(l)/2]), ms(l[len(l)*99/100]))
	}
	secs := slices.Sorted(maps.Keys(r.slow))
	fmt.Fprintf(&b, "\nRequests over %s by second of the run:", slowAfter)
	for _, s := range secs {
		fmt.Fprintf(&b, " %ds×%d", s, r.slow[s])
	}
	b.WriteString("\n")
	return b.String()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
