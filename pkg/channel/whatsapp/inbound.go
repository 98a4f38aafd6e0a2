package whatsapp

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"

	"atende/pkg/channel"
	"atende/pkg/message"
)

// MaxMediaBytes bounds a downloaded attachment.
const MaxMediaBytes = 64 << 20

// inbound records what whatsmeow received on s into the pipeline (inbound_events).
func (h *Hub) inbound(ctx context.Context, s *session, e any) {
	var evs []channel.Event
	switch v := e.(type) {
	case *events.Message:
		if ev, ok := h.fromMessage(ctx, s, v); ok {
			evs = append(evs, ev)
		}
	case *events.Receipt:
		evs = h.fromReceipt(ctx, s, v)
	case *events.CallAccept:
		s.callTaken(v.CallID)
	case *events.CallTerminate:
		if ev, ok := h.fromCall(ctx, s, v); ok {
			evs = append(evs, ev)
		}
	case *events.HistorySync:
		evs = h.fromHistory(ctx, s, v)
	}
	for _, ev := range evs {
		if _, _, err := h.Inbound.Record(context.WithoutCancel(ctx), s.conn, ev); err != nil {
			slog.Error("whatsapp inbound", "connection_id", s.conn.ID, "kind", ev.Kind, "err", err)
		}
	}
}

// fromMessage translates a message; false for what the pipeline skips (status broadcasts,
// protocol stubs, unsupported kinds).
func (h *Hub) fromMessage(ctx context.Context, s *session, v *events.Message) (channel.Event, bool) {
	info, m := v.Info, v.Message
	if m == nil || info.Chat.Server == types.BroadcastServer || info.Chat.Server == types.NewsletterServer {
		return channel.Event{}, false
	}
	ev := channel.Event{Kind: channel.EventMessage, ProviderID: info.ID, FromMe: info.IsFromMe,
		IsGroup: info.IsGroup, Timestamp: info.Timestamp}
	ev.From = h.number(ctx, s, info.Chat, chatAlt(info))
	if info.IsGroup {
		ev.Participant = h.number(ctx, s, info.Sender, info.SenderAlt)
		ev.Name = s.groupName(ctx, info.Chat)
	} else if !info.IsFromMe {
		ev.Name = info.PushName
	}
	if !h.content(ctx, s, m, &ev) {
		return channel.Event{}, false
	}
	return ev, true
}

// chatAlt is the phone-number address of a one-to-one chat addressed by LID.
func chatAlt(info types.MessageInfo) types.JID {
	if info.IsFromMe {
		return info.RecipientAlt
	}
	return info.SenderAlt
}

// content fills ev from the message body; false when there is nothing the pipeline takes.
func (h *Hub) content(ctx context.Context, s *session, m *waE2E.Message, ev *channel.Event) bool {
	switch {
	case m.GetProtocolMessage() != nil:
		return protocol(m.GetProtocolMessage(), ev)
	case m.GetReactionMessage() != nil:
		r := m.GetReactionMessage()
		ev.Kind, ev.TargetID, ev.Body = channel.EventReaction, r.GetKey().GetID(), r.GetText()
	case m.GetConversation() != "":
		ev.Body = m.GetConversation()
	case m.GetExtendedTextMessage() != nil:
		ev.Body = m.GetExtendedTextMessage().GetText()
		ev.QuotedProviderID = m.GetExtendedTextMessage().GetContextInfo().GetStanzaID()
	case m.GetLocationMessage() != nil:
		l := m.GetLocationMessage()
		ev.MediaType = message.TypeLocation
		ev.Body = fmt.Sprintf("https://maps.google.com/maps?q=%f%%2C%f&z=17", l.GetDegreesLatitude(), l.GetDegreesLongitude())
	case m.GetContactMessage() != nil:
		ev.Body, ev.VCard = m.GetContactMessage().GetDisplayName(), m.GetContactMessage().GetVcard()
	case m.GetContactsArrayMessage() != nil && len(m.GetContactsArrayMessage().GetContacts()) > 0:
		c := m.GetContactsArrayMessage().GetContacts()[0]
		ev.Body, ev.VCard = c.GetDisplayName(), c.GetVcard()
	default:
		return h.media(ctx, s, m, ev)
	}
	return true
}

