package api_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/ticket"
)

// q builds a /tickets query.
func q(params ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(params); i += 2 {
		v.Set(params[i], params[i+1])
	}
	return "/tickets?" + v.Encode()
}

func TestTicketListVisibility(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	A, M := d.Attender.ID, d.mate.ID
	oA := d.ticket(tk{status: "open", queue: d.q1, user: A})
	oM := d.ticket(tk{status: "open", queue: d.q1, user: M})
	oQ3 := d.ticket(tk{status: "open", queue: d.q3, user: M})
	pU := d.ticket(tk{queue: d.q1})
	pM := d.ticket(tk{queue: d.q2, user: M})
	pQ3 := d.ticket(tk{queue: d.q3})
	pNone := d.ticket(tk{})
	g1 := d.ticket(tk{status: "group", group: true})
	pG := d.ticket(tk{queue: d.q1, group: true})
	cA := d.ticket(tk{status: "closed", queue: d.q1, user: A})
	cM := d.ticket(tk{status: "closed", queue: d.q1, user: M})
	b := newDesk(e, "bolt")
	bOpen := b.ticket(tk{status: "open", queue: b.q1, user: b.Admin.ID})

	e.run(t, []scenario{
		{name: "attendant: own open tickets only", method: "GET", path: q("status", "open"), token: d.agent, status: 200, check: ticketsListed(oA)},
		{name: "attendant: showAll is not theirs to ask", method: "GET", path: q("status", "open", "showAll", "true"), token: d.agent, status: 200, check: ticketsListed(oA)},
		{name: "attendant: pending unassigned of own queues", method: "GET", path: q("status", "pending"), token: d.agent, status: 200, check: ticketsListed(pU)},
		{name: "attendant: no group tab without allowGroup", method: "GET", path: q("status", "group"), token: d.agent, status: 200, check: ticketsListed()},
		{name: "attendant: own closed", method: "GET", path: q("status", "closed"), token: d.agent, status: 200, check: ticketsListed(cA)},
		{name: "attendant: search view", method: "GET", path: q("searchParam", ""), token: d.agent, status: 200, check: ticketsListed(oA, pU, cA)},
		{name: "attendant: a queue not theirs shows nothing", method: "GET", path: q("status", "pending", "queueIds", fmt.Sprintf("[%d]", d.q3)), token: d.agent, status: 200, check: ticketsListed()},
		{name: "admin: own open only without showAll", method: "GET", path: q("status", "open"), token: d.admin, status: 200, check: ticketsListed()},
		{name: "admin: showAll open", method: "GET", path: q("status", "open", "showAll", "true"), token: d.admin, status: 200, check: ticketsListed(oA, oM, oQ3)},
		{name: "admin: pending unassigned, with those without a queue", method: "GET", path: q("status", "pending"), token: d.admin, status: 200,
			check: ticketsListed(pU, pQ3, pNone)},
		{name: "admin: pending showAll", method: "GET", path: q("status", "pending", "showAll", "true"), token: d.admin, status: 200,
			check: ticketsListed(pU, pM, pQ3, pNone)},
		{name: "admin: closed showAll", method: "GET", path: q("status", "closed", "showAll", "true"), token: d.admin, status: 200, check: ticketsListed(cA, cM)},
		{name: "admin: search sees every ticket but groups", method: "GET", path: q("status", "search"), token: d.admin, status: 200,
			check: ticketsListed(oA, oM, oQ3, pU, pM, pQ3, pNone, cA, cM)},
		{name: "admin: search in one queue", method: "GET", path: q("queueIds", fmt.Sprintf("[%d]", d.q3)), token: d.admin, status: 200, check: ticketsListed(oQ3, pQ3)},
		{name: "other company's admin sees only their own", method: "GET", path: q("status", "open", "showAll", "true"), token: b.admin, status: 200,
			check: ticketsListed(bOpen)},
		{name: "other company's search reaches nothing of acme", method: "GET", path: q("searchParam", "acme"), token: b.admin, status: 200, check: ticketsListed()},
	})

	e.setUser(A, "all_ticket", "enable")
	e.setUser(A, "allow_group", true)
	e.run(t, []scenario{
		{name: "allTicket shows tickets without queue, allowGroup groups", method: "GET", path: q("status", "pending"), token: d.agent, status: 200,
			check: ticketsListed(pU, pNone, pG)},
		{name: "allowGroup opens the group tab", method: "GET", path: q("status", "group"), token: d.agent, status: 200, check: ticketsListed(g1)},
	})
	e.setUser(A, "all_ticket", "disable")
	e.setUser(A, "allow_group", false)
	e.setUser(A, "all_user_chat", "enabled")
	e.run(t, []scenario{
		{name: "allUserChat honours showAll on open", method: "GET", path: q("status", "open", "showAll", "true"), token: d.agent, status: 200, check: ticketsListed(oA, oM)},
		{name: "allUserChat honours showAll on pending", method: "GET", path: q("status", "pending", "showAll", "true"), token: d.agent, status: 200, check: ticketsListed(pU, pM)},
		{name: "allUserChat without showAll", method: "GET", path: q("status", "pending"), token: d.agent, status: 200, check: ticketsListed(pU)},
		{name: "allUserChat: selected queues", method: "GET", path: q("status", "pending", "showAll", "true", "queueIds", fmt.Sprintf("[%d]", d.q2)), token: d.agent, status: 200, check: ticketsListed(pM)},
		{name: "allUserChat: search across owners", method: "GET", path: q(), token: d.agent, status: 200, check: ticketsListed(oA, oM, pU, pM, cA, cM)},
	})
}

