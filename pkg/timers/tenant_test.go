package timers_test

import (
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// Every job reads each company's own settings and changes only that company's tickets,
// even where rows point across companies (a sendIdQueue or a queue member of another one).
func TestJobsStayInTheirCompany(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	coA, coB := testutil.NewTenant(t, a, "co-a", 0), testutil.NewTenant(t, a, "co-b", 0)
	queueA := testutil.NewQueue(t, a, coA.Company.ID, "Fila A", "#111111")
	queueB := testutil.NewQueue(t, a, coB.Company.ID, "Fila B", "#222222")
	connA := connected(t, a, coA.Company.ID, func(c *connection.Connection) {
		c.ExpiresTicket, c.ExpiresTicketNPS, c.TimeSendQueue, c.SendIDQueue = 10, 10, 10, &queueA.ID
	})
	connB := connected(t, a, coB.Company.ID, func(c *connection.Connection) {
		c.ExpiresTicket, c.ExpiresTicketNPS = 60, 60
		c.TimeSendQueue, c.SendIDQueue = 10, &queueA.ID // another company's queue: ignored
	})
	must(t, a.DB.Exec(`UPDATE queues SET ativar_roteador = true WHERE id = ?`, queueB.ID).Error)
	must(t, a.DB.Exec(`UPDATE users SET online = true WHERE id = ?`, coA.Attender.ID).Error)
	must(t, a.DB.Exec(`INSERT INTO user_queues (user_id, queue_id, company_id) VALUES (?, ?, ?)`,
		coA.Attender.ID, queueB.ID, coB.Company.ID).Error) // a foreign member: never picked

	openA, openB := newTicket(t, a, connA, ticket.StatusOpen, base, nil), newTicket(t, a, connB, ticket.StatusOpen, base, nil)
	npsA, npsB := newTicket(t, a, connA, ticket.StatusNPS, base, nil), newTicket(t, a, connB, ticket.StatusNPS, base, nil)
	waitA, waitB := newTicket(t, a, connA, ticket.StatusPending, base, nil), newTicket(t, a, connB, ticket.StatusPending, base, nil)
	rotB := newTicket(t, a, connB, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID = &queueB.ID })

	now := at(11 * time.Minute)
	for name, job := range map[string]func() (int, error){
		"inactivity": func() (int, error) { return svc.Inactivity(ctx, now) },
		"nps":        func() (int, error) { return svc.ExpireNPS(ctx, now) },
		"redirect":   func() (int, error) { return svc.Redirect(ctx, now) },
		"rotation":   func() (int, error) { return svc.Rotate(ctx, now) },
	} {
		if n := run(t, job); n != map[string]int{"inactivity": 1, "nps": 1, "redirect": 1, "rotation": 0}[name] {
			t.Errorf("%s changed %d tickets", name, n)
		}
	}
	if reload(t, a, openA.ID).Status != ticket.StatusClosed || reload(t, a, npsA.ID).Status != ticket.StatusClosed {
		t.Error("company A's due tickets were not closed")
	}
	if q := reload(t, a, waitA.ID).QueueID; q == nil || *q != queueA.ID {
		t.Error("company A's waiting ticket was not redirected")
	}
	for _, tk := range []ticket.Ticket{openB, npsB, waitB, rotB} {
		got := reload(t, a, tk.ID)
		if got.Status != tk.Status || !samePtr(got.QueueID, tk.QueueID) || got.UserID != nil || len(sent(t, a, tk.ID)) != 0 {
			t.Errorf("company B's ticket %d (%s) changed: %+v", tk.ID, tk.Status, got)
		}
	}
}
