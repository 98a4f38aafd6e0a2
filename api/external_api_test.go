package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/externalapi"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
)

const sendPath = "/api/messages/send"

// externalRows counts what the external API may write for a company.
func (e *env) externalRows(companyID int64) int64 {
	e.t.Helper()
	return e.countRows(`SELECT (SELECT count(*) FROM contacts WHERE company_id = ?) + (SELECT count(*) FROM tickets WHERE company_id = ?)
		+ (SELECT count(*) FROM messages WHERE company_id = ?)`, companyID, companyID, companyID)
}

// Who may call the external API and what bad input gets; nothing refused writes a row,
// and A's token never reaches B's users, queues or contacts.
func TestExternalAPIAccessAndInput(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	conn := sandboxConn(t, e, acme)
	theirs := sandboxConn(t, e, beta)
	theirQueue := testutil.NewQueue(t, e.App, beta.Company.ID, "Deles", "#00f")
	offline := testutil.NewConnection(t, e.App, acme.Company.ID, "Desligada", nil)
	send := func(name, token string, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: sendPath, token: token, body: body, status: status, code: code, contain: contain}
	}
	msg := func(over map[string]any) map[string]any {
		return merge(map[string]any{"number": "5511999990001", "body": "Seu pedido saiu"}, over)
	}
	e.run(t, []scenario{
		send("no token", "", msg(nil), 401, "ERR_INVALID_TOKEN"),
		send("unknown token", connection.NewToken(), msg(nil), 401, "ERR_INVALID_TOKEN"),
		send("a user's session token is not an API token", e.tokenOf(acme.Admin), msg(nil), 401, "ERR_INVALID_TOKEN"),
		send("B's queue through A's token", conn.Token, msg(map[string]any{"queueId": theirQueue.ID}), 400, "ERR_VALIDATION", `"queueId"`),
		send("B's user through A's token", conn.Token, msg(map[string]any{"userId": beta.Admin.ID}), 400, "ERR_VALIDATION", `"userId"`),
		send("number too short", conn.Token, msg(map[string]any{"number": "12-34"}), 400, "ERR_VALIDATION", `"number"`),
		send("nothing to send", conn.Token, msg(map[string]any{"body": "  "}), 400, "ERR_VALIDATION", `"body"`),
		send("text too long", conn.Token, msg(map[string]any{"body": strings.Repeat("a", externalapi.MaxBody+1)}), 400, "ERR_VALIDATION"),
		{name: "malformed JSON", method: "POST", path: sendPath, token: conn.Token, body: strings.NewReader("{"), ctype: "application/json",
			status: 400, code: "ERR_BAD_REQUEST"},
		send("logged-out connection", offline.Token, msg(nil), 409, "ERR_WAPP_NOT_INITIALIZED"),
	})
	if n := e.externalRows(acme.Company.ID) + e.externalRows(beta.Company.ID); n != 0 {
		t.Fatalf("refused calls wrote %d rows", n)
	}
	e.sql("UPDATE plans SET use_external_api = false WHERE id = ?", beta.Company.PlanID)
	e.run(t, []scenario{send("plan without the external API", theirs.Token, msg(nil), 403, "ERR_NO_PERMISSION")})
	e.sql("UPDATE plans SET use_external_api = true WHERE id = ?", beta.Company.PlanID)
	e.sql("UPDATE companies SET due_date = current_date - 3 WHERE id = ?", beta.Company.ID)
	e.run(t, []scenario{send("overdue company", theirs.Token, msg(nil), 402, "ERR_SUBSCRIPTION_EXPIRED")})
	if n := e.externalRows(beta.Company.ID); n != 0 {
		t.Fatalf("refused calls wrote %d rows for beta", n)
	}
	e.run(t, []scenario{send("A's token writes in A", conn.Token, msg(map[string]any{"number": 5511999990001}), 200, "", `"status":"SUCCESS"`)})
	if e.countRows("SELECT count(*) FROM tickets WHERE company_id = ? AND connection_id = ?", acme.Company.ID, conn.ID) != 1 ||
		e.externalRows(beta.Company.ID) != 0 {
		t.Fatal("the message did not land in A's ticket on A's connection only")
	}
}

