package inbound

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/chatbot"
	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// MissedCall is the text of a call's log message; the time is the company's.
func MissedCall(at time.Time) string {
	return "Chamada de voz/vídeo perdida às " + at.Format("15:04")
}

// call records a call that ended unanswered (BEHAVIOUR §5): the caller's active ticket, or
// a new pending one, gets a call_log message from the caller, "missed call at HH:MM" in the
// company's time zone, counted unread; when the company does not take calls on WhatsApp
// (answersCalls) its AcceptCallWhatsappMessage answers the caller, rendered with the
// message variables. Calls are never actively rejected. Group calls are not logged. The
// same call delivered twice logs and answers once.
func (p Processor) call(ctx context.Context, tx *gorm.DB, conn connection.Connection, ev channel.Event) (*announce, error) {
	if ev.From == "" || ev.IsGroup {
		return nil, nil
	}
	c, err := contact.Upsert(ctx, tx, contact.Inbound{Number: ev.From, Name: ev.Name, Channel: conn.Channel,
		URLPicture: ev.PictureURL, ConnectionID: conn.ID})
	if err != nil {
		return nil, err
	}
	t, created, err := ticket.FindOrCreate(ctx, tx, c, conn, false)
	if err != nil {
		return nil, err
	}
	if created {
		if err := p.awaitConsent(ctx, tx, &t, c); err != nil {
			return nil, err
		}
	}
	loc, err := company.Zone(ctx, tx, conn.CompanyID)
	if err != nil {
		return nil, err
	}
	providerID := ev.ProviderID
	m := message.Message{CompanyID: conn.CompanyID, TicketID: t.ID, ContactID: &c.ID, ConnectionID: &conn.ID,
		QueueID: t.QueueID, ProviderID: &providerID, Body: MissedCall(stamp(ev).In(loc)), MediaType: message.TypeCallLog,
		CreatedAt: stamp(ev)}
	if err := message.InsertOnce(tx, []*message.Message{&m}); err != nil || m.ID == 0 {
		return nil, err // m.ID 0: this call was logged already
	}
	replies, err := p.answerCall(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	// The log is unread news for the attendants, also when the answer went out after it
	// (the answer, newer, stays the preview).
	t.UnreadMessages++
	t.LastMessage, t.FromMe, t.UpdatedAt = message.Preview(m), false, time.Now()
	if err := ticket.SavePreviews(tx, []ticket.Preview{{Ticket: &t, MessageID: m.ID, MessageAt: m.CreatedAt}}); err != nil {
		return nil, err
	}
	k := &known{ticket: t, contact: c}
	out := &announce{action: "create", msg: m, ticketID: t.ID, known: k}
	for _, r := range replies {
		out.then = append(out.then, announce{action: "create", msg: r, ticketID: t.ID, known: k, send: true})
	}
	return out, nil
}

// awaitConsent puts a ticket a call opened in lgpd when a ticket opened by a message
// would be (chatbot.AsksConsent): the customer's first message then gets the terms, as
// on any new ticket, instead of skipping them because the ticket already existed.
func (p Processor) awaitConsent(ctx context.Context, tx *gorm.DB, t *ticket.Ticket, c contact.Contact) error {
	s := chatbot.Settings{}
	p.readSettings(ctx, t.CompanyID, s)
	if !chatbot.AsksConsent(s, *t, c.LgpdAcceptedAt != nil) {
		return nil
	}
	if err := tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Update("status", ticket.StatusLGPD).Error; err != nil {
		return err
	}
	t.Status = ticket.StatusLGPD
	return ticket.WriteLog(ctx, tx, t.ID, ticket.LogLGPD, nil, t.QueueID)
}

// answersCalls says whether a company's acceptCallWhatsapp value sends the caller its
// AcceptCallWhatsappMessage. The family's server answers when it is "enabled" (BEHAVIOUR
// §5: "the name misleads"), but Atende's settings say the opposite to the admin, and
// consistently: spec/2 and the registry require the message exactly when the toggle is
// "disabled" ("call-reject message when call acceptance is disabled"), and the Options tab
// reads "Desabilitado: o contato recebe a mensagem abaixo". The screen is what an admin
// acts on, so "disabled" (calls not taken here) answers.
func answersCalls(acceptCallWhatsapp string) bool { return acceptCallWhatsapp == "disabled" }

// answerCall writes the company's answer to calls on t, when it has one.
func (p Processor) answerCall(ctx context.Context, tx *gorm.DB, t ticket.Ticket) ([]message.Message, error) {
	if p.Settings == nil || !answersCalls(p.Settings.Value(ctx, "acceptCallWhatsapp")) {
		return nil, nil
	}
	text := p.Settings.Value(ctx, "AcceptCallWhatsappMessage")
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	full, err := ticket.Get(ctx, tx, t.ID)
	if err != nil {
		return nil, err
	}
	v, err := ticket.Variables(ctx, tx, full)
	if err != nil {
		return nil, err
	}
	body := strings.TrimSpace(vars.Render(text, v))
	if body == "" {
		return nil, nil
	}
	return message.Write(ctx, tx, t, nil, message.Draft{Body: body})
}
