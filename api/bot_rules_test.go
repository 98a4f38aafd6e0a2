package api_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/channel"
	"atende/pkg/chatbot"
	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/queue"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// closedWeek is a weekly table closed every day; officeHours is open 08:00–18:00 every day.
const (
	closedWeek = `[{"weekdayEn":"sunday"},{"weekdayEn":"monday"},{"weekdayEn":"tuesday"},{"weekdayEn":"wednesday"},
		{"weekdayEn":"thursday"},{"weekdayEn":"friday"},{"weekdayEn":"saturday"}]`
	officeHours = `[{"weekdayEn":"sunday","startTimeA":"08:00","endTimeA":"18:00"},{"weekdayEn":"monday","startTimeA":"08:00","endTimeA":"18:00"},
		{"weekdayEn":"tuesday","startTimeA":"08:00","endTimeA":"18:00"},{"weekdayEn":"wednesday","startTimeA":"08:00","endTimeA":"18:00"},
		{"weekdayEn":"thursday","startTimeA":"08:00","endTimeA":"18:00"},{"weekdayEn":"friday","startTimeA":"08:00","endTimeA":"18:00"},
		{"weekdayEn":"saturday","startTimeA":"08:00","endTimeA":"18:00"}]`
)

// lgpdBot is the three-queue bot of a company that asks the LGPD terms.
func lgpdBot(t *testing.T) *botEnv {
	b := newBotEnv(t, nil)
	threeQueues(b)
	testutil.SetSetting(t, b.App, b.tn.Company.ID, "enableLGPD", "enabled")
	testutil.SetSetting(t, b.App, b.tn.Company.ID, "lgpdMessage", "Tratamos seus dados, {{firstName}}.")
	return b
}

// §4 and decision 4 through the pipeline: terms, link and question a second apart
// (scheduled sends), acceptance then the menu, refusal closes with the completion message.
func TestBotLGPDPipeline(t *testing.T) {
	b := lgpdBot(t)
	testutil.SetSetting(t, b.App, b.tn.Company.ID, "lgpdLink", "https://acme.test/privacidade")
	terms := []string{"Tratamos seus dados, Maria.", "https://acme.test/privacidade", chatbot.TextLGPDQuestion}

	const n = "5511900000020"
	same(t, "first message", b.say(n, "oi"), terms...)
	tk := b.ticket(n)
	if tk.Status != ticket.StatusLGPD || b.logs(tk.ID) != "create,lgpd" {
		t.Fatalf("%+v %s", tk, b.logs(tk.ID))
	}
	b.delivered(n, terms...) // the link and the question come by scheduled tasks
	same(t, "accepts", b.say(n, "1"), mainMenu)
	if count(b.env, `SELECT count(*) FROM contacts WHERE number = ? AND lgpd_accepted_at IS NOT NULL`, n) != 1 ||
		count(b.env, `SELECT count(*) FROM tickets WHERE id = ? AND lgpd_accepted_at IS NOT NULL AND status = 'lgpd'`, tk.ID) != 1 {
		t.Fatal("consent not recorded")
	}
	same(t, "queue leaves lgpd", b.say(n, "2"), "Suporte: aguarde, Maria")
	if tk = b.ticket(n); tk.Status != ticket.StatusPending {
		t.Fatal(tk.Status)
	}

	const r = "5511900000021"
	same(t, "first message", b.say(r, "oi"), terms...)
	same(t, "something else", b.say(r, "quê?"))
	same(t, "terms again", b.say(r, "oi?"), terms...)
	same(t, "refuses", b.say(r, "2"), "Obrigado, até logo!")
	if tk := b.ticket(r); tk.Status != ticket.StatusClosed {
		t.Fatal(tk.Status)
	}
}

