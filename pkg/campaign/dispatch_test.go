package campaign_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/campaign"
	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/inbound"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/validate"
)

var saoPaulo, _ = time.LoadLocation("America/Sao_Paulo")

// clock is the tests' time: the dispatcher and the watcher read it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *clock) Add(d time.Duration) { c.Set(c.Now().Add(d)) }

func local(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04:05", s, saoPaulo)
	if err != nil {
		panic(err)
	}
	return t
}

// fixture is a company with a connected sandbox connection, a contact list and a clock.
type fixture struct {
	t    *testing.T
	a    *app.App
	ctx  context.Context
	ten  testutil.Tenant
	conn connection.Connection
	list int64
	clk  *clock
	svc  campaign.Service
}

func newFixture(t *testing.T, numbers ...string) *fixture {
	t.Helper()
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, fmt.Sprintf("c%d", time.Now().UnixNano()), 0)
	conn := testutil.NewConnection(t, a, ten.Company.ID, "sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	f := &fixture{t: t, a: a, ctx: tenant.With(context.Background(), ten.Company.ID), ten: ten, conn: conn,
		clk: &clock{t: local("2026-11-25 10:00:00")}} // a Wednesday, inside 09:00–18:00
	f.list = f.newList(numbers...)
	f.svc = a.Campaigns
	f.svc.Dispatcher.Now = f.clk.Now
	f.settings(map[string]any{})
	return f
}

