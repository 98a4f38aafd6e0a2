package realtime

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"atende/pkg/metrics"
)

// Identity is who holds a socket; it comes from the verified JWT.
type Identity struct {
	UserID       int64
	CompanyID    int64
	TokenVersion int
	Profile      string
	Super        bool
}

// TicketAccess decides whether id may follow the ticket with uuid. Until a ticket service
// registers one, ticket rooms cannot be joined.
type TicketAccess func(ctx context.Context, id Identity, ticketUUID string) bool

// Hub keeps this process's sockets and their rooms and fans out events read from Redis.
type Hub struct {
	RDB          *redis.Client
	TicketAccess TicketAccess
	// OnUserStatus is called on connect and on every userStatus ping.
	OnUserStatus func(ctx context.Context, id Identity)

	mu      sync.RWMutex
	clients map[*client]struct{}
	ready   chan struct{}
	once    sync.Once
}

type client struct {
	id    Identity
	send  chan []byte
	close func()
	mu    sync.Mutex
	rooms map[string]struct{}
}

func (c *client) in(rooms []string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range rooms {
		if _, ok := c.rooms[r]; ok {
			return true
		}
	}
	return false
}

func (c *client) set(room string, on bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if on {
		c.rooms[room] = struct{}{}
	} else {
		delete(c.rooms, room)
	}
}

func (h *Hub) init() {
	h.once.Do(func() {
		h.clients = map[*client]struct{}{}
		h.ready = make(chan struct{})
	})
}

// Ready is closed once the Redis subscription is live.
func (h *Hub) Ready() <-chan struct{} { h.init(); return h.ready }

// Run subscribes to the event channel and delivers until ctx ends. It resubscribes
// after a Redis outage.
func (h *Hub) Run(ctx context.Context) {
	h.init()
	for ctx.Err() == nil {
		sub := h.RDB.Subscribe(ctx, Channel(h.RDB))
		if _, err := sub.Receive(ctx); err != nil {
			sub.Close()
			slog.Warn("realtime: subscribe failed, retrying", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		select {
		case <-h.ready:
		default:
			close(h.ready)
		}
		for msg := range sub.Channel() {
			h.dispatch([]byte(msg.Payload))
		}
		sub.Close()
	}
}

func (h *Hub) dispatch(payload []byte) {
	ev, frame, err := decode(payload)
	if err != nil {
		slog.Warn("realtime: bad event", "err", err)
		return
	}
	var masked []byte // built for the first profile user in the rooms
	h.mu.RLock()
	var stale []*client
	for c := range h.clients {
		if ev.Name != "" && c.in(ev.Rooms) {
			out := frame
			if ev.Mask && c.id.Profile == "user" {
				if masked == nil {
					masked = maskFrame(frame)
				}
				out = masked
			}
			select {
			case c.send <- out:
				metrics.SocketEvents.Inc()
			default:
				stale = append(stale, c) // a client that can't keep up is dropped, it reconnects
			}
		}
		if r := ev.Revoke; r != nil && c.id.UserID == r.UserID && c.id.TokenVersion < r.TokenVersion {
			stale = append(stale, c)
		}
	}
	h.mu.RUnlock()
	for _, c := range stale {
		c.close()
	}
}

func (h *Hub) add(c *client) {
	h.init()
	h.mu.Lock()
	h.clients[c] = struct{}{}
	h.mu.Unlock()
	metrics.Sockets.Inc()
}

func (h *Hub) remove(c *client) {
	h.mu.Lock()
	_, ok := h.clients[c]
	delete(h.clients, c)
	h.mu.Unlock()
	if ok {
		metrics.Sockets.Dec()
	}
}

// allowed reports whether id may join room.
func (h *Hub) allowed(ctx context.Context, id Identity, room string) bool {
	if uuid, ok := strings.CutPrefix(room, "ticket-"); ok {
		return h.TicketAccess != nil && h.TicketAccess(ctx, id, uuid)
	}
	switch room {
	case CompanyRoom(id.CompanyID), NotificationRoom(id.CompanyID), UserRoom(id.UserID):
		return true
	}
	for _, status := range []string{"open", "pending", "closed", "group", "lgpd", "nps"} {
		if room == StatusRoom(id.CompanyID, status) {
			return true
		}
	}
	return false
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
