package whatsapp_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"go.mau.fi/whatsmeow/proto/waE2E"

	"atende/pkg/app"
	"atende/pkg/channel"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

func TestSendEditDeleteReadProfile(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	conn, cli := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	ch := whatsapp.Channel{Hub: a.WhatsApp}
	ctx := context.Background()

	sent, err := ch.Send(ctx, conn, channel.Outgoing{MessageID: 42, To: "5511911112222", Kind: channel.KindText,
		Body: "oi", QuotedProviderID: "ABC"})
	if err != nil {
		t.Fatal(err)
	}
	if sent.ProviderID != whatsapp.MessageID(conn.ID, 42) || sent.ProviderID == whatsapp.MessageID(conn.ID, 43) {
		t.Fatalf("provider id %q", sent.ProviderID)
	}
	got := cli.sentMsgs()[0]
	if got.ID != sent.ProviderID || got.To.String() != "5511911112222@s.whatsapp.net" ||
		got.Msg.GetExtendedTextMessage().GetText() != "oi" || got.Msg.GetExtendedTextMessage().GetContextInfo().GetStanzaID() != "ABC" {
		t.Fatalf("sent %+v", got)
	}
	// Retried after a crash: the same WhatsApp message id.
	again, _ := ch.Send(ctx, conn, channel.Outgoing{MessageID: 42, To: "5511911112222", Kind: channel.KindText, Body: "oi"})
	if again.ProviderID != sent.ProviderID {
		t.Fatal("a retried send got a new message id")
	}

	files := map[string][]byte{"a.png": png, "v.ogg": []byte("OggS\x00\x02" + string(make([]byte, 40))),
		"d.pdf": []byte("%PDF-1.4\n%...."), "s.webp": []byte("RIFF\x10\x00\x00\x00WEBPVP8 ")}
	dir := filepath.Join(a.Cfg.MediaDir, "company1", "t")
	os.MkdirAll(dir, 0o755)
	for name, b := range files {
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	media := func(name, typ string) *waE2E.Message {
		t.Helper()
		if _, err := ch.Send(ctx, conn, channel.Outgoing{MessageID: 50, To: "5511911112222", Kind: channel.KindMedia,
			MediaPath: "company1/t/" + name, MediaName: name, MediaType: typ, Body: "cap"}); err != nil {
			t.Fatal(err)
		}
		l := cli.sentMsgs()
		return l[len(l)-1].Msg
	}
	if m := media("a.png", message.TypeImage); m.GetImageMessage().GetCaption() != "cap" || m.GetImageMessage().GetURL() == "" {
		t.Fatalf("image %v", m)
	}
	if m := media("v.ogg", message.TypeAudio); !m.GetAudioMessage().GetPTT() {
		t.Fatalf("voice %v", m)
	}
	if m := media("d.pdf", message.TypeDocument); m.GetDocumentMessage().GetFileName() != "d.pdf" {
		t.Fatalf("document %v", m)
	}
	// An audio stored as a file (a flow's audio card not "recorded now") is no voice note.
	if m := media("v.ogg", message.TypeDocument); m.GetAudioMessage() != nil || m.GetDocumentMessage().GetFileName() != "v.ogg" {
		t.Fatalf("audio as a file %v", m)
	}
	if m := media("s.webp", message.TypeImage); m.GetStickerMessage() == nil {
		t.Fatalf("sticker %v", m)
	}
	ch.Send(ctx, conn, channel.Outgoing{MessageID: 51, To: "5511911112222", Kind: channel.KindContact, Body: "Bia", VCard: "BEGIN:VCARD"})
	ch.Send(ctx, conn, channel.Outgoing{MessageID: 52, To: "120363000000000001", IsGroup: true, Kind: channel.KindLocation, Body: "-23.5,-46.6"})
	l := cli.sentMsgs()
	if l[len(l)-2].Msg.GetContactMessage().GetVcard() != "BEGIN:VCARD" || l[len(l)-1].Msg.GetLocationMessage().GetDegreesLatitude() != -23.5 ||
		l[len(l)-1].To.String() != "120363000000000001@g.us" {
		t.Fatalf("contact/location %v %v", l[len(l)-2], l[len(l)-1])
	}

	if err := ch.Edit(ctx, conn, "5511911112222", sent.ProviderID, "oi!"); err != nil {
		t.Fatal(err)
	}
	if err := ch.Delete(ctx, conn, "5511911112222", sent.ProviderID); err != nil {
		t.Fatal(err)
	}
	l = cli.sentMsgs()
	edit, revoke := l[len(l)-2].Msg.GetEditedMessage().GetMessage(), l[len(l)-1].Msg
	if edit.GetProtocolMessage().GetType() != waE2E.ProtocolMessage_MESSAGE_EDIT || edit.GetProtocolMessage().GetKey().GetID() != sent.ProviderID ||
		revoke.GetProtocolMessage().GetType() != waE2E.ProtocolMessage_REVOKE {
		t.Fatalf("edit %v revoke %v", edit, revoke)
	}
	if err := ch.MarkRead(ctx, conn, "5511911112222", []string{"X1", "X2"}); err != nil || len(cli.reads) != 2 {
		t.Fatalf("mark read: %v %v", err, cli.reads)
	}
	p, err := ch.Profile(ctx, conn, "+55 11 91111-2222")
	if err != nil || !p.Exists || p.Number != "5511911112222" || p.PictureURL != "https://pps.example/5511911112222" {
		t.Fatalf("profile %+v %v", p, err)
	}

	// Another process: the work is handed to the owner; with no owner it waits (retry).
	other := &whatsapp.Hub{DB: a.DB, Leases: whatsapp.Leases{RDB: a.RDB, Owner: "elsewhere", TTL: a.WhatsApp.Leases.TTL}}
	var ew *channel.ElsewhereError
	if _, err := (whatsapp.Channel{Hub: other}).Send(ctx, conn, channel.Outgoing{MessageID: 60, To: "5511911112222", Body: "x"}); !errors.As(err, &ew) || ew.Owner != a.Cfg.WhatsApp.WorkerID {
		t.Fatalf("non-owner send: %v", err)
	}
	unowned := testutil.NewConnection(t, a, ten.Company.ID, "idle", nil)
	_, err = ch.Send(ctx, unowned, channel.Outgoing{MessageID: 61, To: "5511911112222", Body: "x"})
	var off *whatsapp.OfflineError
	if !errors.Is(err, whatsapp.ErrNoOwner) || !errors.As(err, &off) || channel.Final(err) {
		t.Fatalf("unowned send: %v (the connection's failure, retried: an OfflineError)", err)
	}
	if errors.As(func() error {
		_, err := (whatsapp.Channel{Hub: other}).Send(ctx, conn, channel.Outgoing{MessageID: 60, To: "5511911112222"})
		return err
	}(), &off) {
		t.Fatal("a hand-off is no outage")
	}
}

// TestDeliveryRecordsWhatsAppID: the worker's Delivery sends a stored message through the
// session and records the deterministic WhatsApp id.
func TestDeliveryRecordsWhatsAppID(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	f := host(t, a)
	conn, cli := connected(t, a, f, ten.Company.ID, "5511900000001:1@s.whatsapp.net", nil)
	m := outgoingMessage(t, a, conn, "5511911112222", "pelo worker")
	if err := a.Delivery.Send(context.Background(), ten.Company.ID, m.ID, false); err != nil {
		t.Fatal(err)
	}
	var got message.Message
	a.DB.Take(&got, m.ID)
	if got.ProviderID == nil || *got.ProviderID != whatsapp.MessageID(conn.ID, m.ID) || got.Ack != message.AckSent {
		t.Fatalf("recorded %v ack %d", got.ProviderID, got.Ack)
	}
	if s := cli.sentMsgs(); len(s) != 1 || s[0].Msg.GetConversation() != "pelo worker" {
		t.Fatalf("sent %v", s)
	}
}

// outgoingMessage stores an attendant's message (ack 0) to number on conn.
func outgoingMessage(t *testing.T, a *app.App, conn connection.Connection, number, body string) message.Message {
	t.Helper()
	ctx := tenant.With(context.Background(), conn.CompanyID)
	c := testutil.NewContact(t, a, conn.CompanyID, "Ana", number, nil)
	tk, _, err := ticket.FindOrCreate(ctx, a.DB, c, conn, true)
	if err != nil {
		t.Fatal(err)
	}
	m := message.Message{CompanyID: conn.CompanyID, TicketID: tk.ID, ContactID: &c.ID, ConnectionID: &conn.ID,
		Body: body, FromMe: true, MediaType: message.TypeChat}
	if err := a.DB.Create(&m).Error; err != nil {
		t.Fatal(err)
	}
	return m
}