func (f *fixture) newList(numbers ...string) int64 {
	f.t.Helper()
	var id int64
	must(f.t, f.a.DB.Raw(`INSERT INTO contact_lists (company_id, name) VALUES (?, 'lista') RETURNING id`, f.ten.Company.ID).Scan(&id).Error)
	for i, n := range numbers {
		var valid any = true
		switch n[0] {
		case '!': // refused as a WhatsApp number by the import
			n, valid = n[1:], false
		case '?': // not checked yet (no usable connection when imported)
			n, valid = n[1:], nil
		}
		must(f.t, f.a.DB.Exec(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
			VALUES (?, ?, ?, ?, ?, ?)`, f.ten.Company.ID, id, fmt.Sprintf("Cliente %d", i+1), n, fmt.Sprintf("c%d@x.test", i+1), valid).Error)
	}
	return id
}

// settings stores campaign settings over fast defaults (no interval, a generous governor).
func (f *fixture) settings(over map[string]any) {
	f.t.Helper()
	s := map[string]any{"messageInterval": 0, "longerIntervalAfter": 0, "greaterInterval": 0,
		"governorWarmup": []int{1000}, "governorPerMinute": 60}
	for k, v := range over {
		s[k] = v
	}
	in := map[string]json.RawMessage{}
	for k, v := range s {
		b, _ := json.Marshal(v)
		in[k] = b
	}
	if _, err := f.a.CampaignSettings.Save(f.ctx, in); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) input(edit func(*campaign.Input)) campaign.Input {
	in := campaign.Input{Name: "Black Friday", Texts: campaign.Texts{Message1: "Oi {nome}, oferta!", Message2: "Olá {nome}!"}}
	in.ContactListID = validate.Nullable[int64]{Set: true, Valid: true, Value: f.list}
	in.WhatsappID = validate.Nullable[int64]{Set: true, Valid: true, Value: f.conn.ID}
	if edit != nil {
		edit(&in)
	}
	return in
}

// startNow creates a campaign whose start time is now: it runs at once.
func (f *fixture) startNow(edit func(*campaign.Input)) campaign.Campaign {
	f.t.Helper()
	c, err := f.svc.Create(f.ctx, f.input(func(in *campaign.Input) {
		in.ScheduledAt = validate.Nullable[string]{Set: true, Valid: true, Value: f.clk.Now().Format(time.RFC3339)}
		if edit != nil {
			edit(in)
		}
	}))
	if err != nil {
		f.t.Fatal(err)
	}
	return c
}

func (f *fixture) get(id int64) campaign.Campaign {
	f.t.Helper()
	c, err := f.svc.Get(f.ctx, id)
	must(f.t, err)
	return c
}

func (f *fixture) tick(id int64) {
	f.t.Helper()
	must(f.t, f.svc.Dispatcher.Tick(context.Background(), f.ten.Company.ID, id, time.Time{}))
	f.clk.Add(time.Millisecond) // time goes on: a next cursor is always later than the last
}

// drain runs the pacer, moving the clock to each next send time, until the campaign stops
// or waits for something the clock alone does not bring (replies, a pause).
func (f *fixture) drain(id int64, maxSteps int) campaign.Campaign {
	f.t.Helper()
	for i := 0; i < maxSteps; i++ {
		f.tick(id)
		c := f.get(id)
		if c.Status != campaign.StatusRunning || c.NextSendAt == nil {
			return c
		}
		if c.NextSendAt.After(f.clk.Now()) {
			f.clk.Set(*c.NextSendAt)
		}
	}
	return f.get(id)
}

// outbox counts what the sandbox delivered, per number.
func (f *fixture) outbox() map[string]int {
	var rows []struct {
		Number string
		N      int
	}
	must(f.t, f.a.DB.Raw(`SELECT number, count(*) AS n FROM sandbox_outbox WHERE connection_id = ? GROUP BY number`, f.conn.ID).Scan(&rows).Error)
	out := map[string]int{}
	for _, r := range rows {
		out[r.Number] = r.N
	}
	return out
}

func (f *fixture) shippings(id int64) []campaign.Shipping {
	var list []campaign.Shipping
	must(f.t, f.a.DB.Where("campaign_id = ?", id).Order("id").Find(&list).Error)
	return list
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func exactlyOnce(t *testing.T, got map[string]int, numbers ...string) {
	t.Helper()
	if len(got) != len(numbers) {
		t.Fatalf("outbox has %d numbers, want %d: %v", len(got), len(numbers), got)
	}
	for _, n := range numbers {
		if got[n] != 1 {
			t.Fatalf("number %s got %d messages, want 1 (%v)", n, got[n], got)
		}
	}
}

// A campaign whose start time is now runs at once; one shipping per valid number, each
// sent once at the company's pace (20 s, 60 s after every 2nd), texts rendered and marked.
func TestCampaignRunsAtThePace(t *testing.T) {
	f := newFixture(t, "5511900000001", "5511900000002", "!5511900000003", "5511900000004", "5511900000005")
	f.settings(map[string]any{"messageInterval": 20, "longerIntervalAfter": 2, "greaterInterval": 60})
	c := f.startNow(nil)
	if c.Status != campaign.StatusRunning {
		t.Fatalf("status %s, want EM_ANDAMENTO", c.Status)
	}
	c = f.drain(c.ID, 20)
	if c.Status != campaign.StatusFinished || c.CompletedAt == nil {
		t.Fatalf("status %s completed %v", c.Status, c.CompletedAt)
	}
	exactlyOnce(t, f.outbox(), "5511900000001", "5511900000002", "5511900000004", "5511900000005")
	sh := f.shippings(c.ID)
	start := local("2026-11-25 10:00:00")
	wantAt := []time.Duration{0, 20 * time.Second, 80 * time.Second, 100 * time.Second}
	for i, s := range sh {
		if s.DeliveredAt == nil || !s.DeliveredAt.Equal(start.Add(wantAt[i])) {
			t.Fatalf("shipping %d sent at %v, want %v", i, s.DeliveredAt, start.Add(wantAt[i]))
		}
		if s.Message != campaign.Prefix+"Oi "+s.Name+", oferta!" && s.Message != campaign.Prefix+"Olá "+s.Name+"!" {
			t.Fatalf("message %q", s.Message)
		}
	}
	var body string
	must(t, f.a.DB.Raw(`SELECT body FROM sandbox_outbox WHERE connection_id = ? ORDER BY id LIMIT 1`, f.conn.ID).Scan(&body).Error)
	if body != sh[0].Message {
		t.Fatalf("outbox body %q, shipping %q", body, sh[0].Message)
	}
}

// Scenario table of the states (spec/3 §4, BEHAVIOUR §7, decision 7) with the test's clock.
func TestCampaignStates(t *testing.T) {
	f := newFixture(t, "5511900000011", "5511900000012", "5511900000013")
	now := f.clk.Now()
	tests := []struct {
		name      string
		scheduled string // "" none, else an offset from now
		want      string
	}{
		{"no start time is a draft", "", campaign.StatusInactive},
		{"a future start is scheduled", "2h", campaign.StatusScheduled},
		{"a past start starts now", "-3h", campaign.StatusRunning},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := f.svc.Create(f.ctx, f.input(func(in *campaign.Input) {
				if tc.scheduled != "" {
					d, _ := time.ParseDuration(tc.scheduled)
					in.ScheduledAt = validate.Nullable[string]{Set: true, Valid: true, Value: now.Add(d).Format(time.RFC3339)}
				}
			}))
			must(t, err)
			if c.Status != tc.want {
				t.Fatalf("status %s, want %s", c.Status, tc.want)
			}
			n := len(f.shippings(c.ID))
			if (c.Status == campaign.StatusRunning) != (n == 3) {
				t.Fatalf("%s campaign has %d shippings", c.Status, n)
			}
		})
	}

	t.Run("scheduled starts at its time, not before", func(t *testing.T) {
		c, err := f.svc.Create(f.ctx, f.input(func(in *campaign.Input) {
			in.ScheduledAt = validate.Nullable[string]{Set: true, Valid: true, Value: now.Add(90 * time.Minute).Format(time.RFC3339)}
		}))
		must(t, err)
		must(t, f.svc.Dispatcher.Start(context.Background(), f.ten.Company.ID, c.ID))
		if got := f.get(c.ID); got.Status != campaign.StatusScheduled {
			t.Fatalf("started early: %s", got.Status)
		}
		if !got(f, c.ID).Editable(now) {
			t.Fatal("90 minutes ahead should be editable")
		}
		if f.get(c.ID).Editable(now.Add(45 * time.Minute)) {
			t.Fatal("45 minutes ahead should be read-only")
		}
		f.clk.Set(now.Add(90 * time.Minute))
		must(t, f.svc.Dispatcher.Start(context.Background(), f.ten.Company.ID, c.ID))
		if got := f.get(c.ID); got.Status != campaign.StatusRunning || len(f.shippings(c.ID)) != 3 {
			t.Fatalf("not started: %s", got.Status)
		}
		f.clk.Set(now)
	})

	t.Run("edit rules", func(t *testing.T) {
		running := f.startNow(nil)
		if _, err := f.svc.Update(f.ctx, running.ID, f.input(nil)); !errors.Is(err, campaign.ErrNotEditable) {
			t.Fatalf("running campaign edited: %v", err)
		}
		if err := f.svc.Delete(f.ctx, running.ID); !errors.Is(err, campaign.ErrRunning) {
			t.Fatalf("running campaign deleted: %v", err)
		}
		if _, err := f.svc.Restart(f.ctx, running.ID); !errors.Is(err, campaign.ErrNotCanceled) {
			t.Fatalf("running campaign restarted: %v", err)
		}
		canceled, err := f.svc.Cancel(f.ctx, running.ID)
		must(t, err)
		if canceled.Status != campaign.StatusCanceled {
			t.Fatalf("cancel: %s", canceled.Status)
		}
		if _, err := f.svc.Cancel(f.ctx, running.ID); !errors.Is(err, campaign.ErrNotRunning) {
			t.Fatalf("canceled twice: %v", err)
		}
		upd, err := f.svc.Update(f.ctx, running.ID, f.input(func(in *campaign.Input) { in.Name = "Renomeada" }))
		must(t, err)
		if upd.Name != "Renomeada" || upd.Status != campaign.StatusCanceled {
			t.Fatalf("canceled edit: %s %s", upd.Name, upd.Status)
		}
		must(t, f.svc.Delete(f.ctx, running.ID))
		if _, err := f.svc.Get(f.ctx, running.ID); !errors.Is(err, campaign.ErrNotFound) {
			t.Fatalf("deleted campaign still there: %v", err)
		}
	})
}

func got(f *fixture, id int64) campaign.Campaign { return f.get(id) }

// Outside hours and on a weekend the campaign waits for the next window and says so.
func TestCampaignWaitsForTheWindow(t *testing.T) {
	f := newFixture(t, "5511900000021", "5511900000022")
	f.clk.Set(local("2026-11-28 11:00:00")) // Saturday
	c := f.startNow(nil)
	f.tick(c.ID)
	c = f.get(c.ID)
	if c.WaitReason != campaign.WaitWeekend || !c.NextSendAt.Equal(local("2026-11-30 09:00:00")) {
		t.Fatalf("weekend: %s until %v", c.WaitReason, c.NextSendAt)
	}
	if len(f.outbox()) != 0 {
		t.Fatal("sent on a Saturday")
	}
	f.tick(c.ID) // a tick before its time changes nothing
	if len(f.outbox()) != 0 {
		t.Fatal("early tick sent")
	}
	f.settings(map[string]any{"sabado": true})
	f.clk.Set(local("2026-11-30 08:59:59"))
	c = f.drain(c.ID, 1)
	if len(f.outbox()) != 0 {
		t.Fatal("sent before the window")
	}
	f.clk.Set(local("2026-11-30 09:00:00"))
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusFinished {
		t.Fatalf("status %s (%s)", c.Status, c.WaitReason)
	}
	exactlyOnce(t, f.outbox(), "5511900000021", "5511900000022")
}

// Cancel stops the pacer at its next tick; restart skips what was sent and sends the rest,
// including numbers added to the list meanwhile, each once.
func TestCampaignCancelRestart(t *testing.T) {
	f := newFixture(t, "5511900000031", "5511900000032", "5511900000033", "5511900000034")
	f.settings(map[string]any{"messageInterval": 30})
	c := f.startNow(nil)
	f.tick(c.ID)
	f.clk.Add(30 * time.Second)
	f.tick(c.ID)
	if n := len(f.outbox()); n != 2 {
		t.Fatalf("sent %d before cancel", n)
	}
	_, err := f.svc.Cancel(f.ctx, c.ID)
	must(t, err)
	f.clk.Add(30 * time.Second)
	f.tick(c.ID)
	if n := len(f.outbox()); n != 2 {
		t.Fatalf("sent after cancel: %d", n)
	}
	must(t, f.a.DB.Exec(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
		VALUES (?, ?, 'Novo', '5511900000035', true)`, f.ten.Company.ID, f.list).Error)
	_, err = f.svc.Restart(f.ctx, c.ID)
	must(t, err)
	c = f.drain(c.ID, 20)
	if c.Status != campaign.StatusFinished {
		t.Fatalf("status %s", c.Status)
	}
	exactlyOnce(t, f.outbox(), "5511900000031", "5511900000032", "5511900000033", "5511900000034", "5511900000035")
}

// crashing is a sandbox that loses the worker right after the send: the send happened,
// the transaction recording it did not commit (a kill -9 between the two).
type crashing struct {
	channel.Channel
	mu      sync.Mutex
	crashes map[int64]bool
}

func (c *crashing) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	sent, err := c.Channel.Send(ctx, conn, out)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil && !c.crashes[out.MessageID] {
		c.crashes[out.MessageID] = true
		return sent, errors.New("worker killed")
	}
	return sent, err
}

