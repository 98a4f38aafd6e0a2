package api_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// An attendant's socket in the status and notification rooms (which every attendant of the
// company may join) gets the events of the tickets they may open, and no other's: not the
// messages of another queue's tickets, and, for a ticket moved out of their reach, its
// removal instead of its new state. An admin gets them all. The second api instance holds
// the sockets, so a change of the attendant's queues reaches it by notification.
func TestSocketOnlyCarriesTicketsTheUserMaySee(t *testing.T) {
	f := newFollow(t)
	mine := f.ticket(tk{queue: f.q1, status: "pending"})
	other := f.ticket(tk{queue: f.q3, user: f.Attender.ID, status: "open"})
	noQueue := f.ticket(tk{status: "pending"})
	lists := []map[string]string{{"type": "joinNotification"}, statusList("pending"), statusList("open")}

	mate := dial(t, f.srv2, f.mateTk) // queue q1 only
	joined(t, mate, append(lists, chatBox(mine))...)
	admin := dial(t, f.srv2, f.admin)
	joined(t, admin, lists...)

	f.customerSays(mine, "da fila dele")
	f.hears(mate, "da fila dele")
	f.deaf(mate, other, "de outra fila")
	f.deaf(mate, noQueue, "sem fila")
	f.hears(admin, "de outra fila")
	f.hears(admin, "sem fila")

	// Transferred to a queue the attendant lacks: they are told it is gone.
	ctx := tenant.With(context.Background(), f.Company.ID)
	moved, err := ticket.Get(ctx, f.e.App.DB, mine.ID)
	if err != nil {
		t.Fatal(err)
	}
	moved.QueueID = &f.q3
	ticket.PublishUpdate(ctx, f.e.App.Events, moved, "")
	fr, ok := next(t, mate, "company-"+strconv.FormatInt(f.Company.ID, 10)+"-ticket", 5*time.Second)
	if !ok || string(fr.Data) != `{"action":"delete","ticketId":`+strconv.FormatInt(mine.ID, 10)+`}` {
		t.Fatalf("the attendant got %s for a ticket moved out of their queues, want its removal", fr.Data)
	}
	if fr, ok := nextWith(t, admin, fr.Event, `"action":"update"`, 5*time.Second); !ok {
		t.Fatalf("the admin did not get the update: %s", fr.Data)
	}

	// The attendant loses queue q1: its tickets' events stop reaching them.
	if st, body := f.e.call("PUT", "/users/"+itoa(f.mate.ID), f.admin,
		map[string]any{"queueIds": []int64{f.q2}}, ""); st != 200 {
		t.Fatalf("update queues: %d %s", st, body)
	}
	refused(t, mate, realtime.TicketRoom(mine.UUID))
	f.deaf(mate, mine, "depois")
}
