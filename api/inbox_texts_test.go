package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"

	"atende/pkg/testutil"
)

// A private note (typed as one, or the message of a transfer) is stored, but the ticket's
// list preview stays the conversation's last real message.
func TestPrivateNoteIsNotThePreview(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	ticketID, _ := customerWrites(t, e, connA, "5511900000011", "Quero meu boleto")
	admin := testutil.Token(t, e.App, a.Admin)
	fin := testutil.NewQueue(t, e.App, a.Company.ID, "Financeiro", "#123456")
	post := func(body map[string]any) {
		t.Helper()
		if st, b := e.call("POST", fmt.Sprintf("/messages/%d", ticketID), admin, body, ""); st != 200 {
			t.Fatalf("send %v: %d %s", body, st, b)
		}
	}
	preview := func(want, fromMe string) {
		t.Helper()
		if got := e.ticketField(ticketID, "last_message"); got != want {
			t.Fatalf("last_message = %q, want %q", got, want)
		}
		if got := e.ticketField(ticketID, "from_me"); got != fromMe {
			t.Fatalf("from_me = %q, want %q", got, fromMe)
		}
	}
	preview("Quero meu boleto", "false")
	post(map[string]any{"body": "nota: cliente VIP", "isPrivate": true})
	preview("Quero meu boleto", "false")
	post(map[string]any{"body": "Segue o boleto"})
	preview("Segue o boleto", "true")
	post(map[string]any{"body": "outra nota", "isPrivate": true})
	if st, b := e.call("PUT", fmt.Sprintf("/tickets/%d", ticketID), admin, map[string]any{"queueId": fin.ID, "userId": nil,
		"status": "pending", "isTransfered": true, "msgTransfer": "cuidado, cliente bravo"}, ""); st != 200 {
		t.Fatalf("transfer: %d %s", st, b)
	}
	if got := e.messageBodies(ticketID); !strings.Contains(strings.Join(got, "|"), "cuidado, cliente bravo") {
		t.Fatalf("the transfer message was not kept as a note: %v", got)
	}
	// The transfer may send the queue's automatic texts, which are real messages; the note is not.
	if got := e.ticketField(ticketID, "last_message"); strings.Contains(got, "cuidado") || strings.Contains(got, "nota") {
		t.Fatalf("last_message after the transfer = %q", got)
	}
	e.run(t, []scenario{{name: "the list shows no note", method: "GET", path: q("status", "pending", "showAll", "true", "queueIds", fmt.Sprintf("[%d]", fin.ID)),
		token: admin, status: 200, contain: []string{`"lastMessage":"`}, absent: []string{"cuidado", "outra nota"}}})
}

// An attendant's text (a quick answer's, typically) has its message variables rendered
// with the ticket's values before it is stored and sent; unknown ones stay as written.
func TestAttendantTextVariables(t *testing.T) {
	e, a, _, connA, _ := twoSandboxes(t)
	ticketID, contactID := customerWrites(t, e, connA, "5511900000012", "oi")
	e.sql("UPDATE contacts SET name = 'Maria Souza' WHERE id = ?", contactID)
	cob := testutil.NewQueue(t, e.App, a.Company.ID, "Cobrança", "#654321")
	e.sql("UPDATE tickets SET queue_id = ? WHERE id = ?", cob.ID, ticketID)
	admin := testutil.Token(t, e.App, a.Admin)
	var protocol string
	e.App.DB.Raw(`SELECT to_char(t.created_at AT TIME ZONE c.timezone, 'YYYYMMDD') || t.id FROM tickets t
		JOIN companies c ON c.id = t.company_id WHERE t.id = ?`, ticketID).Scan(&protocol)
	want := fmt.Sprintf("Olá Maria, aqui é %s da %s, fila Cobrança. Protocolo %s. {{desconhecida}}", a.Admin.Name, a.Company.Name, protocol)
	e.run(t, []scenario{
		{name: "variables rendered", method: "POST", path: fmt.Sprintf("/messages/%d", ticketID), token: admin,
			body:   map[string]any{"body": "Olá {{firstName}}, aqui é {{userName}} da {{name_company}}, fila {{ queue }}. Protocolo {{protocol}}. {{desconhecida}}"},
			status: 200, contain: []string{`"body":"` + want + `"`}},
		{name: "with the signature", method: "POST", path: fmt.Sprintf("/messages/%d", ticketID), token: admin,
			body: map[string]any{"body": "{{name}}, tudo certo?", "signMessage": true}, status: 200,
			contain: []string{`"body":"*` + a.Admin.Name + `:*\nMaria Souza, tudo certo?"`}},
	})
	bodies := strings.Join(e.messageBodies(ticketID), "|")
	if strings.Contains(bodies, "{{name}}") || strings.Contains(bodies, "{{firstName}}") || !strings.Contains(bodies, want) {
		t.Fatalf("stored bodies: %s", bodies)
	}
}

