package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
)

type clockAnswer struct {
	ClockOffset int        `json:"clockOffset"`
	At          *time.Time `json:"at"`
	TimeZone    string     `json:"timezone"`
}

func storedOffset(t *testing.T, e *env, id int64) int {
	t.Helper()
	var c connection.Connection
	if err := e.App.DB.First(&c, id).Error; err != nil {
		t.Fatal(err)
	}
	return c.ClockOffset
}

// near reports whether an offset in seconds is want give or take a few seconds of test time.
func near(got int, want time.Duration) bool {
	diff := time.Duration(got)*time.Second - want
	return diff > -10*time.Second && diff < 10*time.Second
}

// An administrator sets a sandbox's pretend time (with an offset, or a wall time read in the
// company's zone) and clears it; the offset is what the bot's Connection.Now adds.
func TestSandboxClockSetAndClear(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	admin := testutil.Token(t, e.App, a.Admin)
	path := fmt.Sprintf("/sandbox/%d/clock", connA.ID)

	at := time.Now().Add(50 * time.Hour).Truncate(time.Second)
	st, body := e.call("PUT", path, admin, map[string]any{"at": at.Format(time.RFC3339)}, "")
	if st != 200 {
		t.Fatalf("set: %d %s", st, body)
	}
	got := decode[clockAnswer](t, body)
	if !near(got.ClockOffset, 50*time.Hour) || got.At == nil || got.TimeZone != "America/Sao_Paulo" {
		t.Fatalf("answer %+v", got)
	}
	if !strings.HasSuffix(got.At.Format(time.RFC3339), "-03:00") {
		t.Errorf("the pretend time is not in the company's zone: %s", got.At)
	}
	if off := storedOffset(t, e, connA.ID); !near(off, 50*time.Hour) {
		t.Fatalf("stored offset %d", off)
	}

	// A wall time without a zone is the company's (São Paulo, UTC−3) wall time.
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	wall := time.Now().In(loc).AddDate(0, 0, 3)
	wall = time.Date(wall.Year(), wall.Month(), wall.Day(), 22, 0, 0, 0, loc)
	st, body = e.call("PUT", path, admin, map[string]any{"at": wall.Format("2006-01-02T15:04")}, "")
	if st != 200 || !near(storedOffset(t, e, connA.ID), time.Until(wall)) {
		t.Fatalf("wall time: %d %s, offset %d", st, body, storedOffset(t, e, connA.ID))
	}

	// Anyone of the company (or the connection's token) reads it; the connection shows it.
	attender := testutil.Token(t, e.App, a.Attender)
	for _, tok := range []string{attender, connA.Token} {
		st, body = e.call("GET", path, tok, nil, "")
		if got := decode[clockAnswer](t, body); st != 200 || got.At == nil || got.At.Hour() != 22 {
			t.Fatalf("read: %d %s", st, body)
		}
	}
	st, body = e.call("GET", fmt.Sprintf("/whatsapp/%d", connA.ID), admin, nil, "")
	if st != 200 || !strings.Contains(string(body), `"clockOffset":`) || strings.Contains(string(body), `"clockOffset":0`) {
		t.Fatalf("connection data: %d %s", st, body)
	}

	// The bot's clock of the connection's open tickets was read at the pretend time: putting
	// the clock back clears it, or the bot would stay silent (timeUseBotQueues) until real
	// time reached it. Another connection's tickets keep theirs.
	botClock := func(connID int64) int64 {
		var ticketID int64
		e.App.DB.Raw(`WITH c AS (INSERT INTO contacts (company_id, name, number, channel) VALUES (?, 'Cliente', ?, 'sandbox') RETURNING id),
			t AS (INSERT INTO tickets (company_id, contact_id, connection_id, status, channel) SELECT ?, c.id, ?, 'pending', 'sandbox' FROM c RETURNING id)
			INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, chatbot_at) SELECT ?, t.id, ?, now() + interval '3 days' FROM t
			RETURNING ticket_id`, a.Company.ID, fmt.Sprintf("55119%08d", connID), a.Company.ID, connID, a.Company.ID, connID).Scan(&ticketID)
		return ticketID
	}
	mine := botClock(connA.ID)
	other := testutil.NewConnection(t, e.App, a.Company.ID, "Outra", nil)
	theirs := botClock(other.ID)
	st, body = e.call("PUT", path, admin, map[string]any{"at": nil}, "")
	if got := decode[clockAnswer](t, body); st != 200 || got.ClockOffset != 0 || got.At != nil {
		t.Fatalf("clear: %d %s", st, body)
	}
	if mine == 0 || theirs == 0 || count(e, `SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND chatbot_at IS NULL`, mine) != 1 ||
		count(e, `SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND chatbot_at IS NOT NULL`, theirs) != 1 {
		t.Fatalf("bot clocks after the clock changed: ticket %d (this connection), %d (another)", mine, theirs)
	}
	if off := storedOffset(t, e, connA.ID); off != 0 {
		t.Fatalf("cleared offset %d", off)
	}
}

