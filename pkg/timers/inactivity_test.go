package timers_test

import (
	"atende/pkg/message"
	"context"
	"sync"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// With a warning configured: warned after timeInactiveMessage idle, closed expiresTicket
// after the warning, with the texts rendered; no rating is asked even when it would apply.
func TestInactivityWarnsThenExpires(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "inact", 0)
	testutil.SetSetting(t, a, ten.Company.ID, "userRating", "enabled")
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) {
		c.ExpiresTicket, c.TimeInactiveMessage = 60, 30
		c.InactiveMessage, c.ExpiresInactiveMessage = "{{name}}, ainda está aí?", "Encerrado por inatividade, {{name}}."
		c.RatingMessage = "Dê uma nota de 0 a 10"
	})
	tk := newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) {
		tk.UserID, tk.UnreadMessages = &ten.Attender.ID, 2
	})
	var name string
	must(t, a.DB.Raw(`SELECT name FROM contacts WHERE id = ?`, tk.ContactID).Scan(&name).Error)
	job := func(d time.Duration) int { return run(t, func() (int, error) { return svc.Inactivity(ctx, at(d)) }) }

	if n := job(29 * time.Minute); n != 0 || len(sent(t, a, tk.ID)) != 0 {
		t.Fatalf("warned before timeInactiveMessage: %d", n)
	}
	if n := job(30 * time.Minute); n != 1 {
		t.Fatalf("warning changed %d tickets", n)
	}
	got := reload(t, a, tk.ID)
	if !got.SendInactiveMessage || got.Status != ticket.StatusOpen || !got.UpdatedAt.Equal(at(30*time.Minute)) || !got.FromMe ||
		got.UnreadMessages != 2 {
		t.Fatalf("after the warning: %+v", got)
	}
	if want := []string{name + ", ainda está aí?"}; !equal(sent(t, a, tk.ID), want) {
		t.Fatalf("warning sent %q, want %q", sent(t, a, tk.ID), want)
	}
	if n := job(30 * time.Minute); n != 0 || len(sent(t, a, tk.ID)) != 1 {
		t.Fatal("the same tick warned twice")
	}
	// expiresTicket counts from the warning: 30 + 60 minutes after the last activity.
	if n := job(89 * time.Minute); n != 0 || reload(t, a, tk.ID).Status != ticket.StatusOpen {
		t.Fatal("expired before expiresTicket had passed since the warning")
	}
	if n := job(90 * time.Minute); n != 1 {
		t.Fatalf("expiry changed %d tickets", n)
	}
	got = reload(t, a, tk.ID)
	if got.Status != ticket.StatusClosed || got.SendInactiveMessage || got.AmountUsedBotQueues != 0 {
		t.Fatalf("after expiry: %+v", got)
	}
	want := []string{name + ", ainda está aí?", "Encerrado por inatividade, " + name + "."}
	if !equal(sent(t, a, tk.ID), want) || got.LastMessage != message.SystemMark+want[1] {
		t.Fatalf("sent %q (preview %q), want %q", sent(t, a, tk.ID), got.LastMessage, want)
	}
	if l := logs(t, a, tk.ID); l[len(l)-1] != ticket.LogAutoClose {
		t.Fatalf("logs %v, want autoClose last", l)
	}
	var open, ratings int64
	must(t, a.DB.Raw(`SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND finished_at IS NULL`, tk.ID).Scan(&open).Error)
	must(t, a.DB.Raw(`SELECT count(*) FROM user_ratings WHERE ticket_id = ?`, tk.ID).Scan(&ratings).Error)
	if open != 0 || ratings != 0 {
		t.Fatalf("episode still open (%d) or rating stored (%d)", open, ratings)
	}
	if n := job(200 * time.Minute); n != 0 {
		t.Fatalf("a closed ticket changed again: %d", n)
	}
}

