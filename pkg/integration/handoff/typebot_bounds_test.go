package handoff_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/testutil"
)

// One Typebot reply listing 500 image bubbles (and a choice input) sends and downloads at
// most integration.MaxBubbles of them, the options still last.
func TestTypebotBubblesAreCapped(t *testing.T) {
	w := newWorld(t)
	var base string
	var downloads atomic.Int64
	chat := func(c call) (int, any) {
		msgs := make([]any, 500)
		for i := range msgs {
			msgs[i] = map[string]any{"type": "image", "content": map[string]any{"url": base + "/img" + itoa(int64(i))}}
		}
		return 200, map[string]any{"sessionId": "s1", "messages": msgs,
			"input": map[string]any{"type": "choice input", "items": []any{map[string]any{"content": "Sim"}}}}
	}
	files := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		downloads.Add(1)
		_, _ = rw.Write(pngBytes)
	})
	fake := botWithFiles(t, chat, files)
	base = fake.URL
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	var out []message.Message
	w.a.DB.Where("ticket_id = ? AND from_me", w.tk.ID).Order("id").Find(&out)
	if n := downloads.Load(); n > integration.MaxBubbles {
		t.Errorf("%d downloads, at most %d", n, integration.MaxBubbles)
	}
	if len(out) != integration.MaxBubbles+1 {
		t.Fatalf("%d messages, want %d bubbles and the options", len(out), integration.MaxBubbles)
	}
	for i, m := range out[:integration.MaxBubbles] {
		if m.MediaType != message.TypeImage {
			t.Errorf("message %d is %s", i, m.MediaType)
		}
	}
	if body := strings.TrimPrefix(out[len(out)-1].Body, message.SystemMark); body != "▶️ Sim" {
		t.Errorf("last message %q", body)
	}
}

// A bubble's text is rendered with the message variables (BEHAVIOUR §11, "typebot
// texts") in one pass: a value holding {{…}} (a contact who named themselves so) is not
// rendered again.
func TestTypebotBubbleRenderedOnce(t *testing.T) {
	w := newWorld(t)
	w.a.DB.Exec(`UPDATE contacts SET name = '{{protocol}}' WHERE id = ?`, w.cust.ID)
	fake := newFake(t, func(c call) (int, any) {
		return 200, map[string]any{"sessionId": "s1", "messages": []any{textBubble("Olá {{name}}")}}
	})
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	equal(t, "replies", w.replies(t), []string{"Olá {{protocol}}"})
}

// Bubbles takes the first MaxBubbles messages and says how many it dropped.
func TestTypebotReplyBubblesBound(t *testing.T) {
	var r integration.TypebotReply
	r.Messages = make([]integration.TypebotMessage, 500)
	for i := range r.Messages {
		r.Messages[i].Type = "text"
		r.Messages[i].Content.Markdown = "b" + itoa(int64(i))
	}
	b := r.Bubbles()
	if len(b) != integration.MaxBubbles || b[0].Text != "b0" || b[len(b)-1].Text != "b"+itoa(integration.MaxBubbles-1) ||
		r.Dropped() != 500-integration.MaxBubbles {
		t.Fatalf("%d bubbles, last %q, dropped %d", len(b), b[len(b)-1].Text, r.Dropped())
	}
}
