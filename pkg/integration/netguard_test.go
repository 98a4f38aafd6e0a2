package integration_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"atende/pkg/integration"
)

func TestPublicAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "2001:4860:4860::8888": true, "200.160.2.3": true,
		"10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false, "127.0.0.1": false, "0.0.0.0": false,
		"169.254.169.254": false, "100.100.100.200": false, "192.0.0.192": false, "255.255.255.255": false,
		"::1": false, "::": false, "fe80::1": false, "fd00:ec2::254": false, "::ffff:127.0.0.1": false,
		"::ffff:169.254.169.254": false, "64:ff9b::a9fe:a9fe": false, "64:ff9b::808:808": true, "224.0.0.1": false,
	} {
		if got := integration.Public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Public(%s) = %v, want %v", addr, got, want)
		}
	}
}

// A company's integration URL reaches no address inside our network (cloud metadata, the
// loopback), redirects there included, unless the operator allows that network.
func TestOutboundRefusesPrivateAddresses(t *testing.T) {
	inside := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(204) }))
	defer inside.Close()
	bounce := httptest.NewServer(http.RedirectHandler(inside.URL, http.StatusFound))
	defer bounce.Close()
	get := func(hc *http.Client, url string) error {
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
		res, err := hc.Do(req)
		if err == nil {
			res.Body.Close()
		}
		return err
	}
	closed := integration.Outbound(nil)
	for _, url := range []string{inside.URL, "http://169.254.169.254/latest/meta-data/", "http://[::1]:9/"} {
		if err := get(closed, url); !errors.Is(err, integration.ErrPrivate) {
			t.Errorf("%s: %v, want ErrPrivate", url, err)
		}
	}
	loopback, err := integration.ParseNets([]string{"127.0.0.0/8", "::1"})
	if err != nil {
		t.Fatal(err)
	}
	if err := get(integration.Outbound(loopback), bounce.URL); err != nil {
		t.Fatalf("an allowed network: %v", err)
	}
	if _, err := integration.ParseNets([]string{"intranet"}); err == nil {
		t.Fatal("a bad entry was taken")
	}
}
