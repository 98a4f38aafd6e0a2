package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/contact"
	"atende/pkg/testutil"
)

// contactNames checks the names of a /contacts page or a /contacts/list array.
func contactNames(want ...string) func(*testing.T, []byte) {
	return listed("contacts", func(c contact.Contact) string { return c.Name }, want...)
}

// contactPage checks the size, hasMore and count of a /contacts page.
func contactPage(n int, more bool, count int64) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		t.Helper()
		p := decode[struct {
			Contacts []contact.Contact
			HasMore  bool
			Count    int64
		}](t, body)
		if len(p.Contacts) != n || p.HasMore != more || p.Count != count {
			t.Errorf("got %d contacts hasMore=%v count=%d, want %d %v %d", len(p.Contacts), p.HasMore, p.Count, n, more, count)
		}
	}
}

func get(name, path, token string, status int, check func(*testing.T, []byte), contain ...string) scenario {
	return scenario{name: name, method: "GET", path: path, token: token, status: status, check: check, contain: contain}
}

func TestContactsListFiltersAndPages(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	for i := range 45 {
		testutil.NewContact(t, e.App, acme.Company.ID, fmt.Sprintf("Cliente %02d", i), fmt.Sprintf("55119000000%02d", i), nil)
	}
	vip := testutil.NewTag(t, e.App, acme.Company.ID, "VIP", 0)
	ana := testutil.NewContact(t, e.App, acme.Company.ID, "ana", "5521999990000", nil)
	testutil.TagContact(t, e.App, ana, vip.ID)
	testutil.NewContact(t, e.App, acme.Company.ID, "Grupo Vendas", "120363000000001", func(c *contact.Contact) { c.IsGroup = true })
	testutil.NewContact(t, e.App, acme.Company.ID, "Face Pessoa", "778899001122", func(c *contact.Contact) { c.Channel = "facebook" })
	testutil.NewContact(t, e.App, beta.Company.ID, "Beta Cliente", "5511900000001", nil)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	e.run(t, []scenario{
		get("page 1 of 20, count of all", "/contacts?pageNumber=1", admin, 200, contactPage(20, true, 48)),
		get("page 3 has the rest", "/contacts/?pageNumber=3", agent, 200, contactPage(8, false, 48)),
		get("page past the end", "/contacts?pageNumber=9", admin, 200, contactPage(0, false, 48), `"contacts":[]`),
		get("ordered by lower(name)", "/contacts?searchParam=a", admin, 200, nil, `"name":"ana"`),
		get("search by name, any case", "/contacts?searchParam=CLIENTE%2007", admin, 200, contactNames("Cliente 07")),
		get("search by formatted number", "/contacts?searchParam=%2B55%20(21)%2099999", admin, 200, contactNames("ana")),
		get("search with LIKE wildcards is literal", "/contacts?searchParam=%25", admin, 200, contactNames()),
		get("channel filter", "/contacts?channel=facebook", admin, 200, contactNames("Face Pessoa")),
		get("group filter", "/contacts?isGroup=true", admin, 200, contactNames("Grupo Vendas")),
		get("tag filter", fmt.Sprintf("/contacts?contactTag=[%d]", vip.ID), admin, 200, contactNames("ana"), `"name":"VIP"`),
		get("empty tag filter", "/contacts?contactTag=[]", admin, 200, contactPage(20, true, 48)),
		{name: "bad tag filter", method: "GET", path: "/contacts?contactTag=vip", token: admin, status: 400, code: "ERR_BAD_REQUEST"},
		get("lookup list", "/contacts/list?searchParam=grupo", agent, 200, contactNames("Grupo Vendas")),
		get("lookup list has everyone", "/contacts/list", admin, 200, func(t *testing.T, b []byte) {
			if n := len(decode[[]contact.Contact](t, b)); n != 48 {
				t.Errorf("%d contacts", n)
			}
		}),
		get("other company lists only its own", "/contacts", other, 200, contactNames("Beta Cliente")),
		get("other company's search can't reach across", "/contacts?searchParam=cliente%2007", other, 200, contactNames()),
		get("other company's tag filter", fmt.Sprintf("/contacts?contactTag=[%d]", vip.ID), other, 200, contactNames()),
		get("other company's lookup list", "/contacts/list", other, 200, contactNames("Beta Cliente")),
	})
}

func contactBody(over map[string]any) map[string]any {
	return merge(map[string]any{"name": "Maria Silva", "number": "+55 (11) 98888-7777", "email": "maria@example.com"}, over)
}

