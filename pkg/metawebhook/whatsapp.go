package metawebhook

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"atende/pkg/channel"
	"atende/pkg/channel/cloudapi"
	"atende/pkg/connection"
	"atende/pkg/menu"
	"atende/pkg/message"
	"atende/pkg/tasks"
)

// Cloud API statuses and our acks.
var statusAck = map[string]int{"sent": 1, "delivered": 2, "read": 3}

// whatsapp turns one Cloud API "messages" change into items, one per message and status.
func (x Expander) whatsapp(ctx context.Context, conn connection.Connection, v waValue) []built {
	names := map[string]string{}
	for _, c := range v.Contacts {
		names[c.WaID] = c.Profile.Name
	}
	var out []built
	for _, m := range v.Messages {
		ev := x.waMessage(ctx, conn, m)
		if ev.Kind == "" {
			slog.Info("meta webhook: unsupported message type skipped", "type", m.Type, "id", m.ID)
			continue
		}
		ev.Name = names[m.From]
		out = append(out, built{events: []channel.Event{ev}})
	}
	for _, s := range v.Statuses {
		ev := channel.Event{Kind: channel.EventAck, TargetID: s.ID, Timestamp: unix(s.Timestamp)}
		ack, ok := statusAck[s.Status]
		switch {
		case ok:
			ev.Ack = ack
		case s.Status == "failed":
			ev.Ack, ev.Body = -1, "WhatsApp: "+s.Status
			for _, e := range s.Errors {
				ev.Body = fmt.Sprintf("WhatsApp %d: %s", e.Code, e.Title)
			}
			slog.Warn("meta webhook: message not delivered", "connection", conn.ID, "id", s.ID, "errors", s.Errors)
		default:
			continue // e.g. "deleted"
		}
		out = append(out, built{events: []channel.Event{ev}})
	}
	return out
}

func (x Expander) waMessage(ctx context.Context, conn connection.Connection, m waMessage) channel.Event {
	ev := channel.Event{Kind: channel.EventMessage, ProviderID: m.ID, From: m.From, Timestamp: unix(m.Timestamp)}
	if m.Context != nil {
		ev.QuotedProviderID = m.Context.ID
	}
	media := map[string]*waMedia{"image": m.Image, "video": m.Video, "audio": m.Audio, "document": m.Document, "sticker": m.Sticker}
	switch {
	case m.Text != nil:
		ev.Body = m.Text.Body
	case media[m.Type] != nil:
		return x.waMedia(ctx, conn, ev, m.Type, media[m.Type])
	case m.Location != nil:
		l := m.Location
		ev.MediaType = "locationMessage"
		ev.Body = strings.TrimSpace(fmt.Sprintf("%v,%v\n%s %s", l.Latitude, l.Longitude, l.Name, l.Address))
	case len(m.Contacts) > 0:
		c := m.Contacts[0]
		phones := make([]string, len(c.Phones))
		for i, p := range c.Phones {
			phones[i] = p.Phone
		}
		ev.Body, ev.VCard = c.Name.FormattedName, cloudapi.VCard(c.Name.FormattedName, phones)
	case m.Reaction != nil:
		ev.Kind, ev.TargetID, ev.Body = channel.EventReaction, m.Reaction.MessageID, m.Reaction.Emoji
	case m.Button != nil:
		ev.Body = m.Button.Text
	case m.Interactive != nil && m.Interactive.ButtonReply != nil:
		ev.Body = replyText(m.Interactive.ButtonReply.ID, m.Interactive.ButtonReply.Title)
	case m.Interactive != nil && m.Interactive.ListReply != nil:
		ev.Body = replyText(m.Interactive.ListReply.ID, m.Interactive.ListReply.Title)
	default:
		ev.Kind = ""
	}
	return ev
}

// waMedia downloads an attachment into our storage. A failed download (an expired or
// missing media URL, Graph unavailable) does not fail the delivery: the message is stored
// marked unavailable and the download retried in the background.
func (x Expander) waMedia(ctx context.Context, conn connection.Connection, ev channel.Event, kind string, md *waMedia) channel.Event {
	ev.Body = md.Caption
	if x.recorded(ctx, conn, ev) {
		return ev // a retried expansion: stored already, nothing to download
	}
	rel, ctype, err := x.waDownload(ctx, conn, md.ID)
	if err != nil {
		return x.unavailable(ctx, conn, ev, tasks.MetaMedia{MediaID: md.ID, Kind: kind, MimeType: md.MimeType,
			FileName: md.Filename}, err)
	}
	ev.MediaPath, ev.MediaName = rel, md.Filename
	ev.MediaType = message.TypeFor(ctype) // sniffed from the bytes, not Meta's mime_type
	if ev.MediaName == "" {
		ev.MediaName = rel[strings.LastIndex(rel, "/")+1:]
	}
	return ev
}

func unix(s string) time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n == 0 {
		return time.Now()
	}
	return time.Unix(n, 0)
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// replyText is what a tap on one of our menus' buttons or rows says: its id, the number
// the customer would have typed (pkg/menu), so the bot reads it as in a text menu. A
// button of someone else's message (no id of ours) says its title.
func replyText(id, title string) string {
	if _, err := strconv.Atoi(id); err == nil || id == menu.BackID || id == menu.EndID {
		return id
	}
	return title
}
