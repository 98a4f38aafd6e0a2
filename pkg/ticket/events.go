package ticket

import (
	"context"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/realtime"
	"atende/pkg/user"
)

// Rooms a ticket's events reach: the lists showing its status, the notification room and
// the conversations open on it.
func Rooms(t Ticket) []string {
	return []string{realtime.StatusRoom(t.CompanyID, t.Status), realtime.NotificationRoom(t.CompanyID),
		realtime.TicketRoom(t.UUID)}
}

// Scope is what the hub needs of t to keep its events from users who may not open it
// (CanSee); drop: those are told it is gone instead.
func Scope(t Ticket, drop bool) *realtime.TicketScope {
	s := &realtime.TicketScope{ID: t.ID, Group: t.IsGroup, Status: t.Status, Drop: drop}
	if t.QueueID != nil {
		s.QueueID = *t.QueueID
	}
	if t.UserID != nil {
		s.UserID = *t.UserID
	}
	return s
}

// Sees is CanSee for the hub: whether u, of queues queueIDs, may have the events of the
// ticket scope s describes.
func Sees(u user.User, queueIDs []int64) func(realtime.TicketScope) bool {
	return func(s realtime.TicketScope) bool {
		t := Ticket{CompanyID: u.CompanyID, IsGroup: s.Group, Status: s.Status}
		if s.QueueID != 0 {
			t.QueueID = &s.QueueID
		}
		if s.UserID != 0 {
			t.UserID = &s.UserID
		}
		return CanSee(u, queueIDs, t)
	}
}

// PublishUpdate announces a changed ticket (action "update"); oldStatus, when different,
// also reaches the lists of the status it left so they drop it.
func PublishUpdate(ctx context.Context, pub realtime.Publisher, t Ticket, oldStatus string) {
	rooms := Rooms(t)
	if oldStatus != "" && oldStatus != t.Status {
		rooms = append(rooms, realtime.StatusRoom(t.CompanyID, oldStatus))
	}
	_ = pub.Publish(ctx, realtime.Event{Rooms: rooms, Name: realtime.EventName(t.CompanyID, "ticket"),
		Data: map[string]any{"action": "update", "ticket": t, "ticketId": t.ID}, Ticket: Scope(t, true)})
}

// PublishDelete announces a removed ticket.
func PublishDelete(ctx context.Context, pub realtime.Publisher, t Ticket) {
	_ = pub.Publish(ctx, realtime.Event{Rooms: Rooms(t), Name: realtime.EventName(t.CompanyID, "ticket"),
		Data: map[string]any{"action": "delete", "ticketId": t.ID}})
}

// PublishUnread announces a ticket whose messages were read.
func PublishUnread(ctx context.Context, pub realtime.Publisher, t Ticket) {
	_ = pub.Publish(ctx, realtime.Event{Rooms: Rooms(t), Name: realtime.EventName(t.CompanyID, "ticket"),
		Data: map[string]any{"action": "updateUnread", "ticketId": t.ID}, Ticket: Scope(t, false)})
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
