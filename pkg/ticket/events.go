package ticket

import (
	"context"

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