func TestContactCreate(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	theirs := testutil.NewTag(t, e.App, beta.Company.ID, "Deles", 0)
	agent := e.tokenOf(acme.Attender)
	ev := e.watch()
	bad := func(name string, over map[string]any, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/contacts", token: agent, body: contactBody(over),
			status: 400, code: code, contain: contain}
	}
	e.run(t, []scenario{
		bad("name required", map[string]any{"name": nil}, "ERR_VALIDATION", `"name":"Obrigatório"`),
		bad("name too short", map[string]any{"name": "M"}, "ERR_VALIDATION", `"name":"Too Short!"`),
		bad("name too long", map[string]any{"name": strings.Repeat("m", 251)}, "ERR_VALIDATION", `"name":"Too Long!"`),
		bad("number required", map[string]any{"number": nil}, "ERR_VALIDATION", `"number":"Obrigatório"`),
		bad("number of symbols only", map[string]any{"number": "+() -"}, "ERR_VALIDATION", `"number":"Número inválido"`),
		bad("number of letters only", map[string]any{"number": "abcdefghij"}, "ERR_VALIDATION", `"number":"Número inválido"`),
		bad("number with letters", map[string]any{"number": "5511 9888x7777"}, "ERR_VALIDATION", `"number":"Número inválido"`),
		bad("number under 8 digits", map[string]any{"number": "123-4567"}, "ERR_VALIDATION", `"number":"Too Short!"`),
		bad("number over 50 digits", map[string]any{"number": strings.Repeat("9", 51)}, "ERR_VALIDATION", `"number":"Too Long!"`),
		bad("email invalid", map[string]any{"email": "maria@"}, "ERR_VALIDATION", `"email":"Email inválido"`),
		bad("extra info needs a name", map[string]any{"extraInfo": []map[string]string{{"name": "", "value": "x"}}},
			"ERR_VALIDATION", `"extraInfo":"Obrigatório"`),
		bad("channel enum", map[string]any{"channel": "telegram"}, "ERR_VALIDATION", `"channel":"Opção inválida"`),
		bad("new tag too short", map[string]any{"tags": []map[string]any{{"name": "ab"}}}, "ERR_VALIDATION", `"tags":"Tag muito curta!"`),
		bad("another company's tag", map[string]any{"tags": []map[string]any{{"id": theirs.ID}}}, "ERR_VALIDATION", "Tag inválida."),
		{name: "malformed body", method: "POST", path: "/contacts", token: agent, body: strings.NewReader(`{"name":`),
			ctype: "application/json", status: 400, code: "ERR_BAD_REQUEST"},
	})
	if n := e.countRows("SELECT count(*) FROM contacts") + e.countRows("SELECT count(*) FROM tags WHERE company_id = ?", acme.Company.ID); n != 0 {
		t.Fatalf("refused creates wrote %d rows", n)
	}
	e.run(t, []scenario{
		{name: "profile user creates, number stripped to digits", method: "POST", path: "/contacts", token: agent,
			body: contactBody(map[string]any{"email": "", "extraInfo": []map[string]string{{"name": "CPF", "value": "123"}},
				"tags": []map[string]any{{"name": "Cliente VIP"}}}),
			status: 201, contain: []string{`"number":"5511988887777"`, `"channel":"whatsapp"`, `"active":true`,
				`"acceptAudioMessage":true`, `"name":"CPF","value":"123"`, `"name":"Cliente VIP"`, `"kanban":0`}},
		{name: "same number, same channel", method: "POST", path: "/contacts", token: agent,
			body: contactBody(map[string]any{"number": "5511988887777"}), status: 409, code: "ERR_DUPLICATED_CONTACT"},
		{name: "same number on another channel", method: "POST", path: "/contacts", token: agent,
			body: contactBody(map[string]any{"channel": "facebook"}), status: 201, contain: []string{`"channel":"facebook"`}},
		{name: "same number in another company", method: "POST", path: "/contacts", token: e.tokenOf(beta.Admin),
			body: contactBody(nil), status: 201},
	})
	ev.want(t, fmt.Sprintf("company-%d-contact", acme.Company.ID), `"action":"create"`, `"number":"5511988887777"`)
	ev.want(t, fmt.Sprintf("company-%d-tag", acme.Company.ID), `"action":"create"`, "Cliente VIP")
	ev.none(t, fmt.Sprintf("company-%d-contact", beta.Company.ID), "Cliente VIP")
}