// The whole path through the real worker and the sandbox channel: the message reaches the
// pretend customer, user/queue/signature apply, closeTicket closes without farewell.
func TestExternalAPIEndToEnd(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	e.sql("UPDATE connections SET complation_message = 'Até logo!' WHERE id = ?", conn.ID)
	q := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	startWorker(t, e)
	watcher := dial(t, e.Srv.URL, testutil.Token(t, e.App, acme.Admin))
	send(t, watcher, map[string]string{"type": "joinNotification"})
	readyIn(t, e.App, watcher, realtime.NotificationRoom(acme.Company.ID))

	st, body := e.call("POST", sendPath, conn.Token, map[string]any{"number": "+55 (11) 99999-0001", "body": "Pedido confirmado",
		"userId": acme.Admin.ID, "queueId": q.ID, "sendSignature": "true"}, "")
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	res := decode[externalapi.Result](t, body)
	if res.Status != "SUCCESS" || len(res.MessageIDs) != 1 {
		t.Fatalf("answer %s", body)
	}
	if _, ok := nextWith(t, watcher, fmt.Sprintf("company-%d-appMessage", acme.Company.ID), "Pedido confirmado", 5*time.Second); !ok {
		t.Fatal("no live message")
	}
	eventually(t, "delivery to the sandbox and the read ack", func() bool {
		return count(e, "SELECT count(*) FROM messages WHERE id = ? AND ack = 3", res.MessageIDs[0]) == 1
	})
	_, out := e.call("GET", fmt.Sprintf("/sandbox/%d/outbound?number=5511999990001", conn.ID), conn.Token, nil, "")
	if !strings.Contains(string(out), `*User admin@acme.test:*\nPedido confirmado`) {
		t.Fatalf("outbound %s", out)
	}
	if n := count(e, "SELECT count(*) FROM tickets WHERE id = ? AND status = 'open' AND user_id = ? AND queue_id = ?",
		res.TicketID, acme.Admin.ID, q.ID); n != 1 {
		t.Fatal("ticket not given to the user in the queue")
	}

	st, body = e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990001", "body": "Entregue!", "closeTicket": true}, "")
	closed := decode[externalapi.Result](t, body)
	if st != 200 || closed.TicketID != res.TicketID {
		t.Fatalf("close: %d %s (same ticket expected)", st, body)
	}
	eventually(t, "the closing message delivered", func() bool {
		return count(e, "SELECT count(*) FROM sandbox_outbox WHERE message_id = ?", closed.MessageIDs[0]) == 1
	})
	if n := count(e, "SELECT count(*) FROM tickets WHERE id = ? AND status = 'closed'", res.TicketID); n != 1 {
		t.Fatal("ticket not closed")
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE body LIKE '%Até logo%'"); n != 0 {
		t.Fatal("closeTicket sent the farewell")
	}
	if n := count(e, "SELECT count(*) FROM ticket_trackings WHERE ticket_id = ? AND finished_at IS NULL", res.TicketID); n != 0 {
		t.Fatal("tracking left open")
	}
}

// Multipart: every file is a message, the text the first one's caption.
func TestExternalAPIMedia(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	startWorker(t, e)
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	_ = w.WriteField("number", "5511999990002")
	_ = w.WriteField("body", "Segue o catálogo")
	_ = w.WriteField("closeTicket", "false")
	for _, f := range []struct {
		name, ctype string
		data        []byte
	}{
		{"catalogo.png", "image/png", tinyPNG(t)}, {"tabela.pdf", "application/pdf", []byte("%PDF-1.4 test")}} {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="medias"; filename=%q`, f.name))
		h.Set("Content-Type", f.ctype)
		part, _ := w.CreatePart(h)
		part.Write(f.data)
	}
	w.Close()
	st, body := e.call("POST", sendPath, conn.Token, &b, w.FormDataContentType())
	if st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	res := decode[externalapi.Result](t, body)
	if len(res.MessageIDs) != 2 {
		t.Fatalf("answer %s", body)
	}
	eventually(t, "both files delivered", func() bool {
		return count(e, "SELECT count(*) FROM sandbox_outbox WHERE connection_id = ? AND kind = 'media'", conn.ID) == 2
	})
	_, out := e.call("GET", fmt.Sprintf("/sandbox/%d/outbound?number=5511999990002", conn.ID), conn.Token, nil, "")
	for _, want := range []string{`"mediaName":"catalogo.png"`, `"body":"Segue o catálogo"`, `"mediaName":"tabela.pdf"`, `"mediaUrl":"/media/`} {
		if !strings.Contains(string(out), want) {
			t.Fatalf("outbound lacks %s: %s", want, out)
		}
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE ticket_id = ? AND media_type = 'image' AND body = 'Segue o catálogo'", res.TicketID); n != 1 {
		t.Fatal("the text is not the image's caption")
	}
}

