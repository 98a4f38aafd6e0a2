package realtime

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func testClient(id Identity, rooms ...string) *client {
	c := &client{id: id, send: make(chan []byte, 8), done: make(chan struct{}), rooms: map[string]struct{}{}}
	for _, r := range rooms {
		c.rooms[r] = struct{}{}
	}
	return c
}

func closedAs(c *client) string {
	select {
	case <-c.done:
		return c.end.reason
	default:
		return ""
	}
}

// Notes about users and companies are applied once per user or company, to the sockets of
// this hub only: gone users and moved token versions close, others leave what they lost.
func TestSocketFollowRecheck(t *testing.T) {
	now := time.Date(2026, 3, 11, 12, 0, 0, 0, time.UTC)
	current := map[int64]Identity{
		1: {UserID: 1, CompanyID: 9, TokenVersion: 2, Profile: "user"}, // demoted, same version
		2: {UserID: 2, CompanyID: 9, TokenVersion: 5, Profile: "user"}, // signed in elsewhere
	}
	reloads := map[int64]int{}
	h := &Hub{
		Now: func() time.Time { return now },
		Reload: func(_ context.Context, id int64) (Identity, error) {
			reloads[id]++
			if cur, ok := current[id]; ok {
				return cur, nil
			}
			return Identity{}, ErrGone
		},
		CompanyEnd: func(context.Context, int64) (time.Time, error) { return now.Add(-time.Hour), nil },
		TicketAccess: func(_ context.Context, id Identity, uuid string) bool {
			return id.Profile == "admin" || uuid == "mine"
		},
	}
	h.init()
	demoted := testClient(Identity{UserID: 1, CompanyID: 9, TokenVersion: 2, Profile: "admin"},
		TicketRoom("other"), TicketRoom("mine"), StatusRoom(9, "open"))
	tab2 := testClient(Identity{UserID: 1, CompanyID: 9, TokenVersion: 2, Profile: "admin"})
	old := testClient(Identity{UserID: 2, CompanyID: 9, TokenVersion: 4})
	gone := testClient(Identity{UserID: 3, CompanyID: 9})
	other := testClient(Identity{UserID: 4, CompanyID: 8})
	for _, c := range []*client{demoted, tab2, old, gone, other} {
		h.add(c)
	}
	for _, p := range []string{"u:1", "u:1", "u:2", "u:3", "k:7", "u:99"} {
		h.Note(p)
	}
	h.apply(context.Background())

	if reloads[1] != 1 || reloads[99] != 0 {
		t.Fatalf("reloads %v: want one per user with sockets here", reloads)
	}
	if _, ok := demoted.rooms[TicketRoom("other")]; ok || len(demoted.rooms) != 2 {
		t.Fatalf("demoted rooms %v", demoted.rooms)
	}
	if _, in := h.members[StatusRoom(9, "open")][demoted]; !in {
		t.Fatal("the demoted socket should stay in its list")
	}
	if _, in := h.members[TicketRoom("other")][demoted]; in {
		t.Fatal("the room the demoted socket left still lists it")
	}
	if open, user, _ := demoted.state(); !open || !user {
		t.Fatal("the demoted socket should stay open and see masked numbers")
	}
	if f := string(<-demoted.send); !strings.Contains(f, "ERR_NO_PERMISSION") || !strings.Contains(f, "ticket-other") {
		t.Fatalf("refusal frame %s", f)
	}
	if closedAs(demoted) != "" || closedAs(tab2) != "" || closedAs(other) != "" {
		t.Fatal("a socket closed that should not have")
	}
	if closedAs(old) != ReasonSessionExpired || !strings.Contains(string(<-old.send), `"tokenVersion":5`) {
		t.Fatal("the older session's socket did not get the takeover and close")
	}
	if closedAs(gone) != ReasonSessionExpired || gone.end.code != websocket.StatusPolicyViolation {
		t.Fatalf("the deleted user's socket: %q", closedAs(gone))
	}

	h.Note("c:9")
	h.apply(context.Background())
	if closedAs(demoted) != ReasonSubscriptionExpired || closedAs(other) != "" {
		t.Fatal("only the expired company's sockets close")
	}
}

// A join checked against an identity that changed meanwhile is checked again.
func TestSocketJoinRechecksChangedIdentity(t *testing.T) {
	c := testClient(Identity{UserID: 1, CompanyID: 9, Profile: "admin"})
	_, gen := c.identity()
	c.mu.Lock()
	c.id.Profile, c.gen = "user", c.gen+1
	c.mu.Unlock()
	if c.set(TicketRoom("x"), true, gen) {
		t.Fatal("a join checked against the old identity was applied")
	}
	h := &Hub{TicketAccess: func(_ context.Context, id Identity, _ string) bool { return id.Profile == "admin" }}
	h.handle(context.Background(), c, clientMessage{Type: "joinChatBox", TicketID: "x"})
	if _, in := c.rooms[TicketRoom("x")]; in {
		t.Fatal("joined with the new identity's permissions")
	}
}
