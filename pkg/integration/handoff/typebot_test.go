package handoff_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"atende/pkg/integration"
	"atende/pkg/integration/handoff"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// richText is one Typebot paragraph with a bold part.
func richText(bold, plain string) map[string]any {
	return map[string]any{"type": "text", "content": map[string]any{"type": "richText", "richText": []any{
		map[string]any{"type": "p", "children": []any{map[string]any{"text": bold, "bold": true}, map[string]any{"text": plain}}}}}}
}

func textBubble(s string) map[string]any { return richText("", s) }

// typebotFake answers startChat with a greeting and a choice, and continueChat by the
// customer's text.
func typebotFake(t *testing.T, queueID *int64) *fake {
	return newFake(t, func(c call) (int, any) {
		if strings.HasSuffix(c.Path, "/startChat") {
			return 200, map[string]any{"sessionId": "s1", "messages": []any{richText("Olá", " Maria!")},
				"input": map[string]any{"type": "choice input", "items": []any{map[string]any{"content": "Vendas"},
					map[string]any{"content": "Suporte"}}}}
		}
		text, _ := c.Body["message"].(map[string]any)["text"].(string)
		switch text {
		case "nada":
			return 200, map[string]any{"messages": []any{}}
		case "fila":
			return 200, map[string]any{"messages": []any{textBubble("Transferindo"),
				textBubble(`#{"queueId":"` + itoa(*queueID) + `"}`)}}
		case "parar":
			return 200, map[string]any{"messages": []any{textBubble(`#{"stopBot":true}`)}}
		case "erro":
			return 503, map[string]any{"message": "down"}
		case "perdida":
			return 404, map[string]any{"message": "session not found"}
		}
		return 200, map[string]any{"messages": []any{textBubble("Você disse " + text)}}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestTypebotConversation(t *testing.T) {
	w := newWorld(t)
	vendas := testutil.NewQueue(t, w.a, w.tk.CompanyID, "Vendas", "#f00")
	fake := typebotFake(t, &vendas.ID)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL+"/", func(i *integration.Integration) {
		i.TypebotUnknownMessage, i.TypebotDelayMessage = "Não entendi, {{firstName}}.", 500
	})

	first := w.inbound(t, "oi")
	if err := w.hand(t, it, first); err != nil {
		t.Fatal(err)
	}
	equal(t, "first turn", w.replies(t), []string{"*Olá* Maria!", "▶️ Vendas\n▶️ Suporte"})
	start := fake.got()[0]
	if start.Path != "/api/v1/typebots/bot/startChat" {
		t.Fatalf("start path %s", start.Path)
	}
	vars := start.Body["prefilledVariables"].(map[string]any)
	if vars["number"] != "5511999990000" || vars["pushName"] != "Maria Silva" || vars["remoteJid"] != "5511999990000@s.whatsapp.net" {
		t.Fatalf("prefilled %v", vars)
	}
	if tk := w.ticket(t); !tk.UseIntegration || tk.IntegrationID == nil || *tk.IntegrationID != it.ID {
		t.Fatalf("ticket not handed to the integration: %+v", tk)
	}
	// The replies are paced by typebotDelayMessage, the first one too (after "typing…"): each
	// send is scheduled, not slept for.
	if n := scheduledSends(t, w); n != 2 {
		t.Fatalf("%d scheduled sends, want 2 (both replies)", n)
	}

	// The same task delivered again: no call, no message.
	if err := w.hand(t, it, first); err != nil {
		t.Fatal(err)
	}
	if n := len(fake.got()); n != 1 || len(w.replies(t)) != 2 {
		t.Fatalf("redelivery: %d calls, %d replies", n, len(w.replies(t)))
	}

	for _, s := range []string{"quero comprar", "nada"} {
		if err := w.hand(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	cont := fake.got()[1]
	if cont.Path != "/api/v1/sessions/s1/continueChat" || cont.Body["message"].(map[string]any)["text"] != "quero comprar" {
		t.Fatalf("continue call %s %v", cont.Path, cont.Body)
	}
	equal(t, "continued", w.replies(t)[2:], []string{"Você disse quero comprar", "Não entendi, Maria."})

	// A command moves the ticket to a queue and hands it back.
	if err := w.hand(t, it, w.inbound(t, "fila")); err != nil {
		t.Fatal(err)
	}
	tk := w.ticket(t)
	if tk.UseIntegration || tk.IntegrationID != nil || tk.QueueID == nil || *tk.QueueID != vendas.ID {
		t.Fatalf("queue command: %+v", tk)
	}
	equal(t, "command text is not sent", w.replies(t)[4:], []string{"Transferindo"})
	if logs := w.logs(t); !slices.Contains(logs, "queue") || !slices.Contains(logs, handoff.LogStop) {
		t.Fatalf("logs %v", logs)
	}
}

// A queueId command into a queue that closes its tickets closes the ticket by the normal
// close, with its farewell (decision 6).
func TestTypebotQueueThatClosesClosesTheTicket(t *testing.T) {
	w := newWorld(t)
	fim := testutil.NewQueue(t, w.a, w.tk.CompanyID, "Encerrar", "#000")
	w.a.DB.Exec(`UPDATE queues SET close_ticket = true WHERE id = ?`, fim.ID)
	testutil.SetSetting(t, w.a, w.tk.CompanyID, "sendFarewellWaitingTicket", "enabled")
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, typebotFake(t, &fim.ID).URL, nil)
	for _, s := range []string{"oi", "fila"} {
		if err := w.hand(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	if tk := w.ticket(t); tk.Status != "closed" || tk.QueueID == nil || *tk.QueueID != fim.ID || tk.UseIntegration {
		t.Fatalf("moved into a closing queue: %+v", tk)
	}
	equal(t, "transfer then farewell", w.replies(t)[2:], []string{"Transferindo", "Até logo, Maria Silva!"})
}

func TestTypebotKeywordsExpiryAndStop(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, func(i *integration.Integration) {
		i.TypebotKeywordRestart, i.TypebotRestartMessage, i.TypebotKeywordFinish = "#reiniciar", "Vamos recomeçar", "#sair"
		i.TypebotExpires = 10
	})
	steps := []string{"oi", "#REINICIAR", "de novo"}
	for _, s := range steps {
		if err := w.hand(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	starts := func() int {
		n := 0
		for _, c := range fake.got() {
			if strings.HasSuffix(c.Path, "/startChat") {
				n++
			}
		}
		return n
	}
	if starts() != 2 {
		t.Fatalf("restart keyword: %d starts, want 2", starts())
	}
	if r := w.replies(t); r[2] != "Vamos recomeçar" {
		t.Fatalf("restart text: %q", r)
	}

	// The clock is the session's silence, not its age: a message 9 minutes after the last
	// turn goes on with the chat and restarts the clock.
	w.a.DB.Exec(`UPDATE integration_sessions SET active_at = now() - interval '9 minutes' WHERE ticket_id = ?`, w.tk.ID)
	if err := w.hand(t, it, w.inbound(t, "continuo")); err != nil {
		t.Fatal(err)
	}
	var fresh bool
	w.a.DB.Raw(`SELECT active_at > now() - interval '1 minute' FROM integration_sessions WHERE ticket_id = ?`, w.tk.ID).Scan(&fresh)
	if starts() != 2 || !fresh {
		t.Fatalf("a turn inside typebotExpires: %d starts (want 2), clock restarted %v", starts(), fresh)
	}

	// A session silent for typebotExpires minutes starts over; a forgotten one too.
	w.a.DB.Exec(`UPDATE integration_sessions SET active_at = now() - interval '11 minutes' WHERE ticket_id = ?`, w.tk.ID)
	for _, s := range []string{"voltei", "perdida"} {
		if err := w.hand(t, it, w.inbound(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	if starts() != 4 {
		t.Fatalf("expired and lost sessions: %d starts, want 4", starts())
	}

	// stopBot hands the ticket back; the finish keyword closes it with the farewell.
	if err := w.hand(t, it, w.inbound(t, "parar")); err != nil {
		t.Fatal(err)
	}
	if tk := w.ticket(t); tk.UseIntegration {
		t.Fatal("stopBot left the integration on")
	}
	// The ticket waits (pending): its farewell follows sendFarewellWaitingTicket (BEHAVIOUR §6).
	testutil.SetSetting(t, w.a, w.tk.CompanyID, "sendFarewellWaitingTicket", "enabled")
	before := len(w.replies(t))
	if err := w.hand(t, it, w.inbound(t, "#sair")); err != nil {
		t.Fatal(err)
	}
	if tk := w.ticket(t); tk.Status != "closed" {
		t.Fatalf("finish keyword: status %s", tk.Status)
	}
	equal(t, "farewell", w.replies(t)[before:], []string{"Até logo, Maria Silva!"})
}

func TestTypebotFailureTellsTheCustomer(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	it := testutil.NewIntegration(t, w.a, w.tk.CompanyID, "Bot", integration.TypeTypebot, fake.URL, nil)
	if err := w.hand(t, it, w.inbound(t, "oi")); err != nil {
		t.Fatal(err)
	}
	m := w.inbound(t, "erro")
	if err := w.handTry(t, it, m, 0); err == nil {
		t.Fatal("a 503 on the first try should be retried")
	}
	if n := len(w.replies(t)); n != 2 {
		t.Fatalf("a failed try wrote %d replies", n-2)
	}
	if err := w.handTry(t, it, m, handoff.ChatRetries); err != nil {
		t.Fatal(err)
	}
	equal(t, "error text", w.replies(t)[2:], []string{handoff.MsgUnavailable})
	if tk := w.ticket(t); tk.UseIntegration || tk.IntegrationID != nil {
		t.Fatalf("integration kept after failure: %+v", tk)
	}
	if logs := w.logs(t); !slices.Contains(logs, handoff.LogError) {
		t.Fatalf("logs %v", logs)
	}
}

// A flow's typebot node hands the message over with its own settings (no record): the same
// conversation, and the ticket's integration fields are left to the flow.
func TestTypebotFromFlowSettings(t *testing.T) {
	w := newWorld(t)
	fake := typebotFake(t, nil)
	settings, _ := json.Marshal(map[string]any{"name": "Nó", "urlN8N": fake.URL, "typebotSlug": "fluxo", "typebotExpires": 5})
	m := w.inbound(t, "oi")
	err := w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
		MessageID: m.ID, Settings: settings}, 0, 6)
	if err != nil {
		t.Fatal(err)
	}
	if got := fake.got(); len(got) != 1 || got[0].Path != "/api/v1/typebots/fluxo/startChat" {
		t.Fatalf("calls %+v", got)
	}
	equal(t, "replies", w.replies(t), []string{"*Olá* Maria!", "▶️ Vendas\n▶️ Suporte"})
	if tk := w.ticket(t); tk.UseIntegration || tk.IntegrationID != nil {
		t.Fatalf("a flow node changed the ticket's integration: %+v", tk)
	}
}

// scheduledSends counts the sends (message:send, or a bubble's send that types for the
// next) waiting for their time.
func scheduledSends(t *testing.T, w *world) int {
	in := asynq.NewInspector(w.a.RedisOpt)
	defer in.Close()
	infos, err := in.ListScheduledTasks(tasks.QueueCritical)
	if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
		t.Fatal(err)
	}
	n := 0
	for _, i := range infos {
		if i.Type == tasks.TypeMessageSend || i.Type == tasks.TypeBubbleSend {
			n++
		}
	}
	return n
}

// A flow's typebot node saved before its settings were checked (a cleared expiry) can't run:
// its wait ends, so the customer's next message takes the queue path instead of this node.
func TestTypebotFromFlowWithUnreadableSettingsEndsTheWait(t *testing.T) {
	w := newWorld(t)
	var flowID, runID int64
	w.a.DB.Raw(`INSERT INTO flows (company_id, name) VALUES (?, 'Bot') RETURNING id`, w.tk.CompanyID).Scan(&flowID)
	w.a.DB.Raw(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting)
		VALUES (?, ?, ?, 'tb', 'waiting', 'typebot') RETURNING id`, w.tk.CompanyID, w.tk.ID, flowID).Scan(&runID)
	settings := json.RawMessage(`{"name":"Nó","urlN8N":"https://typebot.example","typebotSlug":"fluxo","typebotExpires":""}`)
	err := w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
		MessageID: w.inbound(t, "oi").ID, Settings: settings}, 0, 6)
	if err != nil {
		t.Fatal(err)
	}
	var active int64
	w.a.DB.Raw(`SELECT count(*) FROM flow_runs WHERE id = ? AND status IN ('running','waiting')`, runID).Scan(&active)
	if active != 0 {
		t.Fatal("the run still waits on a typebot node that cannot run")
	}
}

// A flow's typebot node that hands the ticket back (a queue command, stopBot) ends the
// run's Typebot wait: the customer's next message is not handed to a new Typebot chat.
func TestTypebotFromFlowHandsBackEndsTheWait(t *testing.T) {
	w := newWorld(t)
	vendas := testutil.NewQueue(t, w.a, w.tk.CompanyID, "Vendas", "#f00")
	fake := typebotFake(t, &vendas.ID)
	var flowID, runID int64
	w.a.DB.Raw(`INSERT INTO flows (company_id, name) VALUES (?, 'Bot') RETURNING id`, w.tk.CompanyID).Scan(&flowID)
	w.a.DB.Raw(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting)
		VALUES (?, ?, ?, 'tb', 'waiting', 'typebot') RETURNING id`, w.tk.CompanyID, w.tk.ID, flowID).Scan(&runID)
	settings, _ := json.Marshal(map[string]any{"name": "Nó", "urlN8N": fake.URL, "typebotSlug": "fluxo"})
	for _, s := range []string{"oi", "fila"} {
		err := w.run.Handle(context.Background(), tasks.IntegrationMessage{CompanyID: w.tk.CompanyID, TicketID: w.tk.ID,
			MessageID: w.inbound(t, s).ID, Settings: settings}, 0, 6)
		if err != nil {
			t.Fatal(err)
		}
	}
	if tk := w.ticket(t); tk.QueueID == nil || *tk.QueueID != vendas.ID {
		t.Fatalf("queue command: %+v", tk)
	}
	var active int64
	w.a.DB.Raw(`SELECT count(*) FROM flow_runs WHERE id = ? AND status IN ('running','waiting')`, runID).Scan(&active)
	if active != 0 {
		t.Fatal("the flow still hands the customer's messages to Typebot after it handed the ticket back")
	}
}
