package handoff_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/channel/sandbox"
	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// outboxKinds is what the sandbox delivered to the customer, in order: the texts' bodies
// and "typing" for each indicator.
func outboxKinds(t *testing.T, w *world) []string {
	var rows []sandbox.Outbox
	if err := w.a.DB.Where("connection_id = ?", w.conn.ID).Order("id").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Kind
		if r.Kind != sandbox.KindTyping {
			out[i] = strings.TrimPrefix(r.Body, message.SystemMark)
		}
	}
	return out
}

// Typebot's bubbles are paced by the integration's delay and, on a channel that can show
// it, the customer sees "typing…" through each delay: the bubble before it is sent, then
// the indicator, then the bubble. One task sends a bubble and types for the next, holding
// the bubble's send TaskID, so every message still goes out once; run again it adds nothing.
func TestTypebotTypingThroughTheSandbox(t *testing.T) {
	w := newWorld(t)
	fake := newFake(t, func(c call) (int, any) {
		return 200, map[string]any{"sessionId": "s1", "messages": []any{textBubble("Um"), textBubble("Dois"), textBubble("Três")}}
	})
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, func(i *integration.Integration) {
		i.TypebotDelayMessage = 1000
	})
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	w.a.DB.Model(&message.Message{}).Where("ticket_id = ? AND from_me", w.tk.ID).Order("id").Pluck("id", &ids)
	if len(ids) != 3 {
		t.Fatalf("%d replies, want 3", len(ids))
	}
	// Each message has one send task: the bubble tasks took the first two ids.
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	for i, id := range ids {
		info, err := in.GetTaskInfo(tasks.QueueCritical, fmt.Sprintf("%s:%d", tasks.TypeMessageSend, id))
		want := tasks.TypeBubbleSend
		if i == len(ids)-1 {
			want = tasks.TypeMessageSend // nothing follows the last bubble
		}
		if err != nil || info.Type != want {
			t.Fatalf("send task of reply %d: %v %+v, want %s", i, err, info, want)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- (&worker.Worker{App: w.a}).Run(ctx) }()
	want := []string{"Um", sandbox.KindTyping, "Dois", sandbox.KindTyping, "Três"}
	deadline := time.Now().Add(20 * time.Second)
	for got := outboxKinds(t, w); strings.Join(got, "|") != strings.Join(want, "|"); got = outboxKinds(t, w) {
		if time.Now().After(deadline) || len(got) > len(want) {
			t.Fatalf("outbox %q, want %q", got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	// Redelivered (a worker dying after the send), the bubble tasks send nothing twice and
	// show no indicator after the message it announced.
	mux := (&worker.Worker{App: w.a}).Mux()
	for i := 0; i+1 < len(ids); i++ {
		task, _ := tasks.NewBubbleSendAt(tasks.BubbleSend{CompanyID: w.tk.CompanyID, MessageID: ids[i], Next: ids[i+1]}, time.Now())
		if err := mux.ProcessTask(context.Background(), task); err != nil {
			t.Fatal(err)
		}
	}
	if got := outboxKinds(t, w); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("after redelivery: outbox %q, want %q", got, want)
	}
}

// Without a delay the replies go out at once, with no indicator and no bubble tasks.
func TestTypebotNoDelayNoTyping(t *testing.T) {
	w := newWorld(t)
	fake := newFake(t, func(c call) (int, any) {
		return 200, map[string]any{"sessionId": "s1", "messages": []any{textBubble("Um"), textBubble("Dois")}}
	})
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, func(i *integration.Integration) {
		i.TypebotDelayMessage = 0
	})
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	var ids []int64
	w.a.DB.Model(&message.Message{}).Where("ticket_id = ? AND from_me", w.tk.ID).Order("id").Pluck("id", &ids)
	for _, id := range ids {
		info, err := in.GetTaskInfo(tasks.QueueCritical, fmt.Sprintf("%s:%d", tasks.TypeMessageSend, id))
		if err != nil || info.Type != tasks.TypeMessageSend {
			t.Fatalf("send task of %d: %v %+v", id, err, info)
		}
	}
}