func TestTicketListFilters(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	A := d.Attender.ID
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	old := time.Now().AddDate(0, 0, -3)
	maria := d.ticket(tk{name: "Maria Souza", number: "5511987650001", status: "open", queue: d.q1, user: A, unread: 2})
	joao := d.ticket(tk{name: "João", queue: d.q2, conn: d.conn2, created: old})
	touched := d.ticket(tk{status: "closed", queue: d.q1, user: A, created: old.Add(-24 * time.Hour), updated: old})
	plain := d.ticket(tk{queue: d.q1})
	x, y := d.tag("x", 0), d.tag("y", 1)
	e.sql("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?)",
		maria.ID, x, d.Company.ID, maria.ID, y, d.Company.ID, joao.ID, x, d.Company.ID)
	e.sql("INSERT INTO messages (company_id, ticket_id, body) VALUES (?, ?, 'O pedido 12345 está ATRASADO')", d.Company.ID, plain.ID)
	// The bot's menu, which every answered ticket shares, is not what a search looks for.
	e.sql("INSERT INTO messages (company_id, ticket_id, body, from_me) VALUES (?, ?, ?, true)", d.Company.ID, joao.ID,
		message.Marked("Escolha o setor: 1 - Financeiro, 2 - Atrasos"))
	day := old.In(sp).Format(time.DateOnly)
	ids := func(n ...int64) string { return strings.ReplaceAll(fmt.Sprint(n), " ", ",") }

	e.run(t, []scenario{
		{name: "search by name, any case", method: "GET", path: q("searchParam", "maria"), token: d.admin, status: 200, check: ticketsListed(maria)},
		{name: "search by number fragment", method: "GET", path: q("searchParam", "98765"), token: d.admin, status: 200, check: ticketsListed(maria)},
		{name: "message bodies only when asked", method: "GET", path: q("searchParam", "atrasado"), token: d.admin, status: 200, check: ticketsListed()},
		{name: "searchOnMessages", method: "GET", path: q("searchParam", "atrasado", "searchOnMessages", "true"), token: d.admin, status: 200, check: ticketsListed(plain)},
		{name: "searchOnMessages skips the system's texts", method: "GET", path: q("searchParam", "financeiro", "searchOnMessages", "true"), token: d.admin, status: 200, check: ticketsListed()},
		{name: "searchOnMessages still matches names", method: "GET", path: q("searchParam", "MARIA", "searchOnMessages", "true"), token: d.admin, status: 200, check: ticketsListed(maria)},
		{name: "LIKE wildcards are literal", method: "GET", path: q("searchParam", "%", "searchOnMessages", "true"), token: d.admin, status: 200, check: ticketsListed()},
		{name: "one tag", method: "GET", path: q("tags", ids(x)), token: d.admin, status: 200, check: ticketsListed(maria, joao)},
		{name: "every tag asked", method: "GET", path: q("tags", ids(x, y)), token: d.admin, status: 200, check: ticketsListed(maria)},
		{name: "users", method: "GET", path: q("users", ids(A)), token: d.admin, status: 200, check: ticketsListed(maria, touched)},
		{name: "userFilter", method: "GET", path: q("userFilter", ids(A)), token: d.admin, status: 200, check: ticketsListed(maria, touched)},
		{name: "created on a day", method: "GET", path: q("date", day), token: d.admin, status: 200, check: ticketsListed(joao)},
		{name: "updated on a day", method: "GET", path: q("updatedAt", day), token: d.admin, status: 200, check: ticketsListed(joao, touched)},
		{name: "bad day matches nothing", method: "GET", path: q("date", "ontem"), token: d.admin, status: 200, check: ticketsListed()},
		{name: "unread only", method: "GET", path: q("withUnreadMessages", "true"), token: d.admin, status: 200, check: ticketsListed(maria)},
		{name: "whatsapps", method: "GET", path: q("whatsapps", ids(d.conn2)), token: d.admin, status: 200, check: ticketsListed(joao)},
		{name: "whatsappIds", method: "GET", path: q("whatsappIds", ids(d.conn2)), token: d.admin, status: 200, check: ticketsListed(joao)},
		{name: "statusFilter", method: "GET", path: q("statusFilter", `["closed","open"]`), token: d.admin, status: 200, check: ticketsListed(maria, touched)},
		{name: "queueIds", method: "GET", path: q("queueIds", ids(d.q2)), token: d.admin, status: 200, check: ticketsListed(joao)},
		{name: "newest first by default", method: "GET", path: q(), token: d.admin, status: 200, check: inOrder(plain, maria, touched, joao)},
		{name: "sortTickets ASC", method: "GET", path: q("sortTickets", "ASC"), token: d.admin, status: 200, check: inOrder(joao, touched, maria, plain)},
		{name: "filters combine", method: "GET", path: q("status", "open", "tags", ids(x), "users", ids(A)), token: d.agent, status: 200, check: ticketsListed(maria)},
		{name: "the attendant's search keeps to what they may see", method: "GET", path: q("statusFilter", `["pending"]`), token: d.agent, status: 200,
			check: ticketsListed(joao, plain)},
	})
}

