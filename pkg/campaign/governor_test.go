package campaign_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"atende/pkg/campaign"
	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
	"atende/pkg/validate"
)

// The daily cap warms up from the number's first campaign day and is shared by every
// campaign on the connection; the report says why it waits.
func TestGovernorDailyCapShared(t *testing.T) {
	var numbers []string
	for i := 0; i < 6; i++ {
		numbers = append(numbers, fmt.Sprintf("55119000001%02d", i))
	}
	f := newFixture(t, numbers...)
	f.settings(map[string]any{"governorWarmup": []int{2, 3}})
	a := f.startNow(nil)
	b := f.startNow(func(in *campaign.Input) { in.Name = "Segunda" })
	f.tick(a.ID)
	f.tick(b.ID)
	f.tick(a.ID) // the cap (2) is used up by the two campaigns together
	ca := f.get(a.ID)
	if ca.WaitReason != campaign.WaitDailyCap || ca.WaitDetail["cap"] != float64(2) || ca.WaitDetail["sent"] != float64(2) {
		t.Fatalf("campaign A: %s %v", ca.WaitReason, ca.WaitDetail)
	}
	if !ca.NextSendAt.Equal(local("2026-11-26 00:00:00")) {
		t.Fatalf("waits until %v, want midnight in the company's zone", ca.NextSendAt)
	}
	f.tick(b.ID)
	if got := f.get(b.ID); got.WaitReason != campaign.WaitDailyCap {
		t.Fatalf("campaign B: %s", got.WaitReason)
	}
	total := 0
	for _, n := range f.outbox() {
		total += n
	}
	if total != 2 {
		t.Fatalf("sent %d on day 1, cap 2", total)
	}
	// Day 2 of the warm-up: 3 more (inside the window).
	f.clk.Set(local("2026-11-26 09:00:00"))
	for i := 0; i < 4; i++ {
		f.tick(a.ID)
		f.tick(b.ID)
	}
	total = 0
	for _, n := range f.outbox() {
		total += n
	}
	if total != 5 {
		t.Fatalf("sent %d after day 2, want 2+3", total)
	}
}

// The per-minute ceiling holds whatever the campaign's interval (0 here).
func TestGovernorPerMinute(t *testing.T) {
	var numbers []string
	for i := 0; i < 5; i++ {
		numbers = append(numbers, fmt.Sprintf("55119000002%02d", i))
	}
	f := newFixture(t, numbers...)
	f.settings(map[string]any{"governorPerMinute": 2})
	c := f.startNow(nil)
	for i := 0; i < 5; i++ {
		f.tick(c.ID)
	}
	got := f.get(c.ID)
	if len(f.outbox()) != 2 || got.WaitReason != campaign.WaitMinuteCap || !got.NextSendAt.Equal(local("2026-11-25 10:01:00")) {
		t.Fatalf("sent %d, waiting %s until %v", len(f.outbox()), got.WaitReason, got.NextSendAt)
	}
	got = f.drain(c.ID, 20)
	if got.Status != campaign.StatusFinished {
		t.Fatalf("status %s", got.Status)
	}
	exactlyOnce(t, f.outbox(), numbers...)
}

// refusing is a channel that refuses every recipient for good.
type refusing struct{ channel.Channel }

func (refusing) Send(context.Context, connection.Connection, channel.Outgoing) (channel.Sent, error) {
	return channel.Sent{}, fmt.Errorf("%w: número inexistente", channel.ErrPermanent)
}