// protocol turns an edit or a revoke into its event; other protocol messages are skipped.
func protocol(p *waE2E.ProtocolMessage, ev *channel.Event) bool {
	switch p.GetType() {
	case waE2E.ProtocolMessage_REVOKE:
		ev.Kind, ev.TargetID = channel.EventDelete, p.GetKey().GetID()
	case waE2E.ProtocolMessage_MESSAGE_EDIT:
		ev.Kind, ev.TargetID = channel.EventEdit, p.GetKey().GetID()
		ev.Body = text(p.GetEditedMessage())
	default:
		return false
	}
	return true
}

func text(m *waE2E.Message) string {
	switch {
	case m.GetConversation() != "":
		return m.GetConversation()
	case m.GetExtendedTextMessage() != nil:
		return m.GetExtendedTextMessage().GetText()
	case m.GetImageMessage() != nil:
		return m.GetImageMessage().GetCaption()
	case m.GetVideoMessage() != nil:
		return m.GetVideoMessage().GetCaption()
	}
	return ""
}

// media downloads an attachment into storage.
func (h *Hub) media(ctx context.Context, s *session, m *waE2E.Message, ev *channel.Event) bool {
	var (
		d       whatsmeow.DownloadableMessage
		ctxInfo *waE2E.ContextInfo
	)
	switch {
	case m.GetImageMessage() != nil:
		x := m.GetImageMessage()
		d, ctxInfo, ev.MediaType, ev.Body = x, x.GetContextInfo(), message.TypeImage, x.GetCaption()
	case m.GetVideoMessage() != nil:
		x := m.GetVideoMessage()
		d, ctxInfo, ev.MediaType, ev.Body = x, x.GetContextInfo(), message.TypeVideo, x.GetCaption()
	case m.GetAudioMessage() != nil:
		x := m.GetAudioMessage()
		d, ctxInfo, ev.MediaType = x, x.GetContextInfo(), message.TypeAudio
	case m.GetStickerMessage() != nil:
		x := m.GetStickerMessage()
		d, ctxInfo, ev.MediaType = x, x.GetContextInfo(), message.TypeImage
	case m.GetDocumentMessage() != nil:
		x := m.GetDocumentMessage()
		d, ctxInfo, ev.MediaType = x, x.GetContextInfo(), message.TypeDocument
		ev.MediaName, ev.Body = x.GetFileName(), firstNonEmpty(x.GetCaption(), x.GetFileName())
	case m.GetDocumentWithCaptionMessage().GetMessage() != nil:
		return h.media(ctx, s, m.GetDocumentWithCaptionMessage().GetMessage(), ev)
	default:
		return false
	}
	ev.QuotedProviderID = ctxInfo.GetStanzaID()
	cli, _ := s.live()
	if cli == nil {
		return false
	}
	data, err := download(ctx, cli, d)
	if err != nil {
		slog.Warn("whatsapp media download", "connection_id", s.conn.ID, "id", ev.ProviderID, "err", err)
		ev.Body = firstNonEmpty(ev.Body, "[mídia indisponível]")
		ev.MediaType = message.TypeChat
		return true
	}
	f, err := h.Media.Save(s.conn.CompanyID, "whatsapp", bytes.NewReader(data), MaxMediaBytes)
	if err != nil {
		slog.Warn("whatsapp media store", "connection_id", s.conn.ID, "err", err)
		ev.MediaType = message.TypeChat
		return true
	}
	// The bytes name the type, not the sender's message kind.
	ev.MediaPath, ev.MediaType = f.Path, message.TypeFor(f.MIME)
	return true
}