// Exactly once by rows: a duplicate tick, and a worker dying after every send before it
// committed, still deliver one message per number.
func TestCampaignExactlyOnce(t *testing.T) {
	f := newFixture(t, "5511900000041", "5511900000042", "5511900000043")
	f.svc.Dispatcher.Channels = map[string]channel.Channel{connection.ChannelSandbox: &crashing{Channel: f.a.Sandbox, crashes: map[int64]bool{}}}
	c := f.startNow(nil)
	for i := 0; i < 10; i++ {
		// Every first attempt "crashes" (the task is retried); every tick runs twice.
		_ = f.svc.Dispatcher.Tick(context.Background(), f.ten.Company.ID, c.ID, time.Time{})
		_ = f.svc.Dispatcher.Tick(context.Background(), f.ten.Company.ID, c.ID, time.Time{})
		f.clk.Add(time.Millisecond)
	}
	if got := f.get(c.ID); got.Status != campaign.StatusFinished {
		t.Fatalf("status %s", got.Status)
	}
	exactlyOnce(t, f.outbox(), "5511900000041", "5511900000042", "5511900000043")

	// Two pacers at once (two workers given the same tick): one sends, one steps aside.
	f2 := newFixture(t, "5511900000044", "5511900000045")
	c2 := f2.startNow(nil)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = f2.svc.Dispatcher.Tick(context.Background(), f2.ten.Company.ID, c2.ID, time.Time{})
		}()
	}
	wg.Wait()
	f2.drain(c2.ID, 10)
	exactlyOnce(t, f2.outbox(), "5511900000044", "5511900000045")
}

