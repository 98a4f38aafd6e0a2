package handoff

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"atende/pkg/integration"
)

// errPrivate refuses a bot's media on an address inside our network.
var errPrivate = errors.New("integration: media address is not public")

// mediaClient downloads a Typebot's media bubbles. The integration's own host (a
// self-hosted Typebot may well live on a private network) is reached wherever it is;
// any other host only at a public address. The address is checked as it is dialed, after
// resolution, so a name that resolves (or re-resolves) inside our network is refused too,
// and so is a redirect there. No proxy (it would dial for us, unchecked) and no kept
// connections (a pooled one would skip the check).
func mediaClient(integrationURL string) *http.Client {
	own := hostPort(integrationURL)
	guarded := &net.Dialer{Timeout: 10 * time.Second, Control: refusePrivate}
	open := &net.Dialer{Timeout: 10 * time.Second}
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if own != "" && strings.EqualFold(addr, own) {
				return open.DialContext(ctx, network, addr)
			}
			return guarded.DialContext(ctx, network, addr)
		},
		DisableKeepAlives:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: integration.Timeout,
	}
	return &http.Client{Transport: tr, Timeout: integration.Timeout}
}

// hostPort is raw's host:port as the transport dials it (the scheme's port by default);
// "" when raw is no http(s) URL.
func hostPort(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Hostname() == "" {
		return ""
	}
	port := u.Port()
	switch {
	case port != "":
	case strings.EqualFold(u.Scheme, "https"):
		port = "443"
	case strings.EqualFold(u.Scheme, "http"):
		port = "80"
	default:
		return ""
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// refusePrivate is a dialer's Control: address is the resolved ip:port about to be dialed.
func refusePrivate(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !public(ap.Addr()) {
		return errPrivate
	}
	return nil
}

// internal are ranges IsGlobalUnicast lets through that are no public internet: shared
// address space (carrier NAT, and Alibaba's metadata at 100.100.100.200), "this network",
// IETF protocol assignments (Oracle's metadata at 192.0.0.192) and benchmarking.
var internal = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
}

// nat64 is the well-known NAT64 prefix: its addresses carry an IPv4 one in the last 32 bits.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// public: a global unicast address outside private, loopback, link-local (cloud metadata
// at 169.254.169.254) and the internal ranges, IPv4 ones written as IPv6 included.
func public(a netip.Addr) bool {
	a = a.Unmap()
	if nat64.Contains(a) {
		b := a.As16()
		a = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	if !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range internal {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
