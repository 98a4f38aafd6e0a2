package api_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"atende/pkg/testutil"
	"atende/pkg/user"
)

// tokenOf signs an access token for u.
func (e *env) tokenOf(u user.User) string { return testutil.Token(e.t, e.App, u) }

// countRows runs a COUNT query.
func (e *env) countRows(query string, args ...any) int64 {
	e.t.Helper()
	var n int64
	if err := e.App.DB.Raw(query, args...).Scan(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

// sql runs a statement.
func (e *env) sql(query string, args ...any) {
	e.t.Helper()
	if err := e.App.DB.Exec(query, args...).Error; err != nil {
		e.t.Fatal(err)
	}
	// Requests made next must see the write, as they would after a service's own.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.App.Notifications.Fence(ctx, e.App.DB); err != nil {
		e.t.Fatal(err)
	}
}

// userColumn reads one column of a user row as text.
func (e *env) userColumn(userID int64, col string) string {
	e.t.Helper()
	var v string
	if err := e.App.DB.Raw("SELECT "+col+"::text FROM users WHERE id = ?", userID).Scan(&v).Error; err != nil {
		e.t.Fatal(err)
	}
	return v
}

// insertQueue inserts a queue for a company and returns its id.
func (e *env) insertQueue(companyID int64, name, color string) int64 {
	e.t.Helper()
	var id int64
	if err := e.App.DB.Raw(`INSERT INTO queues (company_id,name,color) VALUES (?,?,?) RETURNING id`,
		companyID, name, color).Scan(&id).Error; err != nil {
		e.t.Fatal(err)
	}
	return id
}

// userInput is a valid create payload with overrides applied (a nil value deletes the key).
func userInput(email string, over map[string]any) map[string]any {
	m := map[string]any{"name": "Nova Pessoa", "email": email, "password": "senha1", "profile": "user"}
	maps.Copy(m, over)
	maps.DeleteFunc(m, func(_ string, v any) bool { return v == nil })
	return m
}

// listedEmails lists the e-mails of a /users/ page or a /users/list array.
func listedEmails(t *testing.T, body []byte) []string {
	t.Helper()
	type row struct{ Email string }
	var rows []row
	if strings.HasPrefix(string(body), "[") {
		rows = decode[[]row](t, body)
	} else {
		rows = decode[struct{ Users []row }](t, body).Users
	}
	var out []string
	for _, r := range rows {
		out = append(out, r.Email)
	}
	return out
}

// userPage checks a /users/ answer: n users and hasMore.
func userPage(n int, more bool) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		p := decode[struct {
			Users   []user.User
			HasMore bool
		}](t, body)
		if len(p.Users) != n || p.HasMore != more {
			t.Errorf("got %d users hasMore=%v, want %d %v", len(p.Users), p.HasMore, n, more)
		}
	}
}

func onlyEmails(want ...string) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		if got := listedEmails(t, body); !slices.Equal(got, want) {
			t.Errorf("e-mails %v, want %v", got, want)
		}
	}
}

func TestUsersListPagingAndSearch(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 100)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	for i := range 43 {
		testutil.NewUser(t, e.App, acme.Company.ID, fmt.Sprintf("p%02d@acme.test", i), user.ProfileUser, nil)
	}
	admin, bAdmin := e.tokenOf(acme.Admin), e.tokenOf(beta.Admin)
	e.run(t, []scenario{
		{name: "page 1 is full and has more", method: "GET", path: "/users/?pageNumber=1", token: admin, status: 200, check: userPage(40, true)},
		{name: "page 2 has the rest", method: "GET", path: "/users/?pageNumber=2", token: admin, status: 200, check: userPage(5, false)},
		{name: "no slash, no page", method: "GET", path: "/users", token: admin, status: 200, check: userPage(40, true)},
		{name: "search by e-mail, any case", method: "GET", path: "/users/?searchParam=AGENT@", token: admin, status: 200,
			check: onlyEmails(acme.Attender.Email)},
		{name: "search by name", method: "GET", path: "/users/?searchParam=user%20p07", token: admin, status: 200,
			check: onlyEmails("p07@acme.test")},
		{name: "list has everyone, no paging", method: "GET", path: "/users/list", token: admin, status: 200,
			check: func(t *testing.T, b []byte) {
				if n := len(listedEmails(t, b)); n != 45 {
					t.Errorf("%d users", n)
				}
			}},
		{name: "other company sees only its own", method: "GET", path: "/users/", token: bAdmin, status: 200,
			check: onlyEmails(beta.Admin.Email, beta.Attender.Email)},
		{name: "other company's search can't reach across", method: "GET", path: "/users/?searchParam=acme", token: bAdmin,
			status: 200, check: onlyEmails()},
		{name: "other company's list", method: "GET", path: "/users/list", token: bAdmin, status: 200,
			check: onlyEmails(beta.Admin.Email, beta.Attender.Email), absent: []string{"acme.test"}},
		{name: "profile user can't list", method: "GET", path: "/users/", token: e.tokenOf(acme.Attender), status: 403, code: "ERR_NO_PERMISSION"},
		{name: "profile user has the lookup list", method: "GET", path: "/users/list", token: e.tokenOf(acme.Attender), status: 200},
	})
}

