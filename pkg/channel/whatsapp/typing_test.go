package whatsapp_test

import (
	"context"
	"testing"

	"go.mau.fi/whatsmeow/types"

	"atende/pkg/channel"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/testutil"
)

func (c *fakeClient) SendChatPresence(_ context.Context, jid types.JID, state types.ChatPresence, _ types.ChatPresenceMedia) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.presences = append(c.presences, string(state)+"@"+jid.String())
	return nil
}

func (c *fakeClient) sentPresences() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.presences...)
}

// "typing…" is the chat presence composing, taken back with paused, in the customer's
// chat (a group's too), through the session's live client.
func TestTyping(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	conn, cli := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	var ch channel.Channel = whatsapp.Channel{Hub: a.WhatsApp}
	typer, ok := ch.(channel.Typer)
	if !ok {
		t.Fatal("the WhatsApp channel is no Typer")
	}
	ctx := context.Background()
	for _, tp := range []channel.Typing{{To: "5511911112222", On: true}, {To: "5511911112222"},
		{To: "120363000000000001", IsGroup: true, On: true}} {
		if err := typer.Typing(ctx, conn, tp); err != nil {
			t.Fatal(err)
		}
	}
	got, want := cli.sentPresences(), []string{"composing@5511911112222@s.whatsapp.net",
		"paused@5511911112222@s.whatsapp.net", "composing@120363000000000001@g.us"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("presences %q, want %q", got, want)
	}
	if len(cli.sentMsgs()) != 0 {
		t.Fatal("typing sent a message")
	}
}