// The reconciler learns stranded campaigns: after a Redis flush an overdue running
// campaign and a scheduled one past its start get their task again.
func TestCampaignRequeue(t *testing.T) {
	f := newFixture(t, "5511900000051")
	f.settings(map[string]any{"messageInterval": 60})
	c := f.startNow(nil)
	must(t, f.a.RDB.FlushDB(context.Background()).Err())
	must(t, campaign.Requeue(context.Background(), f.a.DB, f.a.Queue, f.clk.Now().Add(2*time.Minute), time.Minute))
	// (The asynq client does not register the queue again after a flush, so the task is
	// looked for by its key; a worker serving the queue takes it.)
	keys, err := f.a.RDB.Keys(context.Background(), fmt.Sprintf("asynq:{default}:t:%s:%d:*", tasks.TypeCampaignTick, c.ID)).Result()
	must(t, err)
	if len(keys) != 1 {
		t.Fatalf("the reconciler did not requeue the campaign's tick: %v", keys)
	}
}

// A tick that runs before its cursor (a worker whose clock is behind) queues the cursor's
// tick again under a TaskID of its own: its own is still held by the running task.
func TestCampaignEarlyTick(t *testing.T) {
	f := newFixture(t, "5511900000071", "5511900000072")
	f.settings(map[string]any{"messageInterval": 30})
	c := f.startNow(nil)
	f.tick(c.ID)
	next := *f.get(c.ID).NextSendAt
	f.clk.Add(29 * time.Second)
	must(t, f.svc.Dispatcher.Tick(context.Background(), f.ten.Company.ID, c.ID, next))
	keys, err := f.a.RDB.Keys(context.Background(), fmt.Sprintf("asynq:{default}:t:%s:%d:%d:early*", tasks.TypeCampaignTick, c.ID, next.UnixMilli())).Result()
	must(t, err)
	if len(keys) != 1 || len(f.outbox()) != 1 {
		t.Fatalf("early tick: requeued %v, sent %d", keys, len(f.outbox()))
	}
}