// fromReceipt turns a receipt from the other side into acks of our messages.
func (h *Hub) fromReceipt(_ context.Context, _ *session, v *events.Receipt) []channel.Event {
	ack := 0
	switch v.Type {
	case types.ReceiptTypeDelivered:
		ack = message.AckDelivered
	case types.ReceiptTypeRead:
		ack = message.AckRead
	case types.ReceiptTypePlayed:
		ack = message.AckPlayed
	}
	if ack == 0 || v.IsFromMe || v.Chat.Server == types.BroadcastServer {
		return nil
	}
	evs := make([]channel.Event, 0, len(v.MessageIDs))
	for _, id := range v.MessageIDs {
		evs = append(evs, channel.Event{Kind: channel.EventAck, TargetID: id, Ack: ack, Timestamp: v.Timestamp})
	}
	return evs
}

// fromCall turns the end of a call into a call event (BEHAVIOUR §5: logged and answered
// once it ended; Atende never takes calls, so a call that ends was missed, unless someone
// answered it on the connection's phone). The call is named by its creator: WhatsApp may
// send the end from another of their devices. Group calls are not logged.
func (h *Hub) fromCall(ctx context.Context, s *session, v *events.CallTerminate) (channel.Event, bool) {
	if !v.GroupJID.IsEmpty() || v.CallID == "" || s.callWasTaken(v.CallID) {
		return channel.Event{}, false
	}
	caller, alt := v.CallCreator, v.CallCreatorAlt
	if caller.IsEmpty() {
		caller = v.From
	}
	from := h.number(ctx, s, caller, alt)
	if dev := s.device(); from == "" || dev != nil && from == ownNumber(dev.JID()) {
		return channel.Event{}, false // a call made from the connection's phone
	}
	return channel.Event{Kind: channel.EventCall, ProviderID: "call:" + v.CallID, From: from, Timestamp: v.Timestamp}, true
}

// callTaken remembers that someone answered call id on the connection's phone: its end is
// no missed call. Entries of calls whose end never came are dropped after a day.
func (s *session) callTaken(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taken == nil {
		s.taken = map[string]time.Time{}
	}
	for k, at := range s.taken {
		if time.Since(at) > 24*time.Hour {
			delete(s.taken, k)
		}
	}
	s.taken[id] = time.Now()
}

// callWasTaken reports (once) whether call id was answered.
func (s *session) callWasTaken(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.taken[id]
	delete(s.taken, id)
	return ok
}

// ownNumber is the phone number of a paired device's JID ("5511…:1@s.whatsapp.net").
func ownNumber(deviceJID string) string {
	user, _, _ := strings.Cut(deviceJID, "@")
	user, _, _ = strings.Cut(user, ":")
	return digits(user)
}

// number is the digits-only number of jid: a LID is translated to the phone number (alt,
// or whatsmeow's LID store), so both identities of one person are one contact.
func (h *Hub) number(ctx context.Context, s *session, jid, alt types.JID) string {
	if jid.Server == types.HiddenUserServer {
		switch {
		case alt.Server == types.DefaultUserServer:
			jid = alt
		case s.device() != nil:
			if pn, err := s.device().PhoneForLID(ctx, jid.ToNonAD()); err == nil && !pn.IsEmpty() {
				jid = pn
			}
		}
	}
	return digits(jid.User)
}

func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// groupName is the group's subject, asked of WhatsApp once per session; "" when it can't
// be had (the contact then keeps the name it has).
func (s *session) groupName(ctx context.Context, chat types.JID) string {
	s.mu.Lock()
	name, known := s.groups[chat]
	cli := s.cli
	s.mu.Unlock()
	if known || cli == nil {
		return name
	}
	info, err := cli.GetGroupInfo(ctx, chat)
	if err != nil {
		return ""
	}
	s.mu.Lock()
	if s.groups == nil {
		s.groups = map[types.JID]string{}
	}
	s.groups[chat] = info.Name
	s.mu.Unlock()
	return info.Name
}
