package api_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/metawebhook"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

// Meta's documented payloads the pipeline used to mishandle (issue 12), each posted signed
// to the real /webhooks/meta and expanded by a real worker.

type storedMsg struct {
	Body      string
	MediaType string
	MediaPath string
	FromMe    bool
	Ack       int
}

func (m *metaEnv) message(t *testing.T, providerID string) (storedMsg, bool) {
	t.Helper()
	var s storedMsg
	ok := m.App.DB.Raw("SELECT body, media_type, media_path, from_me, ack FROM messages WHERE provider_id = ?", providerID).
		Scan(&s).RowsAffected == 1
	return s, ok
}

func (m *metaEnv) waitMessage(t *testing.T, providerID string) storedMsg {
	t.Helper()
	var s storedMsg
	m.eventually(t, "message "+providerID, func() bool {
		var ok bool
		s, ok = m.message(t, providerID)
		return ok
	})
	return s
}

// One \u0000 in a Cloud API delivery (in a text and in the customer's name) and a 100,000-
// character text: every message of the delivery is stored, cleaned and bounded, and the
// ticket list's preview stays short.
func TestMetaWebhookNULAndHugeText(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	huge := strings.Repeat("á", 100_000)
	m.post(t, fakegraph.WhatsAppMessages("PN1", "5511999990001", "Ma\u0000ria",
		map[string]any{"id": "wamid.NUL", "type": "text", "text": map[string]string{"body": "oi\u0000 tudo bem"}},
		map[string]any{"id": "wamid.HUGE", "type": "text", "text": map[string]string{"body": huge}},
		map[string]any{"id": "wamid.OK", "type": "text", "text": map[string]string{"body": "último"}}))
	if got := m.waitMessage(t, "wamid.NUL"); got.Body != "oi tudo bem" {
		t.Fatalf("NUL message stored as %q", got.Body)
	}
	if got := m.waitMessage(t, "wamid.HUGE"); len([]rune(got.Body)) != channel.MaxBody {
		t.Fatalf("huge body stored with %d characters, want %d", len([]rune(got.Body)), channel.MaxBody)
	}
	m.waitMessage(t, "wamid.OK")
	m.settled(t)
	if n := count(m.env, "SELECT count(*) FROM contacts WHERE name = 'Maria'"); n != 1 {
		t.Fatal("contact name not cleaned of NUL")
	}
	if n := count(m.env, "SELECT count(*) FROM meta_webhooks WHERE processed_at IS NOT NULL AND error = ''"); n != 1 {
		t.Fatal("delivery not closed cleanly")
	}
	if n := count(m.env, "SELECT max(char_length(last_message)) FROM tickets WHERE company_id = ?", acme.Company.ID); n > 255 {
		t.Fatalf("ticket preview of %d characters", n)
	}
	st, body := m.call("GET", "/tickets?status=pending", testutil.Token(t, m.App, acme.Admin), nil, "")
	if st != 200 || len(body) > 20_000 {
		t.Fatalf("ticket list: %d, %d bytes", st, len(body))
	}
}

// An item of a delivery that can't be stored (a message id too large for the index) is set
// aside, noted on the delivery, and does not keep the delivery's other messages out.
func TestMetaWebhookBadItemSetAside(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	noise := make([]byte, 12_000)
	rand.Read(noise)
	huge := "wamid." + base64.StdEncoding.EncodeToString(noise) // incompressible: over btree's row limit
	m.post(t, fakegraph.WhatsAppMessages("PN1", "5511999990001", "Maria",
		map[string]any{"id": huge, "type": "text", "text": map[string]string{"body": "id enorme"}},
		map[string]any{"id": "wamid.NEXT", "type": "text", "text": map[string]string{"body": "a seguinte"}}))
	m.waitMessage(t, "wamid.NEXT")
	m.eventually(t, "delivery closed with the bad item noted", func() bool {
		return count(m.env, "SELECT count(*) FROM meta_webhooks WHERE processed_at IS NOT NULL AND error LIKE '%54000%'") == 1
	})
}

