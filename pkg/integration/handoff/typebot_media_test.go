package handoff_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/testutil"
)

var pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

// Typebot's media bubbles go out as files: downloaded (bounded), typed by their bytes
// (whatever the server says), stored for the company and sent as media messages, paced
// by the integration's delay as scheduled sends. A page, a file that fails or a hosted
// video goes out as its link.
func TestTypebotMediaBubbles(t *testing.T) {
	w := newWorld(t)
	// The files live on the Typebot's loopback host, in the tests' INTEGRATION_PRIVATE_NETS (guard_test.go: other private hosts are refused).
	var base string
	chat := func(c call) (int, any) {
		media := func(kind, path string) map[string]any {
			return map[string]any{"type": kind, "content": map[string]any{"url": base + path}}
		}
		return 200, map[string]any{"sessionId": "s1", "messages": []any{textBubble("Veja:"), media("image", "/img"),
			media("audio", "/voice.ogg"), media("embed", "/page"), media("file", "/docs/manual.pdf"),
			media("image", "/missing.png"), media("image", "/fake.png"),
			map[string]any{"type": "video", "content": map[string]any{"type": "youtube", "url": "https://youtu.be/abc"}}}}
	}
	files := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "application/octet-stream") // the bytes decide
		switch r.URL.Path {
		case "/img":
			_, _ = rw.Write(pngBytes)
		case "/voice.ogg":
			_, _ = rw.Write(voiceNote)
		case "/docs/manual.pdf":
			_, _ = rw.Write([]byte("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"))
		case "/page":
			rw.Header().Set("Content-Type", "text/html")
			_, _ = rw.Write([]byte("<!DOCTYPE html><html><body>oi</body></html>"))
		case "/fake.png":
			_, _ = rw.Write([]byte("<!DOCTYPE html><html><script>x()</script></html>"))
		default:
			http.NotFound(rw, r)
		}
	})
	fake := botWithFiles(t, chat, files)
	base = fake.URL
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, func(i *integration.Integration) {
		i.TypebotDelayMessage = 300
	})
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	var out []message.Message
	w.a.DB.Where("ticket_id = ? AND from_me", w.tk.ID).Order("id").Find(&out)
	type sent struct{ body, kind, name string }
	want := []sent{{"Veja:", message.TypeChat, ""}, {"", message.TypeImage, ""}, {"", message.TypeAudio, "voice.ogg"},
		{base + "/page", message.TypeChat, ""}, {"", message.TypeDocument, "manual.pdf"},
		{base + "/missing.png", message.TypeChat, ""}, {base + "/fake.png", message.TypeChat, ""},
		{"https://youtu.be/abc", message.TypeChat, ""}}
	if len(out) != len(want) {
		t.Fatalf("%d messages, want %d: %+v", len(out), len(want), out)
	}
	for i, m := range out {
		body := strings.TrimPrefix(m.Body, message.SystemMark)
		if body != want[i].body || m.MediaType != want[i].kind || (want[i].name != "" && m.MediaName != want[i].name) {
			t.Errorf("message %d: %q %s %q, want %+v", i, body, m.MediaType, m.MediaName, want[i])
		}
		if m.MediaType == message.TypeChat {
			continue
		}
		if !strings.HasPrefix(m.MediaPath, "company"+itoa(w.tk.CompanyID)+"/") {
			t.Errorf("message %d stored at %q, not in the company's folder", i, m.MediaPath)
		}
		if _, err := os.Stat(filepath.Join(w.a.Media.Dir, m.MediaPath)); err != nil {
			t.Errorf("message %d: %v", i, err)
		}
	}
	if n := scheduledSends(t, w); n != len(want) {
		t.Fatalf("%d scheduled sends, want %d (every bubble, the first too, paced)", n, len(want))
	}
}
