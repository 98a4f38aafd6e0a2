package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/chatbot"
	"atende/pkg/connection"
	"atende/pkg/flowrun"
	"atende/pkg/queue"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/worker"
)

// Flows through the real pipeline: a sandbox customer writes, the inbound bot hands the
// message to the flow (its step runs in the inbound transaction; waits are flow:step
// tasks), and the worker delivers the step's replies in order (message:send-all).

type flowEnv struct {
	*botEnv
	flowID int64
	q      queue.Queue
}

type fnode struct {
	ID   string         `json:"id"`
	Type string         `json:"type"`
	Data map[string]any `json:"data"`
}

// insertFlow stores a flow for company (A's store writes the same columns).
func insertFlow(t *testing.T, e *env, companyID int64, nodes []fnode, edges [][3]string) int64 {
	t.Helper()
	type edge struct {
		ID           string `json:"id"`
		Source       string `json:"source"`
		SourceHandle string `json:"sourceHandle"`
		Target       string `json:"target"`
	}
	var es []edge
	for _, x := range edges {
		es = append(es, edge{ID: "e-" + x[0] + "-" + x[1], Source: x[0], SourceHandle: x[1], Target: x[2]})
	}
	n, _ := json.Marshal(nodes)
	c, _ := json.Marshal(es)
	var id int64
	if err := e.App.DB.Raw(`INSERT INTO flows (company_id, name, nodes, connections) VALUES (?, 'Boas-vindas', ?, ?) RETURNING id`,
		companyID, string(n), string(c)).Scan(&id).Error; err != nil {
		t.Fatal(err)
	}
	return id
}

// welcomeFlow: a text, a menu ([1] e-mail question then the support queue, [2] a goodbye).
func welcomeFlow(queueID int64) ([]fnode, [][3]string) {
	return []fnode{
			{"start", "start", map[string]any{"label": "Início"}},
			{"hello", "singleBlock", map[string]any{"seq": []string{"message0"}, "elements": []map[string]any{
				{"type": "message", "value": "Olá {{firstName}}!", "number": "message0"}}}},
			{"menu", "menu", map[string]any{"message": "Escolha:", "arrayOption": []map[string]any{
				{"number": 1, "value": "Atendimento"}, {"number": 2, "value": "Sair"}}}},
			{"ask", "question", map[string]any{"typebotIntegration": map[string]any{"message": "Seu e-mail?", "answerKey": "email"}}},
			{"ok", "message", map[string]any{"label": "Anotado: {{email}}"}},
			{"queue", "ticket", map[string]any{"queueId": queueID, "name": "Suporte"}},
			{"bye", "message", map[string]any{"label": "Até logo"}},
		}, [][3]string{{"start", "a", "hello"}, {"hello", "a", "menu"}, {"menu", "a1", "ask"}, {"menu", "a2", "bye"},
			{"ask", "a", "ok"}, {"ok", "a", "queue"}}
}

// newFlowEnv: a sandbox connection whose integration is a flowbuilder one, with the
// welcome flow for first contacts; edit changes the connection before it is stored.
func newFlowEnv(t *testing.T, edit ...func(*connection.Connection)) *flowEnv {
	t.Helper()
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	q := queue.Queue{CompanyID: tn.Company.ID, Name: "Suporte", Color: "#123456"}
	if err := e.App.DB.Create(&q).Error; err != nil {
		t.Fatal(err)
	}
	nodes, edges := welcomeFlow(q.ID)
	flowID := insertFlow(t, e, tn.Company.ID, nodes, edges)
	var integ int64
	if err := e.App.DB.Raw(`INSERT INTO queue_integrations (company_id, name, type) VALUES (?, 'Fluxos', 'flowbuilder')
		RETURNING id`, tn.Company.ID).Scan(&integ).Error; err != nil {
		t.Fatal(err)
	}
	c := connection.Connection{CompanyID: tn.Company.ID, Name: "Loja", Channel: connection.ChannelSandbox,
		Status: connection.StatusConnected, IsDefault: true, Token: connection.NewToken(), GroupAsTicket: "disabled",
		MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 2, WhenExpiresTicket: "0", IntegrationID: &integ, FlowIDWelcome: &flowID,
		FlowIDNotPhrase: &flowID, ComplationMessage: "Atendimento encerrado."}
	for _, f := range edit {
		f(&c)
	}
	if err := e.App.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	startWorker(t, e)
	return &flowEnv{botEnv: &botEnv{env: e, tn: tn, conn: c}, flowID: flowID, q: q}
}