// An event whose content can't be stored (here an ack out of the messages' range) fails
// alone and is set aside for good: its batch-mates are stored, the task ends, and the
// reconciler does not bring it back. Text with NUL and invalid UTF-8 is cleaned by the
// store, whichever channel records it.
func TestInboundContentErrorSetAside(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	ctx := tenant.With(context.Background(), a.Company.ID)
	var refs []tasks.InboundRef
	for _, ev := range []channel.Event{
		{Kind: channel.EventMessage, ProviderID: "m1", From: "5511900000001", Name: "Ana\x00", Body: "oi\x00 \xff!"},
		{Kind: channel.EventAck, TargetID: "m1", Ack: 9},
		{Kind: channel.EventMessage, ProviderID: "m2", From: "5511900000001", Body: "segunda"},
	} {
		ev.Timestamp = time.Now()
		id, _, err := e.App.InboundStore.Record(ctx, connA, ev)
		if err != nil {
			t.Fatalf("record %+v: %v", ev, err)
		}
		refs = append(refs, tasks.InboundRef{CompanyID: a.Company.ID, EventID: id})
	}
	if err := e.App.Inbound.Process(context.Background(), refs); err != nil {
		t.Fatalf("the batch should end (its bad event set aside): %v", err)
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE body IN ('oi \uFFFD!', 'segunda')"); n != 2 {
		t.Fatalf("%d good messages stored (cleaned), want 2", n)
	}
	if n := count(e, "SELECT count(*) FROM inbound_events WHERE id = ? AND processed_at IS NOT NULL AND error <> ''", refs[1].EventID); n != 1 {
		t.Fatal("the bad event should be set aside, its error noted")
	}
	if n := count(e, "SELECT count(*) FROM inbound_events WHERE processed_at IS NULL"); n != 0 {
		t.Fatalf("%d events left for the reconciler", n)
	}
}

// A Cloud API image whose media URL answers 404, then a text, in one delivery: the text is
// stored, the image becomes a message marked "media unavailable" (with its caption), and
// the background retry fills the media in.
func TestCloudAPIMediaUnavailableThenRetried(t *testing.T) {
	old := tasks.MetaMediaAfter
	tasks.MetaMediaAfter = time.Second
	t.Cleanup(func() { tasks.MetaMediaAfter = old })
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 64)...)
	mediaID := m.fake.AddMedia("image/png", png)
	m.fake.BreakDownloads(mediaID, 1_000_000)
	m.post(t, fakegraph.WhatsAppMessages("PN1", "5511999990002", "João",
		map[string]any{"id": "wamid.IMG", "type": "image", "image": map[string]string{"id": mediaID, "mime_type": "image/png", "caption": "a foto"}},
		map[string]any{"id": "wamid.TXT", "type": "text", "text": map[string]string{"body": "viu a foto?"}}))
	if got := m.waitMessage(t, "wamid.TXT"); got.Body != "viu a foto?" {
		t.Fatalf("text %+v", got)
	}
	if got := m.waitMessage(t, "wamid.IMG"); got.MediaPath != "" || got.Body != metawebhook.MediaUnavailable+"\na foto" {
		t.Fatalf("image stored as %+v, want the unavailable mark", got)
	}
	m.eventually(t, "delivery closed", func() bool {
		return count(m.env, "SELECT count(*) FROM meta_webhooks WHERE processed_at IS NOT NULL AND error = ''") == 1
	})
	m.fake.BreakDownloads(mediaID, 0) // the media is back: the background retry fills the message in
	m.eventually(t, "media filled in by the retry", func() bool {
		got, _ := m.message(t, "wamid.IMG")
		return got.MediaPath != "" && got.MediaType == "image" && got.Body == "a foto"
	})
}

// Messenger link shares ("fallback" attachments) with the link in the payload, beside it,
// or nowhere: stored as the person's text and the link, or a placeholder, never dropped.
func TestMessengerFallbackLinkShares(t *testing.T) {
	m := metaPages(t)
	link := m.fake.BaseURL + "/share/post-1" // not a media file: downloading it fails
	m.post(t, fakegraph.Messaging("page", "PAGE1",
		fakegraph.PageItem("PAGE1", "PSID1", map[string]any{"mid": "m_F1", "text": "olha isso " + link,
			"attachments": []any{map[string]any{"type": "fallback", "payload": map[string]string{"url": link, "title": "Post"}}}}),
		fakegraph.PageItem("PAGE1", "PSID1", map[string]any{"mid": "m_F2",
			"attachments": []any{map[string]any{"type": "fallback", "title": "Notícia", "url": link, "payload": nil}}}),
		fakegraph.PageItem("PAGE1", "PSID1", map[string]any{"mid": "m_F3", "text": "veja",
			"attachments": []any{map[string]any{"type": "fallback", "payload": nil}}}),
		fakegraph.PageItem("PAGE1", "PSID1", map[string]any{"mid": "m_F4",
			"attachments": []any{map[string]any{"type": "fallback"}}})))
	for mid, want := range map[string]string{"m_F1": "olha isso " + link, "m_F2": "Notícia " + link, "m_F3": "veja",
		"m_F4": metawebhook.LinkShared} {
		if got := m.waitMessage(t, mid); got.Body != want || got.MediaPath != "" {
			t.Fatalf("%s stored as %+v, want body %q", mid, got, want)
		}
	}
}

