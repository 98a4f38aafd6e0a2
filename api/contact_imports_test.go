package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/contactimport"
	"atende/pkg/sheet"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// runImports runs the queued contact imports as the worker would.
func (e *env) runImports(t *testing.T) {
	t.Helper()
	for _, p := range pendingTasks[tasks.ContactImport](e, tasks.QueueDefault, tasks.TypeContactImport) {
		if err := e.App.Imports.Run(context.Background(), p, false); err != nil {
			t.Fatal(err)
		}
	}
}

func (e *env) uploadSheet(token string, data []byte) (int, []byte) {
	body, ct := multipartBody(part{field: "file", filename: "contatos.xlsx", ctype: sheet.XLSXType, data: data})
	return e.call("POST", "/contacts/upload", token, body, ct)
}

func TestContactImportFromSpreadsheet(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	e.sql("INSERT INTO contacts (company_id, name, number) VALUES (?, 'Antiga', '5511999990001'), (?, 'Deles', '5511988880009')",
		acme.Company.ID, beta.Company.ID)
	e.sql("INSERT INTO tags (company_id, name) VALUES (?, 'VIP')", acme.Company.ID)
	rows := [][]any{{"Cliente", "Celular", "Observação", "Etiquetas"},
		{"Ana Souza", "(11) 99999-0001", "ana@x.com", "vip, Novos"}, // merged into Antiga
		{"Bia", "11988880002", "", "Novos"},
		{"", "11988880003", "", ""},                    // no name
		{"Caio", "123", "", ""},                        // bad number
		{"Duda", "11988880004", "", ""},                // left out of the selection
		{"Bia Lima", "+55 11 98888-0002", "bia@x", ""}, // bad e-mail
		{"Bia Lima", "+55 11 98888-0002", "bia@x.com", "VIP"},
	}
	code, body := e.uploadSheet(agent, sheetBytes(t, rows))
	if code != 201 {
		t.Fatalf("upload %d %s", code, body)
	}
	p := decode[contactimport.Preview](t, body)
	if p.Import.Status != "uploaded" || len(p.Rows) != 7 || p.Rows[0].Line != 2 || p.Header[3] != "Etiquetas" ||
		p.Mapping.Tags == nil || *p.Mapping.Tags != 3 || p.Mapping.Number == nil || *p.Mapping.Number != 1 || p.Mapping.Name != nil {
		t.Fatalf("preview %+v", p)
	}
	start := fmt.Sprintf("/contacts/imports/%d/start", p.Import.ID)
	col := func(n int) *int { return &n }
	m := contactimport.Mapping{Name: col(0), Number: col(1), Email: col(2), Tags: col(3)}
	sel := contactimport.Selection{AllRows: true, ExceptRows: []int{6}}
	in := func(m contactimport.Mapping, s contactimport.Selection) map[string]any {
		return map[string]any{"mapping": m, "selection": s}
	}
	exe, exeType := multipartBody(part{field: "file", filename: "x.xlsx", ctype: sheet.XLSXType, data: append([]byte("MZ\x90\x00"), make([]byte, 300)...)})
	headerOnly, hoType := multipartBody(part{field: "file", filename: "x.xlsx", ctype: sheet.XLSXType, data: sheetBytes(t, [][]any{{"name", "number"}})})
	e.run(t, []scenario{
		{name: "an exe renamed .xlsx", method: "POST", path: "/contacts/upload", token: admin, body: exe, ctype: exeType, status: 400, code: "ERR_INVALID_FILE_TYPE"},
		{name: "a header without rows", method: "POST", path: "/contacts/upload", token: admin, body: headerOnly, ctype: hoType, status: 400, code: "ERR_IMPORT_NO_ROWS"},
		{name: "company B can't start A's import", method: "POST", path: start, token: other, body: in(m, sel), status: 404, code: "ERR_IMPORT_NOT_FOUND"},
		{name: "company B can't read A's import", method: "GET", path: fmt.Sprintf("/contacts/imports/%d", p.Import.ID), token: other, status: 404},
		{name: "name not mapped", method: "POST", path: start, token: agent, body: in(contactimport.Mapping{Number: col(1)}, sel), status: 400, code: "ERR_IMPORT_NAME_NOT_SELECTED"},
		{name: "number not mapped", method: "POST", path: start, token: agent, body: in(contactimport.Mapping{Name: col(0)}, sel), status: 400, code: "ERR_IMPORT_NUMBER_NOT_SELECTED"},
		{name: "a column twice", method: "POST", path: start, token: agent, body: in(contactimport.Mapping{Name: col(1), Number: col(1)}, sel), status: 400, code: "ERR_IMPORT_COLUMN_TWICE"},
		{name: "a column the file lacks", method: "POST", path: start, token: agent, body: in(contactimport.Mapping{Name: col(0), Number: col(9)}, sel), status: 400, code: "ERR_IMPORT_BAD_COLUMN"},
		{name: "no row selected", method: "POST", path: start, token: agent, body: in(m, contactimport.Selection{}), status: 400, code: "ERR_IMPORT_NO_CONTACT_SELECTED"},
		{name: "start", method: "POST", path: start, token: agent, body: in(m, sel), status: 200, contain: []string{`"status":"pending"`}},
		{name: "once", method: "POST", path: start, token: agent, body: in(m, sel), status: 409, code: "ERR_IMPORT_ALREADY_STARTED"},
	})
	ev := e.watch()
	e.runImports(t)
	ev.want(t, fmt.Sprintf("company-%d-ContactImport", acme.Company.ID), `"status":"done"`)
	one := fmt.Sprintf("/contacts/imports/%d", p.Import.ID)
	e.run(t, []scenario{
		get("the outcome", one, agent, 200, nil, `"status":"done"`, `"rowsRead":6`, `"created":1`, `"updated":2`, `"refused":3`),
		get("the company's imports", "/contacts/imports", admin, 200, nil, fmt.Sprintf(`"id":%d`, p.Import.ID)),
		get("company B's imports", "/contacts/imports", other, 200, nil, `[]`),
		{name: "company B can't download A's refused rows", method: "GET", path: one + "/refused", token: other, status: 404},
		get("the refused rows", one+"/refused", agent, 200, func(t *testing.T, b []byte) {
			x, err := excelize.OpenReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := x.GetRows("Sheet1")
			var lines []string
			for _, r := range got[1:] {
				lines = append(lines, r[0]+":"+r[4])
			}
			if strings.Join(lines, ",") != "4:Nome ausente,5:Número inválido,7:E-mail inválido" {
				t.Fatalf("refused %q", got)
			}
		}),
	})
	var cs []contact.Contact
	e.App.DB.Where("company_id = ?", acme.Company.ID).Order("number").Find(&cs)
	var got []string
	for _, c := range cs {
		var tags []string
		e.App.DB.Raw("SELECT t.name FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.contact_id = ? ORDER BY t.name", c.ID).Scan(&tags)
		got = append(got, fmt.Sprintf("%s|%s|%s|%s", c.Number, c.Name, c.Email, strings.Join(tags, "+")))
	}
	want := "5511988880002|Bia Lima|bia@x.com|Novos+VIP 5511999990001|Ana Souza|ana@x.com|Novos+VIP"
	if strings.Join(got, " ") != want {
		t.Fatalf("contacts %q", got)
	}
	var theirs contact.Contact
	e.App.DB.Where("company_id = ?", beta.Company.ID).Take(&theirs)
	if theirs.Name != "Deles" {
		t.Fatalf("company B's contact changed: %+v", theirs)
	}
}

