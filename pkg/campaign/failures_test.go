package campaign_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"atende/pkg/campaign"
	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/pkg/validate"
)

// failing is the sandbox failing the sends to some numbers with a given error, counting
// the tries per number.
type failing struct {
	channel.Channel
	mu    sync.Mutex
	fail  map[string]error
	tries map[string]int
}

func newFailing(ch channel.Channel, fail map[string]error) *failing {
	return &failing{Channel: ch, fail: fail, tries: map[string]int{}}
}

func (c *failing) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	c.mu.Lock()
	err := c.fail[out.To]
	c.tries[out.To]++
	c.mu.Unlock()
	if err != nil {
		return channel.Sent{}, err
	}
	return c.Channel.Send(ctx, conn, out)
}

func (c *failing) set(number string, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.fail[number] = err
}

func (c *failing) triesOf(number string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tries[number]
}

// offlineErr is a channel's failure of the connection (whatsapp.OfflineError's mark).
type offlineErr struct{}

func (offlineErr) Error() string { return "whatsapp: session is not connected" }
func (offlineErr) Offline() bool { return true }

// One number whose sends keep failing (not for good, not for the connection: whatsmeow's
// "server returned error 463") never holds the campaign: its tries add up on the shipping
// across ticks and workers, the task retries the step, and at MaxAttempts it fails as a
// refused number does and the rest are sent.
func TestCampaignBadNumberDoesNotBlock(t *testing.T) {
	f := newFixture(t, "5511900000801", "5511900000802", "5511900000803")
	ch := newFailing(f.a.Sandbox, map[string]error{"5511900000801": errors.New("server returned error 463")})
	f.svc.Dispatcher.Channels = map[string]channel.Channel{connection.ChannelSandbox: ch}
	c := f.startNow(nil)
	for try := 1; try < campaign.MaxAttempts; try++ {
		// Another worker each time: the count is on the row, not in a process.
		d := f.svc.Dispatcher
		err := d.Tick(context.Background(), f.ten.Company.ID, c.ID, time.Time{})
		if err == nil {
			t.Fatalf("try %d: a refused send must fail the task (its retry tries again)", try)
		}
		sh := f.shippings(c.ID)[0]
		if sh.Attempts != try || sh.FailedAt != nil || sh.Error == "" {
			t.Fatalf("after try %d: attempts %d failed %v error %q", try, sh.Attempts, sh.FailedAt, sh.Error)
		}
		f.clk.Add(30 * time.Second) // the task's back-off
	}
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusFinished {
		t.Fatalf("status %s (%s)", c.Status, c.WaitReason)
	}
	sh := f.shippings(c.ID)
	if sh[0].FailedAt == nil || sh[0].Attempts != campaign.MaxAttempts || sh[0].Error != "server returned error 463" {
		t.Fatalf("the bad number: %+v", sh[0])
	}
	if got := ch.triesOf("5511900000801"); got != campaign.MaxAttempts {
		t.Fatalf("the bad number was tried %d times, want %d", got, campaign.MaxAttempts)
	}
	exactlyOnce(t, f.outbox(), "5511900000802", "5511900000803")

	// A permanent refusal fails at once (one try).
	f2 := newFixture(t, "5511900000811", "5511900000812")
	ch2 := newFailing(f2.a.Sandbox, map[string]error{"5511900000811": fmt.Errorf("%w: no LID found", channel.ErrPermanent)})
	f2.svc.Dispatcher.Channels = map[string]channel.Channel{connection.ChannelSandbox: ch2}
	c2 := f2.drain(f2.startNow(nil).ID, 10)
	if c2.Status != campaign.StatusFinished || ch2.triesOf("5511900000811") != 1 || f2.shippings(c2.ID)[0].Attempts != 1 {
		t.Fatalf("permanent: %s, tried %d", c2.Status, ch2.triesOf("5511900000811"))
	}
	exactlyOnce(t, f2.outbox(), "5511900000812")
}

