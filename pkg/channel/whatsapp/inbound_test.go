package whatsapp_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"go.mau.fi/whatsmeow/proto/waCommon"
	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"
	"google.golang.org/protobuf/proto"

	"atende/pkg/app"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// connected starts a paired, CONNECTED session for a new connection of companyID.
func connected(t *testing.T, a *app.App, f *fakeFactory, companyID int64, jid string, edit func(*connection.Connection)) (connection.Connection, *fakeClient) {
	t.Helper()
	f.mu.Lock()
	f.devices[jid] = true
	f.mu.Unlock()
	// Created stopped, then paired and wanted in one write: a session started in between
	// would open without the device and show a QR code instead.
	c := testutil.NewConnection(t, a, companyID, "wa-"+jid, func(c *connection.Connection) {
		c.Status = connection.StatusDisconnected
		if edit != nil {
			edit(c)
		}
	})
	a.DB.Table("connections").Where("id = ?", c.ID).
		Updates(map[string]any{"wa_device_jid": jid, "status": connection.StatusConnected})
	c.Status = connection.StatusConnected
	// The row says CONNECTED from the start: the session's own view is what a send needs.
	eventually(t, "session up", 30*time.Second, func() bool { return a.WhatsApp.Online(c.ID) })
	return c, f.last(c.ID)
}

func pn(user string) types.JID  { return types.NewJID(user, types.DefaultUserServer) }
func lid(user string) types.JID { return types.NewJID(user, types.HiddenUserServer) }

func msg(id string, chat, sender types.JID, m *waE2E.Message) *events.Message {
	return &events.Message{Info: types.MessageInfo{ID: id, PushName: "Ana", Timestamp: time.Now(),
		MessageSource: types.MessageSource{Chat: chat, Sender: sender, IsGroup: chat.Server == types.GroupServer}}, Message: m}
}

// processAll runs the inbound pipeline over every stored event, oldest first.
func processAll(t *testing.T, a *app.App) {
	t.Helper()
	var refs []struct{ ID, CompanyID int64 }
	a.DB.Table("inbound_events").Select("id, company_id").Where("processed_at IS NULL").Order("id").Scan(&refs)
	for _, r := range refs {
		if err := a.Inbound.Process(context.Background(), []tasks.InboundRef{{CompanyID: r.CompanyID, EventID: r.ID}}); err != nil {
			t.Fatalf("process event %d: %v", r.ID, err)
		}
	}
}

func byProvider(t *testing.T, a *app.App, companyID int64, id string) message.Message {
	t.Helper()
	var m message.Message
	if err := a.DB.Where("company_id = ? AND provider_id = ?", companyID, id).Take(&m).Error; err != nil {
		t.Fatalf("message %s: %v", id, err)
	}
	return m
}

// mediaKey and encHash make a fake attachment look like WhatsApp's encrypted media.
var (
	mediaKey = bytes.Repeat([]byte{7}, 32)
	encHash  = bytes.Repeat([]byte{9}, 32)
)

