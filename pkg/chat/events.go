package chat

import (
	"context"
	"strconv"
	"strings"

	"atende/pkg/realtime"
)

// The spec's chat events, each delivered only to the user rooms of the chat's members
// (every socket of a user is in its user room), so a non-member never receives one:
//   - company-{id}-chat-user-{userId}: a member's chat was created, changed (title, members,
//     their unreads) or deleted / they were removed: {action, record} or {action, id};
//   - company-{id}-chat: a message arrived in one of the member's chats: {action:
//     "new-message", chat, newMessage} (lists and the top bar's unread badge);
//   - company-{id}-chat-{chatId}: the same message for the open conversation.

// toEach sends action about c to each of members on their own chat-user event.
func (s Service) toEach(ctx context.Context, c Chat, members []Member, action string) {
	for _, m := range members {
		data := map[string]any{"action": action, "record": c}
		if action == "delete" {
			data = map[string]any{"action": action, "id": c.ID, "uuid": c.UUID}
		}
		s.publish(ctx, realtime.Event{Rooms: []string{realtime.UserRoom(m.UserID)},
			Name: UserEvent(c.CompanyID, m.UserID), Data: data})
	}
}

// newMessage announces m to the members of c.
func (s Service) newMessage(ctx context.Context, c Chat, m Message) {
	rooms := make([]string, len(c.Users))
	for i, u := range c.Users {
		rooms[i] = realtime.UserRoom(u.UserID)
	}
	data := map[string]any{"action": "new-message", "chat": c, "newMessage": m}
	s.publish(ctx, realtime.Event{Rooms: rooms, Name: realtime.EventName(c.CompanyID, "chat"), Data: data})
	s.publish(ctx, realtime.Event{Rooms: rooms, Name: ChatEvent(c.CompanyID, c.ID), Data: data})
}

func (s Service) publish(ctx context.Context, ev realtime.Event) {
	if s.Events != nil && len(ev.Rooms) > 0 {
		_ = s.Events.Publish(ctx, ev)
	}
}

// UserEvent is company-{id}-chat-user-{userId}.
func UserEvent(companyID, userID int64) string {
	return realtime.EventName(companyID, "chat-user-"+strconv.FormatInt(userID, 10))
}

// ChatEvent is company-{id}-chat-{chatId}.
func ChatEvent(companyID, chatID int64) string {
	return realtime.EventName(companyID, "chat-"+strconv.FormatInt(chatID, 10))
}

// int64Array is a PostgreSQL bigint[] literal.
func int64Array(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}