func TestTicketListPagingAndCount(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	for range 45 {
		d.ticket(tk{queue: d.q1})
	}
	page := func(n int, more bool, count int) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			p := decode[listPage](t, body)
			if len(p.Tickets) != n || p.HasMore != more || p.Count != count {
				t.Errorf("got %d tickets hasMore=%v count=%d, want %d %v %d", len(p.Tickets), p.HasMore, p.Count, n, more, count)
			}
		}
	}
	c := d.contact("Muitos", "5500", false)
	e.sql(`INSERT INTO tickets (company_id, contact_id, connection_id, queue_id, status)
		SELECT ?, ?, ?, ?, 'closed' FROM generate_series(1, 1005)`, d.Company.ID, c, d.conn, d.q2)
	e.run(t, []scenario{
		{name: "page 1", method: "GET", path: q("status", "pending", "pageNumber", "1"), token: d.admin, status: 200, check: page(40, true, 45)},
		{name: "page 2", method: "GET", path: q("status", "pending", "pageNumber", "2"), token: d.admin, status: 200, check: page(5, false, 45)},
		{name: "no page is page 1", method: "GET", path: q("status", "pending"), token: d.admin, status: 200, check: page(40, true, 45)},
		{name: "count is capped at 1000", method: "GET", path: q("statusFilter", `["closed"]`), token: d.admin, status: 200, check: page(40, true, 1000)},
		{name: "the closed view (no badge) counts only what it walked", method: "GET", path: q("status", "closed", "showAll", "true"),
			token: d.admin, status: 200, check: page(40, true, 41)},
		{name: "signed out", method: "GET", path: q(), status: 401},
	})
}