// An Idempotency-Key makes a retried call answer the first result and send nothing again,
// even when the retries race; a key reused for another message is refused.
func TestExternalAPIIdempotency(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	call := func(key, body string) (int, []byte, string) {
		req, _ := http.NewRequest("POST", e.Srv.URL+sendPath, strings.NewReader(
			fmt.Sprintf(`{"number":"5511999990003","body":%q}`, body)))
		req.Header.Set("Authorization", "Bearer "+conn.Token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return 0, nil, ""
		}
		defer res.Body.Close()
		var out bytes.Buffer
		out.ReadFrom(res.Body)
		return res.StatusCode, out.Bytes(), res.Header.Get("Idempotent-Replayed")
	}
	st1, first, replay1 := call("pedido-42", "Pedido 42 confirmado")
	st2, second, replay2 := call("pedido-42", "Pedido 42 confirmado")
	if st1 != 200 || st2 != 200 || string(first) != string(second) || replay1 != "" || replay2 != "true" {
		t.Fatalf("first %d %s %q, retry %d %s %q", st1, first, replay1, st2, second, replay2)
	}
	if st, body, _ := call("pedido-42", "Outro texto"); st != 422 || !strings.Contains(string(body), "ERR_IDEMPOTENCY_KEY_REUSED") {
		t.Fatalf("reused key: %d %s", st, body)
	}
	var wg sync.WaitGroup
	answers := make([]string, 6)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, body, _ := call("pedido-43", "Pedido 43 confirmado")
			answers[i] = fmt.Sprint(st, string(body))
		}()
	}
	wg.Wait()
	for _, a := range answers[1:] {
		if a != answers[0] || !strings.HasPrefix(a, "200") {
			t.Fatalf("racing retries answered differently: %v", answers)
		}
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE company_id = ?", acme.Company.ID); n != 2 {
		t.Fatalf("%d messages stored, want 2 (one per key)", n)
	}
	e.sql("UPDATE api_requests SET created_at = now() - interval '25 hours'")
	if st, _, replay := call("pedido-42", "Pedido 42 confirmado"); st != 200 || replay != "" {
		t.Fatalf("an expired key should send again: %d %q", st, replay)
	}
	if n := count(e, "SELECT count(*) FROM api_requests"); n != 1 {
		t.Fatalf("%d keys kept, expired ones should be purged", n)
	}
}

// A ticket an attendant holds receives the API's message and stays theirs (BEHAVIOUR §13
// decision: no failure, no takeover).
func TestExternalAPIHeldTicket(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	st, body := e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990004", "body": "Oi", "userId": acme.Attender.ID}, "")
	if st != 200 {
		t.Fatalf("%d %s", st, body)
	}
	first := decode[externalapi.Result](t, body)
	st, body = e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990004", "body": "Oi de novo", "userId": acme.Admin.ID}, "")
	again := decode[externalapi.Result](t, body)
	if st != 200 || again.TicketID != first.TicketID {
		t.Fatalf("%d %s", st, body)
	}
	if n := count(e, "SELECT count(*) FROM tickets WHERE id = ? AND user_id = ? AND status = 'open'", first.TicketID, acme.Attender.ID); n != 1 {
		t.Fatal("the ticket changed hands")
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE ticket_id = ? AND user_id = ?", first.TicketID, acme.Admin.ID); n != 1 {
		t.Fatal("the second message is not in the held ticket")
	}
}

