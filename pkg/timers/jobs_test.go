package timers_test

import (
	"slices"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/connection"
	"atende/pkg/hours"
	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
	"atende/pkg/ticket"
)

// NPS: expiresTicketNPS minutes without an update → completion message, closed, autoClose,
// no rating stored; a second run does nothing.
func TestExpireNPS(t *testing.T) {
	a, svc := setup(t)
	events := &recorder{}
	svc.Events = events
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "nps", 0)
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) { c.ExpiresTicketNPS = 30 })
	off := connected(t, a, ten.Company.ID, nil) // expiresTicketNPS 0: never expires
	tk := newTicket(t, a, conn, ticket.StatusNPS, base, func(tk *ticket.Ticket) { tk.UserID = &ten.Attender.ID })
	kept := newTicket(t, a, off, ticket.StatusNPS, base, nil)
	open := newTicket(t, a, conn, ticket.StatusOpen, base, nil)
	job := func(d time.Duration) int { return run(t, func() (int, error) { return svc.ExpireNPS(ctx, at(d)) }) }
	if job(29*time.Minute) != 0 {
		t.Fatal("expired early")
	}
	if n := job(30 * time.Minute); n != 1 {
		t.Fatalf("expired %d tickets, want 1", n)
	}
	got := reload(t, a, tk.ID)
	if got.Status != ticket.StatusClosed || got.AmountUsedBotQueuesNPS != 0 {
		t.Fatalf("after expiry: %+v", got)
	}
	if s := sent(t, a, tk.ID); !equal(s, []string{"Atendimento finalizado."}) {
		t.Fatalf("sent %q", s)
	}
	if l := logs(t, a, tk.ID); l[len(l)-1] != ticket.LogAutoClose {
		t.Fatalf("logs %v", l)
	}
	var ratings int64
	must(t, a.DB.Raw(`SELECT count(*) FROM user_ratings WHERE ticket_id = ?`, tk.ID).Scan(&ratings).Error)
	if ratings != 0 {
		t.Fatal("a rating was stored")
	}
	// Announced to the closed list and to the nps list it left.
	if !events.updated(tk.ID, realtime.StatusRoom(ten.Company.ID, ticket.StatusClosed), realtime.StatusRoom(ten.Company.ID, ticket.StatusNPS)) {
		t.Fatalf("no decorated update to the closed and nps lists: %+v", events.events)
	}
	if job(30*time.Minute) != 0 || job(time.Hour) != 0 || len(sent(t, a, tk.ID)) != 1 {
		t.Fatal("ran again")
	}
	if reload(t, a, kept.ID).Status != ticket.StatusNPS || reload(t, a, open.ID).Status != ticket.StatusOpen {
		t.Fatal("a ticket outside the rule changed")
	}
}

// Redirect: pending, no queue, idle longer than timeSendQueue → sendIdQueue, "redirect"
// log, the episode's queue; no message.
func TestRedirect(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "redir", 0)
	q := testutil.NewQueue(t, a, ten.Company.ID, "Suporte", "#111111")
	other := testutil.NewQueue(t, a, ten.Company.ID, "Vendas", "#222222")
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) { c.TimeSendQueue, c.SendIDQueue = 10, &q.ID })
	off := connected(t, a, ten.Company.ID, func(c *connection.Connection) {
		c.TimeSendQueue, c.SendIDQueue, c.Status = 10, &q.ID, connection.StatusDisconnected
	})
	tk := newTicket(t, a, conn, ticket.StatusPending, base, nil)
	stay := []ticket.Ticket{
		newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID = &other.ID }),
		newTicket(t, a, conn, ticket.StatusOpen, base, nil),
		newTicket(t, a, conn, ticket.StatusLGPD, base, nil),
		newTicket(t, a, off, ticket.StatusPending, base, nil),
	}
	job := func(d time.Duration) int { return run(t, func() (int, error) { return svc.Redirect(ctx, at(d)) }) }
	if job(10*time.Minute) != 0 {
		t.Fatal("redirected at exactly timeSendQueue")
	}
	if n := job(10*time.Minute + time.Second); n != 1 {
		t.Fatalf("redirected %d tickets, want 1", n)
	}
	got := reload(t, a, tk.ID)
	if got.QueueID == nil || *got.QueueID != q.ID || got.Status != ticket.StatusPending {
		t.Fatalf("after redirect: %+v", got)
	}
	if l := logs(t, a, tk.ID); !slices.Contains(l, ticket.LogRedirect) || len(sent(t, a, tk.ID)) != 0 {
		t.Fatalf("logs %v, sent %q", l, sent(t, a, tk.ID))
	}
	var trackQueue *int64
	must(t, a.DB.Raw(`SELECT queue_id FROM ticket_trackings WHERE ticket_id = ? AND finished_at IS NULL`, tk.ID).Scan(&trackQueue).Error)
	if trackQueue == nil || *trackQueue != q.ID {
		t.Fatalf("episode queue %v", trackQueue)
	}
	if job(time.Hour) != 0 {
		t.Fatal("ran again")
	}
	for _, s := range stay {
		if got := reload(t, a, s.ID); !samePtr(got.QueueID, s.QueueID) || got.Status != s.Status {
			t.Errorf("ticket %d (%s) changed: %+v", s.ID, s.Status, got)
		}
	}
}