// replies waits until the company has n bot texts after the last read and returns them.
func (f *flowEnv) replies(n int) []string {
	f.t.Helper()
	eventually(f.t, fmt.Sprintf("%d flow replies", n), func() bool {
		return count(f.env, `SELECT count(*) FROM messages WHERE company_id = ? AND from_me AND id > ?`, f.tn.Company.ID, f.seen) >= int64(n)
	})
	return f.texts()
}

// noQueue enqueues nothing (a process that dies before it enqueues).
type noQueue struct{}

func (noQueue) EnqueueContext(context.Context, *asynq.Task, ...asynq.Option) (*asynq.TaskInfo, error) {
	return &asynq.TaskInfo{}, nil
}

func tenantCtx(companyID int64) context.Context { return tenant.With(context.Background(), companyID) }

// write posts a customer message and returns the flow's n replies to it.
func (f *flowEnv) write(number, body string, n int) []string {
	f.t.Helper()
	id := fmt.Sprintf("fl-%d", f.serial)
	f.serial++
	st, res := f.call("POST", fmt.Sprintf("/sandbox/%d/inbound", f.conn.ID), f.conn.Token,
		map[string]string{"number": number, "name": "Maria Souza", "body": body, "id": id}, "")
	if st != 202 {
		f.t.Fatalf("inbound: %d %s", st, res)
	}
	eventually(f.t, "stored "+id, func() bool {
		return count(f.env, `SELECT count(*) FROM messages WHERE provider_id = ?`, id) == 1
	})
	return f.replies(n)
}

// flowTurn is a customer's message and the flow's replies to it.
type flowTurn struct {
	say  string
	want []string
}

// walk plays number through turns, each reply checked.
func (f *flowEnv) walk(number string, turns []flowTurn) {
	f.t.Helper()
	for _, s := range turns {
		if got := f.write(number, s.say, len(s.want)); !reflect.DeepEqual(got, s.want) {
			f.t.Fatalf("%q: got %q, want %q", s.say, got, s.want)
		}
	}
}

