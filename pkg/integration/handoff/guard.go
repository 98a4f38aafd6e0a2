package handoff

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"atende/pkg/integration"
)

// mediaClient downloads a Typebot's media bubbles. The integration's own host (a
// self-hosted Typebot may well live on a private network) is reached wherever it is;
// any other host only at a public address. The address is checked as it is dialed, after
// resolution, so a name that resolves (or re-resolves) inside our network is refused too,
// and so is a redirect there. No proxy (it would dial for us, unchecked) and no kept
// connections (a pooled one would skip the check).
func mediaClient(integrationURL string) *http.Client {
	own := hostPort(integrationURL)
	guarded := &net.Dialer{Timeout: 10 * time.Second, Control: integration.GuardControl(nil)}
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
