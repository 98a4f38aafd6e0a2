package chatbot

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/hours"
	"atende/pkg/ticket"
)

func id(n int64) *int64 { return &n }

var sp, _ = time.LoadLocation("America/Sao_Paulo")

// now is Wednesday 2026-11-25 10:00 in São Paulo.
var now = time.Date(2026, 11, 25, 10, 0, 0, 0, sp)

// office is open 08:00–12:00 and 13:00–18:00 on Wednesdays.
var office = hours.Schedules{{WeekdayEn: "wednesday", StartTimeA: "08:00", EndTimeA: "12:00", StartTimeB: "13:00", EndTimeB: "18:00"}}

// closedWed is closed all Wednesday.
var closedWed = hours.Schedules{{WeekdayEn: "wednesday"}}

// fixture: connection 7 with queues Vendas (options tree), Suporte (greeting, files) and
// Financeiro (closes on entry), in that order.
func fixture() Input {
	vendas := &Queue{ID: 1, Name: "Vendas", Greeting: "Vendas de {{name_company}}", OutOfHours: "Vendas fechada",
		Options: []*Option{
			{ID: 10, QueueID: 1, Name: "Planos", Greeting: "Nossos planos:", Type: TypeText, Options: []*Option{
				{ID: 11, QueueID: 1, ParentID: id(10), Name: "Básico", Greeting: "O básico custa 10", Type: TypeText},
				{ID: 12, QueueID: 1, ParentID: id(10), Name: "Falar com Ana", Greeting: "Chamando a Ana", Type: TypeAttendant,
					OptQueueID: id(2), OptUserID: id(50)},
			}},
			{ID: 20, QueueID: 1, Name: "Suporte técnico", Greeting: "Transferindo para {{queue}}", Type: TypeQueue, OptQueueID: id(2)},
			{ID: 30, QueueID: 1, Name: "Catálogo", Greeting: "Segue o catálogo", Type: TypeFile, OptFileID: id(5)},
			{ID: 40, QueueID: 1, Name: "Encerrar", Greeting: "Até logo", Type: TypeText, CloseTicket: true},
			{ID: 60, QueueID: 1, Name: "Robô", Type: TypeIntegration, OptIntegrationID: id(9)},
		}}
	suporte := &Queue{ID: 2, Name: "Suporte", Greeting: "Suporte: aguarde, {{firstName}}", OutOfHours: "Suporte fechado",
		FileListID: id(5)}
	fin := &Queue{ID: 3, Name: "Financeiro", Greeting: "Financeiro encerra", CloseTicket: true}
	env := &Env{Company: Company{Name: "Acme", Location: sp, UseOpenAI: true, UseIntegrations: true},
		Settings: Settings{"sendGreetingMessageOneQueues": "enabled", "acceptAudioMessageContact": "enabled", "scheduleType": "disabled"},
		Queues:   map[int64]*Queue{1: vendas, 2: suporte, 3: fin},
		Links:    map[int64][]int64{7: {1, 2, 3}},
		Files:    map[int64]*FileList{5: {ID: 5, Files: []File{{Name: "catalogo.pdf", Path: "files/1/catalogo.pdf", MediaType: "application/pdf"}}}},
		Online:   map[int64][]Attendant{2: {{ID: 50, Name: "Ana"}, {ID: 51, Name: "Bia"}}},
		Waiting:  map[int64]int{2: 4},
		Users:    map[int64]string{50: "Ana", 51: "Bia"},
		Pick:     func(n int) int { return n - 1 },
	}
	return Input{Env: env, Now: now,
		Conn: connection.Connection{ID: 7, CompanyID: 1, Name: "Loja", GreetingMessage: "Olá {{firstName}}!",
			ComplationMessage: "Tchau", OutOfHoursMessage: "Estamos fechados", RatingMessage: "Nota de 0 a 10?",
			MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 2},
		Ticket:  ticket.Ticket{ID: 42, CompanyID: 1, Status: ticket.StatusPending, CreatedAt: now},
		Contact: contact.Contact{ID: 9, Name: "Maria Souza", AcceptAudioMessage: true},
	}
}

const mainMenu = "Olá Maria!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ 3 ]* - Financeiro\n*[ Sair ]* - Encerrar atendimento"
const vendasMenu = "Vendas de Acme\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Suporte técnico\n*[ 3 ]* - Catálogo\n*[ 4 ]* - Encerrar\n*[ 5 ]* - Robô\n" +
	"*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"
const planosMenu = "Nossos planos:\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Falar com Ana\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"

