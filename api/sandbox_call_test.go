package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/testutil"
)

// A pretend customer calls a sandbox connection: through the real worker the call is
// logged on their ticket, the company's answer reaches them, and a retried post does
// nothing more. Only the connection's company may post calls to it.
func TestSandboxCall(t *testing.T) {
	e, a, b, connA, _ := twoSandboxes(t)
	testutil.SetSetting(t, e.App, a.Company.ID, "AcceptCallWhatsappMessage", "{{name}}, não atendemos ligações. Escreva aqui!")
	testutil.SetSetting(t, e.App, a.Company.ID, "acceptCallWhatsapp", "disabled")
	startWorker(t, e)
	path := fmt.Sprintf("/sandbox/%d/call", connA.ID)
	call := map[string]any{"number": "+55 11 98888-0001", "name": "Rita", "id": "c1"}
	e.run(t, []scenario{
		{name: "the connection's token", method: "POST", path: path, token: connA.Token, body: call, status: 202, contain: []string{`"providerId":"call:c1"`}},
		{name: "the same call again", method: "POST", path: path, token: connA.Token, body: call, status: 202, contain: []string{`"duplicate":true`}},
		{name: "a number too short", method: "POST", path: path, token: connA.Token, body: map[string]any{"number": "12"}, status: 400, code: "ERR_VALIDATION"},
		{name: "another company's user", method: "POST", path: path, token: testutil.Token(t, e.App, b.Admin), body: call, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "another company's admin with a new call", method: "POST", path: path, token: testutil.Token(t, e.App, b.Admin),
			body: map[string]any{"number": "5511988880002"}, status: 404, code: "ERR_NO_WAPP_FOUND"},
	})
	eventually(t, "the answer delivered", func() bool {
		return count(e, "SELECT count(*) FROM messages WHERE company_id = ? AND from_me AND ack >= 1", a.Company.ID) == 1
	})
	var bodies []string
	e.App.DB.Raw("SELECT body FROM messages WHERE company_id = ? ORDER BY id", a.Company.ID).Scan(&bodies)
	if len(bodies) != 2 || !strings.HasPrefix(bodies[0], "Chamada de voz/vídeo perdida às ") || bodies[1] != "Rita, não atendemos ligações. Escreva aqui!" {
		t.Fatalf("messages %q", bodies)
	}
	st, body := e.call("GET", fmt.Sprintf("/sandbox/%d/outbound?number=5511988880001", connA.ID), connA.Token, nil, "")
	if st != 200 || !strings.Contains(string(body), "Rita, não atendemos ligações") {
		t.Fatalf("outbound: %d %s", st, body)
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE company_id = ?", b.Company.ID); n != 0 {
		t.Fatalf("company B got %d messages", n)
	}
}
