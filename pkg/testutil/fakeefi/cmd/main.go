// Command fakeefi runs the fake Efí Pix API on loopback for the e2e run and for trying
// payments without Efí: FAKEEFI_ADDR (default 127.0.0.1:8191), FAKEEFI_WEBHOOK (our
// /webhooks/efi?hmac=… URL; "/pix" is appended as Efí does), EFI_CLIENT_ID and
// EFI_CLIENT_SECRET (the credentials it accepts).
package main

import (
	"log"
	"net/http"
	"net/url"
	"os"

	"atende/pkg/testutil/fakeefi"
)

func main() {
	addr := os.Getenv("FAKEEFI_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8191"
	}
	hook := os.Getenv("FAKEEFI_WEBHOOK")
	if u, err := url.Parse(hook); hook != "" && err == nil {
		u.Path += "/pix"
		hook = u.String()
	}
	s := &fakeefi.Server{ClientID: os.Getenv("EFI_CLIENT_ID"), ClientSecret: os.Getenv("EFI_CLIENT_SECRET"), Webhook: hook}
	log.Printf("fake Efí Pix API on http://%s, webhooks to %s", addr, hook)
	log.Fatal(http.ListenAndServe(addr, s))
}