// Rotation: an unassigned pending ticket goes to an online member of profile user; when
// idle longer than tempoRoteador, to another one; status stays pending.
func TestRotate(t *testing.T) {
	a, svc := setup(t)
	events := &recorder{}
	svc.Events = events
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "rot", 0)
	q := testutil.NewQueue(t, a, ten.Company.ID, "Suporte", "#111111")
	quiet := testutil.NewQueue(t, a, ten.Company.ID, "Vendas", "#222222") // rotation on, nobody online
	must(t, a.DB.Exec(`UPDATE queues SET ativar_roteador = true, tempo_roteador = 10 WHERE id IN ?`, []int64{q.ID, quiet.ID}).Error)
	online := func(email, profile string, on bool, queues ...int64) int64 {
		return staff(t, a, ten.Company.ID, email, profile, on, queues...)
	}
	u1 := online("u1@rot.test", "user", true, q.ID)
	u2 := online("u2@rot.test", "user", true, q.ID)
	online("adm@rot.test", "admin", true, q.ID, quiet.ID) // admins are never picked
	online("off@rot.test", "user", false, q.ID, quiet.ID) // offline
	stranger := online("x@rot.test", "user", true)        // not a member
	conn := connected(t, a, ten.Company.ID, nil)
	tk := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID = &q.ID })
	waiting := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID = &quiet.ID })
	foreign := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID, tk.UserID = &q.ID, &stranger })
	opened := newTicket(t, a, conn, ticket.StatusOpen, base, func(tk *ticket.Ticket) { tk.QueueID = &q.ID })
	job := func(d time.Duration) int { return run(t, func() (int, error) { return svc.Rotate(ctx, at(d)) }) }

	if n := job(0); n != 1 {
		t.Fatalf("rotated %d tickets, want 1", n)
	}
	got := reload(t, a, tk.ID)
	if got.Status != ticket.StatusPending || got.UserID == nil || (*got.UserID != u1 && *got.UserID != u2) {
		t.Fatalf("after the first round: %+v", got)
	}
	first := *got.UserID
	if !events.updated(tk.ID, realtime.StatusRoom(ten.Company.ID, ticket.StatusPending)) {
		t.Fatal("the handover was not announced to the pending list")
	}
	if job(0) != 0 || job(10*time.Minute) != 0 {
		t.Fatal("rotated again before tempoRoteador")
	}
	if n := job(10*time.Minute + time.Second); n != 1 {
		t.Fatalf("re-rotated %d tickets, want 1", n)
	}
	got = reload(t, a, tk.ID)
	if got.UserID == nil || *got.UserID == first || got.Status != ticket.StatusPending || !got.UpdatedAt.Equal(at(10*time.Minute+time.Second)) {
		t.Fatalf("after re-rotation from %d: %+v", first, got)
	}
	if reload(t, a, waiting.ID).UserID != nil || *reload(t, a, foreign.ID).UserID != stranger || reload(t, a, opened.ID).UserID != nil {
		t.Fatal("a ticket outside the rule changed")
	}
}

