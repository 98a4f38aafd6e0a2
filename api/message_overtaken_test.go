package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

// overtaking is the sandbox channel with a change made to the message while the send is on
// its way: after the send read the row, before it is recorded sent.
type overtaking struct {
	sandbox.Channel
	change func()
}

func (o overtaking) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	o.change()
	return o.Channel.Send(ctx, conn, out)
}

func (o overtaking) SendBatch(ctx context.Context, ds []channel.Delivery) ([]channel.Sent, error) {
	o.change()
	return o.Channel.SendBatch(ctx, ds)
}

// A delete or an edit that lands while its message is being sent still reaches the channel.
// Its own channel action acts on sent messages only (an unsent one is simply not sent, or
// sent as edited), so when it ran inside that window it found nothing to do: the send's
// record queues the action again. Without it the customer keeps the deleted message, or
// the old text.
func TestChangeDuringSendReachesTheChannel(t *testing.T) {
	e, acme, _, conn, _ := twoSandboxes(t)
	const number = "5511900000021"
	ticketID, _ := customerWrites(t, e, conn, number, "oi")
	admin := testutil.Token(t, e.App, acme.Admin)
	ctx := tenant.With(context.Background(), acme.Company.ID)
	for _, change := range []string{
		`UPDATE messages SET is_deleted = true WHERE id = ?`,
		`UPDATE messages SET body = 'Texto corrigido', is_edited = true WHERE id = ?`,
		`SELECT ?::bigint`, // nothing changes: nothing is queued again
	} {
		st, out := e.call("POST", fmt.Sprintf("/messages/%d", ticketID), admin, map[string]any{"body": "Texto original"}, "")
		if st != 200 {
			t.Fatalf("send: %d %s", st, out)
		}
		m := decode[message.Message](t, out)
		d := e.App.Delivery
		d.Channels = channel.Registry{connection.ChannelSandbox: overtaking{Channel: e.App.Sandbox, change: func() { e.sql(change, m.ID) }}}
		if err := d.Send(ctx, acme.Company.ID, m.ID, false); err != nil {
			t.Fatal(err)
		}
	}
	// The worker starts only now: the sends the API queued find their messages sent.
	startWorker(t, e)
	outbound := fmt.Sprintf("/sandbox/%d/outbound?number=%s", conn.ID, number)
	eventually(t, "the deleted copy revoked and the edited one corrected", func() bool {
		_, o := e.call("GET", outbound, conn.Token, nil, "")
		return strings.Contains(string(o), `"kind":"revoked"`) && strings.Contains(string(o), `"body":"Texto corrigido"`)
	})
	_, o := e.call("GET", outbound, conn.Token, nil, "")
	if n := strings.Count(string(o), `"body":"Texto original"`); n != 1 {
		t.Fatalf("the unchanged message: %d copies with its text, want 1: %s", n, o)
	}
}