// A confirmation campaign asks first; the contact's first reply (any text) is the
// confirmation, and the message follows; the unconfirmed are never sent the message. The
// reply goes through the inbound pipeline, which also drops campaign echoes and takes the
// receipts of campaign sends.
func TestCampaignConfirmation(t *testing.T) {
	f := newFixture(t, "5511900000061", "5511900000062")
	c := f.startNow(func(in *campaign.Input) {
		in.Confirmation = validate.Nullable[bool]{Set: true, Valid: true, Value: true}
		in.ConfirmationMessage1 = "{nome}, podemos enviar a oferta?"
	})
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusRunning || c.WaitReason != campaign.WaitConfirmations {
		t.Fatalf("after asking: %s %s", c.Status, c.WaitReason)
	}
	exactlyOnce(t, f.outbox(), "5511900000061", "5511900000062")
	sh := f.shippings(c.ID)
	if sh[0].ConfirmationRequestedAt == nil || sh[0].DeliveredAt != nil {
		t.Fatalf("asked: %+v", sh[0])
	}
	f.svc.Dispatcher.Now = f.clk.Now
	w := campaign.Watcher{Queue: f.a.Queue, Now: f.clk.Now}
	proc := f.a.Inbound
	proc.Campaigns = w
	// The first contact answers "sim".
	feed(t, f, proc, channel.Event{Kind: channel.EventMessage, ProviderID: "IN1", From: "5511900000061", Body: "sim"})
	// An echo of a campaign text is dropped, never stored.
	feed(t, f, proc, channel.Event{Kind: channel.EventMessage, ProviderID: "ECHO1", From: "5511900000062", FromMe: true,
		Body: campaign.Prefix + "eco"})
	var echoes int64
	f.a.DB.Table("messages").Where("provider_id = 'ECHO1'").Count(&echoes)
	if echoes != 0 {
		t.Fatal("campaign echo stored")
	}
	// A receipt of the confirmation request is taken without waiting for a message row.
	feed(t, f, proc, channel.Event{Kind: channel.EventAck, TargetID: *shippingConfirmID(t, f, sh[1].ID), Ack: 2})
	c = f.get(c.ID)
	if c.NextSendAt == nil {
		t.Fatal("the confirmation did not wake the campaign")
	}
	f.clk.Set(c.NextSendAt.Add(time.Second))
	c = f.drain(c.ID, 10)
	out := f.outbox()
	if out["5511900000061"] != 2 || out["5511900000062"] != 1 {
		t.Fatalf("outbox after the confirmation: %v", out)
	}
	sh = f.shippings(c.ID)
	if sh[0].ConfirmedAt == nil || sh[0].DeliveredAt == nil || sh[1].DeliveredAt != nil {
		t.Fatalf("shippings: %+v / %+v", sh[0], sh[1])
	}
	if c.Status != campaign.StatusRunning || c.WaitReason != campaign.WaitConfirmations {
		t.Fatalf("still waiting for the second: %s %s", c.Status, c.WaitReason)
	}
	// Its delivery receipt counts on the report.
	feed(t, f, proc, channel.Event{Kind: channel.EventAck, TargetID: *sh[0].ProviderID, Ack: 3})
	r, err := f.svc.Report(f.ctx, c.ID)
	must(t, err)
	if r.Counts.Total != 2 || r.Counts.Asked != 2 || r.Counts.Confirmed != 1 || r.Counts.Sent != 1 || r.Counts.Read != 1 || r.Counts.Delivered != 1 {
		t.Fatalf("counts %+v", r.Counts)
	}
	// A second reply changes nothing.
	feed(t, f, proc, channel.Event{Kind: channel.EventMessage, ProviderID: "IN2", From: "5511900000061", Body: "de novo"})
	f.clk.Add(time.Minute)
	f.drain(c.ID, 5)
	if got := f.outbox()["5511900000061"]; got != 2 {
		t.Fatalf("second reply resent: %d", got)
	}
}

func shippingConfirmID(t *testing.T, f *fixture, id int64) *string {
	var pid *string
	must(t, f.a.DB.Raw(`SELECT confirm_provider_id FROM campaign_shippings WHERE id = ?`, id).Scan(&pid).Error)
	if pid == nil {
		t.Fatal("no confirmation provider id")
	}
	return pid
}

// feed records an inbound event on the fixture's connection and processes it.
func feed(t *testing.T, f *fixture, p inbound.Processor, ev channel.Event) {
	t.Helper()
	if ev.Timestamp.IsZero() {
		ev.Timestamp = time.Now()
	}
	id, _, err := f.a.InboundStore.Record(f.ctx, f.conn, ev)
	must(t, err)
	must(t, p.Process(context.Background(), []tasks.InboundRef{{CompanyID: f.ten.Company.ID, EventID: id}}))
	var problem string
	f.a.DB.Raw(`SELECT error FROM inbound_events WHERE id = ?`, id).Scan(&problem)
	if problem != "" {
		t.Fatalf("inbound event %d: %s", id, problem)
	}
}