func TestTicketLGPDMask(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	tick := d.ticket(tk{number: "5511912345678", queue: d.q1})
	mine := d.ticket(tk{number: "5511900000099", queue: d.q1, user: d.Attender.ID, status: "open"})
	e.run(t, []scenario{
		{name: "off: attendant sees the number", method: "GET", path: q("status", "pending"), token: d.agent, status: 200, contain: []string{"5511912345678"}},
	})
	e.setSetting(d.Company.ID, "lgpdHideNumber", "enabled")
	e.run(t, []scenario{
		{name: "on: attendant's list is masked", method: "GET", path: q("status", "pending"), token: d.agent, status: 200,
			contain: []string{`"***********78"`}, absent: []string{"5511912345678"}},
		{name: "on: attendant's conversation is masked", method: "GET", path: "/tickets/u/" + mine.UUID, token: d.agent, status: 200,
			contain: []string{`"***********99"`}, absent: []string{"5511900000099"}},
		{name: "on: admin still sees it", method: "GET", path: "/tickets/" + itoa(tick.ID), token: d.admin, status: 200, contain: []string{"5511912345678"}},
	})
}

// A common word fills pages within the newest tickets (the walk), a rare one is found
// through the trigram index however far back it is; both page alike and stay in the company.
func TestTicketSearchOnMessagesPaths(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	say := func(r ticketRef, body string) {
		e.sql("INSERT INTO messages (company_id, ticket_id, body) VALUES (?, ?, ?)", d.Company.ID, r.ID, body)
	}
	rare := []ticketRef{d.ticket(tk{queue: d.q1})} // the oldest: far beyond the walk
	say(rare[0], "protocolo xyzzy")
	say(d.ticket(tk{queue: d.q1}), message.Marked("Seu protocolo xyzzy")) // the system's text: no match
	for range ticket.SearchWalk {
		d.ticket(tk{queue: d.q1})
	}
	var withBoleto []ticketRef // the newest
	for range 44 {
		r := d.ticket(tk{queue: d.q1})
		say(r, "quero o boleto")
		withBoleto = append([]ticketRef{r}, withBoleto...)
	}
	b := newDesk(e, "bolt")
	bt := b.ticket(tk{queue: b.q1})
	e.sql("INSERT INTO messages (company_id, ticket_id, body) VALUES (?, ?, 'xyzzy boleto')", b.Company.ID, bt.ID)
	page := func(want []ticketRef, more bool) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			p := decode[listPage](t, body)
			var got []int64
			for _, tk := range p.Tickets {
				got = append(got, tk.ID)
			}
			var exp []int64
			for _, w := range want {
				exp = append(exp, w.ID)
			}
			if !slices.Equal(got, exp) || p.HasMore != more {
				t.Errorf("got %v hasMore=%v, want %v %v", got, p.HasMore, exp, more)
			}
		}
	}
	search := func(word, pg string) string {
		return q("searchParam", word, "searchOnMessages", "true", "showAll", "true", "pageNumber", pg)
	}
	e.run(t, []scenario{
		{name: "common word: first page from the walk", method: "GET", path: search("boleto", "1"), token: d.admin, status: 200, check: page(withBoleto[:40], true)},
		{name: "common word: last page", method: "GET", path: search("boleto", "2"), token: d.admin, status: 200, check: page(withBoleto[40:], false)},
		{name: "rare word past the walk: through the index", method: "GET", path: search("XYZZY", "1"), token: d.admin, status: 200, check: page(rare, false)},
		{name: "the other company finds only its own", method: "GET", path: search("xyzzy", "1"), token: b.admin, status: 200, check: page([]ticketRef{bt}, false)},
	})
	// A word the planner thinks common but not among the newest tickets: the walk goes on.
	defer func(v float64) { ticket.SearchIndexMax = v }(ticket.SearchIndexMax)
	ticket.SearchIndexMax = -1
	e.run(t, []scenario{
		{name: "past the walk by walking on", method: "GET", path: search("xyzzy", "1"), token: d.admin, status: 200, check: page(rare, false)},
		{name: "walking on stays in the company", method: "GET", path: search("xyzzy", "1"), token: b.admin, status: 200, check: page([]ticketRef{bt}, false)},
	})
}

