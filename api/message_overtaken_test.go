package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/inbound"
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

// changesDuringSend are the writes made to a message while it is being sent: a delete, an
// edit, and nothing (nothing is queued again).
var changesDuringSend = []string{
	`UPDATE messages SET is_deleted = true WHERE id = ?`,
	`UPDATE messages SET body = 'Texto corrigido', is_edited = true WHERE id = ?`,
	`SELECT ?::bigint`,
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
	for _, change := range changesDuringSend {
		sendOvertaken(t, e, ticketID, admin, func(id int64) { e.sql(change, id) })
	}
	changesReachTheChannel(t, e, conn, number)
}

// A reply named ahead (its provider id written with its row) can get its receipt before the
// send records it. A delete or an edit made before that receipt still reaches the channel:
// the receipt waits for the record (it is given back to be tried again), so the record is
// what moves the message from ack 0 and sees the change.
func TestChangeBeforeAnEarlyReceiptReachesTheChannel(t *testing.T) {
	e, acme, _, conn, _ := twoSandboxes(t)
	const number = "5511900000022"
	ticketID, _ := customerWrites(t, e, conn, number, "oi")
	admin := testutil.Token(t, e.App, acme.Admin)
	ctx := context.Background()
	for _, change := range changesDuringSend {
		sendOvertaken(t, e, ticketID, admin, func(id int64) {
			e.sql(change, id)
			provider := e.App.Sandbox.ProviderID(conn, id)
			e.sql(`UPDATE messages SET provider_id = ? WHERE id = ?`, provider, id) // named ahead
			receipt := inbound.Arrival{Conn: conn, Event: channel.Event{Kind: channel.EventAck, TargetID: provider, Ack: 2}}
			var waits bool
			if err := e.App.Inbound.ApplyReceipts(ctx, []inbound.Arrival{receipt}, func(_ *gorm.DB, missing []bool) error {
				waits = missing[0]
				return nil
			}); err != nil {
				t.Error(err)
			}
			if !waits || count(e, `SELECT count(*) FROM messages WHERE id = ? AND ack = 0`, id) != 1 {
				t.Errorf("a receipt before the send's record raised the ack of message %d", id)
			}
		})
	}
	changesReachTheChannel(t, e, conn, number)
}

// sendOvertaken sends a message on ticketID through the sandbox channel, with change made
// to the stored row while the send is on its way.
func sendOvertaken(t *testing.T, e *env, ticketID int64, token string, change func(id int64)) {
	t.Helper()
	st, out := e.call("POST", fmt.Sprintf("/messages/%d", ticketID), token, map[string]any{"body": "Texto original"}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, out)
	}
	m := decode[message.Message](t, out)
	d := e.App.Delivery
	d.Channels = channel.Registry{connection.ChannelSandbox: overtaking{Channel: e.App.Sandbox, change: func() { change(m.ID) }}}
	if err := d.Send(tenant.With(context.Background(), m.CompanyID), m.CompanyID, m.ID, false); err != nil {
		t.Fatal(err)
	}
}

// changesReachTheChannel waits, with the worker running, until the customer's phone has
// the deleted copy revoked and the edited one corrected, and checks the unchanged one was
// sent once.
func changesReachTheChannel(t *testing.T, e *env, conn connection.Connection, number string) {
	t.Helper()
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
