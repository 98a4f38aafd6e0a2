package handoff_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/testutil"
)

// A media bubble is fetched only from public addresses and the operator's
// INTEGRATION_PRIVATE_NETS (here the bot's own loopback address), never from another
// private, loopback, link-local or metadata address, whatever name or redirect leads
// there (the integration's own host name earns nothing: it could re-resolve inside):
// those go out as their links, and the other server is never reached.
func TestTypebotMediaGuard(t *testing.T) {
	w := newWorld(t)
	w.run.MediaHTTP = integration.Outbound([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")})
	var hits atomic.Int64
	other := httptest.NewUnstartedServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = rw.Write(pngBytes)
	}))
	ln, err := net.Listen("tcp", "127.0.0.2:0") // a private address outside the allowed one
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	other.Listener = ln
	other.Start()
	t.Cleanup(other.Close)
	otherPort := other.URL[strings.LastIndex(other.URL, ":")+1:]
	urls := []string{
		"",                     // the bot's own file, filled in below
		other.URL + "/img.png", // loopback, another address
		"http://169.254.169.254/latest/meta-data/iam.png",
		"http://[::ffff:127.0.0.2]:" + otherPort + "/b.png",
		"", // a redirect from the bot's host to the other server
	}
	files := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/away.png" {
			http.Redirect(rw, r, other.URL+"/c.png", http.StatusFound)
			return
		}
		_, _ = rw.Write(pngBytes)
	})
	bot := botWithFiles(t, func(c call) (int, any) {
		msgs := make([]any, len(urls))
		for i, u := range urls {
			msgs[i] = map[string]any{"type": "image", "content": map[string]any{"url": u}}
		}
		return 200, map[string]any{"sessionId": "s1", "messages": msgs}
	}, files)
	urls[0], urls[4] = bot.URL+"/own.png", bot.URL+"/away.png"
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, bot.URL+"/", nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	var out []message.Message
	w.a.DB.Where("ticket_id = ? AND from_me", w.tk.ID).Order("id").Find(&out)
	if len(out) != len(urls) {
		t.Fatalf("%d replies, want %d", len(out), len(urls))
	}
	if out[0].MediaType != message.TypeImage || out[0].MediaPath == "" {
		t.Fatalf("the bot's own file was not sent as an image: %+v", out[0])
	}
	for i, m := range out[1:] {
		if m.MediaPath != "" || strings.TrimPrefix(m.Body, message.SystemMark) != urls[i+1] {
			t.Errorf("bubble %d (%s) went out as %q %q, want its link", i+1, urls[i+1], m.MediaType, m.Body)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the other private server was reached %d times", n)
	}
}