// A send failing on the connection (the session dropped before its status did, the
// network, a rate limit) burns no try: the step is retried as before, for as long as it takes, and the
// number is sent once the connection is back.
func TestCampaignOfflineSendWaits(t *testing.T) {
	f := newFixture(t, "5511900000821", "5511900000822")
	netErr := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	ch := newFailing(f.a.Sandbox, map[string]error{"5511900000821": offlineErr{}})
	f.svc.Dispatcher.Channels = map[string]channel.Channel{connection.ChannelSandbox: ch}
	c := f.startNow(nil)
	for i := 0; i < 3*campaign.MaxAttempts; i++ {
		switch i {
		case campaign.MaxAttempts:
			ch.set("5511900000821", fmt.Errorf("graph: %w", netErr))
		case 2 * campaign.MaxAttempts: // a provider's rate limit is the connection's too
			ch.set("5511900000821", &channel.RetryLater{Delay: time.Minute, Err: errors.New("graph: too many calls")})
		}
		if err := f.svc.Dispatcher.Tick(context.Background(), f.ten.Company.ID, c.ID, time.Time{}); err == nil {
			t.Fatalf("tick %d: an offline send must be retried", i)
		}
		f.clk.Add(30 * time.Second)
	}
	sh := f.shippings(c.ID)[0]
	if sh.Attempts != 0 || sh.FailedAt != nil {
		t.Fatalf("offline sends were counted: attempts %d failed %v", sh.Attempts, sh.FailedAt)
	}
	ch.set("5511900000821", nil)
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusFinished {
		t.Fatalf("status %s", c.Status)
	}
	exactlyOnce(t, f.outbox(), "5511900000821", "5511900000822")
}

// A reply while the campaign is paused (the governor's pause is CANCELADA) is still the
// confirmation: it does not wake the paused campaign, and Restart sends the message.
func TestCampaignReplyDuringPause(t *testing.T) {
	f := newFixture(t, "5511900000831", "5511900000832")
	c := f.startNow(func(in *campaign.Input) {
		in.Confirmation = validate.Nullable[bool]{Set: true, Valid: true, Value: true}
		in.ConfirmationMessage1 = "Podemos enviar?"
	})
	c = f.drain(c.ID, 10)
	if c.WaitReason != campaign.WaitConfirmations {
		t.Fatalf("after asking: %s %s", c.Status, c.WaitReason)
	}
	// The delivery governor pauses it (as step does).
	must(t, f.a.DB.Exec(`UPDATE campaigns SET status = ?, paused_reason = ?, wait_reason = ?, next_send_at = NULL WHERE id = ?`,
		campaign.StatusCanceled, campaign.PausedDelivery, campaign.PausedDelivery, c.ID).Error)
	proc := f.a.Inbound
	proc.Campaigns = campaign.Watcher{Queue: f.a.Queue, Now: f.clk.Now}
	feed(t, f, proc, channel.Event{Kind: channel.EventMessage, ProviderID: "PAUSE1", From: "5511900000831", Body: "sim"})
	sh := f.shippings(c.ID)
	if sh[0].ConfirmedAt == nil || sh[1].ConfirmedAt != nil {
		t.Fatalf("reply during the pause: confirmed %v / %v", sh[0].ConfirmedAt, sh[1].ConfirmedAt)
	}
	if got := f.get(c.ID); got.Status != campaign.StatusCanceled || got.NextSendAt != nil {
		t.Fatalf("the reply woke a paused campaign: %s %v", got.Status, got.NextSendAt)
	}
	_, err := f.svc.Restart(f.ctx, c.ID)
	must(t, err)
	c = f.drain(c.ID, 10)
	if out := f.outbox(); out["5511900000831"] != 2 || out["5511900000832"] != 1 {
		t.Fatalf("outbox after restart: %v", out)
	}
	if sh := f.shippings(c.ID); sh[0].DeliveredAt == nil {
		t.Fatalf("the confirmed contact never got the message: %+v", sh[0])
	}
}

