package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/worker"
)

// sandboxConn inserts a connected sandbox connection for a tenant.
func sandboxConn(t *testing.T, e *env, tn testutil.Tenant) connection.Connection {
	t.Helper()
	c := connection.Connection{CompanyID: tn.Company.ID, Name: "Sandbox", Channel: connection.ChannelSandbox,
		Status: connection.StatusConnected, IsDefault: true, Token: connection.NewToken(), GroupAsTicket: "disabled",
		MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 3, WhenExpiresTicket: "0"}
	if err := e.App.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	return c
}

// startWorker runs a real asynq worker until the test ends.
// twoSandboxes is the cross-tenant setup: companies acme and bolt, each with a sandbox
// connection.
func twoSandboxes(t *testing.T) (e *env, a, b testutil.Tenant, connA, connB connection.Connection) {
	e = newEnv(t)
	a, b = testutil.NewTenant(t, e.App, "acme", 0), testutil.NewTenant(t, e.App, "bolt", 0)
	return e, a, b, sandboxConn(t, e, a), sandboxConn(t, e, b)
}

func startWorker(t *testing.T, e *env) {
	t.Helper()
	sandbox.DeliveredAfter, sandbox.ReadAfter, sandbox.ReceiptTick = 50*time.Millisecond, 100*time.Millisecond, 20*time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&worker.Worker{App: e.App}).Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// eventually polls cond for up to 30 s (a loaded machine is slow; a met condition returns at once).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func count(e *env, sql string, args ...any) int64 {
	var n int64
	e.App.DB.Raw(sql, args...).Scan(&n)
	return n
}

