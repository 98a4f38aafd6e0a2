package main

import (
	"fmt"
	"slices"
	"time"
)

// sample is one message's event-to-socket time, by when it was posted.
type sample struct {
	at time.Time
	d  time.Duration
}

// timeline prints the event-to-socket times second by second: a p99 made by a few slow
// moments (a checkpoint, an index's pending list merged) reads differently from one made by
// a backlog that grows all along.
func timeline(samples []sample, start time.Time) string {
	bySecond := map[int][]time.Duration{}
	last := 0
	for _, s := range samples {
		k := int(s.at.Sub(start) / time.Second)
		bySecond[k] = append(bySecond[k], s.d)
		last = max(last, k)
	}
	out := "Event to socket by the second it was posted in (n, p50, p99, max ms):"
	for k := 0; k <= last; k++ {
		ds := bySecond[k]
		if len(ds) == 0 {
			continue
		}
		slices.Sort(ds)
		out += fmt.Sprintf("\n  %3ds %5d %6.1f %6.1f %6.1f", k, len(ds), ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1]))
	}
	return out + "\n"
}