// The list audience is its validated numbers only (BEHAVIOUR §7): refused ones never, and
// unchecked ones are checked through the campaign's connection (contactlist's check task)
// and join once validated; the campaign waits a while for that check before it finishes,
// and finishes without them when the check never comes.
func TestCampaignAudienceValidatedOnly(t *testing.T) {
	f := newFixture(t, "5511900000841", "!5511900000842", "?5511900000843", "?5511900000844")
	c := f.startNow(nil)
	if n := len(f.shippings(c.ID)); n != 1 {
		t.Fatalf("%d shippings at the start, want the one validated number", n)
	}
	keys, err := f.a.RDB.Keys(context.Background(), fmt.Sprintf("asynq:{%s}:t:%s:%d:0", tasks.QueueLow, tasks.TypeContactListCheck, f.list)).Result()
	must(t, err)
	if len(keys) != 1 {
		t.Fatalf("the unchecked numbers' check was not queued: %v", keys)
	}
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusRunning || c.WaitReason != campaign.WaitChecking {
		t.Fatalf("with numbers being checked: %s %s", c.Status, c.WaitReason)
	}
	exactlyOnce(t, f.outbox(), "5511900000841")
	// The check (the worker's task; the sandbox checks the format) validates them.
	must(t, f.a.ContactLists.Check(context.Background(), tasks.ContactListCheck{CompanyID: f.ten.Company.ID,
		ContactListID: f.list, ConnectionID: f.conn.ID}, false))
	f.clk.Add(campaign.CheckPoll)
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusFinished {
		t.Fatalf("status %s %s", c.Status, c.WaitReason)
	}
	exactlyOnce(t, f.outbox(), "5511900000841", "5511900000843", "5511900000844")

	// A check that never comes: the campaign finishes without them after CheckWait.
	f2 := newFixture(t, "5511900000851", "?5511900000852")
	c2 := f2.drain(f2.startNow(nil).ID, 10)
	if c2.WaitReason != campaign.WaitChecking {
		t.Fatalf("waits %s", c2.WaitReason)
	}
	for i := 0; i < 100 && c2.Status == campaign.StatusRunning; i++ {
		f2.clk.Add(campaign.CheckPoll)
		c2 = f2.drain(c2.ID, 1)
	}
	if c2.Status != campaign.StatusFinished || c2.CompletedAt == nil {
		t.Fatalf("never checked: %s %s", c2.Status, c2.WaitReason)
	}
	if waited := c2.CompletedAt.Sub(*f2.shippings(c2.ID)[0].DeliveredAt); waited < campaign.CheckWait || waited > campaign.CheckWait+2*campaign.CheckPoll {
		t.Fatalf("waited %s for the check, want about %s", waited, campaign.CheckWait)
	}
	exactlyOnce(t, f2.outbox(), "5511900000851")
}