// Bad input, other companies' connections, other channels and users who can't manage
// connections are refused, and nothing is written.
func TestSandboxClockRefusals(t *testing.T) {
	e, a, b, connA, connB := twoSandboxes(t)
	adminA := testutil.Token(t, e.App, a.Admin)
	adminB := testutil.Token(t, e.App, b.Admin)
	wa := connection.Connection{CompanyID: a.Company.ID, Name: "WhatsApp", Channel: connection.ChannelWhatsApp,
		Status: connection.StatusDisconnected, Token: connection.NewToken(), GroupAsTicket: "disabled", WhenExpiresTicket: "0"}
	if err := e.App.DB.Create(&wa).Error; err != nil {
		t.Fatal(err)
	}
	pathA := fmt.Sprintf("/sandbox/%d/clock", connA.ID)
	soon := time.Now().Add(time.Hour).Format(time.RFC3339)
	e.run(t, []scenario{
		{name: "company B can't set A's clock", method: "PUT", path: pathA, token: adminB, body: map[string]any{"at": soon},
			status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "company B can't read A's clock", method: "GET", path: pathA, token: adminB, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "B's token can't read A's clock", method: "GET", path: pathA, token: connB.Token, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "not a sandbox", method: "PUT", path: fmt.Sprintf("/sandbox/%d/clock", wa.ID), token: adminA,
			body: map[string]any{"at": soon}, status: 400, code: "ERR_NOT_SANDBOX"},
		{name: "attendant without allowConnections", method: "PUT", path: pathA, token: testutil.Token(t, e.App, a.Attender),
			body: map[string]any{"at": soon}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "the connection's token is not an administrator", method: "PUT", path: pathA, token: connA.Token,
			body: map[string]any{"at": soon}, status: 401},
		{name: "missing at", method: "PUT", path: pathA, token: adminA, body: map[string]any{}, status: 400, code: "ERR_VALIDATION"},
		{name: "not a date", method: "PUT", path: pathA, token: adminA, body: map[string]any{"at": "sábado"}, status: 400, code: "ERR_VALIDATION"},
		{name: "a number", method: "PUT", path: pathA, token: adminA, body: map[string]any{"at": 5}, status: 400, code: "ERR_VALIDATION"},
		{name: "more than a year away", method: "PUT", path: pathA, token: adminA,
			body: map[string]any{"at": time.Now().AddDate(2, 0, 0).Format(time.RFC3339)}, status: 400, code: "ERR_VALIDATION"},
		{name: "body over the cap", method: "PUT", path: pathA, token: adminA,
			body: map[string]any{"at": soon, "pad": strings.Repeat("x", 2000)}, status: 413, code: "ERR_REQUEST_TOO_LARGE"},
		{name: "unknown connection", method: "PUT", path: "/sandbox/999999/clock", token: adminA,
			body: map[string]any{"at": soon}, status: 404, code: "ERR_NO_WAPP_FOUND"},
	})
	for _, id := range []int64{connA.ID, connB.ID, wa.ID} {
		if off := storedOffset(t, e, id); off != 0 {
			t.Errorf("connection %d: offset %d written by a refused call", id, off)
		}
	}
}