// A ticket a missed call opened asks the terms at the customer's first message, as one a
// message opened does.
func TestBotLGPDAfterACall(t *testing.T) {
	b := lgpdBot(t)
	const n = "5511900000022"
	st, res := b.call("POST", fmt.Sprintf("/sandbox/%d/call", b.conn.ID), b.conn.Token,
		map[string]string{"number": n, "name": "Maria Souza", "id": "lgpd-call"}, "")
	if st != 202 {
		t.Fatalf("call: %d %s", st, res)
	}
	b.after("call:lgpd-call")
	tk := b.ticket(n)
	if tk.Status != ticket.StatusLGPD || b.logs(tk.ID) != "create,lgpd" {
		t.Fatalf("after the call: %+v %s", tk, b.logs(tk.ID))
	}
	same(t, "first message", b.say(n, "oi"), "Tratamos seus dados, Maria.", chatbot.TextLGPDQuestion)
	same(t, "accepts", b.say(n, "1"), mainMenu)
}

// §3 and decision 3: the reply to a rating request, through the pipeline; a ticket the
// history import created rates like any other once its customer writes live.
func TestBotNPSPipeline(t *testing.T) {
	for i, imported := range []bool{false, true} {
		t.Run(fmt.Sprintf("imported %v", imported), func(t *testing.T) {
			b := newBotEnv(t, nil)
			threeQueues(b)
			testutil.SetSetting(t, b.App, b.tn.Company.ID, "userRating", "enabled")
			n := fmt.Sprintf("551190000003%d", i)
			b.say(n, "oi")
			b.say(n, "2")
			tk := b.ticket(n)
			// The attendant served and closed it: the rating request (ticket.CloseBySystem).
			b.must(b.App.DB.Exec(`UPDATE tickets SET status = 'open', user_id = ?, imported = ? WHERE id = ?`,
				b.tn.Attender.ID, imported, tk.ID).Error)
			ctx := tenant.With(context.Background(), b.tn.Company.ID)
			full, err := ticket.Get(ctx, b.App.DB, tk.ID)
			b.must(err)
			texts, err := ticket.CloseBySystem(ctx, b.App.DB, &full, b.conn, b.App.Settings, ticket.AutoClose{Farewell: true})
			if err != nil || full.Status != ticket.StatusNPS || len(texts) != 1 {
				t.Fatalf("rating request: %v %s %q", err, full.Status, texts)
			}
			same(t, "not a number", b.say(n, "ótimo"), chatbot.TextInvalidOption, "Dê uma nota de 0 a 10")
			same(t, "rates", b.say(n, "9"), "Obrigado, até logo!")
			if tk = b.ticket(n); tk.Status != ticket.StatusClosed {
				t.Fatal(tk.Status)
			}
			if count(b.env, `SELECT count(*) FROM user_ratings WHERE ticket_id = ? AND rate = 9 AND user_id = ?`, tk.ID, b.tn.Attender.ID) != 1 {
				t.Fatal("rating not stored")
			}
		})
	}
}