// Failures pause the campaign (CANCELADA with the governor's reason and numbers); restart
// forgives the connection's history and goes on. Undelivered sends pause it too.
func TestGovernorPauses(t *testing.T) {
	var numbers []string
	for i := 0; i < 30; i++ {
		numbers = append(numbers, fmt.Sprintf("55119000003%02d", i))
	}
	f := newFixture(t, numbers...)
	f.svc.Dispatcher.Channels = map[string]channel.Channel{connection.ChannelSandbox: refusing{}}
	c := f.startNow(nil)
	c = f.drain(c.ID, 40)
	if c.Status != campaign.StatusCanceled || c.PausedReason != campaign.PausedFailures {
		t.Fatalf("status %s paused %q", c.Status, c.PausedReason)
	}
	if c.WaitDetail["failed"] != float64(campaign.MinSample) || c.WaitDetail["limit"] != float64(20) {
		t.Fatalf("detail %v", c.WaitDetail)
	}
	r, err := f.svc.Report(f.ctx, c.ID)
	must(t, err)
	if r.Counts.Failed != campaign.MinSample || r.Counts.ToSend != int64(30-campaign.MinSample) {
		t.Fatalf("counts %+v", r.Counts)
	}
	// The number recovers; restart forgives the failures and sends the rest.
	f.svc.Dispatcher.Channels = map[string]channel.Channel{connection.ChannelSandbox: f.a.Sandbox}
	_, err = f.svc.Restart(f.ctx, c.ID)
	must(t, err)
	f.clk.Add(time.Second)
	c = f.drain(c.ID, 40)
	if c.Status != campaign.StatusFinished || len(f.outbox()) != 30-campaign.MinSample {
		t.Fatalf("after restart: %s, sent %d", c.Status, len(f.outbox()))
	}

	// Undelivered: sends settled for 15 minutes without a receipt pause the next campaign.
	g := f.startNow(func(in *campaign.Input) { in.Name = "Outra" })
	must(t, f.a.DB.Exec(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
		VALUES (?, ?, 'X', '5511900000399', true)`, f.ten.Company.ID, f.list).Error)
	must(t, f.a.DB.Exec(`UPDATE campaign_shippings SET ack = 1 WHERE connection_id = ?`, f.conn.ID).Error)
	f.clk.Add(campaign.Settle + time.Minute)
	f.tick(g.ID)
	if got := f.get(g.ID); got.Status != campaign.StatusCanceled || got.PausedReason != campaign.PausedDelivery {
		t.Fatalf("undelivered: %s %q %v", got.Status, got.PausedReason, got.WaitDetail)
	}
}

// openTicket stores the sends in the contact's ticket (created in the campaign's status,
// queue and user); variables and media with caption go out as decided.
func TestCampaignTicketsAndMedia(t *testing.T) {
	f := newFixture(t, "5511900000401")
	f.settings(map[string]any{"variables": []map[string]string{{"key": "cupom", "value": "BF10"}}})
	q := testutilQueue(t, f)
	c := f.startNow(func(in *campaign.Input) {
		in.Message1, in.Message2 = "Oi {nome}, use {cupom} ({email}, {numero})", ""
		in.OpenTicket = validate.Nullable[string]{Set: true, Valid: true, Value: "enabled"}
		in.StatusTicket = "open"
		in.UserID = validate.Nullable[int64]{Set: true, Valid: true, Value: f.ten.Admin.ID}
		in.QueueID = validate.Nullable[int64]{Set: true, Valid: true, Value: q}
	})
	must(t, f.a.DB.Exec(`UPDATE campaigns SET media_path = 'x/promo.jpg', media_name = 'promo.jpg', media_type = 'image' WHERE id = ?`, c.ID).Error)
	f.drain(c.ID, 5)
	var out struct {
		Kind, Body, MediaName string
	}
	must(t, f.a.DB.Raw(`SELECT kind, body, media_name FROM sandbox_outbox WHERE connection_id = ?`, f.conn.ID).Scan(&out).Error)
	want := campaign.Prefix + "Oi Cliente 1, use BF10 (c1@x.test, 5511900000401)"
	if out.Kind != channel.KindMedia || out.Body != want || out.MediaName != "promo.jpg" {
		t.Fatalf("outbox %+v", out)
	}
	sh := f.shippings(c.ID)[0]
	if sh.TicketID == nil {
		t.Fatal("no ticket")
	}
	var tk ticket.Ticket
	must(t, f.a.DB.Take(&tk, *sh.TicketID).Error)
	if tk.Status != "open" || tk.QueueID == nil || *tk.QueueID != q || tk.UserID == nil || *tk.UserID != f.ten.Admin.ID {
		t.Fatalf("ticket %s queue %v user %v", tk.Status, tk.QueueID, tk.UserID)
	}
	var m message.Message
	must(t, f.a.DB.Where("ticket_id = ?", tk.ID).Take(&m).Error)
	if m.Body != want || !m.FromMe || m.ProviderID == nil || *m.ProviderID != *sh.ProviderID || m.MediaType != "image" {
		t.Fatalf("message %+v", m)
	}
}

func testutilQueue(t *testing.T, f *fixture) int64 {
	var id int64
	must(t, f.a.DB.Raw(`INSERT INTO queues (company_id, name, color) VALUES (?, 'Vendas', '#ff0000') RETURNING id`, f.ten.Company.ID).Scan(&id).Error)
	return id
}

// A tag audience: the tagged contacts (not groups, valid numbers), merged with the list by
// number; an audio goes after its text; a disconnected connection makes the campaign wait.
func TestCampaignTagAudienceAudioAndConnection(t *testing.T) {
	f := newFixture(t, "5511900000501", "5511900000502")
	tag := testutil.NewTag(t, f.a, f.ten.Company.ID, "vip", 0)
	same := testutil.NewContact(t, f.a, f.ten.Company.ID, "Ana", "5511900000502", nil)
	other := testutil.NewContact(t, f.a, f.ten.Company.ID, "Bia", "5511900000503", nil)
	group := testutil.NewContact(t, f.a, f.ten.Company.ID, "Grupo", "120363000000000001", func(c *contact.Contact) { c.IsGroup = true })
	testutil.TagContact(t, f.a, same, tag.ID)
	testutil.TagContact(t, f.a, other, tag.ID)
	testutil.TagContact(t, f.a, group, tag.ID)
	must(t, f.a.DB.Exec(`UPDATE connections SET status = 'DISCONNECTED' WHERE id = ?`, f.conn.ID).Error)
	c := f.startNow(func(in *campaign.Input) {
		in.TagListID = validate.Nullable[int64]{Set: true, Valid: true, Value: tag.ID}
		in.Message2 = ""
	})
	start := f.clk.Now()
	f.tick(c.ID)
	if got := f.get(c.ID); got.WaitReason != campaign.WaitDisconnected || !got.NextSendAt.Equal(start.Add(campaign.DisconnectedRetry)) {
		t.Fatalf("disconnected: %s %v", got.WaitReason, got.NextSendAt)
	}
	must(t, f.a.DB.Exec(`UPDATE connections SET status = 'CONNECTED' WHERE id = ?`, f.conn.ID).Error)
	must(t, f.a.DB.Exec(`UPDATE campaigns SET media_path = 'x/voz.ogg', media_name = 'voz.ogg', media_type = 'audio' WHERE id = ?`, c.ID).Error)
	f.clk.Add(campaign.DisconnectedRetry)
	c = f.drain(c.ID, 10)
	if c.Status != campaign.StatusFinished {
		t.Fatalf("status %s %s", c.Status, c.WaitReason)
	}
	out := f.outbox()
	if len(out) != 3 || out["5511900000501"] != 2 || out["5511900000502"] != 2 || out["5511900000503"] != 2 {
		t.Fatalf("outbox (text then audio, three numbers once each): %v", out)
	}
	var kinds []string
	must(t, f.a.DB.Raw(`SELECT kind FROM sandbox_outbox WHERE connection_id = ? AND number = '5511900000503' ORDER BY id`, f.conn.ID).Scan(&kinds).Error)
	if len(kinds) != 2 || kinds[0] != channel.KindText || kinds[1] != channel.KindMedia {
		t.Fatalf("audio order: %v", kinds)
	}
}
