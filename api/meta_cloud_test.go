package api_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

func ticketOf(m *metaEnv, companyID int64) int64 {
	var id int64
	m.App.DB.Raw("SELECT id FROM tickets WHERE company_id = ? ORDER BY id DESC LIMIT 1", companyID).Scan(&id)
	return id
}

// A customer writes through the Cloud API, the ticket appears once however often Meta
// delivers it, the attendant replies, the reply reaches Graph and its statuses come back
// as acks.
func TestCloudAPIConversation(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	conn := m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)

	in := fakegraph.WhatsAppText("PN1", "5511999990001", "Maria", "wamid.IN1", "Olá, preciso de ajuda")
	m.post(t, in)
	m.post(t, in)
	// Meta may also resend the same message in a new batch (another body, same id).
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990001", "Maria", "wamid.IN1", "Olá, preciso de ajuda "))
	m.eventually(t, "inbound message", func() bool {
		return count(m.env, "SELECT count(*) FROM meta_webhooks WHERE processed_at IS NOT NULL") == 2 &&
			count(m.env, "SELECT count(*) FROM messages WHERE company_id = ? AND provider_id = 'wamid.IN1'", acme.Company.ID) == 1
	})
	m.settled(t)
	if n := count(m.env, "SELECT count(*) FROM messages WHERE company_id = ?", acme.Company.ID); n != 1 {
		t.Fatalf("%d messages stored, want 1", n)
	}
	if n := count(m.env, "SELECT count(*) FROM contacts WHERE company_id = ? AND name = 'Maria' AND number = '5511999990001'", acme.Company.ID); n != 1 {
		t.Fatal("contact not created from the webhook's profile")
	}
	ticketID := ticketOf(m, acme.Company.ID)

	// Opening the ticket marks the customer's message read on WhatsApp (blue ticks).
	tok := testutil.Token(t, m.App, acme.Admin)
	if st, body := m.call("GET", fmt.Sprintf("/messages/%d", ticketID), tok, nil, ""); st != 200 {
		t.Fatalf("list: %d %s", st, body)
	}
	m.eventually(t, "read mark sent", func() bool { return slices.Contains(m.fake.Reads(), "wamid.IN1") })
	var inID int64
	m.App.DB.Raw("SELECT id FROM messages WHERE provider_id = 'wamid.IN1'").Scan(&inID)
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketID), tok,
		map[string]any{"body": "Claro, como posso ajudar?", "quotedMsg": map[string]any{"id": inID}}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	msgID := decode[message.Message](t, body).ID
	m.eventually(t, "send reached Graph and read ack came back", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = 3 AND provider_id LIKE 'wamid.FAKE%'", msgID) == 1
	})
	sends := m.fake.Sends()
	if len(sends) != 1 {
		t.Fatalf("%d sends, want 1", len(sends))
	}
	s := sends[0]
	ctx, _ := s.Body["context"].(map[string]any)
	if s.From != conn.ExternalID || s.To != "5511999990001" || s.Type != "text" || s.Text != "Claro, como posso ajudar?" ||
		ctx["message_id"] != "wamid.IN1" {
		t.Fatalf("sent %+v", s)
	}
	// Graph can't edit a sent message: the channel action is a no-op, not a retried failure.
	err := m.App.Delivery.Act(tenant.With(context.Background(), acme.Company.ID),
		tasks.MessageAction{CompanyID: acme.Company.ID, Action: tasks.ActionEdit, MessageIDs: []int64{msgID}})
	if err != nil || len(m.fake.Sends()) != 1 {
		t.Fatalf("edit on the Cloud API: %v (sends %d)", err, len(m.fake.Sends()))
	}
	for _, ack := range []int{1, 2, 3} {
		if n := count(m.env, "SELECT count(*) FROM inbound_events WHERE dedupe_key = ?", fmt.Sprintf("ack:%s:%d", s.ID, ack)); n != 1 {
			t.Fatalf("status %d not recorded", ack)
		}
	}
}

// Media in: downloaded through GET /{media-id} with the token into our storage. Media out:
// uploaded to /{phone-number-id}/media and sent by id.
func TestCloudAPIMedia(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 64)...)
	mediaID := m.fake.AddMedia("image/png", png)
	m.post(t, fakegraph.WhatsAppMessage("PN1", "5511999990002", "João", "wamid.IMG1", map[string]any{
		"type": "image", "image": map[string]string{"id": mediaID, "mime_type": "image/png", "caption": "a foto"}}))
	var got struct {
		MediaPath string
		MediaType string
		Body      string
	}
	m.eventually(t, "inbound image", func() bool {
		return m.App.DB.Raw("SELECT media_path, media_type, body FROM messages WHERE provider_id = 'wamid.IMG1'").Scan(&got).RowsAffected == 1
	})
	stored, err := os.ReadFile(filepath.Join(m.App.Cfg.MediaDir, got.MediaPath))
	if err != nil || !bytes.Equal(stored, png) || got.MediaType != "image" || got.Body != "a foto" {
		t.Fatalf("stored media %+v: %v", got, err)
	}

	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("medias", "relatorio.pdf")
	pdf := []byte("%PDF-1.4\n% fake report\n")
	fw.Write(pdf)
	w.WriteField("body", "relatorio.pdf")
	w.Close()
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketOf(m, acme.Company.ID)), testutil.Token(t, m.App, acme.Admin),
		&buf, w.FormDataContentType())
	if st != 200 {
		t.Fatalf("send media: %d %s", st, body)
	}
	m.eventually(t, "document sent", func() bool { return len(m.fake.Sends()) == 1 })
	s := m.fake.Sends()[0]
	doc, _ := s.Body["document"].(map[string]any)
	uploaded, ok := m.fake.Media(fmt.Sprint(doc["id"]))
	if s.Type != "document" || doc["filename"] != "relatorio.pdf" || !ok || !bytes.Equal(uploaded, pdf) {
		t.Fatalf("sent %+v (uploaded %v)", s.Body, ok)
	}
}

