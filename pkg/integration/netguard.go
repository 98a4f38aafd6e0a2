package integration

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// ErrPrivate refuses a call to an address inside our network: the URLs of Typebot, n8n and
// webhook integrations (and of a bot's media) are a company's, so without the guard any
// company could make our workers call the operator's own services (cloud metadata, Redis,
// the database's host).
var ErrPrivate = errors.New("integration: address is not public")

// Outbound is the client for a company's integration URLs: it dials public addresses only,
// and those in allow (INTEGRATION_PRIVATE_NETS: an operator's self-hosted Typebot or n8n on
// a private network). The address is checked as it is dialed, after resolution, so a name
// that resolves inside our network is refused too, and so is a redirect there. No proxy (it
// would dial for us, unchecked).
func Outbound(allow []netip.Prefix) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, Control: GuardControl(allow)}
	tr := &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: 10 * time.Second,
		ResponseHeaderTimeout: Timeout, MaxIdleConnsPerHost: 4, IdleConnTimeout: time.Minute}
	return &http.Client{Transport: tr, Timeout: Timeout}
}

// GuardControl is a dialer's Control refusing, as ErrPrivate, every address that is not
// public and not in allow (address is the resolved ip:port about to be dialed).
func GuardControl(allow []netip.Prefix) func(network, address string, c syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return ErrPrivate
		}
		a := ap.Addr().Unmap()
		for _, p := range allow {
			if p.Contains(a) {
				return nil
			}
		}
		if !Public(a) {
			return ErrPrivate
		}
		return nil
	}
}

// ParseNets reads INTEGRATION_PRIVATE_NETS: IP addresses or CIDRs.
func ParseNets(entries []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, e := range entries {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		if a, err := netip.ParseAddr(e); err == nil {
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(e)
		if err != nil {
			return nil, fmt.Errorf("INTEGRATION_PRIVATE_NETS: %q is neither an IP address nor a CIDR", e)
		}
		out = append(out, p.Masked())
	}
	return out, nil
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

// Public: a global unicast address outside private, loopback, link-local (cloud metadata
// at 169.254.169.254) and the internal ranges, IPv4 ones written as IPv6 included.
func Public(a netip.Addr) bool {
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
