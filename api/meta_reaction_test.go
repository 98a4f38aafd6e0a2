package api_test

import (
	"context"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/message"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

// A reaction of ours (a reactionMessage row: the emoji in body, the message in quotedMsgId,
// as the inbox shows reactions) is delivered as a reaction to that message: Cloud API
// type "reaction", Messenger and Instagram sender_action react/unreact.
func TestGraphChannelsSendReactions(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "loja"}}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	tok := testutil.Token(t, m.App, acme.Admin)
	if st, body := m.call("POST", "/facebook", tok, linkBody(), ""); st != 200 {
		t.Fatalf("link: %d %s", st, body)
	}
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990007", "Bia", "wamid.IN7", "oi"))
	m.post(t, fakegraph.PageMessage("page", "PAGE1", "PSID1", "m_IN1", "olá"))
	m.post(t, fakegraph.PageMessage("instagram", "IG1", "IGSID1", "aWG_IN1", "vi no insta"))
	m.eventually(t, "three customer messages", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE provider_id IN ('wamid.IN7', 'm_IN1', 'aWG_IN1')") == 3
	})
	ctx := tenant.With(context.Background(), acme.Company.ID)
	react := func(target, emoji string) message.Message {
		t.Helper()
		var in message.Message
		m.App.DB.Where("provider_id = ?", target).Take(&in)
		r := message.Message{CompanyID: in.CompanyID, TicketID: in.TicketID, ContactID: in.ContactID, ConnectionID: in.ConnectionID,
			FromMe: true, Read: true, MediaType: message.TypeReaction, Body: emoji, QuotedMsgID: &in.ID}
		if err := m.App.DB.Create(&r).Error; err != nil {
			t.Fatal(err)
		}
		if err := m.App.Delivery.Send(ctx, r.CompanyID, r.ID, false); err != nil {
			t.Fatalf("reaction to %s: %v", target, err)
		}
		m.App.DB.Take(&r, r.ID)
		if r.ProviderID == nil || r.Ack < message.AckSent {
			t.Fatalf("reaction to %s not recorded as sent: %+v", target, r)
		}
		return r
	}
	react("wamid.IN7", "👍")
	react("m_IN1", "❤️")
	react("m_IN1", "") // taken back
	react("aWG_IN1", "😂")

	sends := m.fake.Sends()
	if len(sends) != 4 {
		t.Fatalf("%d sends: %+v", len(sends), sends)
	}
	cloud := sends[0]
	if r, _ := cloud.Body["reaction"].(map[string]any); cloud.Type != "reaction" || cloud.From != "PN1" || cloud.To != "5511999990007" ||
		r["message_id"] != "wamid.IN7" || r["emoji"] != "👍" {
		t.Fatalf("cloud reaction %+v", cloud.Body)
	}
	want := []struct{ from, to, action, mid, emoji string }{
		{"PAGE1", "PSID1", "react", "m_IN1", "❤️"},
		{"PAGE1", "PSID1", "unreact", "m_IN1", ""},
		{"PAGE1", "IGSID1", "react", "aWG_IN1", "😂"}, // Instagram sends go through the page (/me)
	}
	for i, w := range want {
		s := sends[i+1]
		p, _ := s.Body["payload"].(map[string]any)
		emoji, _ := p["reaction"].(string)
		if s.Type != w.action || s.From != w.from || s.To != w.to || p["message_id"] != w.mid || emoji != w.emoji {
			t.Fatalf("send API reaction %d: %+v (from %s)", i, s.Body, s.From)
		}
	}

	// A reaction to a message the channel never got fails for good, sending nothing.
	var in message.Message
	m.App.DB.Where("provider_id = 'wamid.IN7'").Take(&in)
	orphan := message.Message{CompanyID: in.CompanyID, TicketID: in.TicketID, ContactID: in.ContactID, ConnectionID: in.ConnectionID,
		FromMe: true, MediaType: message.TypeReaction, Body: "👍"}
	m.App.DB.Create(&orphan)
	if err := m.App.Delivery.Send(ctx, orphan.CompanyID, orphan.ID, false); err == nil {
		t.Fatal("a reaction without its message was sent")
	}
	if n := count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = -1", orphan.ID); n != 1 || len(m.fake.Sends()) != 4 {
		t.Fatalf("orphan reaction: failed=%d sends=%d", n, len(m.fake.Sends()))
	}
}

// The sandbox's pretend phone receives a reaction as a delivery of kind "reaction" naming
// the message it reacts to.
func TestSandboxReceivesReaction(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	ch, err := e.App.Channels.For(conn)
	if err != nil {
		t.Fatal(err)
	}
	out := channel.Outgoing{MessageID: 77, To: "5511999990008", Kind: channel.KindReaction, Body: "🎉", TargetID: "SBX-IN-1"}
	if _, err := ch.Send(context.Background(), conn, out); err != nil {
		t.Fatal(err)
	}
	e.run(t, []scenario{{name: "outbound shows the reaction", method: "GET", path: "/sandbox/" + itoa(conn.ID) + "/outbound",
		token: e.tokenOf(acme.Admin), status: 200,
		contain: []string{`"kind":"reaction"`, `"body":"🎉"`, `"targetId":"SBX-IN-1"`, `"number":"5511999990008"`}}})
}
