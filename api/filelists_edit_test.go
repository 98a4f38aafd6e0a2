package api_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atende/pkg/mediause"
	"atende/pkg/testutil"
)

type fileListOne struct {
	ID      int64
	Name    string
	Message string
	Options []struct {
		ID        int64
		Name      string
		Path      string
		MediaType string
		URL       string
	}
}

var pdfBytes = []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")

func TestFileListsEditUploadAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)

	status, body := e.call("POST", "/files", admin, map[string]any{"name": "Catálogo", "message": "Veja nossos arquivos",
		"options": []map[string]any{{"name": "Tabela"}, {"name": "Fotos"}}}, "")
	if status != 201 && status != 200 {
		t.Fatalf("create: %d %s", status, body)
	}
	l := decode[fileListOne](t, body)
	if len(l.Options) != 2 || l.Options[0].Name != "Tabela" {
		t.Fatalf("created %+v", l)
	}
	id, opt := itoa(l.ID), itoa(l.Options[0].ID)
	upload := func(token, optionID string, data []byte) scenario {
		r, ctype := multipartBody(part{field: "files", filename: "tabela.pdf", ctype: "application/pdf", data: data},
			part{field: "id", data: []byte(optionID)})
		return scenario{method: "POST", path: "/files/uploadList/" + id, token: token, body: r, ctype: ctype}
	}
	up := upload(admin, opt, pdfBytes)
	up.name, up.status, up.contain = "upload the option's file", 200, []string{`"mediaType":"application/pdf"`, `"url":"/media/`}
	html := upload(admin, opt, []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"))
	html.name, html.status, html.code = "html is refused by its bytes", 400, "ERR_INVALID_FILE_TYPE"
	foreign := upload(other, opt, pdfBytes)
	foreign.name, foreign.status = "company B can't upload to it", 404
	wrongOpt := upload(admin, "999999", pdfBytes)
	wrongOpt.name, wrongOpt.status, wrongOpt.code = "an option of no list", 400, "ERR_VALIDATION"
	e.run(t, []scenario{up, html, foreign, wrongOpt,
		{name: "profile user can't read", method: "GET", path: "/files/" + id, token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "company B can't read", method: "GET", path: "/files/" + id, token: other, status: 404, code: "ERR_NO_FILE_FOUND"},
		{name: "company B can't edit", method: "PUT", path: "/files/" + id, token: other,
			body: map[string]any{"name": "Roubado", "message": "x"}, status: 404},
		{name: "company B can't delete", method: "DELETE", path: "/files/" + id, token: other, status: 404},
		get("count in the list", "/files", admin, 200, nil, `"count":1`, `"name":"Catálogo"`),
	})
	got := decode[fileListOne](t, func() []byte { _, b := e.call("GET", "/files/"+id, admin, nil, ""); return b }())
	stored := got.Options[0].Path
	full := filepath.Join(e.App.Media.Dir, stored)
	if _, err := os.Stat(full); err != nil || !strings.HasPrefix(stored, "company"+itoa(acme.Company.ID)+"/fileList/") {
		t.Fatalf("stored %q: %v", stored, err)
	}
	if n := e.countRows("SELECT count(*) FROM file_options WHERE path <> ''"); n != 1 {
		t.Fatalf("%d options with files after refused uploads", n)
	}
	e.run(t, []scenario{{name: "rename, drop Fotos, add Boleto", method: "PUT", path: "/files/" + id, token: admin,
		body: map[string]any{"name": "Catálogo 2026", "message": "Novos arquivos",
			"options": []map[string]any{{"id": got.Options[0].ID, "name": "Tabela de preços"}, {"name": "Boleto"}}},
		status: 200, contain: []string{`"Tabela de preços"`, `"Boleto"`}, absent: []string{`"Fotos"`}}})
	// A message the bot sent names the option's file (by path, not a copy): replacing the
	// file keeps it for that message; deleting the list too.
	ct := testutil.NewContact(t, e.App, acme.Company.ID, "Ana", "5511977770000", nil)
	var ticketID int64
	e.App.DB.Raw(`INSERT INTO tickets (company_id, contact_id, status) VALUES (?, ?, 'pending') RETURNING id`,
		acme.Company.ID, ct.ID).Scan(&ticketID)
	e.sql(`INSERT INTO messages (company_id, ticket_id, body, media_path, media_type, from_me) VALUES (?, ?, 'Tabela', ?, 'application', true)`,
		acme.Company.ID, ticketID, stored)
	again := upload(admin, opt, pdfBytes)
	again.name, again.status = "a new file for the option", 200
	e.run(t, []scenario{again, {name: "delete", method: "DELETE", path: "/files/" + id, token: admin, status: 200}})
	if _, err := os.Stat(full); err != nil {
		t.Fatalf("the file a sent message shows was removed: %v", err)
	}
	e.sql(`DELETE FROM messages WHERE ticket_id = ?`, ticketID)
	if err := mediause.RemoveUnused(e.App.DB, e.App.Media, stored); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(full); !os.IsNotExist(err) {
		t.Fatalf("a file nothing names survived: %v", err)
	}
}

func TestFileListsValidationWritesNothing(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	bad := func(name string, body map[string]any, field, msg string) scenario {
		return scenario{name: name, method: "POST", path: "/files", token: admin, body: body, status: 400,
			code: "ERR_VALIDATION", contain: []string{`"` + field + `":"` + msg + `"`}}
	}
	e.run(t, []scenario{
		bad("short name", map[string]any{"name": "ab", "message": "oi"}, "name", "nome muito curto"),
		bad("no name", map[string]any{"name": " ", "message": "oi"}, "name", "Obrigatório"),
		bad("no message", map[string]any{"name": "Catálogo", "message": ""}, "message", "Obrigatório"),
		bad("an option without a name", map[string]any{"name": "Catálogo", "message": "oi",
			"options": []map[string]any{{"name": ""}}}, "options", "Obrigatório"),
	})
	if n := e.countRows("SELECT count(*) FROM files"); n != 0 {
		t.Fatalf("%d lists written", n)
	}
}