// Without a warning: closed after expiresTicket idle; an empty expiry text sends nothing.
func TestInactivityExpiresWithoutWarning(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "nowarn", 0)
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) { c.ExpiresTicket = 60 })
	tk := newTicket(t, a, conn, ticket.StatusOpen, base, nil)
	if n := run(t, func() (int, error) { return svc.Inactivity(ctx, at(59*time.Minute)) }); n != 0 {
		t.Fatal("expired early")
	}
	if n := run(t, func() (int, error) { return svc.Inactivity(ctx, at(60*time.Minute)) }); n != 1 {
		t.Fatal("not expired")
	}
	if got := reload(t, a, tk.ID); got.Status != ticket.StatusClosed || len(sent(t, a, tk.ID)) != 0 {
		t.Fatalf("status %s, sent %q", got.Status, sent(t, a, tk.ID))
	}
}

// Only open, non-imported tickets of connected connections; whenExpiresTicket "1" only when
// our message was the last; sandbox connections count when CONNECTED.
func TestInactivityScope(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "scope", 0)
	timed := func(c *connection.Connection) { c.ExpiresTicket = 10 }
	conn := connected(t, a, ten.Company.ID, timed)
	off := connected(t, a, ten.Company.ID, func(c *connection.Connection) { timed(c); c.Status = connection.StatusDisconnected })
	sandbox := connected(t, a, ten.Company.ID, func(c *connection.Connection) { timed(c); c.Channel = connection.ChannelSandbox })
	lastFromUs := connected(t, a, ten.Company.ID, func(c *connection.Connection) { timed(c); c.WhenExpiresTicket = "1" })
	stay := []ticket.Ticket{
		newTicket(t, a, conn, ticket.StatusPending, base, nil),
		newTicket(t, a, conn, ticket.StatusNPS, base, nil),
		newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.Imported = true }),
		newTicket(t, a, conn, ticket.StatusOpen, at(5*time.Minute), nil), // not idle long enough
		newTicket(t, a, off, ticket.StatusOpen, base, nil),
		newTicket(t, a, lastFromUs, ticket.StatusOpen, base, nil), // the customer wrote last
	}
	closes := []ticket.Ticket{
		newTicket(t, a, conn, ticket.StatusOpen, base, nil),
		newTicket(t, a, sandbox, ticket.StatusOpen, base, nil),
		newTicket(t, a, lastFromUs, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.FromMe = true }),
	}
	if n := run(t, func() (int, error) { return svc.Inactivity(ctx, at(10*time.Minute)) }); n != len(closes) {
		t.Fatalf("closed %d tickets, want %d", n, len(closes))
	}
	for _, tk := range stay {
		if got := reload(t, a, tk.ID); got.Status != tk.Status {
			t.Errorf("ticket %d (%s, conn %d) changed to %s", tk.ID, tk.Status, *tk.ConnectionID, got.Status)
		}
	}
	for _, tk := range closes {
		if got := reload(t, a, tk.ID); got.Status != ticket.StatusClosed {
			t.Errorf("ticket %d on conn %d is %s, want closed", tk.ID, *tk.ConnectionID, got.Status)
		}
	}
}

// Two runs at once (two schedulers, a retried task) warn each ticket once.
func TestInactivityTwoRunsAtOnce(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "twice", 0)
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) {
		c.ExpiresTicket, c.TimeInactiveMessage, c.InactiveMessage = 60, 5, "Ainda está aí?"
	})
	var ids []int64
	for range 120 { // more than a batch
		ids = append(ids, newTicket(t, a, conn, ticket.StatusOpen, base, nil).ID)
	}
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := svc.Inactivity(context.WithoutCancel(ctx), at(5*time.Minute))
			if err != nil {
				t.Error(err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	if counts[0]+counts[1] != len(ids) {
		t.Fatalf("runs changed %v tickets, want %d in all", counts, len(ids))
	}
	var dup int64
	must(t, a.DB.Raw(`SELECT count(*) FROM (SELECT ticket_id FROM messages WHERE ticket_id IN ? GROUP BY ticket_id
		HAVING count(*) <> 1) x`, ids).Scan(&dup).Error)
	if dup != 0 {
		t.Fatalf("%d tickets were not warned exactly once", dup)
	}
	if n := run(t, func() (int, error) { return svc.Inactivity(ctx, at(5*time.Minute)) }); n != 0 {
		t.Fatalf("a third run changed %d tickets", n)
	}
}