type row struct {
	name    string
	setup   func(in *Input)
	body    string
	replies []string
	check   func(t *testing.T, o Outcome)
}

func run(t *testing.T, rows []row) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			in := fixture()
			in.Msg = Message{ID: 99, Body: r.body}
			if r.setup != nil {
				r.setup(&in)
			}
			o := Decide(in)
			var got []string
			for _, rep := range o.Replies {
				got = append(got, rep.Body)
			}
			if !reflect.DeepEqual(got, r.replies) {
				t.Fatalf("replies\n got %q\nwant %q", got, r.replies)
			}
			if r.check != nil {
				r.check(t, o)
			}
		})
	}
}

func logs(o Outcome) string {
	var s []string
	for _, l := range o.Logs {
		s = append(s, l.Type)
	}
	return strings.Join(s, ",")
}

func queueOf(o Outcome) int64 {
	if o.Ticket.QueueID == nil {
		return 0
	}
	return *o.Ticket.QueueID
}

// §2b and decision 2: the main menu.
func TestQueueMenu(t *testing.T) {
	withQueue := func(q int64) func(*Input) { return func(in *Input) { in.Ticket.QueueID = id(q) } }
	run(t, []row{
		{name: "first message gets greeting and numbered queues", body: "oi", replies: []string{mainMenu},
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.AmountUsedBotQueues != 1 || logs(o) != "chatBot" || !o.ChatbotAt || queueOf(o) != 0 {
					t.Fatalf("%+v logs %s", o.Ticket, logs(o))
				}
			}},
		{name: "out of range re-shows the menu, counting", body: "9", replies: []string{mainMenu},
			setup: func(in *Input) { in.Ticket.AmountUsedBotQueues = 1 },
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.AmountUsedBotQueues != 2 {
					t.Fatal(o.Ticket.AmountUsedBotQueues)
				}
			}},
		{name: "0 is no choice", body: "0", replies: []string{mainMenu}},
		{name: "maxUseBotQueues reached: silent", body: "x", replies: nil,
			setup: func(in *Input) { in.Ticket.AmountUsedBotQueues = 3 }},
		{name: "inside the silence window: silent", body: "x", replies: nil,
			setup: func(in *Input) {
				in.Conn.TimeUseBotQueues, in.Ticket.AmountUsedBotQueues = 10, 1
				at := now.Add(-9 * time.Minute)
				in.ChatbotAt = &at
			}},
		{name: "after the silence window: the menu again", body: "x", replies: []string{mainMenu},
			setup: func(in *Input) {
				in.Conn.TimeUseBotQueues, in.Ticket.AmountUsedBotQueues = 10, 1
				at := now.Add(-10 * time.Minute)
				in.ChatbotAt = &at
			}},
		{name: "choice of a queue with options shows them", body: " 1 ", replies: []string{vendasMenu},
			setup: func(in *Input) { in.Ticket.AmountUsedBotQueues = 2 },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 1 || logs(o) != "queue" || *o.Queued != 1 || o.Ticket.AmountUsedBotQueues != 1 || o.Ticket.UserID != nil {
					t.Fatalf("%+v %s", o.Ticket, logs(o))
				}
			}},
		{name: "choice of a queue without options: greeting and files", body: "2",
			replies: []string{"Suporte: aguarde, Maria", "catalogo.pdf"},
			check: func(t *testing.T, o Outcome) {
				f := o.Replies[1]
				if queueOf(o) != 2 || f.MediaPath != "files/1/catalogo.pdf" || f.MediaType != "application" || f.Delay != Gap {
					t.Fatalf("%+v %+v", o.Ticket, f)
				}
			}},
		{name: "closeTicket queue closes through the normal close", body: "3", replies: []string{"Financeiro encerra"},
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Farewell || o.Close.Delay != 4*time.Second || queueOf(o) != 3 {
					t.Fatalf("%+v", o.Close)
				}
			}},
		{name: "choice of a queue with options: its options, then its files", body: "1",
			replies: []string{vendasMenu, "catalogo.pdf"},
			setup:   func(in *Input) { in.Env.Queues[1].FileListID = id(5) },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 1 || o.Close != nil || o.Replies[1].MediaPath != "files/1/catalogo.pdf" {
					t.Fatalf("%+v %+v", o.Ticket, o.Close)
				}
			}},
		{name: "closeTicket queue with options: its options, then the normal close", body: "1", replies: []string{vendasMenu},
			setup: func(in *Input) { in.Env.Queues[1].CloseTicket = true },
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Farewell || o.Close.Delay != 4*time.Second || queueOf(o) != 1 {
					t.Fatalf("%+v", o.Close)
				}
			}},
		{name: "sair ends with the farewell", body: "SAIR", replies: nil,
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Farewell {
					t.Fatal("no close")
				}
			}},
		{name: "userRandom gives an online attendant of the queue", body: "2",
			replies: []string{"Suporte: aguarde, Maria", "catalogo.pdf"},
			setup:   func(in *Input) { in.Env.Settings["userRandom"] = "enabled" },
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.UserID == nil || *o.Ticket.UserID != 51 || o.Ticket.Status != ticket.StatusPending {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "queue position after entering a queue", body: "2",
			replies: []string{"Suporte: aguarde, Maria", "catalogo.pdf", "Você está na fila Suporte, posição: 5"},
			setup: func(in *Input) {
				in.Env.Settings["sendQueuePosition"] = "enabled"
				in.Env.Settings["sendQueuePositionMessage"] = "Você está na fila {{queue}}, posição:"
			}},
		{name: "digits while an attendant owns the ticket are conversation", body: "1", replies: nil,
			setup: func(in *Input) {
				in.Ticket.QueueID, in.Ticket.UserID, in.Ticket.Status = id(1), id(50), ticket.StatusOpen
			}},
		{name: "an attendant on a queue-less ticket: no menu", body: "1", replies: nil,
			setup: func(in *Input) { in.Ticket.UserID, in.Ticket.Status = id(50), ticket.StatusOpen }},
		{name: "disableBot contacts get nothing", body: "oi", replies: nil,
			setup: func(in *Input) { in.Contact.DisableBot = true }},
		{name: "groups never get menus", body: "oi", replies: nil,
			setup: func(in *Input) { in.Ticket.IsGroup, in.Msg.IsGroup = true, true }},
		{name: "a closed ticket: nothing", body: "oi", replies: nil,
			setup: func(in *Input) { in.Ticket.Status = ticket.StatusClosed }},
		{name: "a group chat (status group): nothing", body: "oi", replies: nil,
			setup: func(in *Input) { in.Ticket.Status, in.Ticket.IsGroup, in.Msg.IsGroup = ticket.StatusGroup, true, true }},
		{name: "a ticket with an integration: no menu", body: "oi", replies: nil,
			setup: func(in *Input) { in.Ticket.UseIntegration = true }},
		{name: "a connection without queues: nothing", body: "oi", replies: nil,
			setup: func(in *Input) { in.Env.Links = nil }},
		{name: "greeting media goes with the menu as caption", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) {
				in.Conn.GreetingMediaPath, in.Conn.GreetingMediaAttachment = "c/1/g.png", "boas-vindas.png"
			},
			check: func(t *testing.T, o Outcome) {
				if r := o.Replies[0]; r.MediaPath != "c/1/g.png" || r.MediaType != "image" || r.MediaName != "boas-vindas.png" {
					t.Fatalf("%+v", r)
				}
			}},
		{name: "greeting media's type comes from the stored file (named by its sniffed bytes), not the client's name",
			body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) {
				in.Conn.GreetingMediaPath, in.Conn.GreetingMediaAttachment = "company1/greeting/x.pdf", "promo.jpg"
			},
			check: func(t *testing.T, o Outcome) {
				if r := o.Replies[0]; r.MediaType != "application" || r.MediaName != "promo.jpg" {
					t.Fatalf("%+v", r)
				}
			}},
		{name: "activity clears the inactivity mark of a queued ticket", body: "ok", replies: nil,
			setup: func(in *Input) {
				withQueue(2)(in)
				in.Ticket.SendInactiveMessage, in.Ticket.UserID, in.Ticket.Status = true, id(50), ticket.StatusOpen
			},
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.SendInactiveMessage {
					t.Fatal("still marked")
				}
			}},
		{name: "activity clears the inactivity mark of a ticket without queue too", body: "ok", replies: nil,
			setup: func(in *Input) {
				in.Ticket.SendInactiveMessage, in.Ticket.UserID, in.Ticket.Status = true, id(50), ticket.StatusOpen
			},
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.SendInactiveMessage {
					t.Fatal("still marked")
				}
			}},
	})
}

