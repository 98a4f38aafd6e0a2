package realtime

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"

	"atende/pkg/metrics"
)

// Identity is who holds a socket; it comes from the verified JWT and follows the user's
// row while the socket is open (Hub.Reload).
type Identity struct {
	UserID       int64
	CompanyID    int64
	TokenVersion int
	Profile      string
	Super        bool
	// ExpiresAt is when the company's subscription ends (zero: never); the socket closes then.
	ExpiresAt time.Time
	// Sees reports whether the user may open a ticket (ticket.CanSee); nil: every ticket of
	// the company (admins).
	Sees func(TicketScope) bool
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
	// Reload reads the current identity of a user whose row changed (ErrGone: deleted), and
	// CompanyEnd when a changed company's subscription ends (zero: never). Without them
	// sockets keep the identity they opened with.
	Reload     func(ctx context.Context, userID int64) (Identity, error)
	CompanyEnd func(ctx context.Context, companyID int64) (time.Time, error)
	// Sweep is how often sockets are checked against their company's end, which comes with
	// the clock and no write (a minute when zero); Now is the clock (tests move it).
	Sweep time.Duration
	Now   func() time.Time

	mu      sync.RWMutex
	clients map[*client]struct{}
	// members indexes the clients by room (under mu, with each client's own rooms): an
	// event visits its rooms' members, not every socket of the process.
	members map[string]map[*client]struct{}
	ready   chan struct{}
	once    sync.Once
	changed changes
}

type client struct {
	send chan []byte
	done chan struct{} // closed by close; end says why
	once sync.Once
	end  closing

	mu     sync.Mutex
	id     Identity
	gen    int // bumped when id changes: a join checked against an older id is checked again
	rooms  map[string]struct{}
	closed bool // no event is queued after the close, while the socket drains what was
}

// closing is the close frame a socket ends with.
type closing struct {
	code   websocket.StatusCode
	reason string
}

// Close reasons the web app reads: the session or the subscription is over.
const (
	ReasonSessionExpired      = "ERR_SESSION_EXPIRED"
	ReasonSubscriptionExpired = "ERR_SUBSCRIPTION_EXPIRED"
	ReasonCompanyBlocked      = "ERR_COMPANY_BLOCKED"
)

func (c *client) close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		c.end = closing{code, reason}
		close(c.done)
	})
}

// offer queues a frame unless the client is full.
func (c *client) offer(frame []byte) {
	select {
	case c.send <- frame:
	default:
	}
}

func (c *client) identity() (Identity, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.id, c.gen
}

// state reports whether the client still takes events, whether it is a profile user's
// (numbers masked, admins' events kept from it) and which tickets it may have.
func (c *client) state() (open, user bool, sees func(TicketScope) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.closed, c.id.Profile == "user", c.id.Sees
}

// set joins or leaves room; a join checked against identity generation gen is refused
// (false) when the identity changed since. Hub.set keeps the room index with it.
func (c *client) set(room string, on bool, gen int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !on {
		delete(c.rooms, room)
		return true
	}
	if gen != c.gen {
		return false
	}
	c.rooms[room] = struct{}{}
	return true
}

// roomList is a copy of the client's rooms.
func (c *client) roomList() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	rooms := make([]string, 0, len(c.rooms))
	for r := range c.rooms {
		rooms = append(rooms, r)
	}
	return rooms
}

func (h *Hub) init() {
	h.once.Do(func() {
		h.clients = map[*client]struct{}{}
		h.members = map[string]map[*client]struct{}{}
		h.ready = make(chan struct{})
		h.changed.wake = make(chan struct{}, 1)
	})
}

// Ready is closed once the Redis subscription is live.
func (h *Hub) Ready() <-chan struct{} { h.init(); return h.ready }

// Run subscribes to the event channel and delivers until ctx ends. It resubscribes
// after a Redis outage. Meanwhile it follows changed users and companies (follow.go).
func (h *Hub) Run(ctx context.Context) {
	h.init()
	go h.follow(ctx)
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
	h.mu.RLock()
	var stale, revoked []*client
	if ev.Name != "" {
		stale = h.deliver(ev, frame)
	}
	if r := ev.Revoke; r != nil {
		for c := range h.clients {
			if id, _ := c.identity(); id.UserID == r.UserID && id.TokenVersion < r.TokenVersion {
				revoked = append(revoked, c)
			}
		}
	}
	h.mu.RUnlock()
	for _, c := range stale {
		c.close(websocket.StatusTryAgainLater, "too slow")
	}
	for _, c := range revoked {
		c.close(websocket.StatusPolicyViolation, ReasonSessionExpired)
	}
}

// deliver queues frame for every open client in ev's rooms, once each (profile users'
// numbers masked, none for an admins' event, and a ticket's only to those who may open
// it), and returns those too slow to take it (h.mu held).
func (h *Hub) deliver(ev header, frame []byte) (stale []*client) {
	rooms := ev.Rooms
	var masked, gone []byte // built for the first socket that needs them
	for i, r := range rooms {
		for c := range h.members[r] {
			if h.inAny(c, rooms[:i]) {
				continue // delivered (or refused) for an earlier room of the event
			}
			open, user, sees := c.state()
			if !open || (ev.Admins && user) {
				continue
			}
			out := frame
			if ev.Mask && user {
				if masked == nil {
					masked = maskFrame(frame)
				}
				out = masked
			}
			if t := ev.Ticket; t != nil && sees != nil && !sees(*t) {
				if !t.Drop {
					continue
				}
				if gone == nil {
					gone = goneFrame(ev.Name, t.ID)
				}
				out = gone
			}
			select {
			case c.send <- out:
				metrics.SocketEvents.Inc()
			default:
				stale = append(stale, c) // a client that can't keep up is dropped, it reconnects
			}
		}
	}
	return stale
}

// inAny reports whether c is a member of any of rooms (h.mu held).
func (h *Hub) inAny(c *client, rooms []string) bool {
	for _, r := range rooms {
		if _, ok := h.members[r][c]; ok {
			return true
		}
	}
	return false
}

func (h *Hub) add(c *client) {
	h.init()
	h.mu.Lock()
	h.clients[c] = struct{}{}
	for _, r := range c.roomList() {
		h.index(r, c, true)
	}
	h.mu.Unlock()
	metrics.Sockets.Inc()
}

func (h *Hub) remove(c *client) {
	h.mu.Lock()
	_, ok := h.clients[c]
	delete(h.clients, c)
	for _, r := range c.roomList() {
		h.index(r, c, false)
	}
	h.mu.Unlock()
	if ok {
		metrics.Sockets.Dec()
	}
}

// set joins c to room or takes it out, as client.set does, and keeps the index with it. A
// client no longer in the hub (its socket ended) is not indexed again.
func (h *Hub) set(c *client, room string, on bool, gen int) bool {
	h.init()
	h.mu.Lock()
	defer h.mu.Unlock()
	if !c.set(room, on, gen) {
		return false
	}
	_, here := h.clients[c]
	h.index(room, c, on && here)
	return true
}

// index adds c to room's members, or removes it (h.mu held for writing).
func (h *Hub) index(room string, c *client, on bool) {
	m := h.members[room]
	if on {
		if m == nil {
			m = map[*client]struct{}{}
			h.members[room] = m
		}
		m[c] = struct{}{}
		return
	}
	delete(m, c)
	if len(m) == 0 {
		delete(h.members, room)
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
