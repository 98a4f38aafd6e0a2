package ticket

import (
	"context"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/realtime"
)

// Rooms a ticket's events reach: the lists showing its status, the notification room and
// the conversations open on it.
func Rooms(t Ticket) []string {
	return []string{realtime.StatusRoom(t.CompanyID, t.Status), realtime.NotificationRoom(t.CompanyID),
		realtime.TicketRoom(t.UUID)}
}

// PublishUpdate announces a changed ticket (action "update"); oldStatus, when different,
// also reaches the lists of the status it left so they drop it.
func PublishUpdate(ctx context.Context, pub realtime.Publisher, t Ticket, oldStatus string) {
	rooms := Rooms(t)
	if oldStatus != "" && oldStatus != t.Status {
		rooms = append(rooms, realtime.StatusRoom(t.CompanyID, oldStatus))
	}
	_ = pub.Publish(ctx, realtime.Event{Rooms: rooms, Name: realtime.EventName(t.CompanyID, "ticket"),
		Data: map[string]any{"action": "update", "ticket": t, "ticketId": t.ID}})
}

// PublishDelete announces a removed ticket.
func PublishDelete(ctx context.Context, pub realtime.Publisher, t Ticket) {
	_ = pub.Publish(ctx, realtime.Event{Rooms: Rooms(t), Name: realtime.EventName(t.CompanyID, "ticket"),
		Data: map[string]any{"action": "delete", "ticketId": t.ID}})
}

// PublishUnread announces a ticket whose messages were read.
func PublishUnread(ctx context.Context, pub realtime.Publisher, t Ticket) {
	_ = pub.Publish(ctx, realtime.Event{Rooms: Rooms(t), Name: realtime.EventName(t.CompanyID, "ticket"),
		Data: map[string]any{"action": "updateUnread", "ticketId": t.ID}})
}

// Room is what a message's change needs of its ticket: whose it is and its room.
type Room struct {
	ID        int64
	CompanyID int64
	UUID      string
}

// RoomsAcross reads the rooms of tickets of several companies by id, in one query.
func RoomsAcross(ctx context.Context, db *gorm.DB, ids []int64) (map[int64]Room, error) {
	out := make(map[int64]Room, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Room
	if err := db.WithContext(ctx).Table("tickets").Select("id", "company_id", "uuid").
		Where("id = ANY(?::bigint[])", atdb.Int64s(ids)).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
