package api_test

import (
	"context"
	"strings"
	"testing"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// accepted is a pending ticket of d accepted by its attendant through the API, so that it
// has its service episode.
func (d *desk) accepted(s tk) ticketRef {
	d.e.t.Helper()
	r := d.ticket(s)
	tok := d.agent
	if s.group {
		tok = d.admin
	}
	if st, body := d.e.call("PUT", "/tickets/"+itoa(r.ID), tok, map[string]any{"status": "open"}, ""); st != 200 {
		d.e.t.Fatalf("accept: %d %s", st, body)
	}
	return r
}

// tracks reads the current episode's closed/finished/rated marks and user as "c f r user".
func (e *env) episode(ticketID int64) string {
	e.t.Helper()
	var s string
	e.App.DB.Raw(`SELECT concat_ws(' ', CASE WHEN closed_at IS NULL THEN '-' ELSE 'c' END,
		CASE WHEN finished_at IS NULL THEN '-' ELSE 'f' END, CASE WHEN rating_at IS NULL THEN '-' ELSE 'r' END,
		COALESCE(user_id::text, '-')) FROM ticket_trackings WHERE ticket_id = ? ORDER BY id DESC LIMIT 1`, ticketID).Scan(&s)
	return s
}

// An attendant's close takes the rating branch of BEHAVIOUR §3 when it applies (the rating
// message, status nps, counter 1, the episode closed for the attendant, log nps), and the
// farewell path of §6 otherwise.
func TestTicketCloseAsksForTheRating(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	cid := d.Company.ID
	A := itoa(d.Attender.ID)
	e.setSetting(cid, "userRating", "enabled")
	e.setSetting(b.Company.ID, "userRating", "enabled")
	e.sql("UPDATE connections SET rating_message = ? WHERE company_id IN (?, ?)",
		"De 0 a 10, que nota você dá a {{userName}}, {{firstName}}?", cid, b.Company.ID)
	rate := d.accepted(tk{name: "Ana Lima", queue: d.q1})
	silent := d.accepted(tk{queue: d.q1})
	grp := d.accepted(tk{name: "Grupo", group: true, queue: d.q1})
	rated := d.accepted(tk{name: "Bia", queue: d.q1})
	e.sql("UPDATE ticket_trackings SET rating_at = now(), rated = true WHERE ticket_id = ?", rated.ID)
	noMsg := d.accepted(tk{name: "Caio", queue: d.q1, conn: d.conn2})
	e.sql("UPDATE connections SET rating_message = '', status = 'CONNECTED' WHERE id = ?", d.conn2)
	waiting := d.ticket(tk{queue: d.q1})
	queueCloses := d.accepted(tk{name: "Duda", queue: d.q2})
	e.sql("UPDATE queues SET close_ticket = true WHERE id = ?", d.q3)
	theirs := b.accepted(tk{queue: b.q1})
	closeIt := map[string]any{"status": "closed", "sendFarewellMessage": true}
	farewell := func(name string, id int64) string {
		return "Obrigado pelo contato, " + name + "! Protocolo " + e.protocol(id)
	}

	e.run(t, []scenario{
		put("rating applies: the ticket waits in nps", rate.ID, d.agent, closeIt, 200, "", func(t *testing.T, body []byte) {
			e.row(rate.ID, map[string]string{"status": "nps", "amount_used_bot_queues_nps": "1", "user_id": A}, "open", "nps")(t, body)
			e.says(rate.ID, "De 0 a 10, que nota você dá a User agent@acme.test, Ana?")(t, body)
			if got := e.episode(rate.ID); got != "c - - "+A {
				t.Errorf("episode %q: closed for the attendant, not finished", got)
			}
			if !strings.Contains(string(body), `"status":"nps"`) {
				t.Errorf("answer %s", body)
			}
		}),
		put("without farewell: closed, nothing asked", silent.ID, d.agent, map[string]any{"status": "closed", "sendFarewellMessage": false}, 200, "",
			func(t *testing.T, body []byte) {
				e.row(silent.ID, map[string]string{"status": "closed"}, "open", "closed")(t, body)
				e.says(silent.ID)(t, body)
			}),
		put("a group is never asked", grp.ID, d.admin, closeIt, 200, "", e.row(grp.ID, map[string]string{"status": "closed"}, "open", "closed")),
		put("an episode rated already: the farewell", rated.ID, d.agent, closeIt, 200, "", func(t *testing.T, body []byte) {
			e.row(rated.ID, map[string]string{"status": "closed"}, "open", "closed")(t, body)
			e.says(rated.ID, farewell("Bia", rated.ID))(t, body)
		}),
		put("a connection without rating message: the farewell", noMsg.ID, d.agent, closeIt, 200, "", func(t *testing.T, body []byte) {
			e.row(noMsg.ID, map[string]string{"status": "closed"}, "open", "closed")(t, body)
			e.says(noMsg.ID, farewell("Caio", noMsg.ID))(t, body)
		}),
		put("ignoring a waiting ticket asks nothing", waiting.ID, d.agent, map[string]any{"status": "closed"}, 200, "",
			func(t *testing.T, body []byte) {
				e.row(waiting.ID, map[string]string{"status": "closed"}, "closed")(t, body)
				e.says(waiting.ID)(t, body)
			}),
		put("closing the nps ticket ends it without a second request", rate.ID, d.admin, closeIt, 200, "", func(t *testing.T, body []byte) {
			e.row(rate.ID, map[string]string{"status": "closed"}, "open", "nps", "closed")(t, body)
			e.says(rate.ID, "De 0 a 10, que nota você dá a User agent@acme.test, Ana?")(t, body)
			if got := e.episode(rate.ID); got != "c f - "+A {
				t.Errorf("episode %q", got)
			}
		}),
		put("a queue that closes runs the normal close: the rating", queueCloses.ID, d.agent,
			map[string]any{"queueId": d.q3, "userId": d.Attender.ID, "isTransfered": true}, 200, "",
			e.row(queueCloses.ID, map[string]string{"status": "nps"}, "open", "transfered", "receivedTransfer", "nps")),
		put("another company's ticket", theirs.ID, d.agent, closeIt, 404, "ERR_NO_TICKET_FOUND",
			e.row(theirs.ID, map[string]string{"status": "open"}, "open")),
	})

	e.setSetting(cid, "userRating", "disabled")
	off := d.accepted(tk{name: "Eva", queue: d.q1})
	e.run(t, []scenario{put("userRating off: the farewell", off.ID, d.agent, closeIt, 200, "", func(t *testing.T, body []byte) {
		e.row(off.ID, map[string]string{"status": "closed"}, "open", "closed")(t, body)
		e.says(off.ID, farewell("Eva", off.ID))(t, body)
	})})
}

// rateAndClose records rate on t's episode and closes it as the rating reply does (the bot's
// side, through the lead's CloseBySystem).
func rateAndClose(t *testing.T, e *env, companyID, id int64, rate int) {
	t.Helper()
	ctx := tenant.With(context.Background(), companyID)
	err := e.App.DB.Transaction(func(tx *gorm.DB) error {
		tk, err := ticket.Row(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := ticket.RecordRating(ctx, tx, tk, rate); err != nil {
			return err
		}
		_, err = ticket.CloseBySystem(ctx, tx, &tk, connection.Connection{}, nil, ticket.AutoClose{Completion: true})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A closed ticket carries its latest rating where tickets are shown (list and show), never
// another company's; an unrated or active one carries none.
func TestTicketShowsItsRating(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	b := newDesk(e, "bolt")
	for _, c := range []int64{d.Company.ID, b.Company.ID} {
		e.setSetting(c, "userRating", "enabled")
		e.sql("UPDATE connections SET rating_message = ? WHERE company_id = ?", "Nota de 0 a 10?", c)
	}
	closeIt := map[string]any{"status": "closed"}
	nine := d.accepted(tk{queue: d.q1})
	twice := d.accepted(tk{queue: d.q1})
	plain := d.accepted(tk{queue: d.q1})
	theirs := b.accepted(tk{queue: b.q1})
	for _, c := range []struct {
		d   *desk
		ref ticketRef
	}{{d, nine}, {d, twice}, {d, plain}, {b, theirs}} {
		if st, body := e.call("PUT", "/tickets/"+itoa(c.ref.ID), c.d.agent, closeIt, ""); st != 200 {
			t.Fatalf("close: %d %s", st, body)
		}
	}
	rateAndClose(t, e, d.Company.ID, nine.ID, 9)
	rateAndClose(t, e, d.Company.ID, twice.ID, 3)
	rateAndClose(t, e, b.Company.ID, theirs.ID, 10)
	// twice: reopened, served again, rated again — the latest rating shows.
	for _, body := range []map[string]any{{"status": "open"}, closeIt} {
		if st, res := e.call("PUT", "/tickets/"+itoa(twice.ID), d.agent, body, ""); st != 200 {
			t.Fatalf("reopen/close: %d %s", st, res)
		}
	}
	rateAndClose(t, e, d.Company.ID, twice.ID, 11) // clamped to 10
	e.sql("UPDATE user_ratings SET created_at = created_at + interval '1 second' WHERE rate = 10 AND ticket_id = ?", twice.ID)
	plainClose := map[string]any{"status": "closed", "sendFarewellMessage": false}
	if st, body := e.call("PUT", "/tickets/"+itoa(plain.ID), d.admin, plainClose, ""); st != 200 {
		t.Fatalf("close nps: %d %s", st, body)
	}

	list := q("status", "closed", "showAll", "true")
	e.run(t, []scenario{
		{name: "show: the rating", method: "GET", path: "/tickets/" + itoa(nine.ID), token: d.admin, status: 200,
			contain: []string{`"userRating":{"rate":9}`}},
		{name: "show by uuid", method: "GET", path: "/tickets/u/" + nine.UUID, token: d.admin, status: 200,
			contain: []string{`"userRating":{"rate":9}`}},
		{name: "unrated: none", method: "GET", path: "/tickets/" + itoa(plain.ID), token: d.admin, status: 200,
			contain: []string{`"userRating":null`}},
		{name: "list: each closed ticket's latest rating", method: "GET", path: list, token: d.admin, status: 200,
			contain: []string{`"userRating":{"rate":9}`, `"userRating":{"rate":10}`, `"userRating":null`},
			absent:  []string{`"userRating":{"rate":3}`}},
		{name: "another company's ticket", method: "GET", path: "/tickets/" + itoa(theirs.ID), token: d.admin, status: 404, code: "ERR_NO_TICKET_FOUND"},
		{name: "another company's list shows its own only", method: "GET", path: list, token: b.admin, status: 200,
			contain: []string{`"userRating":{"rate":10}`}, absent: []string{`"rate":9`}},
	})
}