// A rate-limit answer makes the send wait and retry; it is delivered once and never
// marked failed on the way.
func TestCloudAPIRateLimitRetriesLater(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990003", "Bia", "wamid.IN3", "oi"))
	m.eventually(t, "ticket", func() bool { return ticketOf(m, acme.Company.ID) != 0 })
	m.fake.FailNext(2, 130429)
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketOf(m, acme.Company.ID)), testutil.Token(t, m.App, acme.Admin),
		map[string]any{"body": "resposta"}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	msgID := decode[message.Message](t, body).ID
	failed := false
	m.eventually(t, "delivered after the rate limit", func() bool {
		if count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = -1", msgID) == 1 {
			failed = true
		}
		return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack >= 1 AND provider_id IS NOT NULL", msgID) == 1
	})
	if failed || len(m.fake.Sends()) != 1 {
		t.Fatalf("failed on the way: %v; sends %d", failed, len(m.fake.Sends()))
	}
}

// Outside the 24-hour window a reply is refused by the api (nothing written) and by the
// worker (a message that waited too long fails for good, nothing sent).
func TestGraphChannels24hWindow(t *testing.T) {
	m, acme, conn := windowEnv(t)
	m.eventually(t, "old message", func() bool { return ticketOf(m, acme.Company.ID) != 0 })
	ticketID := ticketOf(m, acme.Company.ID)
	tok := testutil.Token(t, m.App, acme.Admin)
	m.run(t, []scenario{
		{name: "reply refused", method: "POST", path: fmt.Sprintf("/messages/%d", ticketID), token: tok,
			body: map[string]any{"body": "tarde demais"}, status: 400, code: "ERR_OUTSIDE_24H_WINDOW",
			contain: []string{"Fora da janela de 24 horas"}},
		{name: "private note allowed", method: "POST", path: fmt.Sprintf("/messages/%d", ticketID), token: tok,
			body: map[string]any{"body": "nota interna", "isPrivate": true}, status: 200},
	})
	if n := count(m.env, "SELECT count(*) FROM messages WHERE body = 'tarde demais'"); n != 0 {
		t.Fatal("refused reply was written")
	}
	// The worker's safety net: a message already stored (e.g. an automatic text) fails.
	var tk struct{ ContactID int64 }
	m.App.DB.Raw("SELECT contact_id FROM tickets WHERE id = ?", ticketID).Scan(&tk)
	msg := message.Message{CompanyID: acme.Company.ID, TicketID: ticketID, ContactID: &tk.ContactID, ConnectionID: &conn.ID,
		Body: "automático", FromMe: true, MediaType: "chat"}
	if err := m.App.DB.Create(&msg).Error; err != nil {
		t.Fatal(err)
	}
	if err := m.App.Delivery.Send(tenant.With(context.Background(), acme.Company.ID), acme.Company.ID, msg.ID, false); err == nil {
		t.Fatal("delivery outside the window succeeded")
	}
	if n := count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = -1", msg.ID); n != 1 || len(m.fake.Sends()) != 0 {
		t.Fatalf("worker sent outside the window (failed=%d, sends=%d)", n, len(m.fake.Sends()))
	}
	// A fresh customer message opens the window again.
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990004", "Caio", "wamid.NEW", "voltei"))
	m.eventually(t, "new message", func() bool { return count(m.env, "SELECT count(*) FROM messages WHERE provider_id = 'wamid.NEW'") == 1 })
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketID), tok, map[string]any{"body": "agora sim"}, "")
	if st != 200 {
		t.Fatalf("send inside the window: %d %s", st, body)
	}
}

// A "failed" status marks our message failed with Meta's reason, unless it was delivered.
func TestCloudAPIFailedStatus(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.NoStatuses = true
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990005", "Davi", "wamid.IN5", "oi"))
	m.eventually(t, "ticket", func() bool { return ticketOf(m, acme.Company.ID) != 0 })
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketOf(m, acme.Company.ID)), testutil.Token(t, m.App, acme.Admin),
		map[string]any{"body": "não vai chegar"}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	msgID := decode[message.Message](t, body).ID
	m.eventually(t, "sent", func() bool { return len(m.fake.Sends()) == 1 })
	m.post(t, fakegraph.WhatsAppStatus("PN1", m.fake.Sends()[0].ID, "failed", "5511999990005"))
	m.eventually(t, "failed", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = -1 AND send_error LIKE '%131026%'", msgID) == 1
	})
}

// windowEnv is a Cloud API company with a worker running, whose customer Caio last wrote 25
// hours ago (wamid.OLD): outside Meta's 24-hour window.
func windowEnv(t *testing.T) (*metaEnv, testutil.Tenant, connection.Connection) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	conn := m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	ctx := tenant.With(context.Background(), acme.Company.ID)
	_, _, err := m.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage, ProviderID: "wamid.OLD",
		From: "5511999990004", Name: "Caio", Body: "ontem", Timestamp: time.Now().Add(-25 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	return m, acme, conn
}