func TestInboundEvents(t *testing.T) {
	a := testutil.App(t)
	ta := testutil.NewTenant(t, a, "acme", 0)
	tb := testutil.NewTenant(t, a, "beta", 0)
	f := host(t, a)
	ca, cli := connected(t, a, f, ta.Company.ID, "5511900000001:1@s.whatsapp.net", func(c *connection.Connection) { c.AllowGroup = true })
	_, clib := connected(t, a, f, tb.Company.ID, "5511900000002:1@s.whatsapp.net", nil)
	ana := pn("5511911112222")
	f.lids[lid("99887766")] = pn("5511944445555")

	quoted := &waE2E.ContextInfo{StanzaID: proto.String("M1")}
	for _, e := range []any{
		msg("M1", ana, ana, &waE2E.Message{Conversation: proto.String("olá")}),
		msg("M2", ana, ana, &waE2E.Message{ExtendedTextMessage: &waE2E.ExtendedTextMessage{Text: proto.String("resposta"), ContextInfo: quoted}}),
		msg("M3", ana, ana, &waE2E.Message{ImageMessage: &waE2E.ImageMessage{Caption: proto.String("foto"), Mimetype: proto.String("image/png"),
			URL: proto.String("http://169.254.169.254/latest/meta-data"), DirectPath: proto.String("/v/t62/m3"), MediaKey: mediaKey, FileEncSHA256: encHash}}),
		msg("M4", ana, ana, &waE2E.Message{LocationMessage: &waE2E.LocationMessage{DegreesLatitude: proto.Float64(-23.5), DegreesLongitude: proto.Float64(-46.6)}}),
		msg("M5", ana, ana, &waE2E.Message{ContactMessage: &waE2E.ContactMessage{DisplayName: proto.String("Bia"), Vcard: proto.String("BEGIN:VCARD\nEND:VCARD")}}),
		msg("M6", ana, ana, &waE2E.Message{AudioMessage: &waE2E.AudioMessage{PTT: proto.Bool(true), DirectPath: proto.String("/v/t62/m6"),
			MediaKey: mediaKey, FileEncSHA256: encHash}}),
		// A sender's own client may name any URL and no keys, or declare a huge file: neither is fetched.
		msg("M7", ana, ana, &waE2E.Message{ImageMessage: &waE2E.ImageMessage{Caption: proto.String("sem chave"),
			URL: proto.String("http://169.254.169.254/latest/meta-data")}}),
		msg("M8", ana, ana, &waE2E.Message{DocumentMessage: &waE2E.DocumentMessage{FileName: proto.String("enorme.zip"),
			DirectPath: proto.String("/v/t62/m8"), MediaKey: mediaKey, FileEncSHA256: encHash, FileLength: proto.Uint64(whatsapp.MaxMediaBytes + 1)}}),
		msg("R1", ana, ana, &waE2E.Message{ReactionMessage: &waE2E.ReactionMessage{Key: &waCommon.MessageKey{ID: proto.String("M1")}, Text: proto.String("👍")}}),
		msg("E1", ana, ana, &waE2E.Message{ProtocolMessage: &waE2E.ProtocolMessage{Type: waE2E.ProtocolMessage_MESSAGE_EDIT.Enum(),
			Key: &waCommon.MessageKey{ID: proto.String("M1")}, EditedMessage: &waE2E.Message{Conversation: proto.String("olá!")}}}),
		msg("D1", ana, ana, &waE2E.Message{ProtocolMessage: &waE2E.ProtocolMessage{Type: waE2E.ProtocolMessage_REVOKE.Enum(),
			Key: &waCommon.MessageKey{ID: proto.String("M2")}}}),
		&events.Receipt{MessageSource: types.MessageSource{Chat: ana, Sender: ana}, MessageIDs: []string{"M1"}, Type: types.ReceiptTypeRead, Timestamp: time.Now()},
		// The same person seen by LID: with the phone number alongside, and through the LID store.
		func() *events.Message {
			m := msg("L1", lid("11223344"), lid("11223344"), &waE2E.Message{Conversation: proto.String("via lid")})
			m.Info.SenderAlt = pn("5511933334444")
			return m
		}(),
		msg("L2", lid("99887766"), lid("99887766"), &waE2E.Message{Conversation: proto.String("lid store")}),
		// Typed on the phone by the attendant.
		func() *events.Message {
			m := msg("F1", ana, pn("5511900000001"), &waE2E.Message{Conversation: proto.String("do celular")})
			m.Info.IsFromMe = true
			return m
		}(),
		msg("G1", types.NewJID("120363000000000001", types.GroupServer), ana, &waE2E.Message{Conversation: proto.String("no grupo")}),
		msg("S1", types.StatusBroadcastJID, ana, &waE2E.Message{Conversation: proto.String("status")}),
		&events.CallOffer{BasicCallMeta: types.BasicCallMeta{From: ana, CallCreator: ana, CallID: "C1", Timestamp: time.Now()}},
		&events.CallTerminate{BasicCallMeta: types.BasicCallMeta{From: ana, CallCreator: ana, CallID: "C1", Timestamp: time.Now()}},
	} {
		cli.emit(e)
	}
	processAll(t, a)
	A := ta.Company.ID

	m1 := byProvider(t, a, A, "M1")
	if m1.Body != "olá!" || !m1.IsEdited || m1.Reaction != "👍" || m1.Ack != message.AckRead {
		t.Fatalf("M1 = body %q edited %v reaction %q ack %d", m1.Body, m1.IsEdited, m1.Reaction, m1.Ack)
	}
	if m2 := byProvider(t, a, A, "M2"); m2.QuotedMsgID == nil || *m2.QuotedMsgID != m1.ID || !m2.IsDeleted {
		t.Fatalf("M2 quoted %v deleted %v", m2.QuotedMsgID, m2.IsDeleted)
	}
	m3 := byProvider(t, a, A, "M3")
	if m3.MediaType != message.TypeImage || m3.Body != "foto" || m3.MediaPath == "" {
		t.Fatalf("M3 = %+v", m3)
	}
	if _, err := os.Stat(filepath.Join(a.Cfg.MediaDir, m3.MediaPath)); err != nil {
		t.Fatalf("image not stored: %v", err)
	}
	if m := byProvider(t, a, A, "M4"); m.MediaType != message.TypeLocation {
		t.Fatalf("M4 = %s", m.MediaType)
	}
	if m := byProvider(t, a, A, "M5"); m.MediaType != message.TypeContact || m.VCard == "" {
		t.Fatalf("M5 = %s %q", m.MediaType, m.VCard)
	}
	if m := byProvider(t, a, A, "M6"); m.MediaType != message.TypeAudio {
		t.Fatalf("M6 = %s", m.MediaType)
	}
	for _, id := range []string{"M7", "M8"} {
		if m := byProvider(t, a, A, id); m.MediaType != message.TypeChat || m.MediaPath != "" {
			t.Fatalf("%s stored as %s %q, want the text only", id, m.MediaType, m.MediaPath)
		}
	}
	cli.mu.Lock()
	downloads := slices.Clone(cli.downloads)
	cli.mu.Unlock()
	if len(downloads) != 2 || downloads[0] != "" || downloads[1] != "" {
		t.Fatalf("downloads asked for URLs %q, want M3 and M6 by their direct path only", downloads)
	}
	if m := byProvider(t, a, A, "F1"); !m.FromMe || m.Ack != message.AckSent {
		t.Fatalf("F1 fromMe %v ack %d", m.FromMe, m.Ack)
	}
	if m := byProvider(t, a, A, "call:C1"); m.MediaType != message.TypeCallLog || m.FromMe {
		t.Fatalf("call = %s from me %v", m.MediaType, m.FromMe)
	}
	if m := byProvider(t, a, A, "G1"); m.Participant != "5511911112222" {
		t.Fatalf("group participant %q", m.Participant)
	}
	var s1 int64
	a.DB.Table("inbound_events").Where("payload->>'providerId' = 'S1'").Count(&s1)
	if s1 != 0 {
		t.Fatal("status broadcast recorded")
	}
	var nums []string
	a.DB.Model(&contact.Contact{}).Where("company_id = ?", A).Order("number").Pluck("number", &nums)
	want := []string{"120363000000000001", "5511911112222", "5511933334444", "5511944445555"}
	if len(nums) != len(want) {
		t.Fatalf("contacts %v, want %v", nums, want)
	}
	for i := range want {
		if nums[i] != want[i] {
			t.Fatalf("contacts %v, want %v", nums, want)
		}
	}
	var group contact.Contact
	a.DB.Where("company_id = ? AND number = ?", A, "120363000000000001").Take(&group)
	if !group.IsGroup || group.Name != "Grupo 120363000000000001" {
		t.Fatalf("group contact %q (group %v), want flagged and named after the group's subject", group.Name, group.IsGroup)
	}

	// Cross-tenant: nothing of A's connection landed in B; B's own event lands in B only.
	var inB int64
	a.DB.Model(&message.Message{}).Where("company_id = ?", tb.Company.ID).Count(&inB)
	if inB != 0 {
		t.Fatalf("%d messages of A's connection in company B", inB)
	}
	clib.emit(msg("B1", ana, ana, &waE2E.Message{Conversation: proto.String("oi B")}))
	processAll(t, a)
	if m := byProvider(t, a, tb.Company.ID, "B1"); m.CompanyID != tb.Company.ID {
		t.Fatal("B1 in the wrong company")
	}
	var b1InA int64
	a.DB.Model(&message.Message{}).Where("company_id = ? AND provider_id = 'B1'", A).Count(&b1InA)
	if b1InA != 0 || ca.CompanyID != A {
		t.Fatal("B's message in company A")
	}
}
