package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atende/pkg/realtime"
)

// TestTicketListLGPD: the LGPD tab (status=lgpd) lists and counts the tickets waiting for
// the customer's privacy consent with the pending tab's visibility: the viewer's queues,
// no queue only for admins and allTicket (the others are told how many they miss), groups
// only with allowGroup, unassigned or their own unless show-all; and never another
// company's. Tickets waiting for a rating (nps) are in no tab, only in the search.
func TestTicketListLGPD(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	A := d.Attender.ID
	lNone := d.ticket(tk{status: "lgpd"}) // the usual one: the bot asks consent before any queue
	lQ1 := d.ticket(tk{status: "lgpd", queue: d.q1})
	lQ3 := d.ticket(tk{status: "lgpd", queue: d.q3})
	lGroup := d.ticket(tk{status: "lgpd", group: true})
	lMate := d.ticket(tk{status: "lgpd", queue: d.q1, user: d.mate.ID})
	pend := d.ticket(tk{queue: d.q1})
	npsA := d.ticket(tk{status: "nps", queue: d.q1, user: A})
	npsNone := d.ticket(tk{status: "nps"})
	b := newDesk(e, "bolt")
	bL := b.ticket(tk{status: "lgpd"})
	bLQ := b.ticket(tk{status: "lgpd", queue: b.q1})
	e.setUser(d.Admin.ID, "all_ticket", "disable") // an admin sees queue-less tickets anyway

	hidden := func(n int) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			t.Helper()
			if got := decode[struct{ HiddenNoQueue int }](t, body).HiddenNoQueue; got != n {
				t.Errorf("hiddenNoQueue = %d, want %d", got, n)
			}
		}
	}
	both := func(checks ...func(*testing.T, []byte)) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			t.Helper()
			for _, c := range checks {
				c(t, body)
			}
		}
	}
	lgpd := func(params ...string) string { return q(append([]string{"status", "lgpd"}, params...)...) }
	e.run(t, []scenario{
		{name: "admin: unassigned lgpd tickets, with those without a queue, no groups", method: "GET", path: lgpd(), token: d.admin, status: 200,
			check: both(ticketsListed(lNone, lQ1, lQ3), hidden(0))},
		{name: "admin: showAll adds other attendants' ones", method: "GET", path: lgpd("showAll", "true"), token: d.admin, status: 200,
			check: ticketsListed(lNone, lQ1, lQ3, lMate)},
		{name: "admin: one queue", method: "GET", path: lgpd("queueIds", fmt.Sprintf("[%d]", d.q3)), token: d.admin, status: 200,
			check: ticketsListed(lQ3, lNone)},
		{name: "attendant: own queues only; the queue-less one is hidden and counted", method: "GET", path: lgpd(), token: d.agent, status: 200,
			check: both(ticketsListed(lQ1), hidden(1))},
		{name: "attendant: showAll is not theirs", method: "GET", path: lgpd("showAll", "true"), token: d.agent, status: 200, check: ticketsListed(lQ1)},
		{name: "attendant: a queue not theirs shows nothing", method: "GET", path: lgpd("queueIds", fmt.Sprintf("[%d]", d.q3)), token: d.agent, status: 200,
			check: ticketsListed()},
		{name: "the pending tab holds no lgpd nor nps ticket", method: "GET", path: q("status", "pending", "showAll", "true"), token: d.admin, status: 200,
			check: ticketsListed(pend)},
		{name: "the open tab holds no nps ticket", method: "GET", path: q("status", "open", "showAll", "true"), token: d.admin, status: 200,
			check: ticketsListed()},
		{name: "nps is found by the search's status filter", method: "GET", path: q("statusFilter", `["nps"]`), token: d.admin, status: 200,
			check: ticketsListed(npsA, npsNone)},
		{name: "lgpd is found by the search's status filter", method: "GET", path: q("statusFilter", `["lgpd"]`), token: d.agent, status: 200,
			check: ticketsListed(lQ1)},
		{name: "company B's lgpd tab: only its own", method: "GET", path: lgpd("showAll", "true"), token: b.admin, status: 200,
			check: ticketsListed(bL, bLQ), absent: []string{lNone.UUID, lQ1.UUID}},
		{name: "company B asking for A's queue reaches nothing of A", method: "GET", path: lgpd("queueIds", fmt.Sprintf("[%d]", d.q1)), token: b.admin,
			status: 200, check: ticketsListed(bL)},
		{name: "company B's search for lgpd: only its own", method: "GET", path: q("statusFilter", `["lgpd"]`), token: b.admin, status: 200,
			check: ticketsListed(bL, bLQ)},
		{name: "company A never sees B's", method: "GET", path: lgpd("showAll", "true"), token: d.admin, status: 200,
			absent: []string{bL.UUID, bLQ.UUID}},
		{name: "signed out", method: "GET", path: lgpd(), status: 401},
	})

	e.setUser(A, "all_ticket", "enable")
	e.setUser(A, "allow_group", true)
	e.run(t, []scenario{
		{name: "allTicket and allowGroup: the queue-less ones and groups show, nothing hidden", method: "GET", path: lgpd(), token: d.agent, status: 200,
			check: both(ticketsListed(lNone, lQ1, lGroup), hidden(0))},
	})

	// The badge counts past the page (and up to CountCap), like the other tabs.
	e.sql(`WITH c AS (INSERT INTO contacts (company_id, name, number)
			SELECT ?, 'Muitos ' || g, '5500' || g FROM generate_series(1, 45) g RETURNING id)
		INSERT INTO tickets (company_id, contact_id, connection_id, status) SELECT ?, c.id, ?, 'lgpd' FROM c`,
		d.Company.ID, d.Company.ID, d.conn)
	count := func(n int, more bool, want int) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			t.Helper()
			p := decode[listPage](t, body)
			if len(p.Tickets) != n || p.HasMore != more || p.Count != want {
				t.Errorf("got %d tickets hasMore=%v count=%d, want %d %v %d", len(p.Tickets), p.HasMore, p.Count, n, more, want)
			}
		}
	}
	e.run(t, []scenario{
		{name: "count: page 1", method: "GET", path: lgpd(), token: d.admin, status: 200, check: count(40, true, 48)},
		{name: "count: page 2", method: "GET", path: lgpd("pageNumber", "2"), token: d.admin, status: 200, check: count(8, false, 48)},
		{name: "count: company B's stays its own", method: "GET", path: lgpd(), token: b.admin, status: 200, check: count(2, false, 2)},
	})
}

