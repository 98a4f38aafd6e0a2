package main

import (
	"os"
	"runtime/debug"
)

// Garbage collector defaults for a server process, unless GOGC or GOMEMLIMIT say otherwise.
// At Go's default (100) the collector ran about a fifth of the process's CPU under inbound
// load; at 400 the app spent 12 % less CPU per message (docs/bench.md, "Seventh session"),
// for a heap that may grow to five times the live data between collections. The soft
// limit makes the collector work harder instead of letting that growth pass 1 GiB.
const (
	defaultGCPercent   = 400
	defaultMemoryLimit = 1 << 30
)

func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
}