// TestContactImportBrokenFileWritesNothing: a file that turns out unreadable or too long
// half-way fails as a whole; nothing of it is kept.
func TestContactImportBrokenFileWritesNothing(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	old := contactimport.MaxRows
	contactimport.MaxRows = 3
	t.Cleanup(func() { contactimport.MaxRows = old })
	rows := [][]any{{"name", "number"}}
	for i := range 5 {
		rows = append(rows, []any{fmt.Sprintf("Pessoa %d", i), fmt.Sprintf("1198888%04d", i)})
	}
	_, body := e.uploadSheet(admin, sheetBytes(t, rows))
	p := decode[contactimport.Preview](t, body)
	col := func(n int) *int { return &n }
	e.run(t, []scenario{{name: "start", method: "POST", path: fmt.Sprintf("/contacts/imports/%d/start", p.Import.ID), token: admin,
		body: map[string]any{"mapping": contactimport.Mapping{Name: col(0), Number: col(1)}, "selection": contactimport.Selection{AllRows: true}}, status: 200}})
	e.runImports(t)
	e.run(t, []scenario{get("failed", fmt.Sprintf("/contacts/imports/%d", p.Import.ID), admin, 200, nil,
		`"status":"failed"`, `"error":"ERR_IMPORT_TOO_MANY_ROWS"`, `"created":0`)})
	var n int64
	e.App.DB.Model(&contact.Contact{}).Where("company_id = ?", acme.Company.ID).Count(&n)
	if n != 0 {
		t.Fatalf("%d contacts written", n)
	}
}

