package metawebhook

import (
	"context"
	"fmt"
	"strings"
	"time"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tasks"
)

// messaging turns one Messenger/Instagram messaging item into events.
func (x Expander) messaging(ctx context.Context, conn connection.Connection, m messaging) built {
	at := time.UnixMilli(m.Timestamp)
	if m.Timestamp == 0 {
		at = time.Now()
	}
	from := m.Sender.ID
	switch {
	case m.Message != nil && m.Message.IsEcho:
		if x.ours(ctx, conn, m.Message) {
			return built{} // stored when we sent it
		}
		// Typed in the Page inbox or the Instagram app: our side of the conversation.
		return x.messengerMessage(ctx, conn, m, m.Recipient.ID, true, at)
	case m.Message != nil && m.Message.IsDeleted:
		return built{events: []channel.Event{{Kind: channel.EventDelete, TargetID: m.Message.Mid, ProviderID: m.Message.Mid, From: from, Timestamp: at}}}
	case m.Message != nil:
		return x.messengerMessage(ctx, conn, m, from, false, at)
	case m.Delivery != nil && len(m.Delivery.Mids) > 0:
		var out built
		for _, mid := range m.Delivery.Mids {
			out.events = append(out.events, channel.Event{Kind: channel.EventAck, TargetID: mid, Ack: 2, Timestamp: at})
		}
		return out
	case m.Delivery != nil:
		return x.ackUpTo(ctx, conn, from, watermark(m.Delivery.Watermark, at), message.AckDelivered)
	case m.Read != nil:
		// A read receipt names a time (Messenger's watermark) or the last message seen
		// (Instagram's mid): everything of ours sent before it was read.
		out := x.ackUpTo(ctx, conn, from, watermark(m.Read.Watermark, at), message.AckRead)
		if m.Read.Mid != "" && out.err == nil {
			out.events = append(out.events, channel.Event{Kind: channel.EventAck, TargetID: m.Read.Mid, Ack: message.AckRead, Timestamp: at})
		}
		return out
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

// ours reports an echo of a message this app sent (stored when it was sent): Meta names the
// sending app (app_id), and once the send is recorded its mid is one of our messages'.
func (x Expander) ours(ctx context.Context, conn connection.Connection, msg *pageMessage) bool {
	if x.AppID != "" && strings.Trim(string(msg.AppID), `"`) == x.AppID {
		return true
	}
	var n int64
	x.DB.WithContext(ctx).Table("messages").Where("connection_id = ? AND provider_id = ?", conn.ID, msg.Mid).Limit(1).Count(&n)
	return n > 0
}

// messengerMessage turns a message with customer (the sender, or the recipient of an
// echo) into events: its text, and each attachment a message of its own (the first keeps
// the mid and the text). Nothing a person wrote is dropped for an attachment we can't show.
func (x Expander) messengerMessage(ctx context.Context, conn connection.Connection, m messaging, customer string, fromMe bool, at time.Time) built {
	msg := m.Message
	base := channel.Event{Kind: channel.EventMessage, ProviderID: msg.Mid, From: customer, FromMe: fromMe, Body: msg.Text, Timestamp: at}
	if msg.QuickReply != nil && !fromMe {
		base.Body = replyText(msg.QuickReply.Payload, msg.Text)
	}
	if msg.ReplyTo != nil {
		base.QuotedProviderID = msg.ReplyTo.Mid
	}
	if x.Profile != nil {
		if p, err := x.Profile(ctx, conn, customer); err == nil {
			base.Name, base.PictureURL = p.Name, p.PictureURL
		}
	}
	if msg.IsUnsupported && base.Body == "" && len(msg.Attachments) == 0 {
		base.Body = Unsupported
	}
	if len(msg.Attachments) == 0 || x.recorded(ctx, conn, base) {
		return built{events: []channel.Event{base}}
	}
	var out built
	for i, a := range msg.Attachments {
		ev := base
		if i > 0 {
			ev.ProviderID, ev.Body = fmt.Sprintf("%s#%d", msg.Mid, i), ""
		}
		out.events = append(out.events, x.attachment(ctx, conn, ev, a))
	}
	return out
}

// attachment fills ev with one attachment: media are downloaded (a failure leaves the
// "media unavailable" mark and a background retry); a story mention keeps the story's CDN
// link only (Meta's policy: its media must not be stored); a link share becomes its link;
// anything else a placeholder naming it.
func (x Expander) attachment(ctx context.Context, conn connection.Connection, ev channel.Event, a attachment) channel.Event {
	link := firstNonEmpty(a.Payload.URL, a.URL)
	switch {
	case a.Type == "story_mention":
		ev.Body = lines(StoryMention, link, ev.Body)
	case a.Type == "fallback":
		ev.Body = linkShare(ev.Body, firstNonEmpty(a.Payload.Title, a.Title), link)
	case link == "":
		ev.Body = lines(ev.Body, fmt.Sprintf("[%s]", firstNonEmpty(a.Type, "anexo")))
	default:
		rel, ctype, err := x.Graph.Fetch(ctx, x.Media, conn.CompanyID, "", link)
		if err != nil {
			return x.unavailable(ctx, conn, ev, tasks.MetaMedia{URL: link, Kind: a.Type}, err)
		}
		ev.MediaPath, ev.MediaName = rel, rel[strings.LastIndex(rel, "/")+1:]
		ev.MediaType = kindType(a.Type, ctype)
	}
	return ev
}

// linkShare is the text of a shared link: the person's text, with the link (and its title)
// unless the text already carries it; a placeholder when Meta gave neither.
func linkShare(text, title, link string) string {
	if link != "" && !strings.Contains(text, link) {
		return lines(text, strings.TrimSpace(title+" "+link))
	}
	return firstNonEmpty(strings.TrimSpace(text), strings.TrimSpace(title), LinkShared)
}

func watermark(ms int64, at time.Time) time.Time {
	if ms == 0 {
		return at
	}
	return time.UnixMilli(ms)
}

// ackUpTo acks our messages to a Messenger/Instagram user sent up to watermark as ack:
// Meta's delivery and read receipts name a time or the last message, not each message.
func (x Expander) ackUpTo(ctx context.Context, conn connection.Connection, psid string, watermark time.Time, ack int) built {
	var ids []string
	err := x.DB.WithContext(ctx).Table("messages m").Joins("JOIN contacts c ON c.id = m.contact_id").
		Where("m.company_id = ? AND m.connection_id = ? AND m.from_me AND m.ack BETWEEN 1 AND ? AND m.provider_id IS NOT NULL",
			conn.CompanyID, conn.ID, ack-1).
		Where("c.number = ? AND m.created_at <= ?", psid, watermark).Order("m.created_at DESC").Limit(500).
		Pluck("m.provider_id", &ids).Error
	if err != nil {
		return built{err: err}
	}
	var out built
	for _, id := range ids {
		out.events = append(out.events, channel.Event{Kind: channel.EventAck, TargetID: id, Ack: ack, Timestamp: watermark})
	}
	return out
}
