package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cpuWatch reads the CPU time (user + system, from /proc) that the measured processes
// spent: the app's, and every process the bench's PostgreSQL postmaster started (its
// backends, WAL writer, checkpointer). CPU seconds per message move far less from one run
// to the next than throughput does on a shared machine, so a change's cost reads off them.
type cpuWatch struct {
	app, postmaster int
	start           map[int]float64 // seconds by pid at the start
}

// newCPUWatch starts counting; zero pids (not given, or not Linux) count nothing.
func newCPUWatch(app, postmaster int) *cpuWatch {
	w := &cpuWatch{app: app, postmaster: postmaster}
	w.start = w.read()
	return w
}

// read is each watched process's CPU seconds so far.
func (w *cpuWatch) read() map[int]float64 {
	out := map[int]float64{}
	if w.app == 0 && w.postmaster == 0 {
		return out
	}
	paths, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid … utime stime: fields after the command's closing paren.
		i := strings.LastIndexByte(string(b), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 {
			continue
		}
		pid, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(p, "/proc/"), "/stat"))
		ppid, _ := strconv.Atoi(f[1])
		if pid != w.app && pid != w.postmaster && ppid != w.postmaster {
			continue
		}
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		out[pid] = (ut + st) / 100 // USER_HZ is 100 on Linux
	}
	return out
}

// report is the CPU the app and PostgreSQL spent since the start, per message of n.
func (w *cpuWatch) report(n int) string {
	if w.app == 0 && w.postmaster == 0 || n == 0 {
		return ""
	}
	var app, pg, vacuum float64
	for pid, s := range w.read() {
		s -= w.start[pid] // a backend started meanwhile counts from zero
		switch cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); {
		case pid == w.app:
			app += s
		case strings.Contains(string(cmd), "autovacuum"):
			// Apart: whether the tickets' vacuum (every 2 % changed) falls inside a run is
			// chance, and it doubled PostgreSQL's figure when it did.
			vacuum += s
		default:
			pg += s
		}
	}
	return fmt.Sprintf("CPU during the inbound run: app %.1f s, PostgreSQL %.1f s (autovacuum apart: %.1f s) → %.2f ms of CPU per message (app %.2f, PostgreSQL %.2f)\n",
		app, pg, vacuum, (app+pg)*1000/float64(n), app*1000/float64(n), pg*1000/float64(n))
}

// cpuWatcher starts a watch when called (the inbound run's start).
func cpuWatcher(app, postmaster int) func() *cpuWatch {
	return func() *cpuWatch { return newCPUWatch(app, postmaster) }
}
