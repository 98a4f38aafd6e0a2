package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/tag"
	"atende/pkg/testutil"
)

// tagNames checks the names of a /tags page or a /tags/list array.
func tagNames(want ...string) func(*testing.T, []byte) {
	return listed("tags", func(t tag.Tag) string { return t.Name }, want...)
}

func TestTagsListAndLookups(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	for i := range 23 {
		testutil.NewTag(t, e.App, acme.Company.ID, fmt.Sprintf("tag %02d", i), 0)
	}
	testutil.NewTag(t, e.App, acme.Company.ID, "Lane Novo", 1)
	testutil.NewTag(t, e.App, beta.Company.ID, "Beta tag", 0)
	agent, other := e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	e.run(t, []scenario{
		get("page 1", "/tags?pageNumber=1", agent, 200, nil, `"hasMore":true`, `"count":24`),
		get("page 2", "/tags/?pageNumber=2", agent, 200, tagNames("tag 19", "tag 20", "tag 21", "tag 22")),
		get("search", "/tags?searchParam=TAG%2007", agent, 200, tagNames("tag 07")),
		get("kanban lanes only", "/tags?kanban=1", agent, 200, tagNames("Lane Novo")),
		get("list", "/tags/list?kanban=1", agent, 200, tagNames("Lane Novo")),
		get("list without kanban filter", "/tags/list", agent, 200, func(t *testing.T, b []byte) {
			if n := len(decode[[]tag.Tag](t, b)); n != 24 {
				t.Errorf("%d tags", n)
			}
		}),
		get("other company's page", "/tags", other, 200, tagNames("Beta tag"), `"count":1`),
		get("other company's list", "/tags/list", other, 200, tagNames("Beta tag")),
		get("other company's search", "/tags?searchParam=lane", other, 200, tagNames()),
	})
}