// §2b: a connection with one queue.
func TestSingleQueue(t *testing.T) {
	only := func(q int64) func(*Input) {
		return func(in *Input) { in.Env.Links = map[int64][]int64{7: {q}} }
	}
	run(t, []row{
		{name: "without options: straight in, with the connection greeting and files", body: "oi",
			replies: []string{"Olá Maria!", "catalogo.pdf"}, setup: only(2),
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 2 || logs(o) != "queue" || o.Close != nil {
					t.Fatalf("%+v %s", o.Ticket, logs(o))
				}
			}},
		{name: "without options, empty greeting: no greeting, not even its media", body: "oi", replies: []string{"catalogo.pdf"},
			setup: func(in *Input) {
				only(2)(in)
				in.Conn.GreetingMessage, in.Conn.GreetingMediaPath, in.Conn.GreetingMediaAttachment = "", "public/1/boas-vindas.jpg", "boas-vindas.jpg"
			},
			check: func(t *testing.T, o Outcome) {
				if len(o.Replies) != 1 || o.Replies[0].MediaPath != "files/1/catalogo.pdf" || queueOf(o) != 2 {
					t.Fatalf("%+v", o.Replies)
				}
			}},
		{name: "without options: the greeting knows the queue it took the customer to", body: "oi",
			replies: []string{"Olá Maria, fila Suporte", "catalogo.pdf"},
			setup:   func(in *Input) { only(2)(in); in.Conn.GreetingMessage = "Olá {{firstName}}, fila {{queue}}" }},
		{name: "without options, greeting switched off", body: "oi", replies: []string{"catalogo.pdf"},
			setup: func(in *Input) { only(2)(in); in.Env.Settings["sendGreetingMessageOneQueues"] = "disabled" }},
		{name: "closing queue closes at once", body: "oi", replies: []string{"Olá Maria!"}, setup: only(3),
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Farewell || queueOf(o) != 3 {
					t.Fatal("no close")
				}
			}},
		{name: "queue integration marks the ticket", body: "oi", replies: []string{"Olá Maria!", "catalogo.pdf"},
			setup: func(in *Input) { only(2)(in); in.Env.Queues[2].IntegrationID = id(8) },
			check: func(t *testing.T, o Outcome) {
				if !o.Ticket.UseIntegration || *o.Ticket.IntegrationID != 8 {
					t.Fatal("integration not set")
				}
			}},
		{name: "with options: any reply selects it and shows them", body: "bom dia", replies: []string{vendasMenu}, setup: only(1),
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 1 || o.Ticket.ChatbotOptionID != nil {
					t.Fatal(o.Ticket)
				}
			}},
	})
}

