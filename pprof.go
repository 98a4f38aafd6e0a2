package main

import (
	"log/slog"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on the default mux, served only on PPROF_ADDR
	"os"
)

// PPROF_ADDR (e.g. 127.0.0.1:6060) serves Go's profiler for benchmarks and incidents. It is
// a separate listener, off by default, so the profiler is never on the public port.
func init() {
	addr := os.Getenv("PPROF_ADDR")
	if addr == "" {
		return
	}
	go func() {
		if err := http.ListenAndServe(addr, nil); err != nil {
			slog.Error("pprof", "err", err)
		}
	}()
}
