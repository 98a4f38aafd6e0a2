package realtime

import (
	"testing"
)

// An event reaches the members of its rooms, once each however many of its rooms they are
// in, and nobody else; a room left, or a socket gone, no longer counts.
func TestDispatchReachesRoomMembersOnce(t *testing.T) {
	h := &Hub{}
	h.init()
	both := testClient(Identity{UserID: 1, CompanyID: 9}, CompanyRoom(9), StatusRoom(9, "open"))
	list := testClient(Identity{UserID: 2, CompanyID: 9}, StatusRoom(9, "open"))
	other := testClient(Identity{UserID: 3, CompanyID: 8}, CompanyRoom(8))
	for _, c := range []*client{both, list, other} {
		h.add(c)
	}
	publish := func(rooms ...string) {
		b, err := encode(Event{Rooms: rooms, Name: "company-9-appMessage", Data: map[string]int{"n": 1}})
		if err != nil {
			t.Fatal(err)
		}
		h.dispatch(b)
	}
	publish(CompanyRoom(9), StatusRoom(9, "open"))
	if len(both.send) != 1 || len(list.send) != 1 || len(other.send) != 0 {
		t.Fatalf("queued %d, %d, %d frames: want 1, 1, 0", len(both.send), len(list.send), len(other.send))
	}

	_, gen := list.identity()
	h.set(list, StatusRoom(9, "open"), false, gen)
	h.remove(both)
	h.set(both, TicketRoom("late"), true, 0) // a join read after the socket ended
	publish(StatusRoom(9, "open"), TicketRoom("late"))
	if len(both.send) != 1 || len(list.send) != 1 {
		t.Fatalf("frames reached a socket that left (%d, %d)", len(both.send), len(list.send))
	}
	if len(h.members) != 1 { // the other company's room only
		t.Fatalf("rooms left in the index: %v", h.members)
	}
}

// An event's cost at the hub with many sockets open, few of them in its rooms (an ack for
// a conversation two attendants have open, in a process holding a thousand sockets).
func BenchmarkDispatchAmongManySockets(b *testing.B) {
	h := &Hub{}
	h.init()
	for i := range 1000 {
		c := testClient(Identity{UserID: int64(i), CompanyID: int64(i % 50)}, CompanyRoom(int64(i%50)))
		c.send = make(chan []byte, 1<<20)
		h.add(c)
	}
	for _, id := range []int64{1, 51} {
		c := testClient(Identity{UserID: 10000 + id, CompanyID: 1}, TicketRoom("open-one"))
		c.send = make(chan []byte, 1<<20)
		h.add(c)
	}
	payload, err := encode(Event{Rooms: []string{TicketRoom("open-one")}, Name: "company-1-appMessage", Data: map[string]int{"ack": 3}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		h.dispatch(payload)
	}
}
