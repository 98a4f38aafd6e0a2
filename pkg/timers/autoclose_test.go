package timers_test

import (
	"testing"
	"time"

	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// AutoClose: the company's hoursCloseTicketsAuto closes open tickets idle that many hours,
// silently, once; other statuses, imported tickets and companies without it stay.
func TestAutoClose(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	on := testutil.NewTenant(t, a, "autoclose", 0)
	off := testutil.NewTenant(t, a, "keeps", 0)
	must(t, a.DB.Exec(`INSERT INTO settings (company_id, key, value) VALUES (?, 'hoursCloseTicketsAuto', '2')`, on.Company.ID).Error)
	conn, other := connected(t, a, on.Company.ID, nil), connected(t, a, off.Company.ID, nil)
	tk := newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.UserID = &on.Attender.ID })
	pending := newTicket(t, a, conn, ticket.StatusPending, base, nil)
	imported := newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.Imported = true })
	elsewhere := newTicket(t, a, other, ticket.StatusOpen, base, nil)
	job := func(d time.Duration) int { return run(t, func() (int, error) { return svc.AutoClose(ctx, at(d)) }) }
	if job(119*time.Minute) != 0 {
		t.Fatal("closed early")
	}
	if n := job(2 * time.Hour); n != 1 {
		t.Fatalf("closed %d tickets, want 1", n)
	}
	if got := reload(t, a, tk.ID); got.Status != ticket.StatusClosed {
		t.Fatalf("after the hours: %+v", got)
	}
	if s := sent(t, a, tk.ID); len(s) != 0 {
		t.Fatalf("sent %q", s)
	}
	if l := logs(t, a, tk.ID); l[len(l)-1] != ticket.LogAutoClose {
		t.Fatalf("logs %v", l)
	}
	if job(3*time.Hour) != 0 {
		t.Fatal("ran again")
	}
	for _, id := range []int64{pending.ID, imported.ID, elsewhere.ID} {
		if got := reload(t, a, id); got.Status == ticket.StatusClosed {
			t.Fatalf("ticket %d outside the rule closed", id)
		}
	}
}