func TestContactUpdate(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	c := testutil.NewContact(t, e.App, acme.Company.ID, "João", "5511911112222", nil)
	testutil.NewContact(t, e.App, acme.Company.ID, "Outro", "5511933334444", nil)
	old := testutil.NewTag(t, e.App, acme.Company.ID, "Antiga", 0)
	keep := testutil.NewTag(t, e.App, acme.Company.ID, "Mantida", 1)
	testutil.TagContact(t, e.App, c, old.ID, keep.ID)
	agent := e.tokenOf(acme.Attender)
	path := fmt.Sprintf("/contacts/%d", c.ID)
	put := func(name string, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "PUT", path: path, token: agent, body: body, status: status, code: code, contain: contain}
	}
	ev := e.watch()
	e.run(t, []scenario{
		put("extra info set", map[string]any{"extraInfo": []map[string]string{{"name": "A", "value": "1"}, {"name": "B", "value": "2"}}},
			200, "", `"name":"A","value":"1"`, `"name":"B"`, `"name":"João"`),
		put("extra info replaced as a set, tags exactly", map[string]any{"name": "João Souza",
			"extraInfo": []map[string]string{{"name": "C", "value": "3"}}, "tags": []map[string]any{{"id": keep.ID}, {"name": "nova"}}},
			200, "", `"name":"João Souza"`, `"name":"C"`, `"name":"Mantida"`, `"name":"nova"`),
		put("number of another contact", map[string]any{"number": "55 11 93333-4444"}, 409, "ERR_DUPLICATED_CONTACT"),
		put("name can't be emptied", map[string]any{"name": " "}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		put("email invalid", map[string]any{"email": "x@y"}, 400, "ERR_VALIDATION", `"email":"Email inválido"`),
		put("channel is read on create only", map[string]any{"channel": "facebook"}, 200, "", `"channel":"whatsapp"`),
		put("new number", map[string]any{"number": "(11) 95555-6666"}, 200, "", `"number":"11955556666"`),
		{name: "unknown contact", method: "PUT", path: "/contacts/999999", token: agent, body: map[string]any{"name": "X"},
			status: 404, code: "ERR_NO_CONTACT_FOUND"},
	})
	got := e.countRows("SELECT count(*) FROM contact_extra_info WHERE contact_id = ?", c.ID)
	tags := e.countRows("SELECT count(*) FROM contact_tags WHERE contact_id = ?", c.ID)
	if got != 1 || tags != 2 || e.countRows("SELECT count(*) FROM contact_tags WHERE tag_id = ?", old.ID) != 0 {
		t.Fatalf("extra info %d, tags %d", got, tags)
	}
	ev.want(t, fmt.Sprintf("company-%d-contact", acme.Company.ID), `"action":"update"`, "João Souza")
}

func TestContactReadFlagsAndDelete(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	c := testutil.NewContact(t, e.App, acme.Company.ID, "Carla", "5511977778888", func(c *contact.Contact) { c.URLPicture = "https://pic/carla.jpg" })
	vip := testutil.NewTag(t, e.App, acme.Company.ID, "VIP", 0)
	testutil.TagContact(t, e.App, c, vip.ID)
	e.sql("INSERT INTO contact_extra_info (contact_id, company_id, name, value) VALUES (?, ?, 'CPF', '1')", c.ID, acme.Company.ID)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	id := itoa(c.ID)
	ev := e.watch()
	e.run(t, []scenario{
		get("get with extra info and tags", "/contacts/"+id, agent, 200, nil, `"extraInfo":[{"id":`, `"name":"CPF"`, `"tags":[{"id":`, `"name":"VIP"`),
		get("bad id", "/contacts/abc", agent, 404, nil, "ERR_NO_CONTACT_FOUND"),
		get("profile by formatted number", "/contacts/profile/+55%2011%2097777-8888", agent, 200, nil,
			`"contactId":`+id, `"profilePicUrl":"https://pic/carla.jpg"`),
		get("profile of an unknown number", "/contacts/profile/5599000000000", agent, 200, nil, `"contactId":0`, `"contact":null`),
		get("contact tags", "/contactTags/"+id, agent, 200, nil, `{"tags":[{"id":`, `"name":"VIP"`),
		{name: "block", method: "PUT", path: "/contacts/block/" + id, token: agent, body: map[string]bool{"active": false},
			status: 200, contain: []string{`"active":false`}},
		{name: "block needs active", method: "PUT", path: "/contacts/block/" + id, token: agent, body: map[string]any{},
			status: 400, code: "ERR_VALIDATION"},
		{name: "unblock", method: "PUT", path: "/contacts/block/" + id, token: agent, body: map[string]bool{"active": true},
			status: 200, contain: []string{`"active":true`}},
		{name: "toggle audio", method: "PUT", path: "/contacts/toggleAcceptAudio/" + id, token: agent, status: 200,
			contain: []string{`"acceptAudioMessage":false`}},
		{name: "toggle bot", method: "PUT", path: "/contacts/toggleDisableBot/" + id, token: agent, status: 200,
			contain: []string{`"disableBot":true`}},
		{name: "toggle bot back", method: "PUT", path: "/contacts/toggleDisableBot/" + id, token: agent, status: 200,
			contain: []string{`"disableBot":false`}},
		{name: "toggle unknown", method: "PUT", path: "/contacts/toggleAcceptAudio/999999", token: agent, status: 404, code: "ERR_NO_CONTACT_FOUND"},
		{name: "profile user can't delete", method: "DELETE", path: "/contacts/" + id, token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "admin deletes", method: "DELETE", path: "/contacts/" + id, token: admin, status: 200, contain: []string{"Contact deleted"}},
		get("deleted is gone", "/contacts/"+id, admin, 404, nil, "ERR_NO_CONTACT_FOUND"),
		{name: "delete again", method: "DELETE", path: "/contacts/" + id, token: admin, status: 404, code: "ERR_NO_CONTACT_FOUND"},
	})
	name := fmt.Sprintf("company-%d-contact", acme.Company.ID)
	ev.want(t, name, `"action":"update"`, `"disableBot":true`)
	ev.want(t, name, `"action":"delete"`, `"contactId":`+id)
}