func TestFlowWelcomeWalk(t *testing.T) {
	f := newFlowEnv(t)
	f.walk("5511999990001", []flowTurn{
		{"oi", []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}},
		{"9", []string{flowrun.TextInvalidOption, "Escolha:\n[1] Atendimento\n[2] Sair"}},
		{"1", []string{"Seu e-mail?"}},
		{"maria@x.com", []string{"Anotado: maria@x.com"}},
	})
	tk := f.ticket("5511999990001")
	eventually(t, "ticket in the queue", func() bool {
		tk = f.ticket("5511999990001")
		return tk.QueueID != nil && *tk.QueueID == f.q.ID && tk.Status == "pending"
	})
	if logs := f.logs(tk.ID); !strings.Contains(logs, "queue") {
		t.Errorf("logs %s", logs)
	}
	eventually(t, "replies delivered to the sandbox", func() bool {
		return count(f.env, `SELECT count(*) FROM sandbox_outbox WHERE connection_id = ?`, f.conn.ID) >= 6
	})
	// Stats: the menu was entered once and left by a1; the run stopped at the ticket node.
	st, body := f.call("GET", fmt.Sprintf("/flowbuilder/%d/stats", f.flowID), testutil.Token(t, f.App, f.tn.Admin), nil, "")
	var stats flowrun.Stats
	if st != 200 || json.Unmarshal(body, &stats) != nil {
		t.Fatalf("stats: %d %s", st, body)
	}
	if stats.Nodes["menu"].Entered != 1 || stats.Nodes["queue"].Stopped != 1 || stats.Edges["e-menu-a1"] != 1 || stats.Edges["e-menu-a2"] != 0 {
		t.Errorf("stats %s", body)
	}
	// Once in the queue, the flow is over: the next message gets no flow reply.
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status IN ('running','waiting')`, tk.ID); n != 0 {
		t.Errorf("active runs: %d", n)
	}
}

// The analytics count every way a run ends at a node, not only the flow's own end: a
// customer who never answers the menu and whose ticket is closed stopped at the menu.
func TestFlowStatsCountARunClosedMidFlow(t *testing.T) {
	f := newFlowEnv(t)
	f.walk("5511999990021", []flowTurn{{"oi", []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}}})
	tk := f.ticket("5511999990021")
	admin := testutil.Token(t, f.App, f.tn.Admin)
	if st, body := f.call("PUT", fmt.Sprintf("/tickets/%d", tk.ID), admin, map[string]any{"status": "closed"}, ""); st != 200 {
		t.Fatalf("close: %d %s", st, body)
	}
	st, body := f.call("GET", fmt.Sprintf("/flowbuilder/%d/stats", f.flowID), admin, nil, "")
	var stats flowrun.Stats
	if st != 200 || json.Unmarshal(body, &stats) != nil {
		t.Fatalf("stats: %d %s", st, body)
	}
	if stats.Nodes["menu"].Entered != 1 || stats.Nodes["menu"].Stopped != 1 {
		t.Errorf("the menu of a run closed there: %s", body)
	}
}

// A ticket node into a queue that closes its tickets closes the ticket by the normal close
// (decision 6): the connection's farewell goes out and the run ends there.
func TestFlowTicketNodeIntoClosingQueue(t *testing.T) {
	f := newFlowEnv(t)
	f.goOnAfterTicketNode()
	f.must(f.App.DB.Exec(`UPDATE queues SET close_ticket = true WHERE id = ?`, f.q.ID).Error)
	f.setSetting(f.tn.Company.ID, "sendFarewellWaitingTicket", "enabled") // the ticket is pending when it closes
	f.write("5511999990009", "oi", 2)
	f.write("5511999990009", "1", 1)
	if got := f.write("5511999990009", "maria@x.com", 2); !reflect.DeepEqual(got, []string{"Anotado: maria@x.com", "Atendimento encerrado."}) {
		t.Fatalf("replies %q", got)
	}
	eventually(t, "ticket closed", func() bool { return f.ticket("5511999990009").Status == "closed" })
	tk := f.ticket("5511999990009")
	if tk.QueueID == nil || *tk.QueueID != f.q.ID {
		t.Errorf("queue %v", tk.QueueID)
	}
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status IN ('running','waiting')`, tk.ID); n != 0 {
		t.Errorf("active runs: %d", n)
	}
	// The close ended the run at its ticket node: what follows it is not sent.
	if n := count(f.env, `SELECT count(*) FROM messages WHERE ticket_id = ? AND body LIKE '%Até logo'`, tk.ID); n != 0 {
		t.Errorf("the flow went on past a closing queue: %d", n)
	}
}

// A ticket node into a queue that closes its tickets ends the run there: the analytics stop
// at the ticket node, and the node past it is neither entered nor reached by its edge.
func TestFlowStatsStopAtATicketNodeIntoClosingQueue(t *testing.T) {
	f := newFlowEnv(t)
	f.goOnAfterTicketNode()
	f.must(f.App.DB.Exec(`UPDATE queues SET close_ticket = true WHERE id = ?`, f.q.ID).Error)
	f.write("5511999990029", "oi", 2)
	f.write("5511999990029", "1", 1)
	f.write("5511999990029", "maria@x.com", 1)
	eventually(t, "ticket closed", func() bool { return f.ticket("5511999990029").Status == "closed" })
	st, body := f.call("GET", fmt.Sprintf("/flowbuilder/%d/stats", f.flowID), testutil.Token(t, f.App, f.tn.Admin), nil, "")
	var stats flowrun.Stats
	if st != 200 || json.Unmarshal(body, &stats) != nil {
		t.Fatalf("stats: %d %s", st, body)
	}
	if q, bye := stats.Nodes["queue"], stats.Nodes["bye"]; q.Entered != 1 || q.Stopped != 1 || bye.Entered != 0 ||
		bye.Stopped != 0 || stats.Edges["e-queue-bye"] != 0 {
		t.Errorf("a run closed at its ticket node: %s", body)
	}
	var node, status string
	f.must(f.App.DB.Raw(`SELECT node_id, status FROM flow_runs WHERE ticket_id = ?`, f.ticket("5511999990029").ID).
		Row().Scan(&node, &status))
	if node != "queue" || status != flowrun.StatusStopped {
		t.Errorf("run at %q %s, want stopped at the ticket node", node, status)
	}
}