// isOutOfHour: cleared (with the bot counter) when the company's table is open again, in
// the company's time zone; per scheduleType.
func TestResetOutOfHour(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	// base is Wednesday 12:00 in São Paulo (15:00 UTC).
	morning := hours.Schedules{{Weekday: "Quarta-feira", WeekdayEn: "wednesday", StartTimeA: "08:00", EndTimeA: "11:00"}}
	afternoon := hours.Schedules{{Weekday: "Quarta-feira", WeekdayEn: "wednesday", StartTimeA: "13:00", EndTimeA: "18:00"}}
	flagged := func(tk *ticket.Ticket) { tk.IsOutOfHour, tk.AmountUsedBotQueues = true, 2 }

	company := testutil.NewTenant(t, a, "ooh-company", 0)
	testutil.SetSetting(t, a, company.Company.ID, "scheduleType", "company")
	must(t, a.DB.Exec(`UPDATE companies SET schedules = ? WHERE id = ?`, afternoon, company.Company.ID).Error)
	byCompany := newTicket(t, a, connected(t, a, company.Company.ID, nil), ticket.StatusPending, base, flagged)
	noConn := newTicket(t, a, connected(t, a, company.Company.ID, nil), ticket.StatusPending, base, flagged)
	must(t, a.DB.Exec(`UPDATE tickets SET connection_id = NULL WHERE id = ?`, noConn.ID).Error) // its connection was deleted

	perConn := testutil.NewTenant(t, a, "ooh-conn", 0)
	testutil.SetSetting(t, a, perConn.Company.ID, "scheduleType", "connection")
	openConn := connected(t, a, perConn.Company.ID, func(c *connection.Connection) { c.Schedules = morning; c.ClockOffset = -2 * 3600 })
	closedConn := connected(t, a, perConn.Company.ID, func(c *connection.Connection) { c.Schedules = morning })
	byOpenConn := newTicket(t, a, openConn, ticket.StatusPending, base, flagged) // its clock says 10:00
	byClosedConn := newTicket(t, a, closedConn, ticket.StatusPending, base, flagged)

	perQueue := testutil.NewTenant(t, a, "ooh-queue", 0)
	testutil.SetSetting(t, a, perQueue.Company.ID, "scheduleType", "queue")
	qOpen := testutil.NewQueue(t, a, perQueue.Company.ID, "Aberta", "#111111")
	qClosed := testutil.NewQueue(t, a, perQueue.Company.ID, "Fechada", "#222222")
	must(t, a.DB.Exec(`UPDATE queues SET schedules = ? WHERE id = ?`, afternoon, qClosed.ID).Error)
	qconn := connected(t, a, perQueue.Company.ID, nil)
	byOpenQueue := newTicket(t, a, qconn, ticket.StatusPending, base, func(tk *ticket.Ticket) { flagged(tk); tk.QueueID = &qOpen.ID })
	byClosedQueue := newTicket(t, a, qconn, ticket.StatusPending, base, func(tk *ticket.Ticket) { flagged(tk); tk.QueueID = &qClosed.ID })

	none := testutil.NewTenant(t, a, "ooh-none", 0) // scheduleType disabled: nothing is out of hours
	byNone := newTicket(t, a, connected(t, a, none.Company.ID, nil), ticket.StatusOpen, base, flagged)

	job := func(now time.Time) int { return run(t, func() (int, error) { return svc.ResetOutOfHour(ctx, now) }) }
	if n := job(base); n != 3 {
		t.Fatalf("cleared %d tickets at noon, want 3", n)
	}
	check := func(when string, tk ticket.Ticket, wantFlag bool) {
		t.Helper()
		got := reload(t, a, tk.ID)
		if got.IsOutOfHour != wantFlag || (wantFlag && got.AmountUsedBotQueues != 2) || (!wantFlag && got.AmountUsedBotQueues != 0) {
			t.Errorf("%s: ticket %d flag %v counter %d, want flag %v", when, tk.ID, got.IsOutOfHour, got.AmountUsedBotQueues, wantFlag)
		}
		if !got.UpdatedAt.Equal(base) {
			t.Errorf("%s: ticket %d updated_at moved to %v", when, tk.ID, got.UpdatedAt)
		}
	}
	check("noon", byCompany, true)
	check("noon", noConn, true)
	check("noon", byOpenConn, false)
	check("noon", byClosedConn, true)
	check("noon", byOpenQueue, false)
	check("noon", byClosedQueue, true)
	check("noon", byNone, false)
	if job(base) != 0 {
		t.Fatal("the same tick cleared again")
	}
	// 13:00 in São Paulo is 16:00 UTC: the afternoon tables open.
	if n := job(base.Add(time.Hour)); n != 3 {
		t.Fatalf("cleared %d tickets at 13:00, want 3", n)
	}
	check("13:00", byCompany, false)
	check("13:00", noConn, false)
	check("13:00", byClosedQueue, false)
	check("13:00", byClosedConn, true) // its morning table is closed
}

func samePtr(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// A sendIdQueue that closes its tickets closes the redirected ticket by the normal close
// (decision 6): log "redirect" then "closed", the farewell when waiting tickets get one.
func TestRedirectIntoAClosingQueue(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "redir-close", 0)
	testutil.SetSetting(t, a, ten.Company.ID, "sendFarewellWaitingTicket", "enabled")
	q := queueWith(t, a, ten.Company.ID, "Encerra", "close_ticket = true")
	conn := connected(t, a, ten.Company.ID, func(c *connection.Connection) { c.TimeSendQueue, c.SendIDQueue = 10, &q.ID })
	tk := newTicket(t, a, conn, ticket.StatusPending, base, nil)
	if n := run(t, func() (int, error) { return svc.Redirect(ctx, at(11*time.Minute)) }); n != 1 {
		t.Fatalf("changed %d tickets", n)
	}
	got := reload(t, a, tk.ID)
	if got.Status != ticket.StatusClosed || got.QueueID == nil || *got.QueueID != q.ID {
		t.Fatalf("after redirect: %+v", got)
	}
	if l := logs(t, a, tk.ID); !equal(l[len(l)-2:], []string{ticket.LogRedirect, ticket.LogClosed}) {
		t.Fatalf("logs %v", l)
	}
	if s := sent(t, a, tk.ID); !equal(s, []string{"Atendimento finalizado."}) {
		t.Fatalf("sent %q", s)
	}
}