// §2c: the option tree.
func TestOptions(t *testing.T) {
	at := func(stage int64) func(*Input) {
		return func(in *Input) {
			in.Ticket.QueueID = id(1)
			if stage != 0 {
				in.Ticket.ChatbotOptionID = id(stage)
			}
		}
	}
	run(t, []row{
		{name: "first level pick shows the sub-level", body: "1", replies: []string{planosMenu}, setup: at(0),
			check: func(t *testing.T, o Outcome) {
				if *o.Ticket.ChatbotOptionID != 10 || queueOf(o) != 1 {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "second level text option", body: "1",
			replies: []string{"O básico custa 10\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"}, setup: at(10),
			check: func(t *testing.T, o Outcome) {
				if *o.Ticket.ChatbotOptionID != 11 {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "attendant option: queue and attendant", body: "2",
			replies: []string{"Chamando a Ana\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"},
			setup:   func(in *Input) { at(10)(in); in.Ticket.Status = ticket.StatusLGPD },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 2 || *o.Ticket.UserID != 50 || o.Ticket.Status != ticket.StatusPending || logs(o) != "queue" {
					t.Fatalf("%+v %s", o.Ticket, logs(o))
				}
			}},
		{name: "queue option moves the ticket", body: "2",
			replies: []string{"Transferindo para Suporte\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"}, setup: at(0),
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 2 || *o.Queued != 2 || o.Ticket.UserID != nil {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "queue option into a queue that closes: the normal close (decision 6)", body: "2",
			replies: []string{"Transferindo para Suporte\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"},
			setup:   func(in *Input) { at(0)(in); in.Env.Queues[2].CloseTicket = true },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 2 || o.Close == nil || !o.Close.Farewell || o.Close.Delay != 4*time.Second {
					t.Fatalf("%+v %+v", o.Ticket, o.Close)
				}
			}},
		{name: "the options shown count toward maxUseBotQueues: past it, an invalid reply is silent", body: "abc",
			setup: func(in *Input) { at(0)(in); in.Conn.MaxUseBotQueues, in.Ticket.AmountUsedBotQueues = 1, 1 }},
		{name: "a sub-level shown counts as a menu", body: "1", replies: []string{planosMenu}, setup: at(0),
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.AmountUsedBotQueues != 1 {
					t.Fatal(o.Ticket.AmountUsedBotQueues)
				}
			}},
		{name: "a queue option's sub-options answer after the move", body: "1",
			replies: []string{"Urgente agora\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"},
			setup: func(in *Input) {
				sup := in.Env.Queues[1].Option(20)
				sup.Options = []*Option{{ID: 21, QueueID: 1, ParentID: id(20), Name: "Urgente", Greeting: "Urgente agora", Type: TypeText}}
				in.Env.Queues[1].Index()
				in.Ticket.QueueID, in.Ticket.ChatbotOptionID = id(2), id(20)
			},
			check: func(t *testing.T, o Outcome) {
				if *o.Ticket.ChatbotOptionID != 21 || queueOf(o) != 2 {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "file option sends the list", body: "3",
			replies: []string{"Segue o catálogo\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento", "catalogo.pdf"}, setup: at(0)},
		{name: "closing option closes without farewell", body: "4",
			replies: []string{"Até logo\n\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento"}, setup: at(0),
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || o.Close.Farewell || o.Close.Completion || o.Close.Delay != 2*time.Second {
					t.Fatalf("%+v", o.Close)
				}
			}},
		{name: "integration option at the first level leaves the queue", body: "5", replies: nil, setup: at(0),
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 0 || !o.Ticket.UseIntegration || *o.Ticket.IntegrationID != 9 {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "invalid at a stage re-shows that level", body: "abc", replies: []string{planosMenu}, setup: at(10),
			check: func(t *testing.T, o Outcome) {
				if *o.Ticket.ChatbotOptionID != 10 || o.Ticket.AmountUsedBotQueues != 1 {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "out of range at the first level re-shows it", body: "7", replies: []string{vendasMenu}, setup: at(0)},
		{name: "invalid past maxUseBotQueues: silent", body: "abc", replies: nil,
			setup: func(in *Input) { at(10)(in); in.Ticket.AmountUsedBotQueues = 3 }},
		{name: "# clears queue and attendant and sends the main menu", body: "#", replies: []string{mainMenu}, setup: at(10),
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 0 || o.Ticket.ChatbotOptionID != nil || logs(o) != "chatBot" {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "sair closes with farewell", body: "Sair", replies: nil, setup: at(10),
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Farewell {
					t.Fatal("no close")
				}
			}},
		{name: "a leaf stage: the customer talks", body: "obrigado", replies: nil, setup: at(11)},
		{name: "waiting in a queue without options, # goes back to the main menu", body: "#", replies: []string{mainMenu},
			setup: func(in *Input) { in.Ticket.QueueID = id(2) },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 0 || logs(o) != "chatBot" {
					t.Fatal(o.Ticket)
				}
			}},
		{name: "waiting in a queue without options, sair ends with the farewell", body: "sair", replies: nil,
			setup: func(in *Input) { in.Ticket.QueueID = id(2) },
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Farewell {
					t.Fatal("no close")
				}
			}},
		{name: "waiting in a queue without options, digits are conversation", body: "1", replies: nil,
			setup: func(in *Input) { in.Ticket.QueueID = id(2) }},
		{name: "an attendant holds a queue without options: sair is conversation", body: "sair", replies: nil,
			setup: func(in *Input) {
				in.Ticket.QueueID, in.Ticket.UserID, in.Ticket.Status = id(2), id(50), ticket.StatusOpen
			},
			check: func(t *testing.T, o Outcome) {
				if o.Close != nil {
					t.Fatal("closed")
				}
			}},
		{name: "a stage of another queue's tree (after a forward): conversation", body: "1", replies: nil,
			setup: func(in *Input) { at(20)(in); in.Ticket.QueueID = id(2) }},
		{name: "an attendant holds the ticket: digits are conversation", body: "1", replies: nil,
			setup: func(in *Input) { at(0)(in); in.Ticket.UserID, in.Ticket.Status = id(50), ticket.StatusOpen }},
	})
}

// §3, decision 3: the reply to the rating request.
func TestNPSReply(t *testing.T) {
	nps := func(in *Input) {
		in.Ticket.Status, in.Ticket.QueueID, in.Ticket.UserID, in.Ticket.AmountUsedBotQueuesNPS = ticket.StatusNPS, id(2), id(50), 1
	}
	run(t, []row{
		{name: "a number rates and closes with the completion message", body: " 9 ", replies: nil, setup: nps,
			check: func(t *testing.T, o Outcome) {
				if o.Rating == nil || *o.Rating != 9 || o.Close == nil || !o.Close.Completion || o.Close.Farewell {
					t.Fatalf("%+v %+v", o.Rating, o.Close)
				}
			}},
		{name: "out of scale is clamped", body: "15", setup: nps,
			check: func(t *testing.T, o Outcome) {
				if *o.Rating != 10 {
					t.Fatal(*o.Rating)
				}
			}},
		{name: "not a number: invalid and the rating message again", body: "ótimo",
			replies: []string{TextInvalidOption, "Nota de 0 a 10?"}, setup: nps,
			check: func(t *testing.T, o Outcome) {
				if o.Rating != nil || o.Close != nil || o.Ticket.AmountUsedBotQueuesNPS != 2 || o.Replies[1].Delay != Gap {
					t.Fatalf("%+v", o)
				}
			}},
		{name: "not a number past maxUseBotQueuesNPS: ignored", body: "ótimo", replies: nil,
			setup: func(in *Input) { nps(in); in.Ticket.AmountUsedBotQueuesNPS = 2 }},
		{name: "no menu for a ticket in nps", body: "1", setup: func(in *Input) { nps(in); in.Ticket.QueueID = nil },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 0 || *o.Rating != 1 {
					t.Fatal(o.Ticket)
				}
			}},
	})
}

// §4, decision 4: LGPD.
func TestLGPD(t *testing.T) {
	on := func(in *Input) {
		in.Env.Settings["enableLGPD"] = "enabled"
		in.Env.Settings["lgpdMessage"] = "Tratamos seus dados, {{firstName}}."
		in.Env.Settings["lgpdLink"] = "https://acme.test/privacidade"
	}
	asked := func(in *Input) {
		on(in)
		sent := now.Add(-time.Minute)
		in.Ticket.Status, in.Ticket.LgpdSendMessageAt, in.Ticket.AmountUsedBotQueues = ticket.StatusLGPD, &sent, 1
	}
	terms := []string{"Tratamos seus dados, Maria.", "https://acme.test/privacidade", TextLGPDQuestion}
	accepted := now.Add(-24 * time.Hour)
	run(t, []row{
		{name: "new ticket: status lgpd, terms, link and question a second apart", body: "oi", replies: terms,
			setup: func(in *Input) { on(in); in.Created = true },
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.Status != ticket.StatusLGPD || logs(o) != "lgpd" || o.Ticket.LgpdSendMessageAt == nil ||
					o.Ticket.AmountUsedBotQueues != 1 || o.Replies[1].Delay != time.Second || o.Replies[2].Delay != time.Second {
					t.Fatalf("%+v %s", o.Ticket, logs(o))
				}
			}},
		{name: "contact accepted before, consent once: no LGPD", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) { on(in); in.Created, in.Contact.LgpdAcceptedAt = true, &accepted }},
		{name: "contact accepted before, consent every time: asked again", body: "oi", replies: terms,
			setup: func(in *Input) {
				on(in)
				in.Env.Settings["lgpdConsent"] = "enabled"
				in.Created, in.Contact.LgpdAcceptedAt = true, &accepted
			}},
		{name: "empty lgpdMessage: no LGPD", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) { on(in); in.Env.Settings["lgpdMessage"] = ""; in.Created = true }},
		{name: "1 accepts and the menu follows (the 1 is no queue choice)", body: "1", replies: []string{mainMenu}, setup: asked,
			check: func(t *testing.T, o Outcome) {
				if !o.LgpdAccepted || o.Ticket.LgpdAcceptedAt == nil || o.Ticket.Status != ticket.StatusLGPD || queueOf(o) != 0 {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "1 on a connection without queues: pending", body: "1", replies: nil,
			setup: func(in *Input) { asked(in); in.Env.Links = nil },
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.Status != ticket.StatusPending || o.Ticket.AmountUsedBotQueues != 0 {
					t.Fatal(o.Ticket.Status)
				}
			}},
		{name: "2 refuses: close with the completion message", body: "2", replies: nil, setup: asked,
			check: func(t *testing.T, o Outcome) {
				if o.Close == nil || !o.Close.Completion || o.LgpdAccepted {
					t.Fatal("no close")
				}
			}},
		{name: "anything else: counted, terms again next time", body: "hã?", replies: nil, setup: asked,
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.LgpdSendMessageAt != nil || o.Ticket.AmountUsedBotQueues != 2 {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "anything else past maxUseBotQueues: silent, terms not re-armed", body: "hã?", replies: nil,
			setup: func(in *Input) { asked(in); in.Ticket.AmountUsedBotQueues = 3 },
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.LgpdSendMessageAt == nil || o.Ticket.AmountUsedBotQueues != 3 {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "maxUseBotQueues 0 puts no limit on the terms", body: "oi?", replies: terms,
			setup: func(in *Input) {
				asked(in)
				in.Conn.MaxUseBotQueues, in.Ticket.LgpdSendMessageAt, in.Ticket.AmountUsedBotQueues = 0, nil, 9
			}},
		{name: "terms re-sent on the next message", body: "oi?", replies: terms,
			setup: func(in *Input) { asked(in); in.Ticket.LgpdSendMessageAt = nil; in.Ticket.AmountUsedBotQueues = 2 }},
		{name: "accepted and entering a queue leaves lgpd", body: "2", replies: []string{"Suporte: aguarde, Maria", "catalogo.pdf"},
			setup: func(in *Input) { asked(in); in.Ticket.LgpdAcceptedAt = &accepted },
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.Status != ticket.StatusPending || queueOf(o) != 2 {
					t.Fatal(o.Ticket.Status)
				}
			}},
		{name: "accepted and handed to the connection's integration leaves lgpd", body: "oi",
			setup: func(in *Input) {
				asked(in)
				handoffs(in)
				in.Ticket.LgpdAcceptedAt, in.Conn.IntegrationID, in.Env.Company.UseIntegrations = &accepted, id(9), true
			},
			check: func(t *testing.T, o Outcome) {
				if o.Handoff == nil || o.Handoff.IntegrationID != 9 || o.Ticket.Status != ticket.StatusPending {
					t.Fatalf("%+v %+v", o.Handoff, o.Ticket.Status)
				}
			}},
		{name: "groups never get LGPD", body: "oi", replies: nil,
			setup: func(in *Input) { on(in); in.Created, in.Ticket.IsGroup, in.Msg.IsGroup = true, true, true }},
	})
}

// §5 and decision 5: hours and vacation.
func TestHoursAndVacation(t *testing.T) {
	mode := func(m string) func(*Input) { return func(in *Input) { in.Env.Settings["scheduleType"] = m } }
	vacation := func(in *Input) {
		s, e := company.NewDate(2026, 11, 20), company.NewDate(2026, 11, 25)
		in.Conn.CollectiveVacationStart, in.Conn.CollectiveVacationEnd, in.Conn.CollectiveVacationMessage = &s, &e, "Férias até dia 26, {{firstName}}"
	}
	run(t, []row{
		{name: "company mode closed: out-of-hours text, marked, counted", body: "oi", replies: []string{"Estamos fechados"},
			setup: func(in *Input) { mode("company")(in); in.Env.Company.Schedules = closedWed },
			check: func(t *testing.T, o Outcome) {
				if !o.Ticket.IsOutOfHour || o.Ticket.AmountUsedBotQueues != 1 || !o.ChatbotAt {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "company mode open: the menu", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) { mode("company")(in); in.Env.Company.Schedules = office }},
		{name: "company mode in the company's zone (13:30 UTC is 10:30 there)", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) {
				mode("company")(in)
				in.Env.Company.Schedules = hours.Schedules{{WeekdayEn: "wednesday", StartTimeA: "10:00", EndTimeA: "11:00"}}
				in.Now = time.Date(2026, 11, 25, 13, 30, 0, 0, time.UTC)
			}},
		{name: "no entry today is open", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) {
				mode("company")(in)
				in.Env.Company.Schedules = hours.Schedules{{WeekdayEn: "monday"}}
			}},
		{name: "open again: isOutOfHour and counter reset", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) {
				mode("company")(in)
				in.Ticket.IsOutOfHour, in.Ticket.AmountUsedBotQueues = true, 3
			},
			check: func(t *testing.T, o Outcome) {
				if o.Ticket.IsOutOfHour || o.Ticket.AmountUsedBotQueues != 1 {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "closed past maxUseBotQueues: silent", body: "oi", replies: nil,
			setup: func(in *Input) {
				mode("company")(in)
				in.Env.Company.Schedules = closedWed
				in.Ticket.AmountUsedBotQueues = 3
			}},
		{name: "connection mode uses the connection's hours", body: "oi", replies: []string{"Estamos fechados"},
			setup: func(in *Input) {
				mode("connection")(in)
				in.Conn.Schedules = closedWed
				in.Env.Company.Schedules = office
			}},
		{name: "company mode skips open tickets", body: "oi", replies: nil,
			setup: func(in *Input) {
				mode("company")(in)
				in.Env.Company.Schedules = closedWed
				in.Ticket.Status, in.Ticket.UserID, in.Ticket.QueueID = ticket.StatusOpen, id(50), id(2)
			}},
		{name: "disabled mode ignores hours", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) { in.Env.Company.Schedules = closedWed }},
		{name: "queue mode: choosing a closed queue", body: "2", replies: []string{"Suporte fechado"},
			setup: func(in *Input) { mode("queue")(in); in.Env.Queues[2].Schedules = closedWed },
			check: func(t *testing.T, o Outcome) {
				if queueOf(o) != 2 || !o.Ticket.IsOutOfHour || o.Ticket.AmountUsedBotQueues != 1 {
					t.Fatalf("%+v", o.Ticket)
				}
			}},
		{name: "queue mode: a ticket in a closed queue", body: "1", replies: []string{"Vendas fechada"},
			setup: func(in *Input) { mode("queue")(in); in.Env.Queues[1].Schedules = closedWed; in.Ticket.QueueID = id(1) }},
		{name: "queue mode: open queue runs its options", body: "1", replies: []string{planosMenu},
			setup: func(in *Input) { mode("queue")(in); in.Env.Queues[1].Schedules = office; in.Ticket.QueueID = id(1) }},
		{name: "vacation: the vacation text, nothing else", body: "oi", replies: []string{"Férias até dia 26, Maria"}, setup: vacation},
		{name: "vacation: at most once a day", body: "oi", replies: nil,
			setup: func(in *Input) { vacation(in); in.SentToday = []string{"Olá", "Férias até dia 26, Maria"} }},
		{name: "vacation: once a day, whatever the hour does to its variables", body: "oi", replies: nil,
			setup: func(in *Input) {
				vacation(in)
				in.Conn.CollectiveVacationMessage = "{{ms}}, {{firstName}}! Férias (até 26)"
				in.SentToday = []string{"Boa madrugada, Maria! Férias (até 26)"} // at 10:00 it renders "Bom dia"
			}},
		{name: "vacation: another text today does not count", body: "oi", replies: []string{"Férias até dia 26, Maria"},
			setup: func(in *Input) { vacation(in); in.SentToday = []string{"Férias até dia 27, Maria"} }},
		{name: "vacation over: the menu", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) { vacation(in); in.Now = now.Add(48 * time.Hour) }},
		{name: "vacation: empty messages get nothing special", body: "  ", replies: []string{mainMenu}, setup: vacation},
		{name: "vacation: groups excluded", body: "oi", replies: nil,
			setup: func(in *Input) { vacation(in); in.Ticket.IsGroup, in.Msg.IsGroup = true, true }},
	})
}