// goOnAfterTicketNode links the welcome flow's ticket node to its goodbye text.
func (f *flowEnv) goOnAfterTicketNode() {
	f.must(f.App.DB.Exec(`UPDATE flows SET connections = connections || '[{"id":"e-queue-bye","source":"queue","sourceHandle":"a","target":"bye"}]'::jsonb
		WHERE id = ?`, f.flowID).Error)
}

// A ticket node puts the ticket in its queue and the flow goes on (BEHAVIOUR §9), with the
// queue-position message (sendQueuePosition) at the node's place.
func TestFlowGoesOnAfterItsTicketNode(t *testing.T) {
	f := newFlowEnv(t)
	f.goOnAfterTicketNode()
	f.setSetting(f.tn.Company.ID, "sendQueuePosition", "enabled")
	f.setSetting(f.tn.Company.ID, "sendQueuePositionMessage", "{{firstName}}, sua posição na fila:")
	f.walk("5511999990011", []flowTurn{
		{"oi", []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}},
		{"1", []string{"Seu e-mail?"}},
		{"maria@x.com", []string{"Anotado: maria@x.com", "Maria, sua posição na fila: 1", "Até logo"}},
	})
	tk := f.ticket("5511999990011")
	if tk.QueueID == nil || *tk.QueueID != f.q.ID || tk.Status != "pending" {
		t.Fatalf("ticket %+v, want pending in %d", tk, f.q.ID)
	}
	// A second customer waits behind the first.
	f.walk("5511999990012", []flowTurn{
		{"oi", []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}},
		{"1", []string{"Seu e-mail?"}},
		{"ana@x.com", []string{"Anotado: ana@x.com", "Maria, sua posição na fila: 2", "Até logo"}},
	})
}

// A flow that a queue's integration started hands the ticket to the queue at its ticket
// node (BEHAVIOUR §9): the ticket no longer uses the integration, so the customer's next
// message starts no flow again.
func TestFlowFromAQueueEndsAtItsTicketNode(t *testing.T) {
	var integ *int64
	f := newFlowEnv(t, func(c *connection.Connection) { integ, c.IntegrationID = c.IntegrationID, nil })
	f.queue("Vendas", "", func(q *queue.Queue) { q.IntegrationID = integ })
	f.walk("5511999990010", []flowTurn{
		{"oi", []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}},
		{"1", []string{"Seu e-mail?"}},
		{"maria@x.com", []string{"Anotado: maria@x.com"}},
	})
	tk := f.ticket("5511999990010")
	if tk.QueueID == nil || *tk.QueueID != f.q.ID || tk.Status != "pending" {
		t.Fatalf("ticket %+v, want pending in %d", tk, f.q.ID)
	}
	if got := f.say("5511999990010", "olá"); len(got) != 0 {
		t.Fatalf("the flow started over: %q", got)
	}
	if n := count(f.env, `SELECT count(*) FROM tickets WHERE id = ? AND (use_integration OR integration_id IS NOT NULL)`, tk.ID); n != 0 {
		t.Error("the ticket still uses the queue's integration")
	}
}

// "Close all" ends the flow state too (BEHAVIOUR §6): a ticket reopened within
// timeCreateNewTicket starts the flow afresh instead of answering the old question.
func TestFlowCloseAllEndsTheRun(t *testing.T) {
	f := newFlowEnv(t, func(c *connection.Connection) { c.TimeCreateNewTicket = 60 })
	f.write("5511999990011", "oi", 2)
	f.write("5511999990011", "1", 1) // the run waits on the e-mail question
	st, body := f.call("POST", "/tickets/closeAll", testutil.Token(t, f.App, f.tn.Admin), map[string]any{"status": "pending"}, "")
	if st != 200 {
		t.Fatalf("closeAll: %d %s", st, body)
	}
	tk := f.ticket("5511999990011")
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status IN ('running','waiting')`, tk.ID); n != 0 {
		t.Fatalf("active runs after close all: %d", n)
	}
	if got := f.write("5511999990011", "quero suporte", 2); !reflect.DeepEqual(got, []string{"Olá Maria!", "Escolha:\n[1] Atendimento\n[2] Sair"}) {
		t.Fatalf("after close all: %q", got)
	}
}

// A person who transfers a ticket mid-flow takes it from the bot: the run stops and the
// customer's answer is conversation, not the flow's.
func TestFlowStopsWhenStaffTransfers(t *testing.T) {
	f := newFlowEnv(t)
	f.write("5511999990012", "oi", 2)
	f.write("5511999990012", "1", 1) // the run waits on the e-mail question
	tk := f.ticket("5511999990012")
	st, body := f.call("PUT", fmt.Sprintf("/tickets/%d", tk.ID), testutil.Token(t, f.App, f.tn.Admin),
		map[string]any{"queueId": f.q.ID, "isTransfered": true}, "")
	if st != 200 {
		t.Fatalf("transfer: %d %s", st, body)
	}
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status IN ('running','waiting')`, tk.ID); n != 0 {
		t.Fatalf("active runs after the transfer: %d", n)
	}
	if got := f.say("5511999990012", "maria@x.com"); len(got) != 0 {
		t.Fatalf("the flow answered after the transfer: %q", got)
	}
}