// TestTicketListNoQueue: a new contact's ticket has no queue. An administrator (the super
// admin of the README's sandbox walk-through included) sees it in Aguardando, and can open
// it and follow its room; an attendant without allTicket doesn't, and the pending tab says
// how many such tickets it hides (hiddenNoQueue), where one with allTicket sees them.
func TestTicketListNoQueue(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	pU := d.ticket(tk{queue: d.q1})
	pNone := d.ticket(tk{})
	pNone2 := d.ticket(tk{user: d.Attender.ID})
	d.ticket(tk{user: d.mate.ID}) // someone else's: not the attendant's to see anyway
	d.ticket(tk{status: "open"})  // not pending
	d.ticket(tk{group: true})     // a group: hidden by allowGroup, not allTicket
	oNone := d.ticket(tk{status: "open", user: d.Admin.ID})
	b := newDesk(e, "bolt")
	b.ticket(tk{}) // another company's
	e.setUser(d.Admin.ID, "all_ticket", "disable")
	e.setQueues(d.Admin.ID, d.Company.ID) // an admin with no queue at all, like the seeded super admin
	hidden := func(n int) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			if got := decode[struct{ HiddenNoQueue int }](t, body).HiddenNoQueue; got != n {
				t.Fatalf("hiddenNoQueue = %d, want %d: %s", got, n, body)
			}
		}
	}
	both := func(checks ...func(*testing.T, []byte)) func(*testing.T, []byte) {
		return func(t *testing.T, body []byte) {
			for _, c := range checks {
				c(t, body)
			}
		}
	}
	e.run(t, []scenario{
		{name: "admin without allTicket nor queues: pending without a queue", method: "GET", path: q("status", "pending"), token: d.admin, status: 200,
			check: both(ticketsListed(pNone), hidden(0))},
		{name: "admin: own open ticket without a queue", method: "GET", path: q("status", "open"), token: d.admin, status: 200, check: ticketsListed(oNone)},
		{name: "admin opens it", method: "GET", path: "/tickets/u/" + pNone.UUID, token: d.admin, status: 200},
		{name: "attendant: the queue-less ones are hidden, and counted", method: "GET", path: q("status", "pending"), token: d.agent, status: 200,
			check: both(ticketsListed(pU), hidden(2))},
		{name: "attendant: no count past the first page", method: "GET", path: q("status", "pending", "pageNumber", "2"), token: d.agent, status: 200,
			contain: []string{`"tickets":[]`}, check: hidden(0)},
		{name: "attendant: no count on other tabs", method: "GET", path: q("status", "open"), token: d.agent, status: 200, absent: []string{"hiddenNoQueue"}},
		{name: "attendant: opening one is refused", method: "GET", path: "/tickets/u/" + pNone.UUID, token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
	})
	e.setUser(d.Attender.ID, "all_ticket", "enable")
	e.run(t, []scenario{
		{name: "allTicket: they show, nothing is hidden", method: "GET", path: q("status", "pending"), token: d.agent, status: 200,
			check: both(ticketsListed(pU, pNone, pNone2), hidden(0))},
	})

	// The socket: the admin follows the queue-less ticket's room (the refused join after it
	// answers once the first was handled: a socket's frames are handled in order), the
	// attendant without allTicket is refused it.
	e.setUser(d.Attender.ID, "all_ticket", "disable")
	admin := dial(t, e.Srv.URL, d.admin)
	send(t, admin, map[string]string{"type": "joinChatBox", "ticketId": pNone.UUID})
	send(t, admin, map[string]string{"type": "joinChatBox", "ticketId": "not-a-uuid"})
	if _, ok := next(t, admin, "error", 5*time.Second); !ok {
		t.Fatal("the admin's second join was not answered")
	}
	if code, body := e.call("PUT", "/tickets/"+itoa(pNone.ID), d.admin, map[string]any{"useIntegration": true}, ""); code != 200 {
		t.Fatalf("update: %d %s", code, body)
	}
	if _, ok := nextWith(t, admin, realtime.EventName(d.Company.ID, "ticket"), pNone.UUID, 5*time.Second); !ok {
		t.Fatal("the admin did not follow the ticket without a queue")
	}
	agent := dial(t, e.Srv.URL, d.agent)
	send(t, agent, map[string]string{"type": "joinChatBox", "ticketId": pNone.UUID})
	if f, ok := next(t, agent, "error", 5*time.Second); !ok || !strings.Contains(string(f.Data), "ERR_NO_PERMISSION") {
		t.Fatal("the attendant joined a ticket without a queue")
	}
}