// §1 step 23: audio refusal.
func TestAudioRefusal(t *testing.T) {
	audio := func(in *Input) { in.Msg.MediaType = "audio"; in.Ticket.QueueID, in.Ticket.UserID = id(2), id(50) }
	run(t, []row{
		{name: "contact does not take audio", body: "", replies: []string{TextNoAudio},
			setup: func(in *Input) { audio(in); in.Contact.AcceptAudioMessage = false },
			check: func(t *testing.T, o Outcome) {
				if !o.Replies[0].Quote {
					t.Fatal("not quoted")
				}
			}},
		{name: "company refuses audio", body: "", replies: []string{TextNoAudio},
			setup: func(in *Input) { audio(in); in.Env.Settings["acceptAudioMessageContact"] = "disabled" }},
		{name: "audio accepted", body: "", replies: nil, setup: audio},
		{name: "audio on a menu turn: menu, then the refusal", body: "", replies: []string{mainMenu, TextNoAudio},
			setup: func(in *Input) { in.Msg.MediaType = "audio"; in.Contact.AcceptAudioMessage = false }},
	})
}

func TestColumns(t *testing.T) {
	a := ticket.Ticket{Status: "pending"}
	if Columns(a, a) != nil {
		t.Fatal("no change expected")
	}
	b := a
	b.QueueID, b.Status = id(3), "lgpd"
	got := Columns(a, b)
	if len(got) != 2 || got["status"] != "lgpd" || *(got["queue_id"].(*int64)) != 3 {
		t.Fatal(got)
	}
}