// A userId that takes a waiting customer's ticket sends the accept greeting first, as an
// accept on the screen does (decision 6); a ticket the request itself opens gets none.
func TestExternalAPIAcceptGreeting(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	e.setSetting(acme.Company.ID, "greetingAcceptedMessage", "Olá {{firstName}}, sou {{userName}}.")
	e.setSetting(acme.Company.ID, "sendGreetingAccepted", "enabled")
	st, body := e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990007", "body": "Novidade", "userId": acme.Attender.ID}, "")
	opened := decode[externalapi.Result](t, body)
	if st != 200 || len(opened.MessageIDs) != 1 {
		t.Fatalf("a new ticket: %d %s (only the message expected)", st, body)
	}

	var contactID int64
	e.App.DB.Raw(`INSERT INTO contacts (company_id, name, number, channel) VALUES (?, 'Rita Lima', '5511999990008', 'sandbox')
		RETURNING id`, acme.Company.ID).Scan(&contactID)
	e.sql(`INSERT INTO tickets (company_id, contact_id, connection_id, status, channel) VALUES (?, ?, ?, 'pending', 'sandbox')`,
		acme.Company.ID, contactID, conn.ID)
	st, body = e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990008", "body": "Vamos ver seu pedido", "userId": acme.Attender.ID}, "")
	res := decode[externalapi.Result](t, body)
	if st != 200 || len(res.MessageIDs) != 2 {
		t.Fatalf("a waiting ticket: %d %s (the greeting and the message expected)", st, body)
	}
	var bodies []string
	e.App.DB.Raw("SELECT body FROM messages WHERE ticket_id = ? ORDER BY id", res.TicketID).Scan(&bodies)
	want := []string{"\u200eOlá Rita, sou " + acme.Attender.Name + ".", "Vamos ver seu pedido"}
	if fmt.Sprint(bodies) != fmt.Sprint(want) {
		t.Fatalf("messages %q, want %q", bodies, want)
	}
	if n := count(e, "SELECT count(*) FROM tickets WHERE id = ? AND status = 'open' AND user_id = ?", res.TicketID, acme.Attender.ID); n != 1 {
		t.Fatal("not accepted")
	}
}

// A queueId of a queue that closes its tickets closes the ticket by the normal close, with
// the farewell (decision 6); a ticket already in that queue, held by an attendant, stays.
func TestExternalAPIClosingQueue(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	e.sql("UPDATE connections SET complation_message = 'Até logo!' WHERE id = ?", conn.ID)
	closing := testutil.NewQueue(t, e.App, acme.Company.ID, "Encerrar", "#f00")
	e.sql("UPDATE queues SET close_ticket = true WHERE id = ?", closing.ID)
	st, body := e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990005", "body": "Pedido entregue",
		"userId": acme.Attender.ID, "queueId": closing.ID}, "")
	res := decode[externalapi.Result](t, body)
	if st != 200 || len(res.MessageIDs) != 2 {
		t.Fatalf("send: %d %s (the message and the farewell expected)", st, body)
	}
	if n := count(e, "SELECT count(*) FROM tickets WHERE id = ? AND status = 'closed' AND queue_id = ?", res.TicketID, closing.ID); n != 1 {
		t.Fatal("ticket not closed by its queue")
	}
	if n := count(e, "SELECT count(*) FROM messages WHERE id = ? AND body LIKE '%Até logo!'", res.MessageIDs[1]); n != 1 {
		t.Fatal("no farewell")
	}

	held := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#0f0")
	st, body = e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990006", "body": "Oi",
		"userId": acme.Attender.ID, "queueId": held.ID}, "")
	first := decode[externalapi.Result](t, body)
	e.sql("UPDATE queues SET close_ticket = true WHERE id = ?", held.ID)
	st2, body2 := e.call("POST", sendPath, conn.Token, map[string]any{"number": "5511999990006", "body": "Oi de novo", "queueId": held.ID}, "")
	if st != 200 || st2 != 200 {
		t.Fatalf("%d %s / %d %s", st, body, st2, body2)
	}
	if n := count(e, "SELECT count(*) FROM tickets WHERE id = ? AND status = 'open'", first.TicketID); n != 1 {
		t.Fatal("a held ticket already in the queue was closed")
	}
}

// The OpenAPI description is served, also to a browser.
func TestExternalAPIDescription(t *testing.T) {
	e := newEnv(t)
	req, _ := http.NewRequest("GET", e.Srv.URL+"/api/openapi.yaml", nil)
	req.Header.Set("Accept", "text/html,application/xhtml+xml")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(res.Body)
	if res.StatusCode != 200 || !strings.Contains(b.String(), "/api/messages/send:") || !strings.Contains(res.Header.Get("Content-Type"), "yaml") {
		t.Fatalf("%d %s", res.StatusCode, b.String()[:min(200, b.Len())])
	}
}
