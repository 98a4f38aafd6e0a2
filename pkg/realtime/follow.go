package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/coder/websocket"

	"atende/pkg/db"
)

// ErrGone is Reload's and CompanyEnd's answer for a user or company that no longer exists.
var ErrGone = errors.New("realtime: user or company gone")

// ErrBlocked is Reload's and CompanyEnd's answer for a company the operator blocked (or is
// deleting): its sockets close with ReasonCompanyBlocked.
var ErrBlocked = errors.New("realtime: company blocked")

// changes are the users and companies notified since the hub last looked: many notes
// about one user cost one reload.
type changes struct {
	mu        sync.Mutex
	users     map[int64]struct{}
	companies map[int64]struct{}
	all       bool // every socket: notifications may have been missed
	wake      chan struct{}
}

// Note follows the signed-in notifications (db.Subscriber, migration 00016): a changed
// user's sockets are checked again, a changed company's end read again. It never blocks
// the listener; the hub's follow loop does the work.
func (h *Hub) Note(payload string) {
	kind, id := db.NoteKind(payload)
	switch kind {
	case "u":
		h.mark(func(ch *changes) { ch.users[id] = struct{}{} })
	case "c":
		h.mark(func(ch *changes) { ch.companies[id] = struct{}{} })
	}
}

// SetLive(true) follows a gap in the notifications: every socket is checked again.
func (h *Hub) SetLive(live bool) {
	if live {
		h.mark(func(ch *changes) { ch.all = true })
	}
}

func (h *Hub) mark(f func(*changes)) {
	h.init()
	ch := &h.changed
	ch.mu.Lock()
	if ch.users == nil {
		ch.users, ch.companies = map[int64]struct{}{}, map[int64]struct{}{}
	}
	f(ch)
	ch.mu.Unlock()
	select {
	case ch.wake <- struct{}{}:
	default:
	}
}

// take hands out what changed and starts again empty.
func (h *Hub) take() (users, companies map[int64]struct{}, all bool) {
	ch := &h.changed
	ch.mu.Lock()
	defer ch.mu.Unlock()
	users, companies, all = ch.users, ch.companies, ch.all
	ch.users, ch.companies, ch.all = nil, nil, false
	return users, companies, all
}

// follow applies changes as they are noted and closes sockets whose company's
// subscription ended, until ctx ends.
func (h *Hub) follow(ctx context.Context) {
	every := h.Sweep
	if every <= 0 {
		every = time.Minute
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.changed.wake:
			h.apply(ctx)
		case <-tick.C:
			h.sweep()
		}
	}
}

func (h *Hub) apply(ctx context.Context) {
	users, companies, all := h.take()
	if all {
		users, companies = h.held()
	}
	for id := range users {
		h.recheckUser(ctx, id)
	}
	for id := range companies {
		h.recheckCompany(ctx, id)
	}
}

// held lists the users and companies with a socket here.
func (h *Hub) held() (users, companies map[int64]struct{}) {
	users, companies = map[int64]struct{}{}, map[int64]struct{}{}
	for _, c := range h.clientsWhere(func(Identity) bool { return true }) {
		id, _ := c.identity()
		users[id.UserID], companies[id.CompanyID] = struct{}{}, struct{}{}
	}
	return users, companies
}

func (h *Hub) clientsWhere(match func(Identity) bool) []*client {
	h.mu.RLock()
	defer h.mu.RUnlock()
	var out []*client
	for c := range h.clients {
		if id, _ := c.identity(); match(id) {
			out = append(out, c)
		}
	}
	return out
}

// recheckUser reloads a user with sockets here, once: a deleted user's sockets and those
// opened with an older token version (password changed, signed in elsewhere, signed out)
// close, the others take the new identity and leave the rooms it may no longer join.
func (h *Hub) recheckUser(ctx context.Context, userID int64) {
	cs := h.clientsWhere(func(id Identity) bool { return id.UserID == userID })
	if len(cs) == 0 || h.Reload == nil {
		return
	}
	cur, err := h.Reload(ctx, userID)
	if err != nil && !errors.Is(err, ErrGone) && !errors.Is(err, ErrBlocked) {
		slog.Warn("realtime: user reload failed, closing its sockets", "user_id", userID, "err", err)
	}
	for _, c := range cs {
		old, _ := c.identity()
		switch {
		case errors.Is(err, ErrGone) || err == nil && cur.CompanyID != old.CompanyID:
			c.close(websocket.StatusPolicyViolation, ReasonSessionExpired)
		case errors.Is(err, ErrBlocked):
			c.close(websocket.StatusPolicyViolation, ReasonCompanyBlocked)
		case err != nil:
			c.close(websocket.StatusTryAgainLater, "reload failed")
		case cur.TokenVersion != old.TokenVersion:
			// The takeover notice the web app already signs out on, unless it holds the new version.
			c.offer(Takeover(old.CompanyID, userID, cur.TokenVersion).frame())
			c.close(websocket.StatusPolicyViolation, ReasonSessionExpired)
		case h.ended(cur):
			c.close(websocket.StatusPolicyViolation, ReasonSubscriptionExpired)
		default:
			h.recheckRooms(ctx, c, cur)
		}
	}
}

// recheckRooms gives c the identity id and leaves, with the refusal a join gets, every
// room id may not join.
func (h *Hub) recheckRooms(ctx context.Context, c *client, id Identity) {
	c.mu.Lock()
	c.id = id
	c.gen++
	c.mu.Unlock()
	for _, room := range c.roomList() {
		if !h.allowed(ctx, id, room) {
			h.set(c, room, false, 0)
			c.offer(refusal(room))
		}
	}
}

// recheckCompany reads a changed company's end once and closes its sockets here if it
// has passed (a due date moved back, a deleted company), or if it was blocked.
func (h *Hub) recheckCompany(ctx context.Context, companyID int64) {
	cs := h.clientsWhere(func(id Identity) bool { return id.CompanyID == companyID })
	if len(cs) == 0 || h.CompanyEnd == nil {
		return
	}
	end, err := h.CompanyEnd(ctx, companyID)
	if err != nil && !errors.Is(err, ErrGone) && !errors.Is(err, ErrBlocked) {
		slog.Warn("realtime: company reload failed, closing its sockets", "company_id", companyID, "err", err)
	}
	for _, c := range cs {
		switch {
		case errors.Is(err, ErrGone):
			c.close(websocket.StatusPolicyViolation, ReasonSessionExpired)
		case errors.Is(err, ErrBlocked):
			c.close(websocket.StatusPolicyViolation, ReasonCompanyBlocked)
		case err != nil:
			c.close(websocket.StatusTryAgainLater, "reload failed")
		default:
			c.mu.Lock()
			c.id.ExpiresAt = end
			id := c.id
			c.mu.Unlock()
			if h.ended(id) {
				c.close(websocket.StatusPolicyViolation, ReasonSubscriptionExpired)
			}
		}
	}
}

// sweep closes the sockets whose company's subscription has ended by now: no query, each
// socket knows its end.
func (h *Hub) sweep() {
	for _, c := range h.clientsWhere(h.ended) {
		c.close(websocket.StatusPolicyViolation, ReasonSubscriptionExpired)
	}
}

func (h *Hub) ended(id Identity) bool {
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	return !id.ExpiresAt.IsZero() && !now().Before(id.ExpiresAt)
}

// refusal is the error frame for a room the client may not be in.
func refusal(room string) []byte {
	frame, _ := json.Marshal(map[string]any{"event": "error", "data": map[string]string{
		"error": "ERR_NO_PERMISSION", "room": room}})
	return frame
}