// Re-rotation moves a ticket only to someone else: the one available member keeps theirs,
// and takes over an idle ticket of an offline member.
func TestRotateWithOneMemberOnline(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "rot-one", 0)
	q := queueWith(t, a, ten.Company.ID, "Suporte", "ativar_roteador = true, tempo_roteador = 10")
	on, off := staff(t, a, ten.Company.ID, "on@rot.test", "user", true, q.ID), staff(t, a, ten.Company.ID, "off@rot.test", "user", false, q.ID)
	conn := connected(t, a, ten.Company.ID, nil)
	mine := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID, tk.UserID = &q.ID, &on })
	theirs := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID, tk.UserID = &q.ID, &off })
	if n := run(t, func() (int, error) { return svc.Rotate(ctx, at(time.Hour)) }); n != 1 {
		t.Fatalf("rotated %d tickets, want 1", n)
	}
	if u := reload(t, a, mine.ID).UserID; u == nil || *u != on {
		t.Fatalf("the only member online lost their ticket (now %v)", u)
	}
	if got := reload(t, a, theirs.ID); got.UserID == nil || *got.UserID != on || !got.UpdatedAt.Equal(at(time.Hour)) {
		t.Fatalf("the offline member's idle ticket: %+v", got)
	}
}

// A customer still choosing among the queue's options keeps the ticket unassigned (the
// options answer only while nobody holds it); once at a leaf, or in a queue without
// options, the ticket is given out.
func TestRotateWaitsForTheOptions(t *testing.T) {
	a, svc := setup(t)
	ctx := t.Context()
	ten := testutil.NewTenant(t, a, "rot-opt", 0)
	q := queueWith(t, a, ten.Company.ID, "Suporte", "ativar_roteador = true")
	u := staff(t, a, ten.Company.ID, "u@rot-opt.test", "user", true, q.ID)
	option := func(parent *int64, name string) int64 {
		var id int64
		must(t, a.DB.Raw(`INSERT INTO chatbots (company_id, queue_id, parent_id, name, greeting_message, queue_type)
			VALUES (?, ?, ?, ?, 'Escolha', 'text') RETURNING id`, ten.Company.ID, q.ID, parent, name).Scan(&id).Error)
		return id
	}
	billing := option(nil, "Financeiro")
	option(&billing, "Boleto")
	leaf := option(nil, "Outros")
	conn := connected(t, a, ten.Company.ID, nil)
	atRoot := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID = &q.ID })
	inSubMenu := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID, tk.ChatbotOptionID = &q.ID, &billing })
	done := newTicket(t, a, conn, ticket.StatusPending, base, func(tk *ticket.Ticket) { tk.QueueID, tk.ChatbotOptionID = &q.ID, &leaf })
	if n := run(t, func() (int, error) { return svc.Rotate(ctx, at(time.Minute)) }); n != 1 {
		t.Fatalf("rotated %d tickets, want 1 (the one done choosing)", n)
	}
	if reload(t, a, atRoot.ID).UserID != nil || reload(t, a, inSubMenu.ID).UserID != nil {
		t.Fatal("a ticket still choosing among the options was given out")
	}
	if got := reload(t, a, done.ID).UserID; got == nil || *got != u {
		t.Fatalf("the ticket at a leaf option: %v", got)
	}
}

// staff adds a user of profile to the company, online or not, as a member of queues.
func staff(t *testing.T, a *app.App, companyID int64, email, profile string, online bool, queues ...int64) int64 {
	t.Helper()
	u := testutil.NewUser(t, a, companyID, email, profile, nil)
	must(t, a.DB.Exec(`UPDATE users SET online = ? WHERE id = ?`, online, u.ID).Error)
	for _, qid := range queues {
		must(t, a.DB.Exec(`INSERT INTO user_queues (user_id, queue_id, company_id) VALUES (?, ?, ?)`, u.ID, qid, companyID).Error)
	}
	return u.ID
}

// queueWith adds a queue to the company with set applied (e.g. "close_ticket = true").
func queueWith(t *testing.T, a *app.App, companyID int64, name, set string) queue.Queue {
	t.Helper()
	q := testutil.NewQueue(t, a, companyID, name, "#111111")
	must(t, a.DB.Exec("UPDATE queues SET "+set+" WHERE id = ?", q.ID).Error)
	return q
}