// fakeBook is a whatsmeow channel as contact imports see it: the phone's address book.
type fakeBook struct {
	channel.Channel
	list []channel.PhoneContact
	err  error
}

func (f fakeBook) PhoneContacts(context.Context, connection.Connection) ([]channel.PhoneContact, error) {
	return f.list, f.err
}

func TestContactImportFromPhone(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	agent, other := e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	book := &fakeBook{list: []channel.PhoneContact{{Number: "5511988880001", Name: "Maria"}, {Number: "5511988880002"}, {Number: "55"}}}
	reg := channel.Registry{}
	for k, v := range e.App.Channels {
		reg[k] = v
	}
	reg[connection.ChannelWhatsApp] = book
	e.App.Imports.Channels = reg
	setStatus := func(c *connection.Connection) { c.Status = connection.StatusConnected }
	phone := testutil.NewConnection(t, e.App, acme.Company.ID, "Celular", setStatus)
	off := testutil.NewConnection(t, e.App, acme.Company.ID, "Desligado", nil)
	sandbox := testutil.NewConnection(t, e.App, acme.Company.ID, "Teste", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	cloud := testutil.NewConnection(t, e.App, acme.Company.ID, "Oficial", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelWhatsAppAPI, connection.StatusConnected
	})
	theirs := testutil.NewConnection(t, e.App, beta.Company.ID, "Deles", setStatus)
	e.sql("INSERT INTO contacts (company_id, name, number) VALUES (?, 'Cliente antigo', '5511988880001')", acme.Company.ID)
	imp := func(id int64) map[string]any { return map[string]any{"whatsappId": id} }
	e.run(t, []scenario{
		{name: "a sandbox has no phone", method: "POST", path: "/contacts/import", token: agent, body: imp(sandbox.ID), status: 400, code: "ERR_IMPORT_PHONE_UNSUPPORTED"},
		{name: "the Cloud API has no phone", method: "POST", path: "/contacts/import", token: agent, body: imp(cloud.ID), status: 400, code: "ERR_IMPORT_PHONE_UNSUPPORTED"},
		{name: "a disconnected session", method: "POST", path: "/contacts/import", token: agent, body: imp(off.ID), status: 400, code: "ERR_WAPP_NOT_INITIALIZED"},
		{name: "company B can't import A's phone", method: "POST", path: "/contacts/import", token: other, body: imp(phone.ID), status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "A can't import B's phone", method: "POST", path: "/contacts/import", token: agent, body: imp(theirs.ID), status: 404},
		{name: "queued", method: "POST", path: "/contacts/import", token: agent, body: imp(phone.ID), status: 201,
			contain: []string{`"source":"phone"`, `"status":"pending"`}},
	})
	e.runImports(t)
	e.run(t, []scenario{get("done", "/contacts/imports", agent, 200, nil, `"status":"done"`, `"created":1`, `"updated":1`, `"refused":1`)})
	var names []string
	e.App.DB.Model(&contact.Contact{}).Where("company_id = ?", acme.Company.ID).Order("number").Pluck("name", &names)
	if strings.Join(names, ",") != "Cliente antigo,5511988880002" {
		t.Fatalf("names %q (a name the company gave is kept)", names)
	}
	// A session another worker hosts: the task goes there.
	book.err = &channel.ElsewhereError{Owner: "w2"}
	var again int64
	e.run(t, []scenario{{name: "again", method: "POST", path: "/contacts/import", token: agent, body: imp(phone.ID), status: 201,
		check: func(t *testing.T, b []byte) { again = decode[contactimport.Import](t, b).ID }}})
	var elsewhere *channel.ElsewhereError
	err := e.App.Imports.Run(context.Background(), tasks.ContactImport{CompanyID: acme.Company.ID, ImportID: again}, false)
	if !errors.As(err, &elsewhere) {
		t.Fatalf("elsewhere: %v", err)
	}
}