func TestTagCreateUpdateDelete(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	taken := testutil.NewTag(t, e.App, acme.Company.ID, "Urgente", 0)
	testutil.NewTag(t, e.App, beta.Company.ID, "Beta", 0)
	agent, admin := e.tokenOf(acme.Attender), e.tokenOf(acme.Admin)
	ev := e.watch()
	post := func(name string, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/tags", token: agent, body: body, status: status, code: code, contain: contain}
	}
	e.run(t, []scenario{
		post("name required", map[string]any{}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		post("name too short", map[string]any{"name": "ab"}, 400, "ERR_VALIDATION", `"name":"Tag muito curta!"`),
		post("name too long", map[string]any{"name": strings.Repeat("a", 51)}, 400, "ERR_VALIDATION", `"name":"Too Long!"`),
		post("kanban is 0 or 1", map[string]any{"name": "Lane", "kanban": 2}, 400, "ERR_VALIDATION", `"kanban":"Opção inválida"`),
		post("colour too short", map[string]any{"name": "Lane", "color": "#f"}, 400, "ERR_VALIDATION", `"color":"Too Short!"`),
		post("same name, other case", map[string]any{"name": "URGENTE"}, 409, "ERR_TAG_ALREADY_EXISTS"),
		post("random palette colour, kanban 0", map[string]any{"name": "Novo"}, 201, "", `"kanban":0`, `"color":"#`),
		post("chosen colour", map[string]any{"name": "Lane", "color": "#112233", "kanban": 1}, 201, "", `"color":"#112233"`, `"kanban":1`),
		post("a name another company uses", map[string]any{"name": "Beta"}, 201, ""),
		{name: "rename", method: "PUT", path: "/tags/" + itoa(taken.ID), token: agent, body: map[string]any{"name": "Muito urgente", "kanban": 1},
			status: 200, contain: []string{`"name":"Muito urgente"`, `"kanban":1`, `"color":"#7C7C7C"`}},
		{name: "rename onto another", method: "PUT", path: "/tags/" + itoa(taken.ID), token: agent, body: map[string]any{"name": "novo"},
			status: 409, code: "ERR_TAG_ALREADY_EXISTS"},
		{name: "rename too short", method: "PUT", path: "/tags/" + itoa(taken.ID), token: agent, body: map[string]any{"name": "x"},
			status: 400, code: "ERR_VALIDATION", contain: []string{"Tag muito curta!"}},
		get("get one", "/tags/"+itoa(taken.ID), agent, 200, nil, `"name":"Muito urgente"`),
		{name: "profile user can't delete", method: "DELETE", path: "/tags/" + itoa(taken.ID), token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "admin deletes", method: "DELETE", path: "/tags/" + itoa(taken.ID), token: admin, status: 200},
		get("deleted is gone", "/tags/"+itoa(taken.ID), agent, 404, nil, "ERR_TAG_NOT_FOUND"),
	})
	if c := e.countRows("SELECT count(DISTINCT color) FROM tags WHERE company_id = ? AND name = 'Novo' AND color LIKE '#%'", acme.Company.ID); c != 1 {
		t.Fatal("new tag has no palette colour")
	}
	name := fmt.Sprintf("company-%d-tag", acme.Company.ID)
	ev.want(t, name, `"action":"create"`, "Lane")
	ev.want(t, name, `"action":"update"`, "Muito urgente")
	ev.want(t, name, `"action":"delete"`, `"tagId":`+itoa(taken.ID))
}

func TestTagSync(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	c := testutil.NewContact(t, e.App, acme.Company.ID, "Rita", "5511922223333", nil)
	old := testutil.NewTag(t, e.App, acme.Company.ID, "Antiga", 0)
	vip := testutil.NewTag(t, e.App, acme.Company.ID, "VIP", 0)
	theirs := testutil.NewTag(t, e.App, beta.Company.ID, "Deles", 0)
	testutil.TagContact(t, e.App, c, old.ID)
	agent := e.tokenOf(acme.Attender)
	sync := func(name string, tags any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/tags/sync", token: agent,
			body: map[string]any{"contactId": c.ID, "tags": tags}, status: status, code: code, contain: contain}
	}
	ev := e.watch()
	e.run(t, []scenario{
		sync("another company's tag", []map[string]any{{"id": theirs.ID}}, 400, "ERR_VALIDATION", "Tag inválida."),
		sync("short new name", []map[string]any{{"id": vip.ID}, {"name": "no"}}, 400, "ERR_VALIDATION", "Tag muito curta!"),
		sync("existing by id, existing by name, new by name", []map[string]any{{"id": vip.ID}, {"name": "vip"}, {"name": "Recompra"}},
			200, "", `"name":"VIP"`, `"name":"Recompra"`),
		{name: "unknown contact", method: "POST", path: "/tags/sync", token: agent, body: map[string]any{"contactId": 999999, "tags": []any{}},
			status: 404, code: "ERR_NO_CONTACT_FOUND"},
	})
	if n := e.countRows("SELECT count(*) FROM contact_tags WHERE contact_id = ?", c.ID); n != 2 {
		t.Fatalf("contact has %d tags, want VIP and Recompra", n)
	}
	if n := e.countRows("SELECT count(*) FROM tags WHERE company_id = ? AND name IN ('no','vip')", acme.Company.ID); n != 0 {
		t.Fatal("refused or matching names were created")
	}
	e.run(t, []scenario{sync("empty set clears", []any{}, 200, "", `"tags":[]`)})
	if n := e.countRows("SELECT count(*) FROM contact_tags WHERE contact_id = ?", c.ID); n != 0 {
		t.Fatalf("contact still has %d tags", n)
	}
	ev.want(t, fmt.Sprintf("company-%d-tag", acme.Company.ID), `"action":"create"`, "Recompra")
	ev.want(t, fmt.Sprintf("company-%d-contact", acme.Company.ID), `"action":"update"`, "Recompra")
}

// Company B's admin can't see or touch company A's tags.
func TestTagsCrossTenant(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vip := testutil.NewTag(t, e.App, acme.Company.ID, "VIP", 0)
	mine := testutil.NewContact(t, e.App, beta.Company.ID, "Bea", "5511900002222", nil)
	other, path := e.tokenOf(beta.Admin), "/tags/"+itoa(vip.ID)
	e.run(t, []scenario{
		{name: "get", method: "GET", path: path, token: other, status: 404, code: "ERR_TAG_NOT_FOUND"},
		{name: "update", method: "PUT", path: path, token: other, body: map[string]any{"name": "Owned"}, status: 404, code: "ERR_TAG_NOT_FOUND"},
		{name: "delete", method: "DELETE", path: path, token: other, status: 404, code: "ERR_TAG_NOT_FOUND"},
		{name: "sync own contact with A's tag", method: "POST", path: "/tags/sync", token: other,
			body: map[string]any{"contactId": mine.ID, "tags": []map[string]any{{"id": vip.ID}}}, status: 400, code: "ERR_VALIDATION"},
		get("list", "/tags/list", other, 200, tagNames()),
	})
	if e.countRows("SELECT count(*) FROM tags WHERE id = ? AND name = 'VIP'", vip.ID) != 1 {
		t.Fatal("A's tag changed")
	}
}
