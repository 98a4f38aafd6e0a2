package whatsapp_test

import (
	"strings"
	"testing"
	"time"

	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"
	"google.golang.org/protobuf/proto"

	"atende/pkg/message"
	"atende/pkg/testutil"
)

// A call that ends is logged on the caller's ticket (the one they wrote on) as a missed
// call at the company's time, once, and answered with the company's text when the company
// does not take calls (acceptCallWhatsapp disabled, as the Options tab says); the ring
// itself, group calls, calls made from the connection's own phone and calls answered on it
// log nothing.
func TestCallsAreLoggedAndAnswered(t *testing.T) {
	a := testutil.App(t)
	ta := testutil.NewTenant(t, a, "acme", 0)
	tb := testutil.NewTenant(t, a, "beta", 0)
	f := host(t, a)
	A := ta.Company.ID
	a.DB.Exec("UPDATE companies SET timezone = 'America/Manaus' WHERE id = ?", A)
	testutil.SetSetting(t, a, A, "AcceptCallWhatsappMessage", "Olá {{firstName}}, não atendemos ligações por aqui. Escreva, por favor!")
	testutil.SetSetting(t, a, A, "acceptCallWhatsapp", "disabled")
	testutil.SetSetting(t, a, tb.Company.ID, "AcceptCallWhatsappMessage", "Não atendemos ligações.")
	testutil.SetSetting(t, a, tb.Company.ID, "acceptCallWhatsapp", "enabled")
	_, cli := connected(t, a, f, A, "5511900000001:1@s.whatsapp.net", nil)
	_, clib := connected(t, a, f, tb.Company.ID, "5511900000002:1@s.whatsapp.net", nil)
	ana, me := pn("5511911112222"), pn("5511900000001")
	at := time.Now().Add(-time.Minute).Truncate(time.Second)
	manaus, _ := time.LoadLocation("America/Manaus")
	meta := func(id string, from types.JID) types.BasicCallMeta {
		return types.BasicCallMeta{From: from, CallCreator: from, CallID: id, Timestamp: at}
	}
	group := meta("C3", ana)
	group.GroupJID = types.NewJID("120363000000000001", types.GroupServer)
	for _, e := range []any{
		msg("M1", ana, ana, &waE2E.Message{Conversation: proto.String("oi")}),
		&events.CallOffer{BasicCallMeta: meta("C1", ana)},
		&events.CallTerminate{BasicCallMeta: meta("C1", ana), Reason: "timeout"},
		&events.CallTerminate{BasicCallMeta: meta("C1", ana), Reason: "timeout"}, // delivered again
		&events.CallTerminate{BasicCallMeta: meta("C2", me)},
		&events.CallTerminate{BasicCallMeta: group},
		&events.CallAccept{BasicCallMeta: meta("C4", ana)}, // answered on the phone
		&events.CallTerminate{BasicCallMeta: meta("C4", ana)},
	} {
		cli.emit(e)
	}
	processAll(t, a)

	var rows []message.Message
	a.DB.Where("company_id = ?", A).Order("id").Find(&rows)
	if len(rows) != 3 {
		t.Fatalf("messages %+v, want Ana's, the call log and the answer", rows)
	}
	log, answer := rows[1], rows[2]
	if log.MediaType != message.TypeCallLog || log.FromMe || log.Body != "Chamada de voz/vídeo perdida às "+at.In(manaus).Format("15:04") ||
		log.ProviderID == nil || *log.ProviderID != "call:C1" {
		t.Fatalf("call log %+v", log)
	}
	// Sent by the batch's own worker, which hosts the session (message.Delivery.SendNow).
	if !answer.FromMe || answer.Ack != message.AckSent || answer.ProviderID == nil || answer.TicketID != log.TicketID ||
		answer.Body != "Olá Ana, não atendemos ligações por aqui. Escreva, por favor!" {
		t.Fatalf("answer %+v", answer)
	}
	var tk struct {
		Status, LastMessage string
		UnreadMessages      int
		FromMe              bool
	}
	a.DB.Raw("SELECT status, last_message, unread_messages, from_me FROM tickets WHERE id = ?", log.TicketID).Scan(&tk)
	if tk.Status != "pending" || tk.UnreadMessages != 2 || log.TicketID != rows[0].TicketID || !strings.HasPrefix(tk.LastMessage, "Olá Ana") || !tk.FromMe {
		t.Fatalf("ticket %+v: pending, the log unread, the answer its preview", tk)
	}

	// Company B takes calls (acceptCallWhatsapp enabled): the log only, in B, no answer.
	clib.emit(&events.CallTerminate{BasicCallMeta: meta("C9", ana)})
	processAll(t, a)
	var inB []message.Message
	a.DB.Where("company_id = ?", tb.Company.ID).Find(&inB)
	if len(inB) != 1 || inB[0].MediaType != message.TypeCallLog || !strings.HasPrefix(inB[0].Body, "Chamada de voz/vídeo perdida às ") {
		t.Fatalf("company B's messages %+v", inB)
	}
	var n int64
	a.DB.Model(&message.Message{}).Where("company_id = ?", A).Count(&n)
	if n != 3 {
		t.Fatalf("B's call changed A: %d messages", n)
	}
}
