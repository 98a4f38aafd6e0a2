package worker_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/app"
	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/prompt"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/worker"
)

// promptFixture is a company with a sandbox connection, a customer's ticket without a
// queue, a prompt pointing at the "Suporte" queue, and the fake OpenAI behind the runtime.
type promptFixture struct {
	t        *testing.T
	a        *app.App
	ai       *fakeOpenAI
	company  int64
	conn     int64
	contact  int64
	ticket   int64
	queue    int64
	promptID int64
}

func newPromptFixture(t *testing.T) *promptFixture {
	a := testutil.App(t)
	f := &promptFixture{t: t, a: a, ai: newFakeOpenAI(t)}
	a.PromptRuntime.AI = prompt.OpenAI{BaseURL: f.ai.srv.URL + "/v1/"}
	a.PromptRuntime.Speech = prompt.AzureSpeech{URL: f.ai.srv.URL + "/tts/%s"}
	acme := testutil.NewTenant(t, a, "acme", 0)
	f.company = acme.Company.ID
	f.conn = testutil.NewConnection(t, a, f.company, "Sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	}).ID
	f.queue = testutil.NewQueue(t, a, f.company, "Suporte", "#123456").ID
	f.exec(`INSERT INTO contacts (company_id, name, number, channel) VALUES (?, 'Maria Souza', '5511911112222', 'whatsapp')
		RETURNING id`, &f.contact, f.company)
	f.exec(`INSERT INTO tickets (company_id, contact_id, connection_id, status, channel) VALUES (?, ?, ?, 'pending', 'sandbox')
		RETURNING id`, &f.ticket, f.company, f.contact, f.conn)
	f.exec(`INSERT INTO prompts (company_id, name, prompt, api_key, queue_id, max_messages, max_tokens, temperature)
		VALUES (?, 'Vendedora', 'Você vende sapatos da Acme. Responda com gentileza e poucas palavras.', 'sk-acme', ?, 3, 150, 0.5)
		RETURNING id`, &f.promptID, f.company, f.queue)
	return f
}

func (f *promptFixture) exec(q string, dst *int64, args ...any) {
	f.t.Helper()
	if err := f.a.DB.Raw(q, args...).Scan(dst).Error; err != nil {
		f.t.Fatal(err)
	}
}

// voiceNote stores a customer's voice note (an Ogg/Opus file) on the ticket.
func (f *promptFixture) voiceNote() int64 {
	f.t.Helper()
	rel := fmt.Sprintf("company%d/inbound/nota.ogg", f.company)
	full := filepath.Join(f.a.Media.Dir, rel)
	if err := os.MkdirAll(filepath.Dir(full), 0o750); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(full, oggOpus, 0o640); err != nil {
		f.t.Fatal(err)
	}
	var audio int64
	f.exec(`INSERT INTO messages (company_id, ticket_id, contact_id, connection_id, media_type, media_path, media_name)
		VALUES (?, ?, ?, ?, 'audio', ?, 'nota.ogg') RETURNING id`, &audio, f.company, f.ticket, f.contact, f.conn, rel)
	return audio
}

// say stores a message of the ticket (fromMe: ours).
func (f *promptFixture) say(body string, fromMe bool) int64 {
	var id int64
	f.exec(`INSERT INTO messages (company_id, ticket_id, contact_id, connection_id, body, from_me, ack)
		VALUES (?, ?, ?, ?, ?, ?, 3) RETURNING id`, &id, f.company, f.ticket, f.contact, f.conn, body, fromMe)
	return id
}

func (f *promptFixture) run(p tasks.PromptMessage) error {
	f.t.Helper()
	if p.CompanyID == 0 {
		p.CompanyID, p.TicketID = f.company, f.ticket
	}
	task, err := tasks.NewPromptMessage(p)
	if err != nil {
		f.t.Fatal(err)
	}
	return (&worker.Worker{App: f.a}).Mux().ProcessTask(context.Background(), task)
}

// sent is what the ticket's outgoing rows say, in order.
func (f *promptFixture) sent() []string {
	var rows []struct {
		Body, MediaType string
	}
	f.a.DB.Raw(`SELECT body, media_type FROM messages WHERE ticket_id = ? AND from_me AND ack = 0 ORDER BY id`, f.ticket).Scan(&rows)
	out := []string{}
	for _, r := range rows {
		if r.MediaType != "chat" {
			out = append(out, "["+r.MediaType+"]")
			continue
		}
		if !strings.HasPrefix(r.Body, "\u200e") {
			f.t.Errorf("reply %q lacks the system mark", r.Body)
		}
		out = append(out, strings.TrimPrefix(r.Body, "\u200e"))
	}
	return out
}

// wantPendingInQueue: the transfer left the ticket pending in the prompt's queue.
func (f *promptFixture) wantPendingInQueue() {
	f.t.Helper()
	var status string
	var queueID int64
	f.a.DB.Raw("SELECT status, coalesce(queue_id, 0) FROM tickets WHERE id = ?", f.ticket).Row().Scan(&status, &queueID)
	if status != "pending" || queueID != f.queue {
		f.t.Fatalf("ticket %s in queue %d, want pending in %d", status, queueID, f.queue)
	}
}

func (f *promptFixture) want(got []string, want ...string) {
	f.t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		f.t.Fatalf("sent %q, want %q", got, want)
	}
}