// A tag audience is the tag's phone contacts: Messenger and Instagram contacts (numeric
// page-scoped ids) never; sandbox contacts only through a sandbox connection.
func TestCampaignTagAudiencePhoneChannels(t *testing.T) {
	f := newFixture(t)
	tag := testutil.NewTag(t, f.a, f.ten.Company.ID, "clientes", 0)
	for i, ch := range []string{connection.ChannelWhatsApp, connection.ChannelWhatsAppAPI, connection.ChannelFacebook,
		connection.ChannelInstagram, connection.ChannelSandbox} {
		ct := testutil.NewContact(t, f.a, f.ten.Company.ID, ch, fmt.Sprintf("55119000008%02d", 60+i), func(c *contact.Contact) { c.Channel = ch })
		testutil.TagContact(t, f.a, ct, tag.ID)
	}
	byTag := func(in *campaign.Input) {
		in.ContactListID = validate.Nullable[int64]{Set: true}
		in.TagListID = validate.Nullable[int64]{Set: true, Valid: true, Value: tag.ID}
	}
	c := f.startNow(byTag)
	numbers := func(id int64) map[string]bool {
		out := map[string]bool{}
		for _, s := range f.shippings(id) {
			out[s.Number] = true
		}
		return out
	}
	if got := numbers(c.ID); len(got) != 3 || !got["5511900000860"] || !got["5511900000861"] || !got["5511900000864"] {
		t.Fatalf("through the sandbox: %v", got)
	}
	// Through a WhatsApp connection: the phone channels' contacts only.
	wa := testutil.NewConnection(t, f.a, f.ten.Company.ID, "whatsapp", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelWhatsApp, connection.StatusDisconnected
	})
	draft, err := f.svc.Create(f.ctx, f.input(func(in *campaign.Input) {
		byTag(in)
		in.WhatsappID = validate.Nullable[int64]{Set: true, Valid: true, Value: wa.ID}
	}))
	must(t, err)
	must(t, f.a.DB.Transaction(func(tx *gorm.DB) error { _, err := campaign.WriteShippings(f.ctx, tx, draft); return err }))
	if got := numbers(draft.ID); len(got) != 2 || !got["5511900000860"] || !got["5511900000861"] {
		t.Fatalf("through WhatsApp: %v", got)
	}
}

// A company that may not send (its plan lost useCampaigns, blocked, being deleted,
// expired) has its running campaign wait, as for a connection that is gone, and go on by
// itself once it may again.
func TestCampaignWaitsWhileNotAllowed(t *testing.T) {
	f := newFixture(t, "5511900000871", "5511900000872", "5511900000873", "5511900000874", "5511900000875")
	c := f.startNow(nil)
	cases := []struct {
		why        string
		stop, undo string
	}{
		{campaign.NotAllowedPlan, `UPDATE plans SET use_campaigns = false WHERE id = (SELECT plan_id FROM companies WHERE id = @c)`,
			`UPDATE plans SET use_campaigns = true WHERE id = (SELECT plan_id FROM companies WHERE id = @c)`},
		{campaign.NotAllowedBlocked, `UPDATE companies SET status = false WHERE id = @c`, `UPDATE companies SET status = true WHERE id = @c`},
		{campaign.NotAllowedBlocked, `UPDATE companies SET deleting_at = now() WHERE id = @c`, `UPDATE companies SET deleting_at = NULL WHERE id = @c`},
		{campaign.NotAllowedExpired, `UPDATE companies SET due_date = DATE '2026-11-01' WHERE id = @c`,
			`UPDATE companies SET due_date = DATE '2026-12-25' WHERE id = @c`},
	}
	for i, tc := range cases {
		must(t, f.a.DB.Exec(tc.stop, map[string]any{"c": f.ten.Company.ID}).Error)
		sent := len(f.outbox())
		at := f.clk.Now()
		f.tick(c.ID)
		got := f.get(c.ID)
		if got.Status != campaign.StatusRunning || got.WaitReason != campaign.WaitNotAllowed || got.WaitDetail["why"] != tc.why ||
			!got.NextSendAt.Equal(at.Add(campaign.NotAllowedRetry)) || len(f.outbox()) != sent {
			t.Fatalf("case %d (%s): %s %s %v until %v, sent %d", i, tc.why, got.Status, got.WaitReason, got.WaitDetail, got.NextSendAt, len(f.outbox())-sent)
		}
		f.clk.Set(*got.NextSendAt)
		f.tick(c.ID) // still not allowed: waits again, sends nothing
		if len(f.outbox()) != sent {
			t.Fatalf("case %d: sent while not allowed", i)
		}
		must(t, f.a.DB.Exec(tc.undo, map[string]any{"c": f.ten.Company.ID}).Error)
		f.clk.Set(*f.get(c.ID).NextSendAt)
		f.tick(c.ID)
		if len(f.outbox()) != sent+1 {
			t.Fatalf("case %d: did not go on once allowed (%s)", i, f.get(c.ID).WaitReason)
		}
	}
}