func TestUserCreateValidation(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	mine, theirs := e.insertQueue(acme.Company.ID, "Vendas", "#ff0000"), e.insertQueue(beta.Company.ID, "Suporte", "#00ff00")
	admin := e.tokenOf(acme.Admin)
	bad := func(name string, over map[string]any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/users", token: admin, body: userInput("new@acme.test", over),
			status: status, code: code, contain: contain}
	}
	long := strings.Repeat("x", 51)
	e.run(t, []scenario{
		bad("name required", map[string]any{"name": nil}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		bad("name blank", map[string]any{"name": "   "}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		bad("name too short", map[string]any{"name": "A"}, 400, "ERR_VALIDATION", `"name":"Too Short!"`),
		bad("name too long", map[string]any{"name": long}, 400, "ERR_VALIDATION", `"name":"Too Long!"`),
		bad("email required", map[string]any{"email": nil}, 400, "ERR_VALIDATION", `"email":"Obrigatório"`),
		bad("email invalid", map[string]any{"email": "nobody@"}, 400, "ERR_VALIDATION", `"email":"Email inválido"`),
		bad("email without domain dot", map[string]any{"email": "a@b"}, 400, "ERR_VALIDATION", `"email":"Email inválido"`),
		bad("password required", map[string]any{"password": nil}, 400, "ERR_VALIDATION", `"password":"Obrigatório"`),
		bad("password too short", map[string]any{"password": "1234"}, 400, "ERR_VALIDATION", `"password":"Too Short!"`),
		bad("password too long", map[string]any{"password": long}, 400, "ERR_VALIDATION", `"password":"Too Long!"`),
		bad("profile enum", map[string]any{"profile": "root"}, 400, "ERR_VALIDATION", `"profile":"Opção inválida"`),
		bad("toggle enum", map[string]any{"allowConnections": "yes"}, 400, "ERR_VALIDATION", `"allowConnections":"Opção inválida"`),
		bad("allTicket is enable|disable", map[string]any{"allTicket": "enabled"}, 400, "ERR_VALIDATION", `"allTicket":"Opção inválida"`),
		bad("startWork HH:mm", map[string]any{"startWork": "24:00"}, 400, "ERR_VALIDATION", `"startWork":"Horário inválido (HH:mm)"`),
		bad("endWork HH:mm", map[string]any{"endWork": "9:00"}, 400, "ERR_VALIDATION", `"endWork":"Horário inválido (HH:mm)"`),
		bad("another company's queue", map[string]any{"queueIds": []int64{mine, theirs}}, 400, "ERR_VALIDATION", "Fila inválida."),
		bad("unknown connection", map[string]any{"whatsappId": 77}, 404, "ERR_NO_WAPP_FOUND"),
		bad("e-mail of another company's user", map[string]any{"email": strings.ToUpper(beta.Admin.Email)}, 409, "ERR_EMAIL_ALREADY_EXISTS"),
		bad("admin can't make a super user", map[string]any{"super": true}, 403, "ERR_NO_PERMISSION"),
		{name: "malformed body", method: "POST", path: "/users", token: admin, body: strings.NewReader(`{"name":`),
			ctype: "application/json", status: 400, code: "ERR_BAD_REQUEST"},
		{name: "profile user can't create", method: "POST", path: "/users", token: e.tokenOf(acme.Attender),
			body: userInput("new@acme.test", nil), status: 403, code: "ERR_NO_PERMISSION"},
	})
	if n := e.countRows("SELECT count(*) FROM users WHERE company_id = ?", acme.Company.ID); n != 2 {
		t.Fatalf("refused creates wrote users: %d", n)
	}
	if n := e.countRows("SELECT count(*) FROM user_queues"); n != 0 {
		t.Fatalf("refused creates wrote queues: %d", n)
	}
	e.run(t, []scenario{
		{name: "valid create with spec defaults", method: "POST", path: "/users", token: admin,
			body:   userInput(" New@Acme.Test ", map[string]any{"queueIds": []int64{mine, mine}}),
			status: 201, contain: []string{`"email":"new@acme.test"`, `"profile":"user"`, `"startWork":"00:00"`,
				`"endWork":"23:59"`, `"userClosePendingTicket":"enabled"`, `"allowConnections":"disabled"`,
				`"allTicket":"disable"`, `"defaultTicketsManagerWidth":550`, `"name":"Vendas"`,
				`"defaultMenu":"open"`}, // the side menu with its labels, for attendants as for admins
			absent: []string{"senha1", "password", "Suporte"}},
		{name: "same e-mail twice", method: "POST", path: "/users", token: admin, body: userInput("NEW@acme.test", nil),
			status: 409, code: "ERR_EMAIL_ALREADY_EXISTS"},
	})
}

func TestUserCreateLimits(t *testing.T) {
	e := newEnv(t)
	tiny := testutil.NewTenant(t, e.App, "tiny", 2)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	e.run(t, []scenario{
		{name: "plan user limit", method: "POST", path: "/users", token: e.tokenOf(tiny.Admin), body: userInput("x@tiny.test", nil),
			status: 403, code: "ERR_USER_LIMIT_REACHED"},
		{name: "super makes a super user", method: "POST", path: "/users", token: super,
			body: userInput("ops@atende.local", map[string]any{"super": true, "profile": "admin"}), status: 201, contain: []string{`"super":true`}},
	})
	testutil.SetSetting(t, e.App, 1, "userCreation", "disabled")
	e.run(t, []scenario{
		{name: "creation disabled for a company admin", method: "POST", path: "/users", token: e.tokenOf(acme.Admin),
			body: userInput("y@acme.test", nil), status: 403, code: "ERR_USER_CREATION_DISABLED"},
		{name: "creation disabled doesn't stop the super user", method: "POST", path: "/users", token: super,
			body: userInput("z@atende.local", nil), status: 201, contain: []string{`"companyId":1`}},
	})
	if n := e.countRows("SELECT count(*) FROM users WHERE company_id IN (?,?)", tiny.Company.ID, acme.Company.ID); n != 4 {
		t.Fatalf("refused creates wrote users: %d", n)
	}
}

func TestUserGetUpdateDelete(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	root := testutil.SuperAdmin(t, e.App)
	mainAdmin := testutil.NewUser(t, e.App, 1, "staff@atende.local", user.ProfileAdmin, nil)
	me, boss := acme.Attender, acme.Admin
	agent, admin := e.tokenOf(me), e.tokenOf(boss)
	put := func(name, tok string, id int64, body any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "PUT", path: fmt.Sprintf("/users/%d", id), token: tok, body: body,
			status: status, code: code, contain: contain}
	}
	width := func(name, tok string, id int64, w, status int, code string) scenario {
		return scenario{name: name, method: "PUT", path: fmt.Sprintf("/users/toggleChangeWidht/%d", id), token: tok,
			body: map[string]int{"defaultTicketsManagerWidth": w}, status: status, code: code}
	}
	e.run(t, []scenario{
		{name: "user reads themselves", method: "GET", path: fmt.Sprintf("/users/%d", me.ID), token: agent, status: 200,
			contain: []string{me.Email, `"queues":[]`}, absent: []string{"passwordHash", "$2a$"}},
		{name: "user can't read others", method: "GET", path: fmt.Sprintf("/users/%d", boss.ID), token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "admin reads a user", method: "GET", path: fmt.Sprintf("/users/%d", me.ID), token: admin, status: 200, contain: []string{me.Email}},
		{name: "bad id", method: "GET", path: "/users/abc", token: admin, status: 404, code: "ERR_NO_USER_FOUND"},
		{name: "unknown id", method: "GET", path: "/users/999999", token: admin, status: 404, code: "ERR_NO_USER_FOUND"},
		put("user renames themselves", agent, me.ID, map[string]any{"name": "Ana Souza", "defaultTheme": "dark"}, 200, "", `"name":"Ana Souza"`, `"defaultTheme":"dark"`),
		put("user can't change their profile", agent, me.ID, map[string]any{"profile": "admin"}, 403, "ERR_NO_PERMISSION"),
		put("user can't change their permissions", agent, me.ID, map[string]any{"allowConnections": "enabled"}, 403, "ERR_NO_PERMISSION"),
		put("user can't change their queues", agent, me.ID, map[string]any{"queueIds": []int64{}}, 403, "ERR_NO_PERMISSION"),
		put("user can't edit others", agent, boss.ID, map[string]any{"name": "Hacker"}, 403, "ERR_NO_PERMISSION"),
		put("name can't be emptied", admin, me.ID, map[string]any{"name": ""}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		put("password too short", admin, me.ID, map[string]any{"password": "123"}, 400, "ERR_VALIDATION", `"password":"Too Short!"`),
		put("e-mail taken in another company", admin, me.ID, map[string]any{"email": beta.Attender.Email}, 409, "ERR_EMAIL_ALREADY_EXISTS"),
		put("admin can't promote to super", admin, me.ID, map[string]any{"super": true}, 403, "ERR_NO_PERMISSION"),
		put("admin sets permissions, empty password kept", admin, me.ID,
			map[string]any{"allowConnections": "enabled", "allTicket": "enable", "password": ""}, 200, "",
			`"allowConnections":"enabled"`, `"allTicket":"enable"`, `"name":"Ana Souza"`),
		put("non-super admin can't edit the super user", e.tokenOf(mainAdmin), root.ID, map[string]any{"name": "Root"}, 403, "ERR_NO_PERMISSION"),
		width("width below 404", agent, me.ID, 403, 400, "ERR_VALIDATION"),
		width("width above 700", agent, me.ID, 701, 400, "ERR_VALIDATION"),
		width("width 404", agent, me.ID, 404, 200, ""),
		width("width 700 by admin", admin, me.ID, 700, 200, ""),
		width("user can't set another's width", agent, boss.ID, 500, 403, "ERR_NO_PERMISSION"),
		{name: "user can't delete", method: "DELETE", path: fmt.Sprintf("/users/%d", boss.ID), token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "admin can't delete themselves", method: "DELETE", path: fmt.Sprintf("/users/%d", boss.ID), token: admin, status: 400, code: "ERR_CANNOT_DELETE_SELF"},
		{name: "non-super admin can't delete the super user", method: "DELETE", path: fmt.Sprintf("/users/%d", root.ID),
			token: e.tokenOf(mainAdmin), status: 403, code: "ERR_NO_PERMISSION"},
	})
	want := map[string]string{"profile": "user", "super": "false", "allow_connections": "enabled", "email": me.Email,
		"name": "Ana Souza", "default_tickets_manager_width": "700"}
	for col, v := range want {
		if got := e.userColumn(me.ID, col); got != v {
			t.Errorf("%s = %q, want %q", col, got, v)
		}
	}
	if e.userColumn(boss.ID, "name") != boss.Name || e.userColumn(root.ID, "name") != root.Name {
		t.Error("refused edits of others were written")
	}
	if st, _ := e.call("POST", "/auth/login", "", map[string]string{"email": me.Email, "password": testutil.Password}, ""); st != 200 {
		t.Errorf("empty password on update changed the password: login %d", st)
	}
	agent = e.tokenOf(me)
	e.run(t, []scenario{
		{name: "admin deletes a user", method: "DELETE", path: fmt.Sprintf("/users/%d", me.ID), token: admin, status: 200, contain: []string{"User deleted"}},
		{name: "deleted user is gone", method: "GET", path: fmt.Sprintf("/users/%d", me.ID), token: admin, status: 404, code: "ERR_NO_USER_FOUND"},
		{name: "deleted user's token stops working", method: "GET", path: "/auth/me", token: agent, status: 401, code: "ERR_SESSION_EXPIRED"},
	})
}

// Company B's admin can't see or touch company A's users.
func TestUsersCrossTenant(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	victim, other := acme.Attender.ID, e.tokenOf(beta.Admin)
	img, ctype := avatarForm(t, "profileImage", "a.png", tinyPNG(t))
	path := fmt.Sprintf("/users/%d", victim)
	notFound := func(name, method, path string, body any, ctype string) scenario {
		return scenario{name: name, method: method, path: path, token: other, body: body, ctype: ctype,
			status: 404, code: "ERR_NO_USER_FOUND"}
	}
	e.run(t, []scenario{
		notFound("get", "GET", path, nil, ""),
		notFound("update", "PUT", path, map[string]string{"name": "Owned", "profile": "admin"}, ""),
		notFound("width", "PUT", fmt.Sprintf("/users/toggleChangeWidht/%d", victim), map[string]int{"defaultTicketsManagerWidth": 600}, ""),
		notFound("media upload", "POST", path+"/media-upload", img, ctype),
		notFound("delete", "DELETE", path, nil, ""),
	})
	after := []string{e.userColumn(victim, "name"), e.userColumn(victim, "profile"), e.userColumn(victim, "default_tickets_manager_width"),
		e.userColumn(victim, "profile_image")}
	if want := []string{acme.Attender.Name, "user", "550", ""}; !slices.Equal(after, want) {
		t.Fatalf("victim changed: %v, want %v", after, want)
	}
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("refused upload left files: %v", files)
	}
}
