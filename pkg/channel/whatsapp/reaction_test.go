package whatsapp_test

import (
	"context"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/testutil"
)

// Reactions go out as WhatsApp reaction messages keyed by chat, author and id: the
// customer's message, ours, or a group member's; an empty emoji takes ours back.
func TestSendReaction(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	conn, cli := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	ch := whatsapp.Channel{Hub: a.WhatsApp}
	ctx := context.Background()
	react := func(out channel.Outgoing) {
		t.Helper()
		out.Kind = channel.KindReaction
		sent, err := ch.Send(ctx, conn, out)
		if err != nil || sent.ProviderID != whatsapp.MessageID(conn.ID, out.MessageID) {
			t.Fatalf("reaction %+v: %v %q", out, err, sent.ProviderID)
		}
	}
	react(channel.Outgoing{MessageID: 70, To: "5511911112222", Body: "👍", TargetID: "CUSTOMER1"})
	react(channel.Outgoing{MessageID: 71, To: "5511911112222", Body: "", TargetID: "OURS1", TargetFromMe: true})
	react(channel.Outgoing{MessageID: 72, To: "120363000000000001", IsGroup: true, Body: "❤️", TargetID: "MEMBER1",
		TargetSender: "5511933334444"})

	l := cli.sentMsgs()
	if len(l) != 3 {
		t.Fatalf("sent %d messages", len(l))
	}
	customer, ours, group := l[0].Msg.GetReactionMessage(), l[1].Msg.GetReactionMessage(), l[2].Msg.GetReactionMessage()
	if customer.GetText() != "👍" || customer.GetKey().GetID() != "CUSTOMER1" || customer.GetKey().GetFromMe() ||
		customer.GetKey().GetRemoteJID() != "5511911112222@s.whatsapp.net" || l[0].To.String() != "5511911112222@s.whatsapp.net" {
		t.Fatalf("reaction to the customer's message: %v to %s", customer, l[0].To)
	}
	if ours.GetText() != "" || ours.GetKey().GetID() != "OURS1" || !ours.GetKey().GetFromMe() {
		t.Fatalf("reaction taken back from our message: %v", ours)
	}
	if group.GetText() != "❤️" || group.GetKey().GetFromMe() || group.GetKey().GetParticipant() != "5511933334444@s.whatsapp.net" ||
		group.GetKey().GetRemoteJID() != "120363000000000001@g.us" {
		t.Fatalf("reaction in a group: %v", group)
	}
}