// TestTicketIgnoreLGPD: ignoring a ticket that waits for consent closes it without farewell,
// and only admins and userClosePendingTicket may (spec/1 §6; showDashboard, which lets a
// pending ticket be closed, does not reach lgpd ones). The tab's room hears it leave, so
// its list and badge follow; another company's admin can neither close it nor hear it.
func TestTicketIgnoreLGPD(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	refused := d.ticket(tk{status: "lgpd", queue: d.q1})
	byAgent := d.ticket(tk{status: "lgpd", queue: d.q1})
	byAdmin := d.ticket(tk{status: "lgpd"})
	bT := b.ticket(tk{status: "lgpd"})
	e.setUser(d.Attender.ID, "user_close_pending_ticket", "disabled")
	e.setUser(d.Attender.ID, "show_dashboard", "enabled")
	ignore := map[string]any{"status": "closed", "sendFarewellMessage": false, "amountUsedBotQueues": 0}

	// Two sockets on the lgpd tab, one per company; a refused join after each answers once
	// the tab's join was handled (a socket's frames are handled in order).
	tab := func(token string) *websocket.Conn {
		sock := dial(t, e.Srv.URL, token)
		send(t, sock, map[string]string{"type": "joinTickets", "status": "lgpd"})
		send(t, sock, map[string]string{"type": "joinChatBox", "ticketId": "not-a-uuid"})
		if _, ok := next(t, sock, "error", 5*time.Second); !ok {
			t.Fatal("the join was not answered")
		}
		return sock
	}
	aTab, bTab := tab(d.admin), tab(b.admin)

	e.run(t, []scenario{
		put("showDashboard alone may not ignore an lgpd ticket", refused.ID, d.agent, ignore, 403, "ERR_NO_PERMISSION",
			e.row(refused.ID, map[string]string{"status": "lgpd"})),
		put("another company's admin may not either", byAdmin.ID, b.admin, ignore, 404, "ERR_NO_TICKET_FOUND",
			e.row(byAdmin.ID, map[string]string{"status": "lgpd"})),
		put("an admin ignores one", byAdmin.ID, d.admin, ignore, 200, "",
			e.row(byAdmin.ID, map[string]string{"status": "closed", "user_id": "", "amount_used_bot_queues": "0"}, "closed")),
	})
	if f, ok := nextWith(t, aTab, realtime.EventName(d.Company.ID, "ticket"), byAdmin.UUID, 5*time.Second); !ok ||
		!strings.Contains(string(f.Data), `"status":"closed"`) {
		t.Fatal("the lgpd tab did not hear the ticket leave")
	}
	e.setUser(d.Attender.ID, "user_close_pending_ticket", "enabled")
	e.setUser(d.Attender.ID, "show_dashboard", "disabled")
	e.run(t, []scenario{
		put("userClosePendingTicket ignores one", byAgent.ID, d.agent, ignore, 200, "",
			e.row(byAgent.ID, map[string]string{"status": "closed", "amount_used_bot_queues": "0"}, "closed")),
		{name: "it left the tab", method: "GET", path: q("status", "lgpd", "showAll", "true"), token: d.admin, status: 200, check: ticketsListed(refused)},
		put("company B ignores its own", bT.ID, b.admin, ignore, 200, "", e.row(bT.ID, map[string]string{"status": "closed"}, "closed")),
	})
	for _, id := range []int64{byAdmin.ID, byAgent.ID} {
		if got := e.messageBodies(id); len(got) != 0 {
			t.Errorf("ticket %d: ignoring sent %v", id, got)
		}
	}
	// B's tab hears its own close, published after A's: A's, had they reached it, came first.
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	for {
		_, data, err := bTab.Read(ctx)
		if err != nil {
			t.Fatalf("company B's lgpd tab did not hear its own ticket: %v", err)
		}
		if strings.Contains(string(data), byAdmin.UUID) || strings.Contains(string(data), byAgent.UUID) {
			t.Fatalf("company B's lgpd tab heard company A's ticket: %s", data)
		}
		if strings.Contains(string(data), bT.UUID) {
			break
		}
	}
}
