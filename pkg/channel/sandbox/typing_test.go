package sandbox_test

import (
	"context"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/testutil"
)

// "typing…" is one outbox row per announced message, born read, never in the way of the
// message's own delivery; taken back, it is gone.
func TestSandboxTyping(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	conn := testutil.NewConnection(t, a, ten.Company.ID, "Sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	ctx := context.Background()
	var typer channel.Typer = a.Sandbox
	on := channel.Typing{To: "5511999990000", On: true, MessageID: 42}
	for range 2 {
		if err := typer.Typing(ctx, conn, on); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Sandbox.Send(ctx, conn, channel.Outgoing{MessageID: 42, To: on.To, Kind: channel.KindText, Body: "Oi"}); err != nil {
		t.Fatal(err)
	}
	rows, err := sandbox.Outbound(ctx, a.DB, conn.ID, 0, on.To)
	if err != nil || len(rows) != 2 || rows[0].Kind != sandbox.KindTyping || rows[0].Ack != 3 ||
		rows[1].Kind != channel.KindText || rows[1].MessageID != 42 {
		t.Fatalf("outbox %+v (%v), want the typing row then the message", rows, err)
	}
	if err := typer.Typing(ctx, conn, channel.Typing{To: on.To, MessageID: 42}); err != nil {
		t.Fatal(err)
	}
	if rows, _ = sandbox.Outbound(ctx, a.DB, conn.ID, 0, on.To); len(rows) != 1 || rows[0].Kind != channel.KindText {
		t.Fatalf("after typing off: %+v", rows)
	}
}