// Echoes: a reply typed in the Page inbox (no app_id) or by another app, and one typed in
// the Instagram app, are our side's messages in the ticket; the echo of what we sent (our
// app id, or a mid we stored) is recognised and not stored twice.
func TestMetaEchoesFromOtherApps(t *testing.T) {
	m := metaPages(t)
	m.fake.Echoes = true
	m.post(t, fakegraph.PageMessage("page", "PAGE1", "PSID1", "m_IN1", "oi"))
	m.post(t, fakegraph.PageMessage("instagram", "IG1", "IGSID1", "aWG_IN1", "oi do insta"))
	m.waitMessage(t, "m_IN1")
	m.waitMessage(t, "aWG_IN1")
	m.post(t, fakegraph.Messaging("page", "PAGE1",
		fakegraph.EchoItem("PAGE1", "PSID1", "m_INBOX", "respondido pela caixa de entrada", 0),
		fakegraph.EchoItem("PAGE1", "PSID1", "m_OTHERAPP", "respondido por outro app", 263902037430900)))
	m.post(t, fakegraph.Messaging("instagram", "IG1", fakegraph.EchoItem("IG1", "IGSID1", "aWG_APP", "respondido no app", 0)))
	for mid, customer := range map[string]string{"m_INBOX": "PSID1", "m_OTHERAPP": "PSID1", "aWG_APP": "IGSID1"} {
		got := m.waitMessage(t, mid)
		var onTicket int64
		m.App.DB.Raw(`SELECT count(*) FROM messages m JOIN contacts c ON c.id = m.contact_id
			WHERE m.provider_id = ? AND c.number = ? AND m.ticket_id = (SELECT ticket_id FROM messages WHERE provider_id IN ('m_IN1', 'aWG_IN1') AND contact_id = m.contact_id)`,
			mid, customer).Scan(&onTicket)
		if !got.FromMe || got.Ack < 1 || onTicket != 1 {
			t.Fatalf("echo %s stored as %+v (on the customer's ticket: %d)", mid, got, onTicket)
		}
	}

	// Our own sends: the fake echoes them with our app id.
	tok := testutil.Token(t, m.App, m.acme.Admin)
	var ticketID int64
	m.App.DB.Raw("SELECT ticket_id FROM messages WHERE provider_id = 'm_IN1'").Scan(&ticketID)
	if st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketID), tok, map[string]any{"body": "nossa resposta"}, ""); st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	m.eventually(t, "sent", func() bool { return len(m.fake.Sends()) == 1 })
	sent := m.fake.Sends()[0]
	// And an echo of ours without app_id (as Instagram may send): its mid is ours.
	m.eventually(t, "send recorded", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE provider_id = ?", sent.ID) == 1
	})
	m.post(t, fakegraph.Messaging("page", "PAGE1", fakegraph.EchoItem("PAGE1", "PSID1", sent.ID, "nossa resposta", 0)))
	m.settled(t)
	if n := count(m.env, "SELECT count(*) FROM messages WHERE body = 'nossa resposta'"); n != 1 {
		t.Fatalf("our own message stored %d times", n)
	}
}

// Instagram: an unsupported message is a visible placeholder; a story mention is labelled,
// keeps the story's CDN link and its media is not downloaded.
func TestInstagramUnsupportedAndStoryMention(t *testing.T) {
	m := metaPages(t)
	story := m.fake.AddAttachment("image/jpeg", []byte("\xff\xd8\xff\xe0story"))
	m.post(t, fakegraph.Messaging("instagram", "IG1",
		fakegraph.PageItem("IG1", "IGSID1", map[string]any{"mid": "aWG_UNS", "is_unsupported": true}),
		fakegraph.PageItem("IG1", "IGSID1", map[string]any{"mid": "aWG_STORY",
			"attachments": []any{map[string]any{"type": "story_mention", "payload": map[string]string{"url": story}}}})))
	if got := m.waitMessage(t, "aWG_UNS"); got.Body != metawebhook.Unsupported {
		t.Fatalf("unsupported message stored as %+v", got)
	}
	got := m.waitMessage(t, "aWG_STORY")
	if got.Body != metawebhook.StoryMention+"\n"+story || got.MediaPath != "" {
		t.Fatalf("story mention stored as %+v", got)
	}
}