// The prompt answers from the newest maxMessages messages with the system preamble, once
// however often the task is delivered, and queues the reply's delivery.
func TestPromptAnswersWithNewestHistoryOnce(t *testing.T) {
	f := newPromptFixture(t)
	for i := range 6 {
		f.say(fmt.Sprintf("antiga %d", i), i%2 == 1)
	}
	f.say("\u200eOlá, como posso ajudar?", true)
	msg := f.say("Tem tênis 42?", false)
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Temos sim, Maria!" })
	for range 2 {
		if err := f.run(tasks.PromptMessage{MessageID: msg, PromptID: f.promptID}); err != nil {
			t.Fatal(err)
		}
	}
	f.want(f.sent(), "Temos sim, Maria!")
	chats, _ := f.ai.calls()
	if len(chats) == 0 {
		t.Fatal("no chat completion")
	}
	c := chats[0]
	var roles []string
	for _, m := range c.Messages {
		roles = append(roles, m.Role+":"+m.Content)
	}
	if len(c.Messages) != 4 || c.Messages[0].Role != "system" || !strings.Contains(c.Messages[0].Content, "Maria") ||
		!strings.Contains(c.Messages[0].Content, prompt.TransferPhrase) || !strings.Contains(c.Messages[0].Content, "sapatos") {
		t.Fatalf("messages %q", roles)
	}
	// maxMessages 3: the two newest before the customer's, then the customer's (odd ones are ours)
	if got := roles[1:]; fmt.Sprint(got) != "[assistant:antiga 5 assistant:Olá, como posso ajudar? user:Tem tênis 42?]" {
		t.Fatalf("history %q", got)
	}
	if c.Model != "gpt-4o-mini" || c.MaxCompletionTokens != 150 || c.Temperature != 0.5 {
		t.Fatalf("request %+v", c)
	}
	var replies int64
	f.exec("SELECT count(*) FROM prompt_replies WHERE message_id = ? AND outcome = 'answered'", &replies, msg)
	if replies != 1 {
		t.Fatalf("%d prompt_replies rows", replies)
	}
}

