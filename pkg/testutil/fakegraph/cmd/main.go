// Command fakegraph runs the fake Graph API on loopback for the e2e run and for trying the
// Graph channels without Meta: FAKEGRAPH_ADDR (default 127.0.0.1:8190), FAKEGRAPH_WEBHOOK
// (our /webhooks/meta URL), META_APP_SECRET (to sign webhooks).
package main

import (
	"log"
	"net/http"
	"os"
	"time"

	"atende/pkg/testutil/fakegraph"
)

func main() {
	addr := os.Getenv("FAKEGRAPH_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8190"
	}
	s := &fakegraph.Server{Webhook: os.Getenv("FAKEGRAPH_WEBHOOK"), Secret: os.Getenv("META_APP_SECRET"),
		BaseURL: "http://" + addr, StatusDelay: 300 * time.Millisecond,
		Pages: []fakegraph.Page{{ID: "PAGE1", Name: "Loja Fake", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "lojafake"}}}
	log.Printf("fake Graph API on http://%s, webhooks to %s", addr, s.Webhook)
	log.Fatal(http.ListenAndServe(addr, s))
}