func TestContactNumbersMaskedForProfileUsers(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	c := testutil.NewContact(t, e.App, acme.Company.ID, "Lia", "5511944445555", nil)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	masked, full := `"number":"***********55"`, `"number":"5511944445555"`
	id := itoa(c.ID)
	e.run(t, []scenario{get("off: user sees the number", "/contacts/"+id, agent, 200, nil, full)})
	testutil.SetSetting(t, e.App, acme.Company.ID, "lgpdHideNumber", "enabled")
	ev := e.watch()
	e.run(t, []scenario{
		get("list", "/contacts", agent, 200, nil, masked),
		get("lookup list", "/contacts/list", agent, 200, nil, masked),
		get("one", "/contacts/"+id, agent, 200, nil, masked),
		get("profile", "/contacts/profile/5511944445555", agent, 200, nil, masked),
		get("admin sees it", "/contacts/"+id, admin, 200, nil, full),
		{name: "masked number sent back is kept", method: "PUT", path: "/contacts/" + id, token: agent,
			body: map[string]string{"name": "Lia Reis", "number": "***********55"}, status: 200, contain: []string{masked, "Lia Reis"}},
		{name: "user creates and sees it masked", method: "POST", path: "/contacts", token: agent,
			body: contactBody(nil), status: 201, contain: []string{`"number":"***********77"`}},
	})
	if got := e.countRows("SELECT count(*) FROM contacts WHERE number = '5511944445555'"); got != 1 {
		t.Fatal("masked update overwrote the number")
	}
	raw := ev.want(t, fmt.Sprintf("company-%d-contact", acme.Company.ID), "Lia Reis")
	if strings.Contains(raw, "5511944445555") {
		t.Fatalf("event carries the number: %s", raw)
	}
}

// Company B's admin can't see or touch company A's contacts.
func TestContactsCrossTenant(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	c := testutil.NewContact(t, e.App, acme.Company.ID, "Segredo", "5511900001111", nil)
	vip := testutil.NewTag(t, e.App, acme.Company.ID, "VIP", 0)
	testutil.TagContact(t, e.App, c, vip.ID)
	other, id := e.tokenOf(beta.Admin), itoa(c.ID)
	notFound := func(name, method, path string, body any) scenario {
		return scenario{name: name, method: method, path: path, token: other, body: body, status: 404, code: "ERR_NO_CONTACT_FOUND"}
	}
	e.run(t, []scenario{
		notFound("get", "GET", "/contacts/"+id, nil),
		notFound("update", "PUT", "/contacts/"+id, map[string]string{"name": "Owned"}),
		notFound("delete", "DELETE", "/contacts/"+id, nil),
		notFound("block", "PUT", "/contacts/block/"+id, map[string]bool{"active": false}),
		notFound("toggle audio", "PUT", "/contacts/toggleAcceptAudio/"+id, nil),
		notFound("toggle bot", "PUT", "/contacts/toggleDisableBot/"+id, nil),
		notFound("contact tags", "GET", "/contactTags/"+id, nil),
		notFound("tag sync", "POST", "/tags/sync", map[string]any{"contactId": c.ID, "tags": []map[string]string{{"name": "Invasor"}}}),
		get("profile by A's number", "/contacts/profile/5511900001111", other, 200, nil, `"contactId":0`),
		get("list", "/contacts?searchParam=segredo", other, 200, contactNames()),
	})
	var row contact.Contact
	e.App.DB.First(&row, c.ID)
	if row.Name != "Segredo" || !row.Active || !row.AcceptAudioMessage || row.DisableBot {
		t.Fatalf("A's contact changed: %+v", row)
	}
	if e.countRows("SELECT count(*) FROM contact_tags WHERE contact_id = ?", c.ID) != 1 ||
		e.countRows("SELECT count(*) FROM tags WHERE name = 'Invasor'") != 0 {
		t.Fatal("A's contact tags changed")
	}
}