// The transfer phrase moves the ticket to the prompt's queue as pending, is stripped, and
// the wait notice goes out at most once a minute.
func TestPromptTransferPhrase(t *testing.T) {
	f := newPromptFixture(t)
	f.ai.set(func(a *fakeOpenAI) { a.answer = prompt.TransferPhrase + ". Vou chamar um atendente para você." })
	first := f.say("Quero falar com uma pessoa", false)
	if err := f.run(tasks.PromptMessage{MessageID: first, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.wantPendingInQueue()
	f.want(f.sent(), "Vou chamar um atendente para você.", prompt.MsgWait)
	second := f.say("Alô?", false)
	if err := f.run(tasks.PromptMessage{MessageID: second, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent(), "Vou chamar um atendente para você.", prompt.MsgWait, "Vou chamar um atendente para você.")
	var logs int64
	f.exec("SELECT count(*) FROM ticket_logs WHERE ticket_id = ? AND type = 'queue' AND queue_id = ?", &logs, f.ticket, f.queue)
	if logs != 1 {
		t.Fatalf("%d queue log entries", logs)
	}
}

// A transfer into a queue that closes its tickets closes the ticket with the farewell, and
// nobody is told to wait (decision 6).
func TestPromptTransferIntoAClosingQueueCloses(t *testing.T) {
	f := newPromptFixture(t)
	f.a.DB.Exec("UPDATE queues SET close_ticket = true WHERE id = ?", f.queue)
	f.a.DB.Exec("UPDATE connections SET complation_message = 'Até logo, {{name}}!' WHERE id = ?", f.conn)
	testutil.SetSetting(t, f.a, f.company, "sendFarewellWaitingTicket", "enabled")
	f.ai.set(func(a *fakeOpenAI) { a.answer = prompt.TransferPhrase + ". Encerrando por aqui." })
	msg := f.say("Pode encerrar", false)
	if err := f.run(tasks.PromptMessage{MessageID: msg, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	var status string
	f.a.DB.Raw("SELECT status FROM tickets WHERE id = ?", f.ticket).Row().Scan(&status)
	if status != "closed" {
		t.Fatalf("ticket %s, want closed", status)
	}
	f.want(f.sent(), "Encerrando por aqui.", "Até logo, Maria Souza!")
}

// A contact with the bot disabled gets nothing and the provider is not asked.
func TestPromptSkipsContactWithBotDisabled(t *testing.T) {
	f := newPromptFixture(t)
	f.a.DB.Exec("UPDATE contacts SET disable_bot = true WHERE id = ?", f.contact)
	msg := f.say("Oi", false)
	if err := f.run(tasks.PromptMessage{MessageID: msg, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent())
	if chats, _ := f.ai.calls(); len(chats) != 0 {
		t.Fatalf("%d chat calls", len(chats))
	}
}

// A refused key tells the customer in a short text and writes a ticket log line; on the
// last attempt an outage does too.
func TestPromptProviderErrors(t *testing.T) {
	f := newPromptFixture(t)
	f.ai.set(func(a *fakeOpenAI) { a.status = 401 })
	msg := f.say("Oi", false)
	if err := f.run(tasks.PromptMessage{MessageID: msg, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent(), prompt.MsgProviderError)
	var logs int64
	f.exec("SELECT count(*) FROM ticket_logs WHERE ticket_id = ? AND type = ?", &logs, f.ticket, prompt.LogPromptError)
	if logs != 1 {
		t.Fatalf("%d error log lines", logs)
	}
	// An outage before the last attempt is retried: nothing is written.
	f.ai.set(func(a *fakeOpenAI) { a.status = 503 })
	again := f.say("Oi de novo", false)
	err := f.a.PromptRuntime.Answer(context.Background(), tasks.PromptMessage{CompanyID: f.company, TicketID: f.ticket,
		MessageID: again, PromptID: f.promptID}, false)
	if err == nil {
		t.Fatal("an outage should be retried")
	}
	f.want(f.sent(), prompt.MsgProviderError)
}

// A voice note is transcribed, the transcript echoed, then answered; with a voice the
// answer is a voice note (Azure speech), falling back to text when speech fails.
func TestPromptAudioAndVoice(t *testing.T) {
	f := newPromptFixture(t)
	audio := f.voiceNote()
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Custa R$ 199." })
	f.a.DB.Exec(`UPDATE prompts SET voice = 'pt-BR-FranciscaNeural', voice_key = 'az-key', voice_region = 'brazilsouth' WHERE id = ?`, f.promptID)
	if err := f.run(tasks.PromptMessage{MessageID: audio, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent(), "quero saber o preço", "[audio]")
	chats, speeches := f.ai.calls()
	if last := chats[0].Messages[len(chats[0].Messages)-1]; last.Content != "quero saber o preço" {
		t.Fatalf("the model was asked %q", last.Content)
	}
	if len(speeches) != 1 || !strings.Contains(speeches[0], `name="pt-BR-FranciscaNeural"`) || !strings.Contains(speeches[0], "Custa R$ 199.") {
		t.Fatalf("speech %q", speeches)
	}
	f.ai.set(func(a *fakeOpenAI) { a.speechStatus = 500; a.answer = "Em 3x sem juros." })
	next := f.say("Parcela?", false)
	if err := f.run(tasks.PromptMessage{MessageID: next, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent(), "quero saber o preço", "[audio]", "Em 3x sem juros.")
}

// A prompt with a Gemini model (BEHAVIOUR §10 "OpenAI / Gemini") chats through Gemini's
// OpenAI-compatible endpoint and has the voice note transcribed by the model itself, with
// the prompt's key; OpenAI is never asked.
func TestPromptWithGeminiModel(t *testing.T) {
	f := newPromptFixture(t)
	f.a.PromptRuntime.AI = prompt.OpenAI{BaseURL: f.ai.srv.URL + "/v1/", GeminiURL: f.ai.srv.URL + "/gemini/v1beta"}
	f.a.DB.Exec(`UPDATE prompts SET model = 'gemini-2.0-flash', api_key = 'AIza-acme' WHERE id = ?`, f.promptID)
	audio := f.voiceNote()
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Custa R$ 199." })
	if err := f.run(tasks.PromptMessage{MessageID: audio, PromptID: f.promptID}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent(), "quero saber o preço", "Custa R$ 199.")
	f.ai.mu.Lock()
	paths, keys := append([]string(nil), f.ai.paths...), append([]string(nil), f.ai.keys...)
	f.ai.mu.Unlock()
	want := []string{"/gemini/v1beta/models/gemini-2.0-flash:generateContent", "/gemini/v1beta/openai/chat/completions"}
	if strings.Join(paths, " ") != strings.Join(want, " ") {
		t.Fatalf("asked %q, want %q", paths, want)
	}
	for _, k := range keys {
		if !strings.Contains(k, "AIza-acme") {
			t.Fatalf("a call without the prompt's key: %q", keys)
		}
	}
}

// A flow's openai node runs with its own settings instead of a stored prompt.
func TestPromptFromFlowNodeSettings(t *testing.T) {
	f := newPromptFixture(t)
	settings, _ := json.Marshal(map[string]any{"name": "Nó", "prompt": "Você é um robô do fluxo, responda curto.",
		"apiKey": "sk-node", "queueId": fmt.Sprint(f.queue), "maxTokens": "60", "temperature": 1, "maxMessages": 5, "voice": "texto"})
	msg := f.say("Oi robô", false)
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Oi!" })
	if err := f.run(tasks.PromptMessage{MessageID: msg, Settings: settings}); err != nil {
		t.Fatal(err)
	}
	f.want(f.sent(), "Oi!")
	chats, _ := f.ai.calls()
	if chats[0].MaxCompletionTokens != 60 {
		t.Fatalf("max tokens %d", chats[0].MaxCompletionTokens)
	}
	f.ai.mu.Lock()
	defer f.ai.mu.Unlock()
	if f.ai.keys[0] != "Bearer sk-node" {
		t.Fatalf("key %q", f.ai.keys[0])
	}
}

// A flow's openai node answers only while the ticket has no queue (BEHAVIOUR §9): once
// the AI hands the customer to the prompt's queue, the run's AI wait is over, so the
// customer's next message does not go to the AI again.
func TestPromptTransferEndsTheFlowsAIWait(t *testing.T) {
	f := newPromptFixture(t)
	var flowID, runID int64
	f.exec(`INSERT INTO flows (company_id, name) VALUES (?, 'IA') RETURNING id`, &flowID, f.company)
	f.exec(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting) VALUES (?, ?, ?, 'ai', 'waiting', 'ai')
		RETURNING id`, &runID, f.company, f.ticket, flowID)
	settings, _ := json.Marshal(map[string]any{"name": "Nó", "prompt": "Você é um robô do fluxo, responda curto.",
		"apiKey": "sk-node", "queueId": f.queue})
	f.ai.set(func(a *fakeOpenAI) { a.answer = prompt.TransferPhrase + ". Já te passo para o time." })
	msg := f.say("Quero um humano", false)
	if err := f.run(tasks.PromptMessage{MessageID: msg, Settings: settings}); err != nil {
		t.Fatal(err)
	}
	f.wantPendingInQueue()
	var active int64
	f.exec("SELECT count(*) FROM flow_runs WHERE id = ? AND status IN ('running','waiting')", &active, runID)
	if active != 0 {
		t.Fatal("the flow still hands the customer's messages to the AI after the transfer")
	}
}

// The plan flag useOpenAi gates the AI (spec/3 §6) wherever it runs: a company whose plan
// lost it (or that put an openai node in a flow) gets no answer and the provider is not asked;
// the flow's run waiting on the AI ends, so the next message takes the queue path.
func TestPromptNeedsThePlansOpenAIFlag(t *testing.T) {
	f := newPromptFixture(t)
	f.a.DB.Exec("UPDATE plans SET use_open_ai = false WHERE id = (SELECT plan_id FROM companies WHERE id = ?)", f.company)
	var flowID, runID int64
	f.exec(`INSERT INTO flows (company_id, name) VALUES (?, 'IA') RETURNING id`, &flowID, f.company)
	f.exec(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting) VALUES (?, ?, ?, 'ai', 'waiting', 'ai')
		RETURNING id`, &runID, f.company, f.ticket, flowID)
	settings, _ := json.Marshal(map[string]any{"name": "Nó", "prompt": "Você é um robô do fluxo, responda curto.", "apiKey": "sk-node"})
	for _, p := range []tasks.PromptMessage{{MessageID: f.say("Oi", false), PromptID: f.promptID},
		{MessageID: f.say("Oi robô", false), Settings: settings}} {
		if err := f.run(p); err != nil {
			t.Fatal(err)
		}
	}
	f.want(f.sent())
	if chats, _ := f.ai.calls(); len(chats) != 0 {
		t.Fatalf("%d chat calls", len(chats))
	}
	var waiting int64
	f.exec("SELECT count(*) FROM flow_runs WHERE id = ? AND status = 'waiting'", &waiting, runID)
	if waiting != 0 {
		t.Fatal("the flow's run still waits on an AI the plan does not allow")
	}
}

// Two messages of one inbound batch to a flow waiting on its openai node: each goes to the
// AI (the run stays on the node, one step after the other); the second is not dropped.
func TestPromptFlowWaitTakesEveryMessageOfABatch(t *testing.T) {
	f := newPromptFixture(t)
	f.a.DB.Exec("UPDATE contacts SET channel = 'sandbox' WHERE id = ?", f.contact)
	nodes := `[{"id":"start","type":"start","data":{}},{"id":"ai","type":"openai","data":{"typebotIntegration":
		{"name":"Nó","prompt":"Seja breve.","apiKey":"sk-node"}}}]`
	var flowID, runID int64
	f.exec(`INSERT INTO flows (company_id, name, nodes, connections) VALUES (?, 'IA', ?,
		'[{"id":"e1","source":"start","sourceHandle":"a","target":"ai"}]') RETURNING id`, &flowID, f.company, nodes)
	f.exec(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting) VALUES (?, ?, ?, 'ai', 'waiting', 'ai')
		RETURNING id`, &runID, f.company, f.ticket, flowID)
	var conn connection.Connection
	if err := f.a.DB.Take(&conn, f.conn).Error; err != nil {
		t.Fatal(err)
	}
	ctx := tenant.With(context.Background(), f.company)
	var refs []tasks.InboundRef
	for i, body := range []string{"Oi", "Quanto custa?"} {
		id, _, err := f.a.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage, ProviderID: fmt.Sprint("ai-batch-", i),
			From: "5511911112222", Name: "Maria Souza", Body: body, Timestamp: time.Now().Add(time.Duration(i) * time.Millisecond)})
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, tasks.InboundRef{CompanyID: f.company, EventID: id})
	}
	if err := f.a.Inbound.Process(context.Background(), refs); err != nil {
		t.Fatal(err)
	}
	in := asynq.NewInspector(f.a.RedisOpt)
	defer in.Close()
	pending, err := in.ListPendingTasks(tasks.QueueDefault)
	if err != nil {
		t.Fatal(err)
	}
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Certo." })
	asked := 0
	for _, task := range pending {
		var p tasks.PromptMessage
		if task.Type != tasks.TypePromptMessage || json.Unmarshal(task.Payload, &p) != nil || p.TicketID != f.ticket {
			continue
		}
		asked++
		if err := f.run(p); err != nil {
			t.Fatal(err)
		}
	}
	chats, _ := f.ai.calls()
	if asked != 2 || len(chats) != 2 {
		t.Fatalf("%d prompt tasks and %d AI calls for two messages, want 2 and 2", asked, len(chats))
	}
	var last []string
	for _, c := range chats {
		last = append(last, c.Messages[len(c.Messages)-1].Content)
	}
	if fmt.Sprint(last) != "[Oi Quanto custa?]" {
		t.Fatalf("the AI was asked %q", last)
	}
	f.want(f.sent(), "Certo.", "Certo.")
}

// Two messages of a ticket are answered one turn at a time: while the first message's
// turn waits for the AI, the second's task finds the ticket busy and comes back later as
// a scheduled copy, kept in the task outbox (it asks nothing, spends no retry); the copy's
// request holds the first answer, and the answers go out once each, in order. Duplicates
// then do nothing.
func TestPromptTurnsOfATicketRunOneAtATime(t *testing.T) {
	f := newPromptFixture(t)
	arrived, release := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	chats := 0
	held := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
			f.ai.serve(w, r)
			return
		}
		mu.Lock()
		chats++
		n := chats
		mu.Unlock()
		if n == 1 { // the first request waits until the test lets it go
			close(arrived)
			<-release
		}
		mu.Lock()
		defer mu.Unlock()
		f.ai.set(func(a *fakeOpenAI) { a.answer = fmt.Sprintf("Resposta %d", n) })
		f.ai.serve(w, r)
	}))
	defer held.Close()
	f.a.PromptRuntime.AI = prompt.OpenAI{BaseURL: held.URL + "/v1/"}

	m1 := f.say("Oi", false)
	m2 := f.say("Tem tênis 42?", false)
	first := make(chan error, 1)
	go func() { first <- f.run(tasks.PromptMessage{MessageID: m1, PromptID: f.promptID}) }()
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatal("the first turn never asked the AI")
	}
	if err := f.run(tasks.PromptMessage{MessageID: m2, PromptID: f.promptID}); err != nil {
		t.Errorf("the second turn while the first runs: %v, want its next attempt scheduled", err)
	}
	copyID := fmt.Sprintf("%s:%d:a1", tasks.TypePromptMessage, m2)
	var kept int64
	f.a.DB.Raw(`SELECT count(*) FROM task_outbox WHERE task_id = ? AND due_at > now() - interval '1 second'`, copyID).Scan(&kept)
	if kept != 1 {
		t.Fatalf("the next attempt %s kept %d times, want once", copyID, kept)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := f.run(tasks.PromptMessage{MessageID: m2, PromptID: f.promptID, Attempt: 1}); err != nil { // the copy
		t.Fatal(err)
	}
	for _, p := range []tasks.PromptMessage{{MessageID: m1}, {MessageID: m2}, {MessageID: m2, Attempt: 1}} { // again: nothing more
		p.PromptID = f.promptID
		if err := f.run(p); err != nil {
			t.Fatal(err)
		}
	}

	f.want(f.sent(), "Resposta 1", "Resposta 2")
	asked, _ := f.ai.calls()
	if len(asked) != 2 {
		t.Fatalf("%d AI calls, want 2", len(asked))
	}
	var second []string
	for _, m := range asked[1].Messages[1:] {
		second = append(second, m.Role+":"+m.Content)
	}
	if fmt.Sprint(second) != "[user:Oi assistant:Resposta 1 user:Tem tênis 42?]" {
		t.Fatalf("the second turn asked %q, want the first answer in its history", second)
	}
}

// A turn answers the customer's messages its request held: when the later message's task
// runs first, its request holds the earlier text too, and the earlier message's task
// (covered by that turn) sends nothing. One the request did not hold, a voice note, keeps
// its own turn.
func TestPromptLaterTurnCoversEarlierMessages(t *testing.T) {
	f := newPromptFixture(t)
	m1 := f.say("Oi", false)
	m2 := f.say("Tem tênis 42?", false)
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Temos sim, Maria!" })
	for _, m := range []int64{m2, m1} {
		if err := f.run(tasks.PromptMessage{MessageID: m, PromptID: f.promptID}); err != nil {
			t.Fatal(err)
		}
	}
	f.want(f.sent(), "Temos sim, Maria!")
	asked, _ := f.ai.calls()
	if len(asked) != 1 {
		t.Fatalf("%d AI calls, want 1", len(asked))
	}
	var roles []string
	for _, m := range asked[0].Messages[1:] {
		roles = append(roles, m.Role+":"+m.Content)
	}
	if fmt.Sprint(roles) != "[user:Oi user:Tem tênis 42?]" {
		t.Fatalf("asked %q", roles)
	}
}

// A voice note before a text whose turn runs first is not in that turn's request (history
// holds texts): its own task still transcribes and answers it.
func TestPromptLaterTurnLeavesAVoiceNoteItsTurn(t *testing.T) {
	f := newPromptFixture(t)
	audio := f.voiceNote()
	text := f.say("e tem 42?", false)
	f.ai.set(func(a *fakeOpenAI) { a.answer = "Temos." })
	for _, m := range []int64{text, audio} {
		if err := f.run(tasks.PromptMessage{MessageID: m, PromptID: f.promptID}); err != nil {
			t.Fatal(err)
		}
	}
	chats, _ := f.ai.calls()
	if len(chats) != 2 {
		t.Fatalf("%d AI calls, want the text's and the voice note's", len(chats))
	}
	if last := chats[1].Messages[len(chats[1].Messages)-1]; last.Content != "quero saber o preço" {
		t.Fatalf("the voice note's turn asked %q", last.Content)
	}
}