// quickForm is a multipart POST /quick-messages body: fields, and a file when data is set.
func quickForm(t *testing.T, fields map[string]string, filename string, data []byte) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if data != nil {
		part, err := w.CreateFormFile("file", filename)
		if err != nil {
			t.Fatal(err)
		}
		part.Write(data)
	}
	w.Close()
	return &b, w.FormDataContentType()
}

// A quick answer needs a message or a file: picking one with neither would send nothing.
func TestQuickMessageNeedsContent(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	agent := e.tokenOf(acme.Attender)
	needs := []string{`"message":"Escreva uma mensagem ou anexe um arquivo."`}
	onlyShortcode, ct1 := quickForm(t, map[string]string{"shortcode": "vazio", "message": " "}, "", nil)
	badFile, ct2 := quickForm(t, map[string]string{"shortcode": "ruim"}, "x.html", []byte("<html><script>alert(1)</script></html>"))
	withFile, ct3 := quickForm(t, map[string]string{"shortcode": "catalogo", "geral": "true"}, "catalogo.pdf", []byte("%PDF-1.4 test"))
	e.run(t, []scenario{
		{name: "JSON with neither", method: "POST", path: "/quick-messages", token: agent, body: map[string]any{"shortcode": "x"},
			status: 400, code: "ERR_VALIDATION", contain: needs},
		{name: "JSON with a blank message", method: "POST", path: "/quick-messages", token: agent,
			body: map[string]any{"shortcode": "x", "message": " \n "}, status: 400, code: "ERR_VALIDATION", contain: needs},
		{name: "multipart with neither", method: "POST", path: "/quick-messages", token: agent, body: onlyShortcode, ctype: ct1,
			status: 400, code: "ERR_VALIDATION", contain: needs},
		{name: "multipart with a refused file", method: "POST", path: "/quick-messages", token: agent, body: badFile, ctype: ct2,
			status: 400, code: "ERR_INVALID_FILE_TYPE"},
	})
	if n := e.countRows("SELECT count(*) FROM quick_messages"); n != 0 || len(mediaFiles(t, e)) != 0 {
		t.Fatalf("refused requests wrote %d rows, files %v", n, mediaFiles(t, e))
	}
	var fileOnly struct{ ID int64 }
	var textOnly struct{ ID int64 }
	e.run(t, []scenario{
		{name: "a file alone is enough", method: "POST", path: "/quick-messages", token: agent, body: withFile, ctype: ct3, status: 201,
			contain: []string{`"shortcode":"catalogo"`, `"geral":true`, `"isMedia":true`, `"mediaName":"catalogo.pdf"`, `"message":""`},
			check:   func(t *testing.T, b []byte) { fileOnly = decode[struct{ ID int64 }](t, b) }},
		{name: "a message alone is enough", method: "POST", path: "/quick-messages", token: agent,
			body: map[string]any{"shortcode": "ola", "message": "Olá {{firstName}}!"}, status: 201,
			check: func(t *testing.T, b []byte) { textOnly = decode[struct{ ID int64 }](t, b) }},
	})
	e.run(t, []scenario{
		{name: "the file of a file-only one can't be removed", method: "DELETE", path: "/quick-messages/" + itoa(fileOnly.ID) + "/media-upload",
			token: agent, status: 400, code: "ERR_VALIDATION", contain: needs},
		{name: "the message of a text-only one can't be emptied", method: "PUT", path: "/quick-messages/" + itoa(textOnly.ID), token: agent,
			body: map[string]any{"message": ""}, status: 400, code: "ERR_VALIDATION", contain: needs},
		{name: "a file-only one takes a message", method: "PUT", path: "/quick-messages/" + itoa(fileOnly.ID), token: agent,
			body: map[string]any{"message": "Nosso catálogo"}, status: 200, contain: []string{`"isMedia":true`}},
	})
	if len(mediaFiles(t, e)) != 1 || e.countRows("SELECT count(*) FROM quick_messages WHERE message <> ''") != 2 {
		t.Fatalf("after the refusals: files %v", mediaFiles(t, e))
	}
}
