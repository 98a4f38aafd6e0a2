// Package metrics declares the Prometheus collectors every process exports at /metrics.
package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var (
	// HTTPRequests counts api requests by route pattern, method and status.
	HTTPRequests = promauto.NewCounterVec(prometheus.CounterOpts{
		Name: "atende_http_requests_total", Help: "HTTP requests served.",
	}, []string{"route", "method", "status"})

	// HTTPDuration observes api latency by route pattern.
	HTTPDuration = promauto.NewHistogramVec(prometheus.HistogramOpts{
		Name: "atende_http_request_seconds", Help: "HTTP request latency.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	}, []string{"route", "method"})

	// Jobs counts processed asynq tasks by type and outcome (ok, error).
	Jobs = promauto.NewCounterVec(prometheus.CounterOpts{
		Name: "atende_jobs_total", Help: "Background tasks processed.",
	}, []string{"type", "outcome"})

	// JobDuration observes task run time by type.
	JobDuration = promauto.NewHistogramVec(prometheus.HistogramOpts{
		Name: "atende_job_seconds", Help: "Background task duration.",
	}, []string{"type"})

	// Sockets is the number of open WebSocket connections on this process.
	Sockets = promauto.NewGauge(prometheus.GaugeOpts{
		Name: "atende_sockets_open", Help: "Open real-time sockets.",
	})

	// InboundFailures counts inbound items set aside because they can't be stored (a Meta
	// webhook item, an inbound event): the rest of their delivery or batch went on.
	InboundFailures = promauto.NewCounterVec(prometheus.CounterOpts{
		Name: "atende_inbound_failures_total", Help: "Inbound items set aside as unstorable.",
	}, []string{"source"})

	// SocketEvents counts events delivered to sockets.
	SocketEvents = promauto.NewCounter(prometheus.CounterOpts{
		Name: "atende_socket_events_total", Help: "Real-time frames delivered.",
	})
)
