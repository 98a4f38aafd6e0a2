package api_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"atende/pkg/chatbot"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
)

// The bot through the real pipeline: a sandbox customer writes (POST /sandbox/{id}/inbound),
// the worker's inbound:process task stores the message and runs the bot in the same
// transaction, message:send delivers the replies to the sandbox outbox.

const mark = "\u200e"

// botEnv is a company with a sandbox connection and a running worker.
type botEnv struct {
	*env
	tn     testutil.Tenant
	conn   connection.Connection
	seen   int64 // the last bot message read by say
	serial int
}

func newBotEnv(t *testing.T, edit func(*connection.Connection)) *botEnv {
	t.Helper()
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	c := connection.Connection{CompanyID: tn.Company.ID, Name: "Loja", Channel: connection.ChannelSandbox,
		Status: connection.StatusConnected, IsDefault: true, Token: connection.NewToken(), GroupAsTicket: "disabled",
		MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 2, WhenExpiresTicket: "0", GreetingMessage: "Olá {{firstName}}!",
		ComplationMessage: "Obrigado, até logo!", RatingMessage: "Dê uma nota de 0 a 10"}
	if edit != nil {
		edit(&c)
	}
	if err := e.App.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	startWorker(t, e)
	return &botEnv{env: e, tn: tn, conn: c}
}

// queue inserts a queue in order and links it to the connection.
func (b *botEnv) queue(name, greeting string, edit func(*queue.Queue)) queue.Queue {
	b.t.Helper()
	q := queue.Queue{CompanyID: b.tn.Company.ID, Name: name, Color: fmt.Sprintf("#%06x", len(name)*4099+b.serial),
		GreetingMessage: greeting, OrderQueue: b.serial}
	b.serial++
	if edit != nil {
		edit(&q)
	}
	b.must(b.App.DB.Create(&q).Error)
	b.must(b.App.DB.Exec(`INSERT INTO connection_queues (connection_id, queue_id, company_id) VALUES (?, ?, ?)`,
		b.conn.ID, q.ID, b.tn.Company.ID).Error)
	return q
}

