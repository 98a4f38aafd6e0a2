// Package realtime delivers company-scoped events to browsers over WebSocket. Events are
// published through Redis pub/sub so that every api instance delivers them to the sockets it
// holds; rooms decide who receives what, and joins are permission-checked.
package realtime

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// Channel is the Redis pub/sub channel every api instance of one install listens on.
// Pub/sub ignores Redis db numbers, so the db number is part of the name: installs (and
// test runs) sharing a Redis server on different dbs never see each other's events.
func Channel(rdb *redis.Client) string { return fmt.Sprintf("atende:realtime:%d", rdb.Options().DB) }

// Event is one message for the sockets in any of Rooms.
type Event struct {
	Rooms []string `json:"rooms"`
	Name  string   `json:"event"`
	Data  any      `json:"data"`
	// Revoke, when set, closes the user's sockets opened with an older token version
	// (after this event is delivered), so a taken-over session stops receiving data.
	Revoke *Revoke `json:"revoke,omitempty"`
	// MaskNumbers hides contact numbers from profile users (LGPD hide-number setting).
	MaskNumbers bool `json:"maskNumbers,omitempty"`
	// AdminsOnly keeps the event from profile users' sockets in its rooms: it carries what
	// only admins may read (an integration's credentials).
	AdminsOnly bool `json:"adminsOnly,omitempty"`
	// Ticket, on an event about one ticket, keeps it from the sockets of users who may not
	// open that ticket (Identity.Sees): the status and notification rooms hold every
	// attendant of the company, whatever their queues.
	Ticket *TicketScope `json:"ticket,omitempty"`
}

// TicketScope is what the hub needs of an event's ticket to decide who may have it.
type TicketScope struct {
	ID      int64  `json:"id"`
	QueueID int64  `json:"queueId,omitempty"` // 0: none
	UserID  int64  `json:"userId,omitempty"`  // 0: nobody's
	Group   bool   `json:"group,omitempty"`
	Status  string `json:"status"`
	// Drop: a socket that may not have the event is told the ticket is gone instead, so a
	// list that showed it (before a transfer to another queue) drops it.
	Drop bool `json:"drop,omitempty"`
}

// Takeover tells a user's sessions older than tokenVersion that the account was used
// elsewhere (the web app signs them out on it); its Revoke then closes their sockets.
func Takeover(companyID, userID int64, tokenVersion int) Event {
	return Event{
		Rooms:  []string{UserRoom(userID)},
		Name:   EventName(companyID, "auth"),
		Data:   map[string]any{"action": "update", "user": map[string]int64{"id": userID}, "tokenVersion": tokenVersion},
		Revoke: &Revoke{UserID: userID, TokenVersion: tokenVersion},
	}
}

// frame is what a socket receives for ev.
func (ev Event) frame() []byte {
	data, _ := json.Marshal(ev.Data)
	return appendFrame(nil, ev.Name, data)
}

// Revoke names a user and the lowest token version still allowed.
type Revoke struct {
	UserID       int64 `json:"userId"`
	TokenVersion int   `json:"tokenVersion"`
}

// Publisher sends events to every api instance. Services depend on this interface.
type Publisher interface {
	Publish(ctx context.Context, ev Event) error
}

// RedisPublisher publishes on Channel.
type RedisPublisher struct{ RDB *redis.Client }

// Publish encodes ev and publishes it.
func (p RedisPublisher) Publish(ctx context.Context, ev Event) error {
	b, err := encode(ev)
	if err != nil {
		return err
	}
	return p.RDB.Publish(ctx, Channel(p.RDB), b).Err()
}

// Room names. Company rooms carry the company id, so a join check is a prefix check.
func CompanyRoom(companyID int64) string { return fmt.Sprintf("company-%d-mainchannel", companyID) }

// StatusRoom holds the ticket lists showing one status.
func StatusRoom(companyID int64, status string) string {
	return fmt.Sprintf("company-%d-%s", companyID, status)
}

// NotificationRoom holds clients that want notifications.
func NotificationRoom(companyID int64) string {
	return fmt.Sprintf("company-%d-notification", companyID)
}

// PlatformRoom holds every signed-in socket, of every company: the platform's own news
// (announcements) go there.
const PlatformRoom = "platform"

// UserRoom reaches every socket of one user.
func UserRoom(userID int64) string { return fmt.Sprintf("user-%d", userID) }

// TicketRoom holds the conversations open on one ticket.
func TicketRoom(ticketUUID string) string { return "ticket-" + ticketUUID }

// EventName is the spec's company-scoped event name, e.g. company-1-user.
func EventName(companyID int64, kind string) string {
	return fmt.Sprintf("company-%d-%s", companyID, kind)
}

// ToCompany builds an event for every socket of a company.
func ToCompany(companyID int64, kind string, data any) Event {
	return Event{Rooms: []string{CompanyRoom(companyID)}, Name: EventName(companyID, kind), Data: data}
}

// ToCompanyAdmins is ToCompany for the company's admins only: records of admin-only pages
// (integrations, prompts, file lists) that an attendant's socket must not receive.
func ToCompanyAdmins(companyID int64, kind string, data any) Event {
	ev := ToCompany(companyID, kind, data)
	ev.AdminsOnly = true
	return ev
}
