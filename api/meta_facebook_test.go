package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"slices"
	"strings"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/plan"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

func linkBody() map[string]any {
	return map[string]any{"facebookUserId": "FBUSER1", "facebookUserToken": "short-token", "addInstagram": true}
}

// POST /facebook makes a connection per page and per linked Instagram account, with the
// page token, and subscribes the page; linking again refreshes them.
func TestFacebookLinkCreatesConnections(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "loja"}}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	tok := testutil.Token(t, m.App, acme.Admin)
	for range 2 {
		st, body := m.call("POST", "/facebook", tok, linkBody(), "")
		if st != 200 || !strings.Contains(string(body), `"externalId":"PAGE1"`) || !strings.Contains(string(body), `"externalId":"IG1"`) ||
			strings.Contains(string(body), "PAGE1-TOKEN") {
			t.Fatalf("link: %d %s", st, body)
		}
	}
	var conns []connection.Connection
	m.App.DB.Where("company_id = ?", acme.Company.ID).Order("id").Find(&conns)
	if len(conns) != 2 {
		t.Fatalf("%d connections, want 2", len(conns))
	}
	for i, want := range []struct{ ch, id string }{{"facebook", "PAGE1"}, {"instagram", "IG1"}} {
		c := conns[i]
		if c.Channel != want.ch || c.ExternalID != want.id || c.AccessToken != "PAGE1-TOKEN" || c.Status != connection.StatusConnected {
			t.Fatalf("connection %d: %+v", i, c)
		}
	}
	if !slices.Contains(m.fake.Subscribed(), "PAGE1") {
		t.Fatal("page not subscribed")
	}
	m.run(t, []scenario{
		{name: "plain user refused", method: "POST", path: "/facebook", token: testutil.Token(t, m.App, acme.Attender),
			body: linkBody(), status: 403, code: "ERR_NO_PERMISSION"},
		{name: "token required", method: "POST", path: "/facebook", token: tok,
			body: map[string]any{"facebookUserId": "x"}, status: 400, code: "ERR_VALIDATION"},
	})
}

// Another company can't take over (or refresh the token of) acme's page connections, and
// the plan's connection limit holds.
func TestFacebookLinkTenancyAndLimit(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN"}}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	beta := testutil.NewTenant(t, m.App, "beta", 0)
	if st, body := m.call("POST", "/facebook", testutil.Token(t, m.App, acme.Admin), linkBody(), ""); st != 200 {
		t.Fatalf("acme link: %d %s", st, body)
	}
	m.fake.Pages[0].Token = "BETA-TOKEN"
	m.run(t, []scenario{{name: "beta links acme's page", method: "POST", path: "/facebook",
		token: testutil.Token(t, m.App, beta.Admin), body: linkBody(), status: 409, code: "ERR_DUPLICATED_EXTERNAL_ID"}})
	if n := count(m.env, "SELECT count(*) FROM connections WHERE company_id = ?", beta.Company.ID); n != 0 {
		t.Fatalf("beta got %d connections", n)
	}
	if n := count(m.env, "SELECT count(*) FROM connections WHERE company_id = ? AND access_token = 'PAGE1-TOKEN'", acme.Company.ID); n != 1 {
		t.Fatal("acme's page token was changed by beta")
	}

	small := testutil.NewTenant(t, m.App, "small", 0)
	m.App.DB.Model(&plan.Plan{}).Where("id = ?", small.Company.PlanID).Update("connections", 1)
	testutil.NewConnection(t, m.App, small.Company.ID, "Only", nil)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE9", Name: "Outra", Token: "T9"}}
	m.run(t, []scenario{{name: "over the plan's limit", method: "POST", path: "/facebook",
		token: testutil.Token(t, m.App, small.Admin), body: linkBody(), status: 403, code: "ERR_CONNECTION_LIMIT_REACHED"}})
}

