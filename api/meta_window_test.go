package api_test

import (
	"testing"

	"atende/pkg/contact"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

// Forwards and the external API keep Meta's 24-hour window like a reply: outside it they
// are refused up front with ERR_OUTSIDE_24H_WINDOW and write nothing (no message, no
// ticket, no contact), instead of a message that fails later in the worker.
func TestGraphWindowForwardAndExternalAPI(t *testing.T) {
	m, acme, conn := windowEnv(t)
	m.post(t, fakegraph.WhatsAppText("PN1", "5511999990005", "Bia", "wamid.NOW", "oi agora"))
	m.eventually(t, "both messages", func() bool {
		return count(m.env, "SELECT count(*) FROM messages WHERE provider_id IN ('wamid.OLD', 'wamid.NOW')") == 2
	})
	var old, caio, bia int64
	m.App.DB.Raw("SELECT id FROM messages WHERE provider_id = 'wamid.OLD'").Scan(&old)
	m.App.DB.Raw("SELECT id FROM contacts WHERE number = '5511999990004'").Scan(&caio)
	m.App.DB.Raw("SELECT id FROM contacts WHERE number = '5511999990005'").Scan(&bia)
	never := testutil.NewContact(t, m.App, acme.Company.ID, "Davi", "5511999990006", func(c *contact.Contact) { c.Channel = "whatsappapi" })
	tok := testutil.Token(t, m.App, acme.Admin)
	rows := func() int64 {
		return count(m.env, `SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM tickets) + (SELECT count(*) FROM contacts)`)
	}
	before := rows()
	forward := func(name string, contactID int64) scenario {
		return scenario{name: name, method: "POST", path: "/message/forward", token: tok,
			body:   map[string]any{"messageId": old, "contactId": contactID},
			status: 400, code: "ERR_OUTSIDE_24H_WINDOW", contain: []string{"Fora da janela de 24 horas"}}
	}
	external := func(name, number string) scenario {
		return scenario{name: name, method: "POST", path: sendPath, token: conn.Token,
			body:   map[string]any{"number": number, "body": "promoção"},
			status: 400, code: "ERR_OUTSIDE_24H_WINDOW", contain: []string{"Fora da janela de 24 horas"}}
	}
	m.run(t, []scenario{
		forward("forward to a contact whose window closed", caio),
		forward("forward to a contact who never wrote (no ticket opened)", never.ID),
		external("external API to a contact whose window closed", "5511999990004"),
		external("external API to a new number (no contact created)", "5511999990009"),
	})
	if n := rows(); n != before {
		t.Fatalf("refused forwards / external sends wrote %d rows", n-before)
	}
	m.run(t, []scenario{
		{name: "forward inside the window", method: "POST", path: "/message/forward", token: tok,
			body: map[string]any{"messageId": old, "contactId": bia}, status: 200, contain: []string{`"isForwarded":true`}},
		{name: "external API inside the window", method: "POST", path: sendPath, token: conn.Token,
			body: map[string]any{"number": "5511999990005", "body": "seu pedido"}, status: 200, contain: []string{`"status":"SUCCESS"`}},
	})
	m.eventually(t, "both sent", func() bool { return len(m.fake.Sends()) == 2 })
}