// §5 and decision 5 through the pipeline: company, connection (on the sandbox's clock) and
// queue modes, and the collective vacation.
func TestBotHoursPipeline(t *testing.T) {
	t.Run("company mode", func(t *testing.T) {
		b := newBotEnv(t, func(c *connection.Connection) { c.OutOfHoursMessage = "Fechados, {{firstName}}" })
		threeQueues(b)
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "scheduleType", "company")
		b.must(b.App.DB.Exec(`UPDATE companies SET schedules = ? WHERE id = ?`, closedWeek, b.tn.Company.ID).Error)
		const n = "5511900000040"
		same(t, "closed", b.say(n, "oi"), "Fechados, Maria")
		if count(b.env, `SELECT count(*) FROM tickets WHERE is_out_of_hour AND amount_used_bot_queues = 1 AND queue_id IS NULL`) != 1 {
			t.Fatal("not marked out of hours")
		}
		b.must(b.App.DB.Exec(`UPDATE companies SET schedules = '[]' WHERE id = ?`, b.tn.Company.ID).Error)
		same(t, "open again", b.say(n, "oi"), mainMenu)
		if count(b.env, `SELECT count(*) FROM tickets WHERE NOT is_out_of_hour AND amount_used_bot_queues = 1`) != 1 {
			t.Fatal("isOutOfHour not reset")
		}
	})
	t.Run("connection mode on the sandbox clock", func(t *testing.T) {
		sp, _ := time.LoadLocation("America/Sao_Paulo")
		now := time.Now().In(sp)
		three := time.Date(now.Year(), now.Month(), now.Day(), 3, 0, 0, 0, sp) // 03:00 today there: closed
		b := newBotEnv(t, func(c *connection.Connection) {
			c.OutOfHoursMessage, c.ClockOffset = "Volte às 8h", int(time.Until(three).Seconds())
		})
		threeQueues(b)
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "scheduleType", "connection")
		b.must(b.App.DB.Exec(`UPDATE connections SET schedules = ? WHERE id = ?`, officeHours, b.conn.ID).Error)
		eventually(t, "the connection cache forgets the old row", func() bool {
			c, err := b.App.ConnectionCache.Load(context.Background(), []int64{b.conn.ID})
			return err == nil && len(c[b.conn.ID].Schedules) == 7
		})
		same(t, "closed at 03:00", b.say("5511900000041", "oi"), "Volte às 8h")
	})
	t.Run("queue mode", func(t *testing.T) {
		b := newBotEnv(t, nil)
		_, suporte, _ := threeQueues(b)
		testutil.SetSetting(t, b.App, b.tn.Company.ID, "scheduleType", "queue")
		b.must(b.App.DB.Exec(`UPDATE queues SET schedules = ?, out_of_hours_message = 'Suporte fechado' WHERE id = ?`, closedWeek, suporte.ID).Error)
		const n = "5511900000042"
		same(t, "menu", b.say(n, "oi"), mainMenu)
		same(t, "closed queue", b.say(n, "2"), "Suporte fechado")
		if tk := b.ticket(n); tk.QueueID == nil || *tk.QueueID != suporte.ID {
			t.Fatalf("%+v", tk)
		}
		same(t, "still closed", b.say(n, "alô"), "Suporte fechado")
	})
	t.Run("collective vacation", func(t *testing.T) {
		today := time.Now()
		start, end := company.NewDate(today.AddDate(0, 0, -2).Date()), company.NewDate(today.AddDate(0, 0, 2).Date())
		b := newBotEnv(t, func(c *connection.Connection) {
			c.CollectiveVacationStart, c.CollectiveVacationEnd, c.CollectiveVacationMessage = &start, &end, "Em férias coletivas\n"
		})
		threeQueues(b)
		const n = "5511900000043"
		same(t, "vacation", b.say(n, "oi"), "Em férias coletivas")
		same(t, "once a day (the text saved with a line break at its end)", b.say(n, "alguém?"))
	})
}

// §2b: a connection with a single queue takes the customer straight in.
func TestBotSingleQueuePipeline(t *testing.T) {
	b := newBotEnv(t, nil)
	q := b.queue("Atendimento", "Fila única", nil)
	const n = "5511900000050"
	same(t, "straight in", b.say(n, "oi"), "Olá Maria!")
	if tk := b.ticket(n); tk.QueueID == nil || *tk.QueueID != q.ID || b.logs(tk.ID) != "create,queue" {
		t.Fatalf("%+v %s", tk, b.logs(tk.ID))
	}
	same(t, "then it is conversation", b.say(n, "1"))
}

// §1 step 23: an audio the contact may not send is kept and answered, quoting it.
func TestBotAudioRefusalPipeline(t *testing.T) {
	b := newBotEnv(t, nil)
	b.queue("Atendimento", "Fila única", func(q *queue.Queue) {})
	testutil.SetSetting(t, b.App, b.tn.Company.ID, "acceptAudioMessageContact", "disabled")
	const n = "5511900000060"
	b.say(n, "oi")
	_, _, err := b.App.InboundStore.Record(tenant.With(context.Background(), b.tn.Company.ID), b.conn, channel.Event{
		Kind: channel.EventMessage, ProviderID: "audio-1", From: n, MediaType: "audio", MediaPath: "x/a.ogg",
		MediaName: "a.ogg", Timestamp: time.Now()})
	b.must(err)
	same(t, "refused", b.after("audio-1"), chatbot.TextNoAudio)
	if count(b.env, `SELECT count(*) FROM messages r JOIN messages a ON a.id = r.quoted_msg_id
		WHERE a.provider_id = 'audio-1' AND r.from_me`) != 1 {
		t.Fatal("the refusal does not quote the audio")
	}
}

