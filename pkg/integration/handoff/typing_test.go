package handoff_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
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

func isTyping(kind string) bool { return kind == sandbox.KindTyping }

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
// it, the customer sees "typing…" through each delay, the first bubble's too: the
// indicator (after the bubble before it, if any), then the bubble a delay later. One task
// sends a bubble and types for the next, holding the bubble's send TaskID, so every message
// still goes out once; run again it adds nothing.
func TestTypebotTypingThroughTheSandbox(t *testing.T) {
	w := newWorld(t)
	start := time.Now()
	ids := paceThree(t, w)
	// Each message has one send task, a bubble task holding the message's send id, which
	// knows the burst's earlier bubbles and the next one, due i+1 delays after the turn.
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	for i, id := range ids {
		info, err := in.GetTaskInfo(tasks.QueueCritical, fmt.Sprintf("%s:%d", tasks.TypeMessageSend, id))
		if err != nil || info.Type != tasks.TypeBubbleSend {
			t.Fatalf("send task of reply %d: %v %+v, want %s", i, err, info, tasks.TypeBubbleSend)
		}
		var p tasks.BubbleSend
		if err := json.Unmarshal(info.Payload, &p); err != nil || !slices.Equal(p.Before, ids[:i]) ||
			p.Next != append(ids[i+1:], 0)[0] {
			t.Fatalf("bubble %d: %+v (%v), want the bubbles before it and the next", i, p, err)
		}
		if due := start.Add(time.Duration(i+1) * time.Second).Truncate(time.Second); info.NextProcessAt.Before(due) {
			t.Fatalf("bubble %d due %v, want a delay per bubble from %v (%v)", i, info.NextProcessAt, start, due)
		}
	}
	// The first bubble's "typing…" is a task of its own, due at once, sending nothing.
	info, err := in.GetTaskInfo(tasks.QueueCritical, fmt.Sprintf("%s:typing:%d", tasks.TypeBubbleSend, ids[0]))
	var p tasks.BubbleSend
	if err != nil || json.Unmarshal(info.Payload, &p) != nil || p.MessageID != 0 || p.Next != ids[0] ||
		info.State != asynq.TaskStatePending {
		t.Fatalf("typing task of the first bubble: %v %+v", err, info)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- (&worker.Worker{App: w.a}).Run(ctx) }()
	// The texts go out in order, each indicator right before a text. A worker running late
	// (a loaded machine) may take a later bubble's task first: it sends the earlier bubble
	// before its own, and the indicator for a bubble already sent is skipped.
	texts := []string{"Um", "Dois", "Três"}
	deadline := time.Now().Add(20 * time.Second)
	got := outboxKinds(t, w)
	for ; !slices.Equal(slices.DeleteFunc(slices.Clone(got), isTyping), texts); got = outboxKinds(t, w) {
		if time.Now().After(deadline) || len(got) > 6 {
			t.Fatalf("outbox %q, want the texts %q", got, texts)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for i, k := range got {
		if isTyping(k) && (i == len(got)-1 || isTyping(got[i+1])) {
			t.Fatalf("outbox %q: an indicator not before a text", got)
		}
	}
	if !isTyping(got[0]) {
		t.Fatalf("outbox %q: the first bubble without its indicator", got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	// Redelivered (a worker dying after the send), the bubble tasks send nothing twice and
	// show no indicator after the message it announced; nor does the first one's typing task.
	mux := (&worker.Worker{App: w.a}).Mux()
	if task, _ := tasks.NewBubbleTyping(w.tk.CompanyID, ids[0]); mux.ProcessTask(context.Background(), task) != nil {
		t.Fatal("typing task failed")
	}
	for i := 0; i+1 < len(ids); i++ {
		task, _ := tasks.NewBubbleSendAt(tasks.BubbleSend{CompanyID: w.tk.CompanyID, MessageID: ids[i], Next: ids[i+1]}, time.Now())
		if err := mux.ProcessTask(context.Background(), task); err != nil {
			t.Fatal(err)
		}
	}
	if again := outboxKinds(t, w); !slices.Equal(again, got) {
		t.Fatalf("after redelivery: outbox %q, want %q", again, got)
	}
}

// paceThree has the Typebot answer "oi" with three bubbles a second apart, and returns the
// replies' ids.
func paceThree(t *testing.T, w *world) []int64 {
	t.Helper()
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
	return ids
}

// A worker running late may take a burst's bubbles together, the last first: it sends the
// earlier ones before it, each once, and the customer reads them in order.
func TestTypebotBubblesInOrderWhenTheWorkerIsLate(t *testing.T) {
	w := newWorld(t)
	ids := paceThree(t, w)
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	mux := (&worker.Worker{App: w.a}).Mux()
	for i := len(ids) - 1; i >= 0; i-- {
		info, err := in.GetTaskInfo(tasks.QueueCritical, fmt.Sprintf("%s:%d", tasks.TypeMessageSend, ids[i]))
		if err != nil {
			t.Fatal(err)
		}
		if err := mux.ProcessTask(context.Background(), asynq.NewTask(info.Type, info.Payload)); err != nil {
			t.Fatal(err)
		}
	}
	if got := outboxKinds(t, w); !slices.Equal(got, []string{"Um", "Dois", "Três"}) {
		t.Fatalf("outbox %q, want the three texts in order, once each", got)
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
