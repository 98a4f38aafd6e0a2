package message

import (
	"context"
	"maps"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// MediaURL turns a stored path into a signed URL.
type MediaURL interface{ URL(rel string) string }

// Decorate fills media URLs and quoted messages (one query for all quotes).
func Decorate(ctx context.Context, db *gorm.DB, media MediaURL, msgs []Message) error {
	var quoted []int64
	for _, m := range msgs {
		if m.QuotedMsgID != nil {
			quoted = append(quoted, *m.QuotedMsgID)
		}
	}
	byID := map[int64]Message{}
	if len(quoted) > 0 {
		var qs []Message
		if err := db.WithContext(ctx).Where("id IN ? AND company_id = ?", quoted, msgs[0].CompanyID).Find(&qs).Error; err != nil {
			return err
		}
		for _, q := range qs {
			q.MediaURL = mediaURL(media, q)
			byID[q.ID] = q
		}
	}
	for i := range msgs {
		msgs[i].MediaURL = mediaURL(media, msgs[i])
		if msgs[i].QuotedMsgID != nil {
			if q, ok := byID[*msgs[i].QuotedMsgID]; ok {
				msgs[i].QuotedMsg = &q
			}
		}
	}
	return nil
}

// mediaURL signs m's file; a deleted message's file is no longer handed out.
func mediaURL(media MediaURL, m Message) string {
	if m.MediaPath == "" || m.IsDeleted || media == nil {
		return ""
	}
	return media.URL(m.MediaPath)
}

// LiveMedia names the file rel as a live message of the context's company calls it; a
// file that no such message refers to any more (all deleted) is ErrNotFound, so its URLs
// stop serving it.
func LiveMedia(ctx context.Context, db *gorm.DB, rel string) (string, error) {
	q, err := tenant.Scope(ctx, db)
	if err != nil {
		return "", err
	}
	var names []string
	err = q.Model(&Message{}).Where("media_path = ? AND NOT is_deleted", rel).Limit(1).Pluck("media_name", &names).Error
	if err == nil && len(names) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return "", err
	}
	return names[0], nil
}

// Publish announces a message (action create, update or delete) to the ticket's rooms,
// with the ticket and contact the list needs to place it.
func Publish(ctx context.Context, pub realtime.Publisher, action string, m Message, t ticket.Ticket) {
	_ = pub.Publish(ctx, realtime.Event{Rooms: ticket.Rooms(t), Name: realtime.EventName(t.CompanyID, "appMessage"),
		Data:   map[string]any{"action": action, "message": m, "ticket": t, "contact": t.Contact},
		Ticket: ticket.Scope(t, false)})
}

// PublishChanges announces changed messages (a send recorded, a receipt, a reaction) to
// the conversations open on their tickets: only an open conversation shows a message's
// state, and it needs the message alone (as the family's ack events carry), so the tickets
// are read for their rooms only, in one query, and lists are not woken for each receipt.
func PublishChanges(ctx context.Context, db *gorm.DB, media MediaURL, pub realtime.Publisher, msgs []Message) {
	PublishChangesIn(ctx, db, media, pub, msgs, map[int64]ticket.Room{})
}

// PublishChangesIn is PublishChanges with the rooms the caller holds (a receipt's update
// returns its ticket's); the rooms of the other tickets are read, in one query.
func PublishChangesIn(ctx context.Context, db *gorm.DB, media MediaURL, pub realtime.Publisher, msgs []Message, rooms map[int64]ticket.Room) {
	if len(msgs) == 0 {
		return
	}
	var missing []int64
	for _, m := range msgs {
		if _, ok := rooms[m.TicketID]; !ok {
			missing = append(missing, m.TicketID)
		}
	}
	if len(missing) > 0 {
		read, err := ticket.RoomsAcross(ctx, db, missing)
		if err != nil {
			return
		}
		maps.Copy(rooms, read)
	}
	publishChanges(ctx, db, media, pub, msgs, rooms)
}

// publishChanges is PublishChanges with the tickets' rooms already read.
func publishChanges(ctx context.Context, db *gorm.DB, media MediaURL, pub realtime.Publisher, msgs []Message, rooms map[int64]ticket.Room) {
	var events realtime.Collector
	for _, m := range msgs {
		r, ok := rooms[m.TicketID]
		if !ok || r.CompanyID != m.CompanyID {
			continue
		}
		one := []Message{m}
		if Decorate(tenant.With(ctx, m.CompanyID), db, media, one) != nil {
			continue
		}
		_ = events.Publish(ctx, realtime.Event{Rooms: []string{realtime.TicketRoom(r.UUID)},
			Name: realtime.EventName(m.CompanyID, "appMessage"),
			Data: map[string]any{"action": "update", "message": one[0], "ticketId": m.TicketID}})
	}
	_ = realtime.PublishAll(ctx, pub, events.Events)
}

// PreviewMax bounds a ticket's last-message preview: every ticket list carries it.
const PreviewMax = 255

// Preview is the text a ticket shows as its last message, at most PreviewMax characters.
func Preview(m Message) string {
	switch {
	case m.Body != "":
		return channel.Text(m.Body, PreviewMax)
	case m.MediaType == TypeContact:
		return "Contato"
	case m.MediaType == TypeLocation:
		return "Localização"
	case m.MediaName != "":
		return channel.Text(m.MediaName, PreviewMax)
	}
	return m.MediaType
}
