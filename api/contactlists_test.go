package api_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"atende/pkg/contactlist"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/validate"
)

type clItems struct {
	Contacts []contactlist.Item
	HasMore  bool
	Cursor   string
}

func (e *env) newContactList(companyID int64, name string, numbers ...string) contactlist.List {
	e.t.Helper()
	ctx := tenant.With(context.Background(), companyID)
	l, err := e.App.ContactLists.Create(ctx, contactlist.ListInput{Name: &name})
	if err != nil {
		e.t.Fatal(err)
	}
	for i, n := range numbers {
		nm := fmt.Sprintf("Contato %02d", i)
		if _, err := e.App.ContactLists.CreateItem(ctx, contactlist.ItemInput{ContactListID: nullable(l.ID), Name: &nm, Number: &n}); err != nil {
			e.t.Fatal(err)
		}
	}
	l, _ = e.App.ContactLists.Get(ctx, l.ID)
	return l
}

func sheetBytes(t *testing.T, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		f.SetSheetRow("Sheet1", cell, &r)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestContactListsCrudAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vip := e.newContactList(acme.Company.ID, "VIP", "11999990001", "11999990002")
	e.newContactList(acme.Company.ID, "Antigos")
	theirs := e.newContactList(beta.Company.ID, "Deles", "11988880001")
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	ids := fmt.Sprintf("/contact-lists/%d", vip.ID)
	names := func(want ...string) func(*testing.T, []byte) {
		return listed("records", func(l contactlist.List) string { return fmt.Sprintf("%s:%d", l.Name, l.ContactsCount) }, want...)
	}
	ev := e.watch()
	e.run(t, []scenario{
		get("lists by name with their counts", "/contact-lists/", admin, 200, names("Antigos:0", "VIP:2"), `"hasMore":false`),
		get("search", "/contact-lists?searchParam=vi", admin, 200, names("VIP:2")),
		get("a profile user reads them (campaign dialog)", "/contact-lists/list", agent, 200,
			listed("", func(l contactlist.List) string { return l.Name }, "Antigos", "VIP")),
		get("one", ids, admin, 200, nil, `"contactsCount":2`, `"name":"VIP"`),
		get("company B sees only its own", "/contact-lists/", other, 200, names("Deles:1")),
		get("company B's select", "/contact-lists/list", other, 200, listed("", func(l contactlist.List) string { return l.Name }, "Deles")),
		{name: "company B can't read A's", method: "GET", path: ids, token: other, status: 404, code: "ERR_NO_CONTACT_LIST_FOUND"},
		{name: "company B can't rename A's", method: "PUT", path: ids, token: other, body: map[string]any{"name": "Roubada"}, status: 404},
		{name: "company B can't delete A's", method: "DELETE", path: ids, token: other, status: 404},
		{name: "a profile user can't create", method: "POST", path: "/contact-lists", token: agent, body: map[string]any{"name": "Minha"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "name too short", method: "POST", path: "/contact-lists", token: admin, body: map[string]any{"name": "A"}, status: 400,
			code: "ERR_VALIDATION", contain: []string{`"name":"Too Short!"`}},
		{name: "name too long", method: "POST", path: "/contact-lists", token: admin, body: map[string]any{"name": strings.Repeat("a", 51)}, status: 400,
			contain: []string{`"name":"Too Long!"`}},
		{name: "create", method: "POST", path: "/contact-lists", token: admin, body: map[string]any{"name": " Nova "}, status: 201,
			contain: []string{`"name":"Nova"`, `"contactsCount":0`}},
		{name: "rename", method: "PUT", path: ids, token: admin, body: map[string]any{"name": "VIPs"}, status: 200,
			contain: []string{`"name":"VIPs"`, `"contactsCount":2`}},
	})
	ev.want(t, fmt.Sprintf("company-%d-ContactList", acme.Company.ID), `"action":"create"`, `"Nova"`)
	ev.want(t, fmt.Sprintf("company-%d-ContactList", acme.Company.ID), `"action":"update"`, `"VIPs"`)
	e.run(t, []scenario{
		{name: "delete", method: "DELETE", path: ids, token: admin, status: 200},
		get("gone with its items", ids, admin, 404, nil),
		get("B's list is untouched", fmt.Sprintf("/contact-lists/%d", theirs.ID), other, 200, nil, `"contactsCount":1`),
	})
	var left int64
	e.App.DB.Model(&contactlist.Item{}).Where("contact_list_id = ?", vip.ID).Count(&left)
	if left != 0 {
		t.Fatalf("%d items left", left)
	}
	// Without the plan's campaigns, nothing of it.
	e.sql("UPDATE plans SET use_campaigns = false WHERE id = ?", beta.Company.PlanID)
	e.run(t, []scenario{
		{name: "no campaigns in the plan", method: "GET", path: "/contact-lists/", token: other, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "no campaigns in the plan: items", method: "GET", path: "/contact-list-items", token: other, status: 403},
	})
}

func TestContactListItemsCrudSearchPagesAndTenancy(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	numbers := []string{}
	for i := range 25 {
		numbers = append(numbers, fmt.Sprintf("1199999%04d", i))
	}
	vip := e.newContactList(acme.Company.ID, "VIP", numbers...)
	theirs := e.newContactList(beta.Company.ID, "Deles", "11988880001")
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	var first clItems
	list := fmt.Sprintf("/contact-list-items?contactListId=%d", vip.ID)
	e.run(t, []scenario{
		get("a page of 20 by name", list, admin, 200, func(t *testing.T, b []byte) {
			first = decode[clItems](t, b)
			if len(first.Contacts) != 20 || !first.HasMore || first.Cursor == "" || first.Contacts[0].Name != "Contato 00" {
				t.Fatalf("page %+v", first)
			}
		}),
		get("page 2", list+"&pageNumber=2", admin, 200, listed("contacts", func(i contactlist.Item) string { return i.Name },
			"Contato 20", "Contato 21", "Contato 22", "Contato 23", "Contato 24")),
		get("search by name", list+"&searchParam=contato%2007", admin, 200, listed("contacts", func(i contactlist.Item) string { return i.Number }, "5511999990007")),
		get("search by number", list+"&searchParam=99990012", admin, 200, listed("contacts", func(i contactlist.Item) string { return i.Name }, "Contato 12")),
		{name: "a profile user has no access to items", method: "GET", path: list, token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		get("company B gets none of A's", list, other, 200, listed("contacts", func(i contactlist.Item) string { return i.Name })),
	})
	e.run(t, []scenario{
		get("the next page by cursor", list+"&cursor="+first.Cursor, admin, 200, func(t *testing.T, b []byte) {
			p := decode[clItems](t, b)
			if len(p.Contacts) != 5 || p.HasMore || p.Contacts[0].Name != "Contato 20" {
				t.Fatalf("cursor page %+v", p)
			}
		}),
	})
	item := first.Contacts[0]
	path := fmt.Sprintf("/contact-list-items/%d", item.ID)
	body := func(over map[string]any) map[string]any {
		return merge(map[string]any{"contactListId": vip.ID, "name": "Zeca", "number": "(21) 97777-0001", "email": "zeca@ex.com"}, over)
	}
	ev := e.watch()
	e.run(t, []scenario{
		{name: "add: number normalised, checked by format (no connection: unchecked)", method: "POST", path: "/contact-list-items", token: admin,
			body: body(nil), status: 201, contain: []string{`"number":"5521977770001"`, `"isWhatsappValid":null`, `"email":"zeca@ex.com"`}},
		{name: "the same number again", method: "POST", path: "/contact-list-items", token: admin, body: body(map[string]any{"number": "5521977770001"}),
			status: 409, code: "ERR_DUPLICATED_CONTACT_LIST_ITEM"},
		{name: "bad fields", method: "POST", path: "/contact-list-items", token: admin,
			body: body(map[string]any{"name": "Z", "number": "1234567", "email": "nope"}), status: 400, code: "ERR_VALIDATION",
			contain: []string{`"name":"Too Short!"`, `"number":"Too Short!"`, `"email":"Email inválido"`}},
		{name: "invalid number", method: "POST", path: "/contact-list-items", token: admin, body: body(map[string]any{"number": "00000000000"}),
			status: 400, contain: []string{`"number":"Número inválido"`}},
		{name: "company B can't add to A's list", method: "POST", path: "/contact-list-items", token: other, body: body(nil),
			status: 404, code: "ERR_NO_CONTACT_LIST_FOUND"},
		{name: "a profile user can't add", method: "POST", path: "/contact-list-items", token: agent, body: body(nil), status: 403},
		get("one", path, admin, 200, nil, `"name":"Contato 00"`),
		{name: "company B can't read A's item", method: "GET", path: path, token: other, status: 404, code: "ERR_NO_CONTACT_LIST_ITEM_FOUND"},
		{name: "company B can't edit A's item", method: "PUT", path: path, token: other, body: map[string]any{"name": "Hack"}, status: 404},
		{name: "company B can't delete A's item", method: "DELETE", path: path, token: other, status: 404},
		{name: "edit", method: "PUT", path: path, token: admin, body: map[string]any{"name": "Ana Paula", "email": ""}, status: 200,
			contain: []string{`"name":"Ana Paula"`, `"number":"5511999990000"`}},
		{name: "edit to a number the list has", method: "PUT", path: path, token: admin, body: map[string]any{"number": "11999990001"}, status: 409},
		{name: "delete", method: "DELETE", path: path, token: admin, status: 200},
		get("the count follows", fmt.Sprintf("/contact-lists/%d", vip.ID), admin, 200, nil, `"contactsCount":25`),
		get("B's item untouched", fmt.Sprintf("/contact-list-items?contactListId=%d", theirs.ID), other, 200,
			listed("contacts", func(i contactlist.Item) string { return i.Number }, "5511988880001")),
	})
	ev.want(t, fmt.Sprintf("company-%d-ContactListItem", acme.Company.ID), `"action":"delete"`)
	ev.want(t, fmt.Sprintf("company-%d-ContactList", acme.Company.ID), `"contactsCount":25`)
}

func TestContactListUploadAndDownloads(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vip := e.newContactList(acme.Company.ID, "VIP")
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	upload := fmt.Sprintf("/contact-lists/%d/upload", vip.ID)
	good := sheetBytes(t, [][]any{{"name", "number", "email"}, {"Ana", "11999990001", ""}, {"Ruim", "123", ""}})
	file := func(name, ctype string, data []byte, size int64) (any, string) {
		r, ct := multipartBody(part{field: "file", filename: name, ctype: ctype, data: data, size: size})
		return r, ct
	}
	exe, exeType := file("lista.xlsx", contactlist.XLSXType, append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, 200)...), 0)
	big, bigType := file("grande.csv", "text/csv", []byte("name,number\n"), 20<<20)
	xls, xlsType := file("velha.xls", "application/vnd.ms-excel", []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"+strings.Repeat("\x00", 600)), 0)
	b1, t1 := file("lista.xlsx", contactlist.XLSXType, good, 0)
	b2, t2 := file("lista.xlsx", contactlist.XLSXType, good, 0)
	b3, _ := file("lista.xlsx", contactlist.XLSXType, good, 0)
	ok, okType := file("lista.xlsx", "application/octet-stream", good, 0)
	var importID int64
	e.run(t, []scenario{
		{name: "an exe renamed .xlsx", method: "POST", path: upload, token: admin, body: exe, ctype: exeType, status: 400, code: "ERR_INVALID_FILE_TYPE"},
		{name: "an old .xls", method: "POST", path: upload, token: admin, body: xls, ctype: xlsType, status: 400, code: "ERR_INVALID_FILE_TYPE"},
		{name: "a 20 MB file", method: "POST", path: upload, token: admin, body: big, ctype: bigType, status: 413},
		{name: "company B can't import into A's list", method: "POST", path: upload, token: other, body: b1, ctype: t1, status: 404},
		{name: "a profile user can't import", method: "POST", path: upload, token: agent, body: b2, ctype: t2, status: 403},
		{name: "no file", method: "POST", path: upload, token: admin, body: b3, ctype: "multipart/form-data; boundary=x", status: 400},
		{name: "a spreadsheet: stored and queued", method: "POST", path: upload, token: admin, body: ok, ctype: okType, status: 201,
			contain: []string{`"status":"pending"`, `"fileName":"lista.xlsx"`, `"fileType":"xlsx"`}, check: func(t *testing.T, b []byte) {
				importID = decode[contactlist.Import](t, b).ID
			}},
	})
	queued := pendingTasks[tasks.ContactListImport](e, tasks.QueueDefault, tasks.TypeContactListImport)
	if len(queued) != 1 || queued[0].ImportID != importID || queued[0].CompanyID != acme.Company.ID {
		t.Fatalf("queued %+v", queued)
	}
	again, againType := file("lista.xlsx", contactlist.XLSXType, good, 0)
	e.run(t, []scenario{{name: "one import per list at a time", method: "POST", path: upload, token: admin, body: again, ctype: againType,
		status: 409, code: "ERR_IMPORT_RUNNING"}})
	// The worker runs it.
	if err := e.App.ContactLists.Import(context.Background(), queued[0], false); err != nil {
		t.Fatal(err)
	}
	imports := fmt.Sprintf("/contact-lists/%d/imports", vip.ID)
	refused := fmt.Sprintf("%s/%d/refused", imports, importID)
	e.run(t, []scenario{
		get("the import's outcome", imports, admin, 200, nil, `"status":"done"`, `"imported":1`, `"refused":1`, `"rowsRead":2`),
		{name: "company B can't see A's imports", method: "GET", path: imports, token: other, status: 404},
		{name: "company B can't download A's refused rows", method: "GET", path: refused, token: other, status: 404},
		{name: "a profile user can't download them", method: "GET", path: refused, token: agent, status: 403},
		get("the refused rows", refused, admin, 200, func(t *testing.T, b []byte) {
			x, err := excelize.OpenReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			rows, _ := x.GetRows("Sheet1")
			if len(rows) != 2 || rows[1][0] != "3" || rows[1][4] != "Número inválido" {
				t.Fatalf("rows %q", rows)
			}
		}),
		get("the example spreadsheet", "/contact-lists/example", agent, 200, func(t *testing.T, b []byte) {
			x, err := excelize.OpenReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			rows, _ := x.GetRows("Sheet1")
			if len(rows) != 3 || strings.Join(rows[0], ",") != "name,number,email" {
				t.Fatalf("rows %q", rows)
			}
		}),
	})
	res, err := http.Get(e.Srv.URL + "/contact-lists/example")
	if err != nil || res.StatusCode != 401 {
		t.Fatalf("anonymous example: %v %v", res.StatusCode, err)
	}
}

func nullable(id int64) validate.Nullable[int64] {
	return validate.Nullable[int64]{Set: true, Valid: true, Value: id}
}