// An Instagram read receipt names the last message seen: every earlier message of ours in
// the conversation is read, not that one only.
func TestInstagramReadMarksEveryEarlierMessage(t *testing.T) {
	m := metaPages(t)
	m.post(t, fakegraph.PageMessage("instagram", "IG1", "IGSID1", "aWG_IN1", "oi"))
	m.waitMessage(t, "aWG_IN1")
	var ticketID int64
	m.App.DB.Raw("SELECT ticket_id FROM messages WHERE provider_id = 'aWG_IN1'").Scan(&ticketID)
	tok := testutil.Token(t, m.App, m.acme.Admin)
	for i := range 3 {
		if st, body := m.call("POST", fmt.Sprintf("/messages/%d", ticketID), tok, map[string]any{"body": fmt.Sprint("resposta ", i)}, ""); st != 200 {
			t.Fatalf("send: %d %s", st, body)
		}
	}
	m.eventually(t, "three sent and recorded", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE from_me AND ack = 1 AND provider_id IS NOT NULL") == 3
	})
	var last string
	m.App.DB.Raw("SELECT provider_id FROM messages WHERE from_me ORDER BY id DESC LIMIT 1").Scan(&last)
	m.post(t, fakegraph.Messaging("instagram", "IG1", map[string]any{"sender": map[string]string{"id": "IGSID1"},
		"recipient": map[string]string{"id": "IG1"}, "timestamp": time.Now().Add(time.Second).UnixMilli(),
		"read": map[string]string{"mid": last}}))
	m.eventually(t, "all three read", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE from_me AND ack = 3") == 3
	})
}

// A forwarded WhatsApp voice note (an Ogg file with Opus) goes to the Cloud API as
// audio/ogg, the type Meta accepts, not application/ogg.
func TestCloudAPIForwardedVoiceNote(t *testing.T) {
	m := newMetaEnv(t)
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	conn := m.cloudConn(t, acme, "PN1")
	startWorker(t, m.env)
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990003", "Bia", "wamid.IN", "oi"))
	m.waitMessage(t, "wamid.IN")
	rel, err := m.App.Media.Save(acme.Company.ID, "messages", bytes.NewReader(oggOpus()), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	ctx := tenant.With(context.Background(), acme.Company.ID)
	if _, _, err := m.App.InboundStore.Record(ctx, conn, channel.Event{Kind: channel.EventMessage, ProviderID: "wamid.VOICE",
		From: "5511999990003", MediaType: "audio", MediaPath: rel.Path, Timestamp: time.Now()}); err != nil {
		t.Fatal(err)
	}
	m.waitMessage(t, "wamid.VOICE")
	var voiceID, bia int64
	m.App.DB.Raw("SELECT id FROM messages WHERE provider_id = 'wamid.VOICE'").Scan(&voiceID)
	m.App.DB.Raw("SELECT id FROM contacts WHERE number = '5511999990003'").Scan(&bia)
	if st, body := m.call("POST", "/message/forward", testutil.Token(t, m.App, acme.Admin),
		map[string]any{"messageId": voiceID, "contactId": bia}, ""); st != 200 {
		t.Fatalf("forward: %d %s", st, body)
	}
	m.eventually(t, "voice note sent", func() bool {
		return len(m.fake.Sends()) == 1 || count(m.env, "SELECT count(*) FROM messages WHERE ack = -1") > 0
	})
	if n := count(m.env, "SELECT count(*) FROM messages WHERE ack = -1"); n != 0 {
		var why string
		m.App.DB.Raw("SELECT send_error FROM messages WHERE ack = -1").Scan(&why)
		t.Fatalf("voice note refused: %s", why)
	}
	s := m.fake.Sends()[0]
	audio, _ := s.Body["audio"].(map[string]any)
	uploaded, ok := m.fake.Media(fmt.Sprint(audio["id"]))
	if s.Type != "audio" || !ok || !bytes.Equal(uploaded, oggOpus()) {
		t.Fatalf("sent %+v", s.Body)
	}
}

// oggOpus is the first page of an Ogg Opus file, as WhatsApp voice notes are.
func oggOpus() []byte {
	head := append([]byte("OpusHead"), 1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0)
	page := append([]byte("OggS\x00\x02"), make([]byte, 20)...) // granule, serial, sequence, checksum
	page = append(page, 1, byte(len(head)))
	return append(append(page, head...), bytes.Repeat([]byte{0}, 64)...)
}

// metaPages is a company with its Facebook page PAGE1 and Instagram account IG1 linked, a
// worker running.
type pagesEnv struct {
	*metaEnv
	acme testutil.Tenant
}

func metaPages(t *testing.T) pagesEnv {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "loja"}}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	if st, body := m.call("POST", "/facebook", testutil.Token(t, m.App, acme.Admin), linkBody(), ""); st != 200 {
		t.Fatalf("link: %d %s", st, body)
	}
	startWorker(t, m.env)
	return pagesEnv{m, acme}
}