// A flow switched off starts for nobody: the message is not swallowed, the queue takes it;
// switching it off reaches the bot's cached configuration at once.
func TestFlowSwitchedOffLeavesTheQueueMenu(t *testing.T) {
	f := newFlowEnv(t)
	f.queue("Vendas", "", nil)
	f.queue("Financeiro", "", nil)
	f.write("5511999990013", "oi", 2) // the welcome flow, and the configuration cached
	f.must(f.App.DB.Exec(`UPDATE flows SET active = false WHERE id = ?`, f.flowID).Error)
	got := f.say("5511999990014", "oi")
	if len(got) != 1 || !strings.Contains(got[0], "Vendas") || !strings.Contains(got[0], "Financeiro") {
		t.Fatalf("replies %q, want the queue menu", got)
	}
	tk := f.ticket("5511999990014")
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE ticket_id = ?`, tk.ID); n != 0 {
		t.Fatalf("runs: %d", n)
	}
}

func TestFlowPararAndDuplicateStep(t *testing.T) {
	f := newFlowEnv(t)
	f.write("5511999990002", "oi", 2)
	var run flowrun.Run
	f.must(f.App.DB.Table("flow_runs").Where("company_id = ?", f.tn.Company.ID).Take(&run).Error)
	f.write("5511999990002", "1", 1)
	// The step that answered "1", delivered again: the run moved on, nothing is sent twice.
	var msgID int64
	f.must(f.App.DB.Raw(`SELECT id FROM messages WHERE ticket_id = ? AND NOT from_me AND body = '1'`, run.TicketID).Scan(&msgID).Error)
	before := count(f.env, `SELECT count(*) FROM messages WHERE ticket_id = ?`, run.TicketID)
	eng := flowrun.Engine{DB: f.App.DB, Events: f.App.Events, Queue: f.App.Queue, Media: f.App.Media, Settings: f.App.Settings}
	dup := tasks.FlowStep{CompanyID: f.tn.Company.ID, TicketID: run.TicketID, MessageID: msgID, RunID: run.ID, Step: run.Step}
	if err := eng.Handle(context.Background(), dup); err != nil {
		t.Fatal(err)
	}
	if after := count(f.env, `SELECT count(*) FROM messages WHERE ticket_id = ?`, run.TicketID); after != before {
		t.Fatalf("a duplicate step wrote %d messages", after-before)
	}
	// "parar" inside the flow closes the ticket.
	f.write("5511999990002", "Parar", 0)
	eventually(t, "ticket closed", func() bool { return f.ticket("5511999990002").Status == "closed" })
}

// A flow's start task delivered again (asynq delivers at least once) neither starts the flow
// twice nor stops the run the first delivery started.
func TestFlowStartDeliveredTwice(t *testing.T) {
	f := newFlowEnv(t)
	f.write("5511999990013", "oi", 2)
	var run flowrun.Run
	f.must(f.App.DB.Table("flow_runs").Where("company_id = ?", f.tn.Company.ID).Take(&run).Error)
	var entry int64
	f.must(f.App.DB.Raw(`SELECT entry_message_id FROM flow_runs WHERE id = ?`, run.ID).Scan(&entry).Error)
	before := count(f.env, `SELECT count(*) FROM messages WHERE ticket_id = ?`, run.TicketID)
	eng := flowrun.Engine{DB: f.App.DB, Events: f.App.Events, Queue: f.App.Queue, Media: f.App.Media, Settings: f.App.Settings}
	again := tasks.FlowStep{CompanyID: f.tn.Company.ID, TicketID: run.TicketID, FlowID: f.flowID, Entry: chatbot.EntryWelcome, MessageID: entry}
	if err := eng.Handle(context.Background(), again); err != nil {
		t.Fatal(err)
	}
	if after := count(f.env, `SELECT count(*) FROM messages WHERE ticket_id = ?`, run.TicketID); after != before {
		t.Fatalf("the repeated start wrote %d messages", after-before)
	}
	if n := count(f.env, `SELECT count(*) FROM flow_runs WHERE id = ? AND status = 'waiting'`, run.ID); n != 1 {
		t.Fatal("the repeated start stopped the run at its menu")
	}
	f.walk("5511999990013", []flowTurn{{"1", []string{"Seu e-mail?"}}})
}

// A start without a message (a webhook's, the simulator's) delivered twice — a worker
// killed after its commit, a timeout — keeps the run it started and sends nothing twice.
func TestFlowEntryWithoutMessageDeliveredTwice(t *testing.T) {
	e := newEnv(t)
	tn, flowID, ticketID := intervalFlowTicket(t, e)
	eng := flowrun.Engine{DB: e.App.DB, Events: e.App.Events, Settings: e.App.Settings}
	for _, entry := range []string{flowrun.EntryWebhook, flowrun.EntrySimulate} {
		start := tasks.FlowStep{CompanyID: tn.Company.ID, TicketID: ticketID, FlowID: flowID, Entry: entry,
			EntryKey: tasks.NewEntryKey()}
		for range 2 {
			if err := eng.Handle(context.Background(), start); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(e, `SELECT count(*) FROM messages WHERE ticket_id = ? AND body LIKE '%antes'`, ticketID); n != 1 && entry == flowrun.EntryWebhook {
			t.Fatalf("%s start delivered twice sent %d openings", entry, n)
		}
		if n := count(e, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND entry = ? AND status = 'waiting'`, ticketID, entry); n != 1 {
			t.Fatalf("%s start delivered twice: %d waiting runs, want 1", entry, n)
		}
	}
	if n := count(e, `SELECT count(*) FROM messages WHERE ticket_id = ? AND body LIKE '%antes'`, ticketID); n != 2 {
		t.Fatalf("%d openings for two starts", n)
	}
	// The analytics count the webhook's run (stopped where it waited when the simulator's
	// started over) and never the simulator's.
	if n := count(e, `SELECT count(*) FROM flow_node_events v JOIN flow_runs r ON r.id = v.run_id WHERE r.ticket_id = ? AND r.entry = ?`,
		ticketID, flowrun.EntrySimulate); n != 0 {
		t.Fatalf("the simulator's run counted %d events", n)
	}
	if n := count(e, `SELECT count(*) FROM flow_node_events v JOIN flow_runs r ON r.id = v.run_id WHERE r.ticket_id = ? AND r.entry = ?
		AND v.kind = 'stop' AND v.node_id = 'wait'`, ticketID, flowrun.EntryWebhook); n != 1 {
		t.Fatalf("the webhook's run stopped at its wait %d times in the analytics, want 1", n)
	}
}

