package handoff_test

import (
	"context"
	"strings"
	"testing"

	"atende/pkg/integration"
	"atende/pkg/integration/handoff"
	"atende/pkg/message"
	"atende/pkg/testutil"
)

// continued is what Typebot's continueChat heard, in order.
func continued(f *fake) []string {
	var out []string
	for _, c := range f.got() {
		if m, ok := c.Body["message"].(map[string]any); ok {
			out = append(out, m["text"].(string))
		}
	}
	return out
}

// Two quick messages whose tasks run on two workers: the later message's task claims the
// turn first. It sends the earlier message too, first; the earlier task, run afterwards
// (or again), finds its message heard and sends nothing.
func TestTypebotEarlierMessageNotDropped(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL+"/", nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	m1 := w.inbound(t, "João")
	m2 := w.inbound(t, "Silva")
	if err := w.hand(t, it, m2); err != nil { // worker B wins the claim
		t.Fatal(err)
	}
	for range 2 { // worker A's task, a moment later, and delivered again
		if err := w.hand(t, it, m1); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.hand(t, it, m2); err != nil { // m2's task delivered again
		t.Fatal(err)
	}
	equal(t, "typebot heard", continued(fake), []string{"João", "Silva"})
	equal(t, "replies", w.replies(t)[2:], []string{"Você disse João", "Você disse Silva"})
}

// A batch whose second message fails: the first one's answer is written (Typebot is not
// asked about it again) and the task's retry asks about the second only.
func TestTypebotBatchFailingPartWay(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	m1, m2 := w.inbound(t, "João"), w.inbound(t, "erro")
	if err := w.hand(t, it, m2); err == nil {
		t.Fatal("a 503 on the first try should be retried")
	}
	equal(t, "first part answered", w.replies(t)[2:], []string{"Você disse João"})
	if err := w.hand(t, it, m1); err != nil { // m1's own task: already heard
		t.Fatal(err)
	}
	if err := w.handTry(t, it, m2, handoff.ChatRetries); err != nil {
		t.Fatal(err)
	}
	equal(t, "typebot heard", continued(fake), []string{"João", "erro", "erro"})
	equal(t, "replies", w.replies(t)[2:], []string{"Você disse João", handoff.MsgUnavailable})
}

// Without a chat (the first messages of a ticket), the batch starts one and continues it
// with the later messages, as turns one after the other would.
func TestTypebotBatchStartsThenContinues(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, nil)
	m1, m2 := w.inbound(t, "oi"), w.inbound(t, "tudo bem?")
	for _, m := range []message.Message{m2, m1} {
		if err := w.hand(t, it, m); err != nil {
			t.Fatal(err)
		}
	}
	if calls := fake.got(); len(calls) != 2 || !strings.HasSuffix(calls[0].Path, "/startChat") {
		t.Fatalf("calls %+v", calls)
	}
	equal(t, "typebot heard", continued(fake), []string{"tudo bem?"})
	equal(t, "replies", w.replies(t), []string{"*Olá* Maria!", "▶️ Vendas\n▶️ Suporte", "Você disse tudo bem?"})
}

// A new chat after the bot handed the ticket back does not take along what the customer
// said before our last message (the queue's, an attendant's): only the message handed over.
func TestTypebotNewChatLeavesEarlierMessages(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, nil)
	for _, s := range []string{"oi", "parar"} { // stopBot: the chat is over
		if err := w.hand(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	w.inbound(t, "alguém aí?") // not handed to the bot
	if _, err := message.Write(context.Background(), w.a.DB, w.tk, nil, message.Draft{Body: message.Marked("Escolha uma fila")}); err != nil {
		t.Fatal(err)
	}
	if err := w.hand(t, it, w.inbound(t, "de novo")); err != nil {
		t.Fatal(err)
	}
	equal(t, "typebot heard", continued(fake), []string{"parar"})
	starts := 0
	for _, c := range fake.got() {
		if strings.HasSuffix(c.Path, "/startChat") {
			starts++
		}
	}
	if starts != 2 {
		t.Fatalf("%d starts, want 2", starts)
	}
}