// option inserts an option of queueID's tree.
func (b *botEnv) option(queueID int64, parent *int64, name, greeting, typ string, set string, args ...any) int64 {
	b.t.Helper()
	var id int64
	b.must(b.App.DB.Raw(`INSERT INTO chatbots (company_id, queue_id, parent_id, name, greeting_message, queue_type)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, b.tn.Company.ID, queueID, parent, name, greeting, typ).Scan(&id).Error)
	if set != "" {
		b.must(b.App.DB.Exec("UPDATE chatbots SET "+set+" WHERE id = ?", append(args, id)...).Error)
	}
	return id
}

func (b *botEnv) must(err error) {
	b.t.Helper()
	if err != nil {
		b.t.Fatal(err)
	}
}

// say posts a customer message and returns the bot's new texts, in order, once the
// message is stored (its replies are written in the same transaction). Each carries the
// echo marker, which say checks and strips.
func (b *botEnv) say(number, body string) []string {
	b.t.Helper()
	id := fmt.Sprintf("in-%d-%d", time.Now().UnixNano(), b.serial)
	b.serial++
	st, res := b.call("POST", fmt.Sprintf("/sandbox/%d/inbound", b.conn.ID), b.conn.Token,
		map[string]string{"number": number, "name": "Maria Souza", "body": body, "id": id}, "")
	if st != 202 {
		b.t.Fatalf("inbound: %d %s", st, res)
	}
	return b.after(id)
}

// after waits for the inbound message providerID and returns the bot's texts since the last read.
func (b *botEnv) after(providerID string) []string {
	b.t.Helper()
	eventually(b.t, "message "+providerID+" stored", func() bool {
		return count(b.env, `SELECT count(*) FROM messages WHERE provider_id = ?`, providerID) == 1
	})
	return b.texts()
}

// texts returns the company's system texts since the last read, without their echo marker.
func (b *botEnv) texts() []string {
	b.t.Helper()
	var rows []struct {
		ID   int64
		Body string
	}
	b.must(b.App.DB.Raw(`SELECT id, body FROM messages WHERE company_id = ? AND from_me AND id > ? ORDER BY id`,
		b.tn.Company.ID, b.seen).Scan(&rows).Error)
	var out []string
	for _, r := range rows {
		if !strings.HasPrefix(r.Body, mark) {
			b.t.Fatalf("system text without the echo marker: %q", r.Body)
		}
		out = append(out, strings.TrimPrefix(r.Body, mark))
		b.seen = r.ID
	}
	return out
}

// ticket reads the customer's latest ticket.
func (b *botEnv) ticket(number string) (t struct {
	ID, AmountUsedBotQueues int64
	Status                  string
	QueueID, UserID         *int64
	ChatbotOptionID         *int64
}) {
	b.t.Helper()
	b.must(b.App.DB.Raw(`SELECT t.id, t.status, t.queue_id, t.user_id, t.chatbot_option_id, t.amount_used_bot_queues
		FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ? AND t.company_id = ?
		ORDER BY t.id DESC LIMIT 1`, number, b.tn.Company.ID).Scan(&t).Error)
	return t
}

func (b *botEnv) logs(ticketID int64) string {
	var types []string
	b.App.DB.Raw(`SELECT type FROM ticket_logs WHERE ticket_id = ? ORDER BY id`, ticketID).Scan(&types)
	return strings.Join(types, ",")
}

// delivered waits until the outbox holds want for number, in order.
func (b *botEnv) delivered(number string, want ...string) {
	b.t.Helper()
	var got []string
	for deadline := time.Now().Add(8 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got = nil
		b.App.DB.Raw(`SELECT body FROM sandbox_outbox WHERE connection_id = ? AND number = ? ORDER BY message_id`, b.conn.ID, number).Scan(&got)
		if len(got) >= len(want) {
			break
		}
	}
	for i := range got {
		got[i] = strings.TrimPrefix(got[i], mark)
	}
	if !reflect.DeepEqual(got, want) {
		b.t.Fatalf("delivered\n got %q\nwant %q", got, want)
	}
}

func same(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if len(want) == 0 && len(got) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s\n got %q\nwant %q", what, got, want)
	}
}

const (
	mainMenu = "Olá Maria!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ 3 ]* - Financeiro\n*[ Sair ]* - Encerrar atendimento"
	back     = "*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"
)

// threeQueues: Vendas with an option tree, Suporte with a greeting, Financeiro closing.
func threeQueues(b *botEnv) (vendas, suporte, fin queue.Queue) {
	vendas = b.queue("Vendas", "Vendas da {{name_company}}", nil)
	suporte = b.queue("Suporte", "Suporte: aguarde, {{firstName}}", nil)
	fin = b.queue("Financeiro", "Financeiro encerra", func(q *queue.Queue) { q.CloseTicket = true })
	planos := b.option(vendas.ID, nil, "Planos", "Nossos planos:", chatbot.TypeText, "")
	b.option(vendas.ID, &planos, "Básico", "O básico custa 10", chatbot.TypeText, "")
	b.option(vendas.ID, nil, "Suporte técnico", "Transferindo para {{queue}}", chatbot.TypeQueue, "opt_queue_id = ?", suporte.ID)
	return
}

// §2b and §2c, decision 2, through the pipeline: menu, invalid, queue with options, a
// sub-level, back, a queue without options, and the texts delivered in order.
func TestBotMenuPipeline(t *testing.T) {
	b := newBotEnv(t, nil)
	vendas, suporte, _ := threeQueues(b)
	const n = "5511900000001"
	vendasMenu := "Vendas da acme\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Suporte técnico\n" + back
	watcher := dial(t, b.Srv.URL, testutil.Token(t, b.App, b.tn.Admin))
	send(t, watcher, map[string]string{"type": "joinNotification"})
	readyIn(t, b.App, watcher, realtime.NotificationRoom(b.tn.Company.ID))
	same(t, "first message", b.say(n, "oi"), mainMenu)
	if _, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-appMessage", b.tn.Company.ID), "Financeiro", 5*time.Second); !ok {
		t.Fatal("the menu was not announced")
	}
	tk := b.ticket(n)
	if tk.Status != "pending" || tk.QueueID != nil || tk.AmountUsedBotQueues != 1 || b.logs(tk.ID) != "create,chatBot" {
		t.Fatalf("after the menu: %+v %s", tk, b.logs(tk.ID))
	}
	if count(b.env, `SELECT count(*) FROM tickets WHERE id = ? AND from_me AND last_message = ?`, tk.ID, mark+mainMenu) != 1 {
		t.Fatal("the ticket's preview is not the menu")
	}
	if count(b.env, `SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND chatbot_at IS NOT NULL AND finished_at IS NULL`, tk.ID) != 1 {
		t.Fatal("the episode's bot clock was not started")
	}
	same(t, "out of range", b.say(n, "7"), mainMenu)
	same(t, "queue with options", b.say(n, "1"), vendasMenu)
	if tk = b.ticket(n); tk.QueueID == nil || *tk.QueueID != vendas.ID || tk.AmountUsedBotQueues != 1 { // its options shown, counted
		t.Fatalf("not in Vendas: %+v", tk)
	}
	same(t, "sub-level", b.say(n, "1"), "Nossos planos:\n\n*[ 1 ]* - Básico\n"+back)
	same(t, "invalid at the sub-level", b.say(n, "talvez"), "Nossos planos:\n\n*[ 1 ]* - Básico\n"+back)
	same(t, "back", b.say(n, "#"), mainMenu)
	if tk = b.ticket(n); tk.QueueID != nil || tk.ChatbotOptionID != nil {
		t.Fatalf("# should clear the queue: %+v", tk)
	}
	same(t, "queue without options", b.say(n, "2"), "Suporte: aguarde, Maria")
	if tk = b.ticket(n); tk.QueueID == nil || *tk.QueueID != suporte.ID || tk.Status != "pending" {
		t.Fatalf("not in Suporte: %+v", tk)
	}
	same(t, "the customer talks in the queue", b.say(n, "1"))
	if n := count(b.env, `SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND queue_id = ? AND queued_at IS NOT NULL`, tk.ID, suporte.ID); n != 1 {
		t.Fatal("tracking not queued")
	}
	b.delivered(n, mainMenu, mainMenu, vendasMenu, "Nossos planos:\n\n*[ 1 ]* - Básico\n"+back,
		"Nossos planos:\n\n*[ 1 ]* - Básico\n"+back, mainMenu, "Suporte: aguarde, Maria")
}

// A reply on a channel that names messages after our id (the sandbox) is stored with its
// provider id and waits in the outbox until its send is recorded; the record then leaves
// the provider id as it was (a HOT update: no index names what changes).
func TestBotRepliesNamedAhead(t *testing.T) {
	b := newBotEnv(t, nil)
	threeQueues(b)
	const n = "5511900000009"
	same(t, "menu", b.say(n, "oi"), mainMenu)
	var m struct {
		ID         int64
		ProviderID *string
		Ack        int
	}
	b.must(b.App.DB.Raw(`SELECT id, provider_id, ack FROM messages WHERE company_id = ? AND from_me`, b.tn.Company.ID).Scan(&m).Error)
	if want := fmt.Sprintf("SBX%d-%d", b.conn.ID, m.ID); m.ProviderID == nil || *m.ProviderID != want {
		t.Fatalf("the reply's provider id: %v, want %s", m.ProviderID, want)
	}
	b.delivered(n, mainMenu)
	eventually(t, "the send recorded", func() bool {
		return count(b.env, `SELECT count(*) FROM messages WHERE id = ? AND ack >= 1`, m.ID) == 1
	})
	if k := count(b.env, `SELECT count(*) FROM message_outbox WHERE message_id = ?`, m.ID); k != 0 {
		t.Fatalf("a sent reply still in the outbox (%d)", k)
	}
}

// Decision 2's limits and the menu's other rules, each on its own customer.
func TestBotMenuRules(t *testing.T) {
	b := newBotEnv(t, func(c *connection.Connection) { c.TimeUseBotQueues = 0 })
	_, suporte, fin := threeQueues(b)
	t.Run("maxUseBotQueues silences the menu", func(t *testing.T) {
		const n = "5511900000010"
		for range 3 {
			same(t, "menu", b.say(n, "hein?"), mainMenu)
		}
		same(t, "fourth", b.say(n, "hein?"))
	})
	t.Run("sair ends the conversation", func(t *testing.T) {
		const n = "5511900000011"
		b.say(n, "oi")
		same(t, "sair", b.say(n, "Sair"))
		if tk := b.ticket(n); tk.Status != "closed" || !strings.HasSuffix(b.logs(tk.ID), "closed") {
			t.Fatalf("%+v %s", tk, b.logs(tk.ID))
		}
	})
	t.Run("a closing queue closes through the normal close", func(t *testing.T) {
		const n = "5511900000012"
		b.say(n, "oi")
		same(t, "choose", b.say(n, "3"), "Financeiro encerra")
		tk := b.ticket(n)
		if tk.Status != "closed" || *tk.QueueID != fin.ID || b.logs(tk.ID) != "create,chatBot,queue,closed" {
			t.Fatalf("%+v %s", tk, b.logs(tk.ID))
		}
	})
	t.Run("digits typed to an attendant are conversation", func(t *testing.T) {
		const n = "5511900000013"
		b.say(n, "oi")
		b.say(n, "2")
		tk := b.ticket(n)
		b.must(b.App.DB.Exec(`UPDATE tickets SET status = 'open', user_id = ? WHERE id = ?`, b.tn.Attender.ID, tk.ID).Error)
		same(t, "digit", b.say(n, "1"))
		if tk = b.ticket(n); *tk.QueueID != suporte.ID {
			t.Fatal("the queue changed")
		}
	})
	t.Run("disableBot contacts get nothing", func(t *testing.T) {
		const n = "5511900000014"
		testutil.NewContact(t, b.App, b.tn.Company.ID, "Quieto", n, func(c *contact.Contact) { c.DisableBot, c.Channel = true, connection.ChannelSandbox })
		same(t, "quiet", b.say(n, "oi"))
	})
	t.Run("userRandom and the queue position", func(t *testing.T) {
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "sendQueuePosition", "enabled")
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "sendQueuePositionMessage", "Sua posição na fila {{queue}}:")
		const n = "5511900000015"
		b.say(n, "oi")
		same(t, "position", b.say(n, "2"), "Suporte: aguarde, Maria", "Sua posição na fila Suporte: 1") // the previous customer's ticket is open: not waiting
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "sendQueuePosition", "disabled")
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "userRandom", "enabled")
		b.must(b.App.DB.Exec(`INSERT INTO user_queues (user_id, queue_id, company_id) VALUES (?, ?, ?)`, b.tn.Attender.ID, suporte.ID, b.tn.Company.ID).Error)
		b.must(b.App.DB.Exec(`UPDATE users SET online = true WHERE id = ?`, b.tn.Attender.ID).Error)
		const m = "5511900000016"
		b.say(m, "oi")
		same(t, "random", b.say(m, "2"), "Suporte: aguarde, Maria")
		if tk := b.ticket(m); tk.UserID == nil || *tk.UserID != b.tn.Attender.ID || tk.Status != "pending" {
			t.Fatalf("%+v", tk)
		}
	})
}

// §2c option types through the pipeline: a file list, an attendant, a closing option, and
// the queue's own file list sent on entry.
func TestBotOptionsPipeline(t *testing.T) {
	b := newBotEnv(t, nil)
	var list int64
	b.must(b.App.DB.Raw(`INSERT INTO files (company_id, name) VALUES (?, 'Catálogo') RETURNING id`, b.tn.Company.ID).Scan(&list).Error)
	b.must(b.App.DB.Exec(`INSERT INTO file_options (company_id, file_id, name, path, media_type) VALUES
		(?, ?, 'catalogo.pdf', 'files/catalogo.pdf', 'application/pdf'), (?, ?, 'foto.jpg', 'files/foto.jpg', 'image/jpeg')`,
		b.tn.Company.ID, list, b.tn.Company.ID, list).Error)
	vendas := b.queue("Vendas", "Vendas:", nil)
	suporte := b.queue("Suporte", "Suporte com arquivos", func(q *queue.Queue) {})
	b.must(b.App.DB.Exec(`UPDATE queues SET file_list_id = ? WHERE id = ?`, list, suporte.ID).Error)
	b.option(vendas.ID, nil, "Catálogo", "Segue o catálogo", chatbot.TypeFile, "opt_file_id = ?", list)
	b.option(vendas.ID, nil, "Falar com um atendente", "Chamando {{userName}}", chatbot.TypeAttendant,
		"opt_queue_id = ?, opt_user_id = ?", suporte.ID, b.tn.Attender.ID)
	b.option(vendas.ID, nil, "Encerrar conversa", "Até logo, {{firstName}}", chatbot.TypeText, "close_ticket = true")
	menu := "Olá Maria!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento"
	vendasMenu := "Vendas:\n\n*[ 1 ]* - Catálogo\n*[ 2 ]* - Falar com um atendente\n*[ 3 ]* - Encerrar conversa\n" + back

	const n = "5511900000090"
	same(t, "menu", b.say(n, "oi"), menu)
	same(t, "vendas", b.say(n, "1"), vendasMenu)
	same(t, "file option", b.say(n, "1"), "Segue o catálogo\n\n"+back, "catalogo.pdf", "foto.jpg")
	if count(b.env, `SELECT count(*) FROM messages WHERE media_path = 'files/foto.jpg' AND media_type = 'image' AND from_me`) != 1 {
		t.Fatal("the list's image was not sent as an image")
	}
	same(t, "back", b.say(n, "#"), menu)
	same(t, "vendas again", b.say(n, "1"), vendasMenu)
	same(t, "attendant option", b.say(n, "2"), "Chamando "+b.tn.Attender.Name+"\n\n"+back)
	tk := b.ticket(n)
	if tk.QueueID == nil || *tk.QueueID != suporte.ID || tk.UserID == nil || *tk.UserID != b.tn.Attender.ID || tk.Status != "pending" {
		t.Fatalf("%+v", tk)
	}

	const m = "5511900000091"
	b.say(m, "oi")
	same(t, "queue with files", b.say(m, "2"), "Suporte com arquivos", "catalogo.pdf", "foto.jpg")
	const c = "5511900000092"
	b.say(c, "oi")
	b.say(c, "1")
	same(t, "closing option", b.say(c, "3"), "Até logo, Maria\n\n"+back)
	if tk := b.ticket(c); tk.Status != "closed" {
		t.Fatal(tk.Status)
	}
	b.delivered(c, menu, vendasMenu, "Até logo, Maria\n\n"+back)
}

// The bot's configuration is kept in memory between batches; a change to it, however it
// is made, is seen by the next message.
func TestBotSeesConfigChanges(t *testing.T) {
	b := newBotEnv(t, nil)
	vendas, _, fin := threeQueues(b)
	const n = "5511900000100"
	same(t, "menu", b.say(n, "oi"), mainMenu)
	b.must(b.App.DB.Exec(`UPDATE queues SET name = 'Comercial' WHERE id = ?`, vendas.ID).Error)
	b.must(b.App.DB.Exec(`DELETE FROM connection_queues WHERE queue_id = ?`, fin.ID).Error)
	same(t, "renamed, one queue less", b.say(n, "x"),
		"Olá Maria!\n\n*[ 1 ]* - Comercial\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento")
	b.must(b.App.DB.Exec(`UPDATE chatbots SET name = 'Preços' WHERE queue_id = ? AND parent_id IS NULL AND name = 'Planos'`, vendas.ID).Error)
	b.must(b.App.DB.Exec(`UPDATE companies SET schedules = ? WHERE id = ?`, closedWeek, b.tn.Company.ID).Error)
	testutil.SetSetting(t, b.App, b.tn.Company.ID, "scheduleType", "company")
	same(t, "closed now", b.say(n, "1"))
	if tk := b.ticket(n); !strings.Contains(b.logs(tk.ID), "chatBot") || tk.QueueID != nil {
		t.Fatalf("%+v", tk)
	}
	b.must(b.App.DB.Exec(`UPDATE companies SET schedules = '[]' WHERE id = ?`, b.tn.Company.ID).Error)
	same(t, "open: the renamed option", b.say(n, "1"), "Vendas da acme\n\n*[ 1 ]* - Preços\n*[ 2 ]* - Suporte técnico\n"+back)
}

// §2b: a chosen queue with options sends its file list after its options; §1 step 25 and
// §2c: "#" and "sair" also work while the customer waits in a queue without options.
func TestBotQueueFilesAndWaitingCommands(t *testing.T) {
	b := newBotEnv(t, nil)
	vendas, suporte, _ := threeQueues(b)
	var list int64
	b.must(b.App.DB.Raw(`INSERT INTO files (company_id, name) VALUES (?, 'Catálogo') RETURNING id`, b.tn.Company.ID).Scan(&list).Error)
	b.must(b.App.DB.Exec(`INSERT INTO file_options (company_id, file_id, name, path, media_type) VALUES
		(?, ?, 'catalogo.pdf', 'files/catalogo.pdf', 'application/pdf')`, b.tn.Company.ID, list).Error)
	b.must(b.App.DB.Exec(`UPDATE queues SET file_list_id = ? WHERE id = ?`, list, vendas.ID).Error)
	vendasMenu := "Vendas da acme\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Suporte técnico\n" + back

	const n = "5511900000110"
	same(t, "menu", b.say(n, "oi"), mainMenu)
	same(t, "queue with options and files", b.say(n, "1"), vendasMenu, "catalogo.pdf")
	same(t, "back", b.say(n, "#"), mainMenu)
	same(t, "queue without options", b.say(n, "2"), "Suporte: aguarde, Maria")
	same(t, "digits while waiting are conversation", b.say(n, "1"))
	same(t, "# while waiting goes back", b.say(n, "#"), mainMenu)
	if tk := b.ticket(n); tk.QueueID != nil || tk.Status != "pending" {
		t.Fatalf("# should clear the queue: %+v", tk)
	}
	same(t, "queue without options again", b.say(n, "2"), "Suporte: aguarde, Maria")
	same(t, "sair while waiting", b.say(n, "sair"))
	if tk := b.ticket(n); tk.Status != "closed" || tk.QueueID == nil || *tk.QueueID != suporte.ID {
		t.Fatalf("sair should close the ticket: %+v %s", tk, b.logs(tk.ID))
	}
}