// waitingInterval starts a simulated run of "antes", a 60 s interval, "depois" on a new
// company's sandbox connection, as a process that dies before it enqueues the wake-up
// would, and returns the company and the run's ticket.
func waitingInterval(t *testing.T, e *env) (testutil.Tenant, int64) {
	t.Helper()
	tn, flowID, ticketID := intervalFlowTicket(t, e)
	crashing := flowrun.Engine{DB: e.App.DB, Events: e.App.Events, Settings: e.App.Settings} // no queue: nothing enqueued
	if err := crashing.Handle(context.Background(), tasks.FlowStep{CompanyID: tn.Company.ID, TicketID: ticketID, FlowID: flowID,
		Entry: flowrun.EntrySimulate}); err != nil {
		t.Fatal(err)
	}
	return tn, ticketID
}

// intervalFlowTicket is a new company with the flow "antes", a 60 s interval, "depois" and
// a simulator's ticket on its sandbox connection (no run started: its start task is not
// queued).
func intervalFlowTicket(t *testing.T, e *env) (testutil.Tenant, int64, int64) {
	t.Helper()
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, tn)
	flowID := insertFlow(t, e, tn.Company.ID, []fnode{
		{"start", "start", nil}, {"a", "message", map[string]any{"label": "antes"}},
		{"wait", "interval", map[string]any{"sec": 60}}, {"b", "message", map[string]any{"label": "depois"}},
	}, [][3]string{{"start", "a", "a"}, {"a", "a", "wait"}, {"wait", "a", "b"}})
	sim, err := flowrun.Service{DB: e.App.DB, Conns: connection.Store{DB: e.App.DB}, Queue: noQueue{}}.Simulate(
		tenantCtx(tn.Company.ID), flowID, conn.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	return tn, flowID, sim.TicketID
}