// Exactly once: a duplicate event, a task delivered twice and a batch whose transaction
// failed (a worker killed mid-menu) neither send a menu twice nor lose it; our own echo
// is not stored.
func TestBotExactlyOnce(t *testing.T) {
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, tn)
	b := &botEnv{env: e, tn: tn, conn: conn}
	b.conn.GreetingMessage = "Olá {{firstName}}!"
	b.must(e.App.DB.Model(&connection.Connection{}).Where("id = ?", conn.ID).Update("greeting_message", b.conn.GreetingMessage).Error)
	threeQueues(b)
	ctx := tenant.With(context.Background(), tn.Company.ID)
	ev := channel.Event{Kind: channel.EventMessage, ProviderID: "once-1", From: "5511900000070", Name: "Maria Souza",
		Body: "oi", Timestamp: time.Now()}

	// The batch fails after the bot wrote its menu: nothing of it stays, the event waits.
	b.must(e.App.DB.Exec(`CREATE TABLE bot_fail (n int); INSERT INTO bot_fail VALUES (1);
		CREATE FUNCTION bot_fail_once() RETURNS trigger AS $$ BEGIN
		  IF EXISTS (SELECT 1 FROM bot_fail) THEN RAISE EXCEPTION 'worker killed mid-menu'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
		CREATE TRIGGER bot_fail BEFORE INSERT ON ticket_logs FOR EACH ROW WHEN (NEW.type = 'chatBot') EXECUTE FUNCTION bot_fail_once();`).Error)
	id, _, err := e.App.InboundStore.Record(ctx, conn, ev)
	b.must(err)
	refs := []tasks.InboundRef{{CompanyID: tn.Company.ID, EventID: id}}
	if err := e.App.Inbound.Process(context.Background(), refs); err == nil || !strings.Contains(err.Error(), "mid-menu") {
		t.Fatalf("the batch should fail: %v", err)
	}
	if count(e, `SELECT count(*) FROM messages`) != 0 || count(e, `SELECT count(*) FROM inbound_events WHERE processed_at IS NULL`) != 1 {
		t.Fatal("a failed batch left rows, or lost its event")
	}
	// The retry answers once; a second delivery of the task and the event again do nothing.
	b.must(e.App.DB.Exec(`DELETE FROM bot_fail`).Error)
	for range 2 {
		b.must(e.App.Inbound.Process(context.Background(), refs))
	}
	if _, dup, err := e.App.InboundStore.Record(ctx, conn, ev); err != nil || !dup {
		t.Fatalf("the same event again: dup %v err %v", dup, err)
	}
	same(t, "one menu", b.after("once-1"), mainMenu)
	// The batch sent its menu itself (message.Delivery.SendNow), once: no task is left.
	if n := count(e, `SELECT count(*) FROM sandbox_outbox WHERE message_id > 0`); n != 1 {
		t.Fatalf("%d deliveries of the menu, want 1", n)
	}
	if sends := pendingTasks[tasks.MessagesSend](e, tasks.QueueCritical, tasks.TypeMessagesSend); len(sends) != 0 {
		t.Fatalf("sends queued: %+v, want none", sends)
	}
	// Our echo of the menu (the phone reports what we sent) is neither stored nor answered.
	echoID, _, err := e.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage, ProviderID: "echo-1",
		From: "5511900000070", FromMe: true, Body: mark + mainMenu, Timestamp: time.Now()})
	b.must(err)
	startWorker(t, e)
	b.delivered("5511900000070", mainMenu)
	eventually(t, "echo handled", func() bool {
		return count(e, `SELECT count(*) FROM inbound_events WHERE id = ? AND processed_at IS NOT NULL`, echoID) == 1
	})
	if count(e, `SELECT count(*) FROM messages WHERE provider_id = 'echo-1'`) != 0 || count(e, `SELECT count(*) FROM messages`) != 2 {
		t.Fatal("the echo was stored or answered")
	}
}

// greetingMenu is a tenant's sandbox connection with a greeting and three queues: its
// customers get the main menu.
func greetingMenu(t *testing.T) (*env, *botEnv) {
	e := newEnv(t)
	tn := testutil.NewTenant(t, e.App, "acme", 0)
	b := &botEnv{env: e, tn: tn, conn: sandboxConn(t, e, tn)}
	b.must(e.App.DB.Model(&connection.Connection{}).Where("id = ?", b.conn.ID).Update("greeting_message", "Olá {{firstName}}!").Error)
	threeQueues(b)
	return e, b
}