// A sandbox customer writes, the ticket appears, the attendant answers, the customer side
// receives it and the acks advance to read.
func TestSandboxConversationEndToEnd(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	startWorker(t, e)
	watcher := dial(t, e.Srv.URL, testutil.Token(t, e.App, acme.Admin))
	send(t, watcher, map[string]string{"type": "joinNotification"})
	readyIn(t, e.App, watcher, realtime.NotificationRoom(acme.Company.ID))

	st, body := e.call("POST", fmt.Sprintf("/sandbox/%d/inbound", conn.ID), conn.Token,
		map[string]string{"number": "+55 11 99999-0001", "name": "Maria", "body": "Olá, preciso de ajuda", "id": "m1"}, "")
	if st != 202 {
		t.Fatalf("inbound: %d %s", st, body)
	}
	f, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-appMessage", acme.Company.ID), "preciso de ajuda", 5*time.Second)
	if !ok || !strings.Contains(string(f.Data), `"status":"pending"`) {
		t.Fatalf("no real-time message/ticket: %s", f.Data)
	}
	var ticketID int64
	e.App.DB.Raw("SELECT id FROM tickets WHERE company_id = ?", acme.Company.ID).Scan(&ticketID)
	var ticketUUID string
	e.App.DB.Raw("SELECT uuid FROM tickets WHERE id = ?", ticketID).Scan(&ticketUUID)
	send(t, watcher, map[string]string{"type": "joinChatBox", "ticketId": ticketUUID}) // the open conversation
	// The same event delivered again stores nothing new.
	e.call("POST", fmt.Sprintf("/sandbox/%d/inbound", conn.ID), conn.Token,
		map[string]string{"number": "5511999990001", "body": "Olá, preciso de ajuda", "id": "m1"}, "")
	time.Sleep(200 * time.Millisecond)
	if n := count(e, "SELECT count(*) FROM messages WHERE ticket_id = ?", ticketID); n != 1 {
		t.Fatalf("duplicate inbound stored %d messages", n)
	}
	if n := count(e, "SELECT unread_messages FROM tickets WHERE id = ?", ticketID); n != 1 {
		t.Fatalf("unread = %d", n)
	}

	st, body = e.call("POST", fmt.Sprintf("/messages/%d", ticketID), testutil.Token(t, e.App, acme.Admin),
		map[string]any{"body": "Claro, como posso ajudar?"}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	msgID := decode[message.Message](t, body).ID
	eventually(t, "delivery and read ack", func() bool {
		return count(e, "SELECT count(*) FROM messages WHERE id = ? AND ack = 3 AND provider_id IS NOT NULL", msgID) == 1
	})
	// The open conversation is told of the read receipt (the ticket's room, returned by the
	// receipts' update itself).
	if f, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-appMessage", acme.Company.ID), `"ack":3`, 10*time.Second); !ok ||
		!strings.Contains(string(f.Data), `"action":"update"`) || !strings.Contains(string(f.Data), fmt.Sprintf(`"id":%d`, msgID)) {
		t.Fatalf("no read receipt in the open conversation: %s", f.Data)
	}
	// The receipt round marks its outbox rows right after it raised the messages' acks.
	eventually(t, "the pretend phone shows it read", func() bool {
		st, body = e.call("GET", fmt.Sprintf("/sandbox/%d/outbound?number=5511999990001", conn.ID), conn.Token, nil, "")
		return st == 200 && strings.Contains(string(body), "Claro, como posso ajudar?") && strings.Contains(string(body), `"ack":3`)
	})
	st, body = e.call("GET", fmt.Sprintf("/messages/%d", ticketID), testutil.Token(t, e.App, acme.Admin), nil, "")
	if st != 200 || !strings.Contains(string(body), `"hasMore":false`) || !strings.Contains(string(body), "Olá, preciso") {
		t.Fatalf("list: %d %s", st, body)
	}
	eventually(t, "opening the ticket marks it read", func() bool {
		return count(e, "SELECT unread_messages FROM tickets WHERE id = ?", ticketID) == 0 &&
			count(e, "SELECT count(*) FROM messages WHERE ticket_id = ? AND NOT from_me AND NOT read", ticketID) == 0
	})
}

// A worker that died after the channel accepted a message but before recording it: the
// retried task sends nothing twice. A message whose task was lost is found and sent.
func TestDeliveryNeitherLosesNorRepeats(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	ctx := tenant.With(context.Background(), acme.Company.ID)
	_, _, err := e.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage, ProviderID: "in1",
		From: "5511988887777", Body: "oi", Timestamp: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	startWorker(t, e)
	eventually(t, "ticket", func() bool {
		return count(e, "SELECT count(*) FROM tickets WHERE company_id = ?", acme.Company.ID) == 1
	})
	var ticketID int64
	e.App.DB.Raw("SELECT id FROM tickets WHERE company_id = ?", acme.Company.ID).Scan(&ticketID)

	// Crash after the channel accepted: the channel saw message m, our row has no provider id.
	m := message.Message{CompanyID: acme.Company.ID, TicketID: ticketID, ConnectionID: &conn.ID, FromMe: true,
		Body: "crash test", MediaType: message.TypeChat, CreatedAt: time.Now().Add(-2 * time.Minute)}
	var contactID int64
	e.App.DB.Raw("SELECT contact_id FROM tickets WHERE id = ?", ticketID).Scan(&contactID)
	m.ContactID = &contactID
	e.App.DB.Create(&m)
	if _, err := e.App.Sandbox.Send(ctx, conn, channel.Outgoing{MessageID: m.ID, To: "5511988887777", Kind: channel.KindText, Body: m.Body}); err != nil {
		t.Fatal(err)
	}
	// The task was lost with Redis; the reconciler finds the message and requeues it.
	if err := worker.Reconcile(e.App, ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, "recorded delivery", func() bool {
		return count(e, "SELECT count(*) FROM messages WHERE id = ? AND provider_id IS NOT NULL", m.ID) == 1
	})
	if n := count(e, "SELECT count(*) FROM sandbox_outbox WHERE message_id = ?", m.ID); n != 1 {
		t.Fatalf("message delivered %d times", n)
	}

	// A reply stored with its provider id named ahead (as the bot's are) whose task was
	// lost: still waiting, found in the outbox and sent once.
	named := message.Message{CompanyID: acme.Company.ID, TicketID: ticketID, ConnectionID: &conn.ID, ContactID: &contactID,
		FromMe: true, Body: "named ahead", MediaType: message.TypeChat, CreatedAt: time.Now().Add(-2 * time.Minute)}
	e.App.DB.Create(&named)
	provider := e.App.Channels.ProviderID(conn, named.ID)
	e.App.DB.Exec("UPDATE messages SET provider_id = ? WHERE id = ?", provider, named.ID)
	if err := worker.Reconcile(e.App, ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, "named delivery", func() bool {
		return count(e, "SELECT count(*) FROM messages WHERE id = ? AND provider_id = ? AND ack >= 1", named.ID, provider) == 1
	})
	if n := count(e, "SELECT count(*) FROM sandbox_outbox WHERE message_id = ?", named.ID); n != 1 {
		t.Fatalf("named message delivered %d times", n)
	}
	if n := count(e, "SELECT count(*) FROM message_outbox WHERE message_id IN (?, ?)", m.ID, named.ID); n != 0 {
		t.Fatalf("%d sent messages still in the outbox", n)
	}
}