// depoisSent counts the interval run's text sent after its wait.
func depoisSent(e *env, ticketID int64) int64 {
	return count(e, `SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me AND body LIKE '%depois'`, ticketID)
}

// A worker killed between a step's commit and its wake-up's enqueue: the reconciler finds
// the interval past due and the run goes on, once.
func TestFlowResumesAfterCrash(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, ticketID := waitingInterval(t, e)
	texts := func() int64 { return depoisSent(e, ticketID) }
	if texts() != 0 {
		t.Fatal("sent before the interval")
	}
	e.App.DB.Exec(`UPDATE flow_runs SET wake_at = now() - interval '1 second' WHERE ticket_id = ?`, ticketID)
	startWorker(t, e)
	if err := worker.Reconcile(e.App, ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the run resumed", func() bool { return texts() == 1 })
	if err := worker.Reconcile(e.App, ctx); err != nil { // a second pass finds nothing to do
		t.Fatal(err)
	}
	eventually(t, "run done", func() bool {
		return count(e, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status = 'done'`, ticketID) == 1
	})
	if texts() != 1 {
		t.Fatalf("sent %d times", texts())
	}
}

// An attendant who accepts the ticket while the flow waits out an interval silences it:
// the wake-up stops the run and sends nothing.
func TestFlowIntervalStopsOnceAnAttendantHolds(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tn, ticketID := waitingInterval(t, e)
	e.App.DB.Exec(`UPDATE tickets SET status = 'open', user_id = ? WHERE id = ?`, tn.Attender.ID, ticketID)
	e.App.DB.Exec(`UPDATE flow_runs SET wake_at = now() - interval '1 second' WHERE ticket_id = ?`, ticketID)
	startWorker(t, e)
	if err := worker.Reconcile(e.App, ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the run stopped", func() bool {
		return count(e, `SELECT count(*) FROM flow_runs WHERE ticket_id = ? AND status = 'stopped' AND wake_at IS NULL`, ticketID) == 1
	})
	if n := depoisSent(e, ticketID); n != 0 {
		t.Fatalf("the flow spoke over the attendant: %d", n)
	}
}

// The simulator starts a flow for a pretend customer of a sandbox connection; the
// customer's replies then walk it.
func TestFlowSimulate(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	other := testutil.NewTenant(t, e.App, "other", 0)
	conn := sandboxConn(t, e, acme)
	otherConn := sandboxConn(t, e, other)
	real := connection.Connection{CompanyID: acme.Company.ID, Name: "WhatsApp", Channel: connection.ChannelWhatsApp,
		Status: connection.StatusConnected, Token: connection.NewToken(), GroupAsTicket: "disabled", WhenExpiresTicket: "0"}
	if err := e.App.DB.Create(&real).Error; err != nil {
		t.Fatal(err)
	}
	q := queue.Queue{CompanyID: acme.Company.ID, Name: "Suporte", Color: "#654321"}
	if err := e.App.DB.Create(&q).Error; err != nil {
		t.Fatal(err)
	}
	nodes, edges := welcomeFlow(q.ID)
	flowID := insertFlow(t, e, acme.Company.ID, nodes, edges)
	otherFlow := insertFlow(t, e, other.Company.ID, nodes, edges)
	startWorker(t, e)
	admin, otherAdmin := testutil.Token(t, e.App, acme.Admin), testutil.Token(t, e.App, other.Admin)
	watcher := dial(t, e.Srv.URL, admin) // the editor highlights the node a run enters
	ready(t, e, watcher, acme.Admin.ID)
	path := func(id int64) string { return fmt.Sprintf("/flowbuilder/%d/simulate", id) }
	for _, c := range []struct {
		name, path, token string
		body              any
		status            int
	}{
		{"another company's flow", path(otherFlow), admin, map[string]any{"whatsappId": conn.ID}, 404},
		{"another company's connection", path(flowID), admin, map[string]any{"whatsappId": otherConn.ID}, 404},
		{"not a sandbox", path(flowID), admin, map[string]any{"whatsappId": real.ID}, 400},
		{"bad number", path(flowID), admin, map[string]any{"whatsappId": conn.ID, "number": "12"}, 400},
		{"attendant", path(flowID), testutil.Token(t, e.App, acme.Attender), map[string]any{"whatsappId": conn.ID}, 403},
		{"stats of another company's flow", fmt.Sprintf("/flowbuilder/%d/stats", flowID), otherAdmin, nil, 404},
		{"stats with a bad range", fmt.Sprintf("/flowbuilder/%d/stats?dateFrom=2026-13-01", flowID), admin, nil, 400},
	} {
		method := "POST"
		if c.body == nil {
			method = "GET"
		}
		if st, body := e.call(method, c.path, c.token, c.body, ""); st != c.status {
			t.Errorf("%s: %d %s", c.name, st, body)
		}
	}
	if n := count(e, `SELECT count(*) FROM flow_runs`); n != 0 {
		t.Fatalf("refused calls started %d runs", n)
	}
	st, body := e.call("POST", path(flowID), admin, map[string]any{"whatsappId": conn.ID, "number": "+55 11 98888-0000"}, "")
	var sim flowrun.Simulation
	if st != 200 || json.Unmarshal(body, &sim) != nil || sim.Number != "5511988880000" {
		t.Fatalf("simulate: %d %s", st, body)
	}
	if _, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-flowbuilder", acme.Company.ID),
		`"nodeId":"menu","runId":`, 30*time.Second); !ok {
		t.Error("no flowbuilder node event for the menu")
	}
	b := &flowEnv{botEnv: &botEnv{env: e, tn: acme, conn: conn}, flowID: flowID, q: q}
	if got := b.replies(2); !reflect.DeepEqual(got, []string{"Olá Simulador!", "Escolha:\n[1] Atendimento\n[2] Sair"}) {
		t.Fatalf("simulated start: %q", got)
	}
	if got := b.write(sim.Number, "2", 1); !reflect.DeepEqual(got, []string{"Até logo"}) {
		t.Fatalf("reply: %q", got)
	}
	// The pretend customer's ticket taken by an attendant (or waiting for a rating or a
	// privacy answer) would not hear a flow started again there: refused with a clear text.
	for _, status := range []string{"open", "nps", "lgpd"} {
		e.sql(`UPDATE tickets SET status = ?, user_id = ? WHERE id = ?`, status, acme.Admin.ID, sim.TicketID)
		if st, body := e.call("POST", path(flowID), admin, map[string]any{"whatsappId": conn.ID, "number": sim.Number}, ""); st != 409 ||
			!strings.Contains(string(body), "ERR_SIMULATION_TICKET_BUSY") {
			t.Errorf("simulate on a ticket %s: %d %s", status, st, body)
		}
	}
}

// A flow edited while a customer walks it: the next step runs the edited graph (the
// engine keeps decoded graphs by their row's version, and an edit is a new version).
func TestFlowEditReachesTheNextStep(t *testing.T) {
	f := newFlowEnv(t)
	f.write("5511999990009", "oi", 2)
	nodes, edges := welcomeFlow(f.q.ID)
	for i := range nodes {
		if nodes[i].ID == "menu" {
			nodes[i].Data["message"] = "Escolha agora:"
		}
	}
	edited := insertFlow(t, f.env, f.tn.Company.ID, nodes, edges) // the same columns, as the editor saves them
	f.must(f.App.DB.Exec(`UPDATE flows f SET nodes = e.nodes, connections = e.connections FROM flows e
		WHERE f.id = ? AND e.id = ?`, f.flowID, edited).Error)
	want := []string{flowrun.TextInvalidOption, "Escolha agora:\n[1] Atendimento\n[2] Sair"}
	if got := f.write("5511999990009", "9", 2); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the edit: got %q, want %q", got, want)
	}
}
