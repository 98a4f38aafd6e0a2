package timers_test

import (
	"testing"
	"time"

	"gorm.io/gorm"

	"atende/pkg/app"
	"atende/pkg/connection"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// flowRun starts a run of a new flow of the company on tk, waiting for the customer's reply.
func flowRun(t *testing.T, a *app.App, tk ticket.Ticket) int64 {
	t.Helper()
	var flowID, runID int64
	must(t, a.DB.Raw(`INSERT INTO flows (company_id, name) VALUES (?, 'Boas-vindas') RETURNING id`, tk.CompanyID).Scan(&flowID).Error)
	must(t, a.DB.Raw(`INSERT INTO flow_runs (company_id, ticket_id, flow_id, node_id, status, waiting)
		VALUES (?, ?, ?, 'pergunta', 'waiting', 'reply') RETURNING id`, tk.CompanyID, tk.ID, flowID).Scan(&runID).Error)
	return runID
}

func runStatus(t *testing.T, a *app.App, runID int64) string {
	t.Helper()
	var status string
	must(t, a.DB.Raw(`SELECT status FROM flow_runs WHERE id = ?`, runID).Scan(&status).Error)
	return status
}

// A close clears the ticket's flow state (BEHAVIOUR §6 "Close"): the flow a closed ticket was
// in does not take the customer's next message once the ticket is reopened, whoever closed it
// (a timer's close or an attendant's).
func TestCloseEndsTheFlowRun(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "flowclose", 0)
	q := queueWith(t, a, ten.Company.ID, "Encerra", "close_ticket = true")
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) { c.TimeSendQueue, c.SendIDQueue = 10, &q.ID })

	redirected := newTicket(t, a, conn, ticket.StatusPending, base, nil)
	byTimer := flowRun(t, a, redirected)
	if n := run(t, func() (int, error) { return svc.Redirect(ctx, at(11*time.Minute)) }); n != 1 {
		t.Fatalf("redirect changed %d tickets", n)
	}
	if got := reload(t, a, redirected.ID); got.Status != ticket.StatusClosed {
		t.Fatalf("not closed: %s", got.Status)
	}
	if s := runStatus(t, a, byTimer); s != "stopped" {
		t.Errorf("the timer's close left the flow run %s", s)
	}

	ignored := newTicket(t, a, conn, ticket.StatusPending, at(time.Hour), func(tk *ticket.Ticket) { tk.QueueID = &q.ID })
	byAttendant := flowRun(t, a, ignored)
	if _, err := a.Tickets.Update(tenant.With(ctx, ten.Company.ID), ten.Admin, ignored.ID,
		ticket.UpdateInput{Status: ticket.StatusClosed}); err != nil {
		t.Fatal(err)
	}
	if s := runStatus(t, a, byAttendant); s != "stopped" {
		t.Errorf("the attendant's close left the flow run %s", s)
	}
}

// A ticket warned for inactivity, closed (by its attendant, or by the external API) and
// reopened is warned again before it expires (BEHAVIOUR §6 "Inactivity and expiry": the
// warning goes to tickets idle that long and not yet warned; a close ends the episode the
// warning belonged to). Every close ends the episode's bot state the same way (counters,
// out-of-hours mark), so a reopened ticket also starts the bot afresh.
func TestReopenedTicketIsWarnedAgain(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "rewarn", 0)
	tctx := tenant.With(ctx, ten.Company.ID)
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) {
		c.ExpiresTicket, c.TimeInactiveMessage, c.InactiveMessage = 60, 30, "Ainda está aí?"
	})
	no := false
	closes := map[string]func(tk ticket.Ticket) error{
		"attendant": func(tk ticket.Ticket) error {
			_, err := a.Tickets.Update(tctx, ten.Admin, tk.ID, ticket.UpdateInput{Status: ticket.StatusClosed, SendFarewellMessage: &no})
			return err
		},
		"external API": func(tk ticket.Ticket) error {
			return a.DB.Transaction(func(tx *gorm.DB) error { return ticket.CloseQuietly(tctx, tx, &tk) })
		},
	}
	tickets := map[string]ticket.Ticket{}
	for by := range closes {
		tickets[by] = newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.UserID = &ten.Admin.ID })
	}
	job := func(d time.Duration) int { return run(t, func() (int, error) { return svc.Inactivity(ctx, at(d)) }) }
	if n := job(30 * time.Minute); n != len(tickets) {
		t.Fatalf("warning changed %d tickets", n)
	}
	for by, tk := range tickets {
		// The bot's state of the episode, as an earlier bot turn may have left it.
		must(t, a.DB.Exec(`UPDATE tickets SET amount_used_bot_queues = 2, amount_used_bot_queues_nps = 1, is_out_of_hour = true
			WHERE id = ?`, tk.ID).Error)
		must(t, closes[by](reload(t, a, tk.ID)))
		if got := reload(t, a, tk.ID); got.AmountUsedBotQueues != 0 || got.AmountUsedBotQueuesNPS != 0 || got.IsOutOfHour {
			t.Errorf("closed by the %s: the bot's state stayed: %+v", by, got)
		}
		if _, err := a.Tickets.Update(tctx, ten.Admin, tk.ID, ticket.UpdateInput{Status: ticket.StatusOpen}); err != nil {
			t.Fatal(err)
		}
		must(t, a.DB.Exec(`UPDATE tickets SET updated_at = ? WHERE id = ?`, at(40*time.Minute), tk.ID).Error) // reopened then
	}
	if n := job(70 * time.Minute); n != len(tickets) {
		t.Errorf("30 minutes after the reopening: %d tickets changed, want the warnings", n)
	}
	for by, tk := range tickets {
		got := reload(t, a, tk.ID)
		if got.Status != ticket.StatusOpen || !equal(sent(t, a, tk.ID), []string{"Ainda está aí?", "Ainda está aí?"}) {
			t.Errorf("closed by the %s: status %s, sent %q; want open and warned again", by, got.Status, sent(t, a, tk.ID))
		}
	}
}
