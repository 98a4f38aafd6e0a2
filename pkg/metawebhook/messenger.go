package metawebhook

import (
	"context"
	"fmt"
	"strings"
	"time"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/message"
)

// messaging turns one Messenger/Instagram messaging item into events. Echoes of what the
// page sent are ignored: we stored them when sending.
func (x Expander) messaging(ctx context.Context, conn connection.Connection, m messaging) built {
	at := time.UnixMilli(m.Timestamp)
	if m.Timestamp == 0 {
		at = time.Now()
	}
	from := m.Sender.ID
	switch {
	case m.Message != nil && m.Message.IsEcho:
		return built{}
	case m.Message != nil && m.Message.IsDeleted:
		return built{events: []channel.Event{{Kind: channel.EventDelete, TargetID: m.Message.Mid, ProviderID: m.Message.Mid, From: from, Timestamp: at}}}
	case m.Message != nil:
		return x.messengerMessage(ctx, conn, m, at)
	case m.Delivery != nil:
		var out built
		for _, mid := range m.Delivery.Mids {
			out.events = append(out.events, channel.Event{Kind: channel.EventAck, TargetID: mid, Ack: 2, Timestamp: at})
		}
		return out
	case m.Read != nil && m.Read.Mid != "":
		return built{events: []channel.Event{{Kind: channel.EventAck, TargetID: m.Read.Mid, Ack: 3, Timestamp: at}}}
	case m.Read != nil:
		return x.readUpTo(ctx, conn, from, time.UnixMilli(m.Read.Watermark))
	case m.Reaction != nil:
		emoji := m.Reaction.Emoji
		if m.Reaction.Action == "unreact" {
			emoji = ""
		}
		return built{events: []channel.Event{{Kind: channel.EventReaction, TargetID: m.Reaction.Mid, From: from, Body: emoji,
			ProviderID: fmt.Sprintf("%s:%s:%d", m.Reaction.Mid, m.Reaction.Action, m.Timestamp), Timestamp: at}}}
	}
	return built{}
}

func (x Expander) messengerMessage(ctx context.Context, conn connection.Connection, m messaging, at time.Time) built {
	msg := m.Message
	base := channel.Event{Kind: channel.EventMessage, ProviderID: msg.Mid, From: m.Sender.ID, Body: msg.Text, Timestamp: at}
	if msg.ReplyTo != nil {
		base.QuotedProviderID = msg.ReplyTo.Mid
	}
	if x.Profile != nil {
		if p, err := x.Profile(ctx, conn, m.Sender.ID); err == nil {
			base.Name, base.PictureURL = p.Name, p.PictureURL
		}
	}
	var out built
	if len(msg.Attachments) == 0 {
		out.events = append(out.events, base)
		return out
	}
	// Each attachment is a message of its own; the first keeps the mid.
	for i, a := range msg.Attachments {
		ev := base
		if i > 0 {
			ev.ProviderID, ev.Body = fmt.Sprintf("%s#%d", msg.Mid, i), ""
		}
		if a.Payload.URL == "" {
			continue
		}
		rel, ctype, err := x.Graph.Fetch(ctx, x.Media, conn.CompanyID, "", a.Payload.URL)
		if err != nil {
			return built{err: fmt.Errorf("attachment of %s: %w", msg.Mid, err)}
		}
		ev.MediaPath, ev.MediaName = rel, rel[strings.LastIndex(rel, "/")+1:]
		ev.MediaType = message.TypeFor(ctype) // sniffed from the bytes
		out.events = append(out.events, ev)
	}
	return out
}

// readUpTo acks as read our messages to a Messenger user sent up to the watermark
// (Messenger's read receipts name a time, not messages).
func (x Expander) readUpTo(ctx context.Context, conn connection.Connection, psid string, watermark time.Time) built {
	var ids []string
	err := x.DB.WithContext(ctx).Table("messages m").Joins("JOIN contacts c ON c.id = m.contact_id").
		Where("m.company_id = ? AND m.connection_id = ? AND m.from_me AND m.ack BETWEEN 1 AND 2 AND m.provider_id IS NOT NULL",
			conn.CompanyID, conn.ID).
		Where("c.number = ? AND m.created_at <= ?", psid, watermark).Limit(200).Pluck("m.provider_id", &ids).Error
	if err != nil {
		return built{err: err}
	}
	var out built
	for _, id := range ids {
		out.events = append(out.events, channel.Event{Kind: channel.EventAck, TargetID: id, Ack: 3, Timestamp: watermark})
	}
	return out
}