// offline is a channel that can't reach the phone for now: a failure its retry may get past.
type offline struct{ channel.Channel }

func (offline) Send(context.Context, connection.Connection, channel.Outgoing) (channel.Sent, error) {
	return channel.Sent{}, errors.New("phone offline")
}

// A reply the batch could not send itself (message.Delivery.SendNow) goes to a
// message:send-all task, whose run delivers it once.
func TestBotReplyQueuedWhenSendFails(t *testing.T) {
	e, b := greetingMenu(t)
	tn, conn := b.tn, b.conn
	e.App.Channels[connection.ChannelSandbox] = offline{e.App.Sandbox}
	ctx := tenant.With(context.Background(), tn.Company.ID)
	id, _, err := e.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage, ProviderID: "queued-1",
		From: "5511900000071", Name: "Maria Souza", Body: "oi", Timestamp: time.Now()})
	b.must(err)
	b.must(e.App.Inbound.Process(context.Background(), []tasks.InboundRef{{CompanyID: tn.Company.ID, EventID: id}}))
	if sends := pendingTasks[tasks.MessagesSend](e, tasks.QueueCritical, tasks.TypeMessagesSend); len(sends) != 1 || len(sends[0].All()) != 1 || len(sends[0].All()[0].MessageIDs) != 1 {
		t.Fatalf("sends queued: %+v, want one of one message", sends)
	}
	if n := count(e, `SELECT count(*) FROM sandbox_outbox WHERE message_id > 0`); n != 0 {
		t.Fatalf("%d deliveries through an offline channel", n)
	}
	e.App.Channels[connection.ChannelSandbox] = e.App.Sandbox // the phone is back
	// A send cut short by its caller's deadline still leaves its task.
	lists := pendingTasks[tasks.MessagesSend](e, tasks.QueueCritical, tasks.TypeMessagesSend)[0].All()
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	if _, err := in.DeleteAllPendingTasks(tasks.QueueCritical); err != nil {
		t.Fatal(err)
	}
	cut, cancel := context.WithCancel(context.Background())
	cancel()
	e.App.Delivery.SendNow(cut, e.App.Queue, lists, message.Known{})
	if sends := pendingTasks[tasks.MessagesSend](e, tasks.QueueCritical, tasks.TypeMessagesSend); len(sends) != 1 {
		t.Fatalf("sends queued after a canceled send: %+v, want one", sends)
	}
	startWorker(t, e)
	b.delivered("5511900000071", mainMenu)
	if n := count(e, `SELECT count(*) FROM sandbox_outbox WHERE message_id > 0`); n != 1 {
		t.Fatalf("%d deliveries of the menu, want 1", n)
	}
}

// Two messages of one customer in one batch: the second meets what the first left (the
// menu shown, then the choice), and its reply is sent after the first one's.
func TestBotBatchOfOneTicket(t *testing.T) {
	e, b := greetingMenu(t)
	tn, conn := b.tn, b.conn
	ctx := tenant.With(context.Background(), tn.Company.ID)
	var refs []tasks.InboundRef
	for i, body := range []string{"oi", "2"} {
		id, _, err := e.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage,
			ProviderID: fmt.Sprint("batch-", i), From: "5511900000080", Name: "Maria Souza", Body: body,
			Timestamp: time.Now().Add(time.Duration(i) * time.Millisecond)})
		b.must(err)
		refs = append(refs, tasks.InboundRef{CompanyID: tn.Company.ID, EventID: id})
	}
	b.must(e.App.Inbound.Process(context.Background(), refs))
	same(t, "menu, then the queue", b.after("batch-1"), mainMenu, "Suporte: aguarde, Maria")
	in := asynq.NewInspector(e.App.RedisOpt)
	defer in.Close()
	if later, err := in.ListScheduledTasks(tasks.QueueCritical); err != nil || len(later) != 1 {
		t.Fatalf("the second reply should wait its turn (scheduled): %d %v", len(later), err)
	}
}