// A Messenger customer writes, the attendant replies through the Send API, and delivery
// and read receipts come back as acks; the page's own echoes are ignored.
func TestMessengerConversation(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN"}}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	tok := testutil.Token(t, m.App, acme.Admin)
	if st, body := m.call("POST", "/facebook", tok, linkBody(), ""); st != 200 {
		t.Fatalf("link: %d %s", st, body)
	}
	startWorker(t, m.env)
	photo := m.fake.AddAttachment("image/jpeg", []byte("\xff\xd8\xff\xe0fake-jpeg"))
	m.post(t, fakegraph.PageMessage("page", "PAGE1", "PSID1", "m_IN1", "oi, tem esse?",
		map[string]any{"type": "image", "payload": map[string]string{"url": photo}}))
	m.post(t, fakegraph.Messaging("page", "PAGE1", map[string]any{"sender": map[string]string{"id": "PAGE1"},
		"recipient": map[string]string{"id": "PSID1"}, "timestamp": time.Now().UnixMilli(),
		"message": map[string]any{"mid": "m_ECHO", "text": "eco", "is_echo": true, "app_id": metaAppID}})) // our app's echo
	m.eventually(t, "inbound message with its photo", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE provider_id = 'm_IN1' AND media_type = 'image' AND body = 'oi, tem esse?'") == 1 &&
			count(m.env, "SELECT count(*) FROM meta_webhooks WHERE processed_at IS NOT NULL") == 2
	})
	if n := count(m.env, "SELECT count(*) FROM messages WHERE provider_id = 'm_ECHO'"); n != 0 {
		t.Fatal("echo stored")
	}
	if n := count(m.env, "SELECT count(*) FROM contacts WHERE number = 'PSID1' AND name = 'Cliente PSID1' AND channel = 'facebook'"); n != 1 {
		t.Fatal("contact not named from the profile")
	}
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketOf(m, acme.Company.ID)), tok, map[string]any{"body": "Tem sim!"}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	msgID := decode[message.Message](t, body).ID
	m.eventually(t, "sent", func() bool { return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = 1", msgID) == 1 })
	s := m.fake.Sends()[0]
	if s.From != "PAGE1" || s.To != "PSID1" || s.Text != "Tem sim!" || s.Body["messaging_type"] != "RESPONSE" {
		t.Fatalf("sent %+v", s)
	}
	m.post(t, fakegraph.Messaging("page", "PAGE1", map[string]any{"sender": map[string]string{"id": "PSID1"},
		"recipient": map[string]string{"id": "PAGE1"}, "delivery": map[string]any{"mids": []string{s.ID}, "watermark": time.Now().UnixMilli()}}))
	m.eventually(t, "delivered", func() bool { return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = 2", msgID) == 1 })
	m.post(t, fakegraph.Messaging("page", "PAGE1", map[string]any{"sender": map[string]string{"id": "PSID1"},
		"recipient": map[string]string{"id": "PAGE1"}, "read": map[string]any{"watermark": time.Now().Add(time.Second).UnixMilli()}}))
	m.eventually(t, "read", func() bool { return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = 3", msgID) == 1 })

	// A file goes as an attachment uploaded with the send (multipart filedata).
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("medias", "catalogo.pdf")
	pdf := []byte("%PDF-1.4\n% catalogo\n")
	fw.Write(pdf)
	w.WriteField("body", "catalogo.pdf")
	w.Close()
	if st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketOf(m, acme.Company.ID)), tok, &buf, w.FormDataContentType()); st != 200 {
		t.Fatalf("send file: %d %s", st, body)
	}
	m.eventually(t, "attachment sent", func() bool { return len(m.fake.Sends()) == 2 })
	a := m.fake.Sends()[1]
	if a.Type != "file" || a.To != "PSID1" || a.FileName != "catalogo.pdf" || !bytes.Equal(a.File, pdf) {
		t.Fatalf("attachment %+v (%d bytes)", a.Body, len(a.File))
	}
}

// Instagram direct messages arrive under object "instagram" on the linked account; a quoted
// reply carries reply_to, and the customer's reaction lands on our message.
func TestInstagramConversation(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "loja"}}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	tok := testutil.Token(t, m.App, acme.Admin)
	if st, body := m.call("POST", "/facebook", tok, linkBody(), ""); st != 200 {
		t.Fatalf("link: %d %s", st, body)
	}
	startWorker(t, m.env)
	m.post(t, fakegraph.PageMessage("instagram", "IG1", "IGSID1", "aWG_IN1", "vi no insta"))
	var in struct {
		ID      int64
		Channel string
	}
	m.eventually(t, "instagram message", func() bool {
		return m.App.DB.Raw(`SELECT m.id, c.channel FROM messages m JOIN connections c ON c.id = m.connection_id
			WHERE m.provider_id = 'aWG_IN1' AND m.company_id = ?`, acme.Company.ID).Scan(&in).RowsAffected == 1
	})
	if in.Channel != "instagram" {
		t.Fatalf("message on a %s connection", in.Channel)
	}
	st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketOf(m, acme.Company.ID)), tok,
		map[string]any{"body": "Que bom!", "quotedMsg": map[string]any{"id": in.ID}}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	msgID := decode[message.Message](t, body).ID
	m.eventually(t, "sent", func() bool { return len(m.fake.Sends()) == 1 })
	s := m.fake.Sends()[0]
	msg, _ := s.Body["message"].(map[string]any)
	reply, _ := msg["reply_to"].(map[string]any)
	if s.From != "PAGE1" || s.Path != "me" || s.To != "IGSID1" || reply["mid"] != "aWG_IN1" {
		t.Fatalf("sent %+v", s.Body)
	}
	m.eventually(t, "recorded", func() bool { return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND ack = 1", msgID) == 1 })
	m.post(t, fakegraph.Messaging("instagram", "IG1", map[string]any{"sender": map[string]string{"id": "IGSID1"},
		"recipient": map[string]string{"id": "IG1"}, "timestamp": time.Now().UnixMilli(),
		"reaction": map[string]string{"mid": s.ID, "action": "react", "reaction": "love", "emoji": "❤️"}}))
	m.eventually(t, "reaction", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE id = ? AND reaction = '❤️'", msgID) == 1
	})
}
