package api_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"atende/pkg/realtime"
	"atende/pkg/tenants"
	"atende/pkg/testutil"
)

// planBody is a full plans form, every flag off unless over turns it on.
func planBody(name string, over map[string]any) map[string]any {
	return merge(map[string]any{"name": name, "users": 3, "connections": 2, "queues": 4, "amount": 99.9,
		"isPublic": true, "useWhatsapp": true}, over)
}

var pathParam = regexp.MustCompile(`:[A-Za-z]+|\*[A-Za-z]+`)

// Every super-only route of the table refuses a company admin and a profile user with
// ERR_NO_PERMISSION, before it reads anything.
func TestSuperRoutesRefuseOthers(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	var rows []scenario
	for _, rt := range e.API.TestRoutes() {
		if !rt.Super {
			continue
		}
		path := pathParam.ReplaceAllString(rt.Path, "1")
		for who, tok := range map[string]string{"admin": e.tokenOf(acme.Admin), "user": e.tokenOf(acme.Attender)} {
			rows = append(rows, scenario{name: who + " " + rt.Method + " " + rt.Path, method: rt.Method, path: path,
				token: tok, body: map[string]any{}, status: 403, code: "ERR_NO_PERMISSION"})
		}
	}
	if len(rows) < 30 {
		t.Fatalf("only %d rows: the companies and plans routes are missing from the table", len(rows))
	}
	e.run(t, rows)
	if n := e.countRows("SELECT count(*) FROM plans WHERE id = 1 AND name = ''"); n != 0 {
		t.Fatal("a refused call wrote")
	}
}

// Every route behind a plan flag refuses a company whose plan has it off, whoever calls,
// and lets it through again when the operator turns the flag on.
func TestPlanFlagsRefusedThroughTheAPI(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	e.sql(`UPDATE plans SET use_campaigns = false, use_schedules = false, use_internal_chat = false,
		use_external_api = false, use_kanban = false, use_open_ai = false, use_integrations = false WHERE id = ?`,
		acme.Company.PlanID)
	var rows []scenario
	flags := map[string]bool{}
	for _, rt := range e.API.TestRoutes() {
		if rt.PlanFlag == "" || rt.ConnectionAuth {
			continue
		}
		flags[rt.PlanFlag] = true
		rows = append(rows, scenario{name: rt.PlanFlag + " off: " + rt.Method + " " + rt.Path, method: rt.Method,
			path: pathParam.ReplaceAllString(rt.Path, "1"), token: e.tokenOf(acme.Admin), body: map[string]any{},
			status: 403, code: "ERR_NO_PERMISSION"})
	}
	if !flags["useCampaigns"] || !flags["useSchedules"] {
		t.Fatalf("flags in the table: %v", flags)
	}
	e.run(t, rows)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	e.run(t, []scenario{
		{name: "operator turns useSchedules on", method: "PUT", path: "/plans/" + itoa(acme.Company.PlanID), token: super,
			body: planBody("plan-acme", map[string]any{"useSchedules": true}), status: 200, contain: []string{`"useSchedules":true`}},
	})
	e.sql("SELECT 1") // the signed-in caches have heard of the change (they follow plans)
	e.run(t, []scenario{
		{name: "the company's next call passes", method: "GET", path: "/schedules", token: e.tokenOf(acme.Admin), status: 200},
		{name: "campaigns still off", method: "GET", path: "/contact-lists", token: e.tokenOf(acme.Admin), status: 403, code: "ERR_NO_PERMISSION"},
	})
}

// Each plan limit and channel flag refused through the API, for the company's admin.
func TestPlanLimitsRefusedThroughTheAPI(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	// Two users exist (admin, attendant) and one queue; one sandbox connection next.
	e.sql(`UPDATE plans SET users = 2, queues = 1, connections = 1, use_whatsapp = false, use_facebook = false,
		use_instagram = false WHERE id = ?`, acme.Company.PlanID)
	admin := e.tokenOf(acme.Admin)
	conn := func(name, channel string) map[string]any { return map[string]any{"name": name, "channel": channel} }
	e.run(t, []scenario{
		{name: "users limit", method: "POST", path: "/users", token: admin, body: userInput("x@acme.test", nil), status: 403, code: "ERR_USER_LIMIT_REACHED"},
		{name: "queues limit", method: "POST", path: "/queue", token: admin, body: queueBody("Suporte", "#0f0", nil), status: 403, code: "ERR_QUEUE_LIMIT_REACHED"},
		{name: "useWhatsapp off", method: "POST", path: "/whatsapp", token: admin, body: conn("Zap", "whatsapp"), status: 403, code: "ERR_PLAN_CHANNEL_DISABLED"},
		{name: "useFacebook off", method: "POST", path: "/whatsapp", token: admin, body: conn("Face", "facebook"), status: 403, code: "ERR_PLAN_CHANNEL_DISABLED"},
		{name: "useInstagram off", method: "POST", path: "/whatsapp", token: admin, body: conn("Insta", "instagram"), status: 403, code: "ERR_PLAN_CHANNEL_DISABLED"},
		{name: "first sandbox connection", method: "POST", path: "/whatsapp", token: admin, body: conn("Teste", "sandbox"), status: 201},
		{name: "connections limit", method: "POST", path: "/whatsapp", token: admin, body: conn("Outra", "sandbox"), status: 403, code: "ERR_CONNECTION_LIMIT_REACHED"},
	})
	if n := e.countRows("SELECT count(*) FROM users WHERE company_id = ?", acme.Company.ID); n != 2 {
		t.Fatalf("%d users, want 2", n)
	}
}

func TestPlansCRUD(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	var gold struct{ ID int64 }
	e.run(t, []scenario{
		{name: "name required, limits at least 1", method: "POST", path: "/plans", token: super,
			body: planBody("", map[string]any{"users": 0, "connections": -1, "queues": 0, "amount": -1}), status: 400, code: "ERR_VALIDATION",
			contain: []string{`"name":"Obrigatório"`, `"users"`, `"connections"`, `"queues"`, `"amount"`}},
		{name: "create with every flag", method: "POST", path: "/plans", token: super,
			body: planBody("Ouro", map[string]any{"isPublic": false, "useFacebook": true, "useInstagram": true, "useCampaigns": true,
				"useSchedules": true, "useInternalChat": true, "useExternalApi": true, "useKanban": true, "useOpenAi": true, "useIntegrations": true}),
			status: 201, contain: []string{`"name":"Ouro"`, `"isPublic":false`, `"useOpenAi":true`, `"useExternalApi":true`, `"queues":4`},
			check: func(t *testing.T, b []byte) { gold = decode[struct{ ID int64 }](t, b) }},
		{name: "same name refused", method: "POST", path: "/plans", token: super, body: planBody("ouro", nil), status: 409, code: "ERR_PLAN_NAME_EXISTS"},
		{name: "private plan not offered at signup", method: "GET", path: "/plans/list", status: 200, absent: []string{`"Ouro"`}},
		{name: "super lists all", method: "GET", path: "/plans/all", token: super, status: 200, contain: []string{`"Ouro"`, `"plan-acme"`}},
		{name: "unknown plan", method: "GET", path: "/plans/999999", token: super, status: 404, code: "ERR_NO_PLAN_FOUND"},
		{name: "plan in use can't go", method: "DELETE", path: "/plans/" + itoa(acme.Company.PlanID), token: super, status: 409, code: "ERR_PLAN_IN_USE"},
		{name: "rename to a taken name", method: "PUT", path: "/plans/" + itoa(acme.Company.PlanID), token: super, body: planBody("Ouro", nil),
			status: 409, code: "ERR_PLAN_NAME_EXISTS"},
	})
	e.run(t, []scenario{
		{name: "made public", method: "PUT", path: "/plans/" + itoa(gold.ID), token: super, body: planBody("Ouro", nil), status: 200,
			contain: []string{`"isPublic":true`, `"useOpenAi":false`}},
		{name: "now offered at signup", method: "GET", path: "/plans/list", status: 200, contain: []string{`"Ouro"`}},
		{name: "unused plan deleted", method: "DELETE", path: "/plans/" + itoa(gold.ID), token: super, status: 200},
		{name: "gone", method: "GET", path: "/plans/" + itoa(gold.ID), token: super, status: 404, code: "ERR_NO_PLAN_FOUND"},
	})
}

type createdCompany struct {
	ID              int64
	AdminID         int64
	InitialPassword string
}

func TestCompaniesCRUD(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	planID := acme.Company.PlanID
	var made createdCompany
	e.run(t, []scenario{
		{name: "email and plan required", method: "POST", path: "/companies", token: super, body: map[string]any{"name": "Nova", "dueDate": ""},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"email":"Obrigatório"`, `"planId":"Obrigatório"`}},
		{name: "unknown plan, bad recurrence", method: "POST", path: "/companies", token: super,
			body:   map[string]any{"name": "Nova", "email": "nova@nova.test", "planId": 999999, "recurrence": "SEMANAL"},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"planId":"Plano inválido"`, `"recurrence"`}},
		{name: "same name as another company", method: "POST", path: "/companies", token: super,
			body: map[string]any{"name": "ACME", "email": "nova@nova.test", "planId": planID}, status: 409, code: "ERR_COMPANY_NAME_EXISTS"},
		{name: "admin e-mail taken", method: "POST", path: "/companies", token: super,
			body: map[string]any{"name": "Nova", "email": "admin@acme.test", "planId": planID}, status: 409, code: "ERR_EMAIL_ALREADY_EXISTS"},
		{name: "create with every field, no password", method: "POST", path: "/companies", token: super,
			body: map[string]any{"name": "Nova", "email": "Nova@Nova.test", "phone": "5511999990000", "document": "12.345.678/0001-90",
				"addressStreet": "Rua A, 1", "addressState": "SP", "addressCity": "São Paulo", "planId": planID, "dueDate": "2030-01-31",
				"recurrence": "TRIMESTRAL", "paymentMethod": "pix"},
			status: 201, contain: []string{`"name":"Nova"`, `"email":"nova@nova.test"`, `"document":"12.345.678/0001-90"`, `"dueDate":"2030-01-31"`,
				`"recurrence":"TRIMESTRAL"`, `"status":true`, `"numberAttendants":1`, `"plan":{`},
			check: func(t *testing.T, b []byte) { made = decode[createdCompany](t, b) }},
	})
	if len(made.InitialPassword) != tenants.GeneratedPasswordLen {
		t.Fatalf("initial password %q", made.InitialPassword)
	}
	if n := e.countRows("SELECT count(*) FROM companies WHERE name = 'Nova'"); n != 1 {
		t.Fatal("refused creates wrote")
	}
	path := "/companies/" + itoa(made.ID)
	e.run(t, []scenario{
		{name: "first admin signs in with the made password", method: "POST", path: "/auth/login",
			body: map[string]any{"email": "nova@nova.test", "password": made.InitialPassword}, status: 200,
			contain: []string{`"profile":"admin"`, `"companyId":` + itoa(made.ID)}},
		{name: "last login shown", method: "GET", path: path, token: super, status: 200, absent: []string{`"lastLogin":null`}},
		{name: "list", method: "GET", path: "/companies", token: super, status: 200, contain: []string{`"name":"Nova"`, `"name":"acme"`}},
		{name: "page with search", method: "GET", path: "/companiesPlan/?searchParam=nov&pageNumber=1", token: super, status: 200,
			contain: []string{`"name":"Nova"`, `"hasMore":false`}, absent: []string{`"name":"acme"`}},
		{name: "edit, due date emptied, password given", method: "PUT", path: path, token: super,
			body: map[string]any{"name": "Nova Ltda", "dueDate": "", "recurrence": "ANUAL", "password": "trocada1"}, status: 200,
			contain: []string{`"name":"Nova Ltda"`, `"dueDate":null`, `"recurrence":"ANUAL"`}},
		{name: "new password works", method: "POST", path: "/auth/login",
			body: map[string]any{"email": "nova@nova.test", "password": "trocada1"}, status: 200},
		{name: "rename onto another", method: "PUT", path: path, token: super, body: map[string]any{"name": "acme"}, status: 409, code: "ERR_COMPANY_NAME_EXISTS"},
		{name: "unknown company", method: "PUT", path: "/companies/999999", token: super, body: map[string]any{"name": "X"}, status: 404, code: "ERR_NO_COMPANY_FOUND"},
		{name: "main company can't be blocked", method: "PUT", path: "/companies/1", token: super, body: map[string]any{"status": false},
			status: 400, code: "ERR_MAIN_COMPANY"},
		{name: "main company can't be deleted", method: "DELETE", path: "/companies/1", token: super, status: 400, code: "ERR_MAIN_COMPANY"},
		{name: "folder measured", method: "POST", path: path + "/folder", token: super, status: 200,
			contain: []string{`"folderSize":0`, `"numberFileFolder":0`}, absent: []string{`"updatedAtFolder":null`}},
	})
}

// A user reads their own company's plan (the web app's flags), never another's.
func TestCompanyPlanCrossTenant(t *testing.T) {
	e := newEnv(t)
	a := testutil.NewTenant(t, e.App, "alfa", 0)
	b := testutil.NewTenant(t, e.App, "beta", 0)
	e.run(t, []scenario{
		{name: "own", method: "GET", path: "/companies/listPlan/" + itoa(a.Company.ID), token: e.tokenOf(a.Attender), status: 200,
			contain: []string{`"plan":{`, `"name":"plan-alfa"`}},
		{name: "another's", method: "GET", path: "/companies/listPlan/" + itoa(b.Company.ID), token: e.tokenOf(a.Admin), status: 404, code: "ERR_NO_COMPANY_FOUND"},
		{name: "another's by id", method: "GET", path: "/companies/" + itoa(b.Company.ID), token: e.tokenOf(a.Admin), status: 403, code: "ERR_NO_PERMISSION"},
		{name: "edit another's", method: "PUT", path: "/companies/" + itoa(b.Company.ID), token: e.tokenOf(a.Admin), body: map[string]any{"status": false},
			status: 403, code: "ERR_NO_PERMISSION"},
	})
	if n := e.countRows("SELECT count(*) FROM companies WHERE id = ? AND status", b.Company.ID); n != 1 {
		t.Fatal("a tenant blocked another")
	}
}

// A blocked company's users are refused on every call but sign-in, with ERR_COMPANY_BLOCKED;
// unblocked, they go on.
func TestCompanyBlock(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	path := "/companies/" + itoa(acme.Company.ID)
	admin := e.tokenOf(acme.Admin)
	e.run(t, []scenario{
		{name: "block", method: "PUT", path: path, token: super, body: map[string]any{"status": false}, status: 200, contain: []string{`"status":false`}},
	})
	e.sql("SELECT 1") // the signed-in caches have heard of the change
	e.run(t, []scenario{
		{name: "tickets refused", method: "GET", path: "/tickets", token: admin, status: 403, code: "ERR_COMPANY_BLOCKED"},
		{name: "users refused", method: "POST", path: "/users", token: admin, body: userInput("n@acme.test", nil), status: 403, code: "ERR_COMPANY_BLOCKED"},
		{name: "socket refused", method: "GET", path: "/socket?token=" + admin, status: 403, code: "ERR_COMPANY_BLOCKED"},
		{name: "sign-in still works", method: "POST", path: "/auth/login", body: map[string]any{"email": "agent@acme.test", "password": testutil.Password},
			status: 200, contain: []string{`"status":false`}},
		{name: "me still answers (the web app shows why)", method: "GET", path: "/auth/me", token: e.tokenOf(acme.Admin), status: 200},
		{name: "other companies unaffected", method: "GET", path: "/tickets", token: super, status: 200},
		{name: "unblock", method: "PUT", path: path, token: super, body: map[string]any{"status": true}, status: 200},
	})
	e.sql("SELECT 1") // the signed-in caches have heard of the change
	e.run(t, []scenario{
		{name: "calls go on", method: "GET", path: "/tickets", token: e.tokenOf(acme.Admin), status: 200},
	})
}

// Deleting a company refuses its users at once, then removes everything it owns in the
// background (rows of every table, in batches, and its media folder), with its progress;
// other companies keep theirs.
func TestCompanyDeleteInBackground(t *testing.T) {
	e := newEnv(t)
	acme := newDesk(e, "acme")
	other := newDesk(e, "other")
	for _, d := range []*desk{acme, other} {
		for range 3 {
			tk := d.ticket(tk{})
			e.sql("INSERT INTO messages (company_id, ticket_id, body) SELECT ?, ?, 'oi' FROM generate_series(1, 40)", d.Company.ID, tk.ID)
		}
	}
	for _, c := range []int64{acme.Company.ID, other.Company.ID} {
		if _, err := e.App.Media.Save(c, "avatars", bytes.NewReader(tinyPNG(t)), 1<<20, "image/"); err != nil {
			t.Fatal(err)
		}
	}
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	path := "/companies/" + itoa(acme.Company.ID)
	e.run(t, []scenario{
		{name: "folder measured before", method: "POST", path: path + "/folder", token: super, status: 200,
			contain: []string{`"numberFileFolder":1`}, absent: []string{`"folderSize":0`}},
		{name: "delete asked", method: "DELETE", path: path, token: super, status: 202, absent: []string{`"deletingAt":null`}},
		{name: "asked twice is fine", method: "DELETE", path: path, token: super, status: 202},
	})
	e.sql("SELECT 1") // the signed-in caches have heard of the change
	e.run(t, []scenario{
		{name: "its users refused at once", method: "GET", path: "/tickets", token: acme.admin, status: 403, code: "ERR_COMPANY_BLOCKED"},
		{name: "no edits while deleting", method: "PUT", path: path, token: super, body: map[string]any{"name": "X"}, status: 409, code: "ERR_COMPANY_DELETING"},
		{name: "listed with its progress", method: "GET", path: "/companiesPlan/?searchParam=acme&pageNumber=1", token: super, status: 200,
			contain: []string{`"deleteProgress":0`}},
	})
	queued := pendingTasks[struct{ CompanyID int64 }](e, "low", "company:delete")
	if len(queued) != 1 || queued[0].CompanyID != acme.Company.ID {
		t.Fatalf("queued %+v", queued)
	}
	if err := e.App.Tenants.Purge(t.Context(), acme.Company.ID); err != nil {
		t.Fatal(err)
	}
	tables := []string{"companies WHERE id = ?", "users WHERE company_id = ?", "queues WHERE company_id = ?",
		"tickets WHERE company_id = ?", "messages WHERE company_id = ?", "contacts WHERE company_id = ?", "connections WHERE company_id = ?"}
	for _, q := range tables {
		if n := e.countRows("SELECT count(*) FROM "+q, acme.Company.ID); n != 0 {
			t.Fatalf("%s: %d left", q, n)
		}
	}
	if n := e.countRows("SELECT count(*) FROM messages WHERE company_id = ?", other.Company.ID); n != 120 {
		t.Fatalf("another company's messages: %d, want 120", n)
	}
	if _, err := os.Stat(filepath.Join(e.App.Media.Dir, "company"+itoa(acme.Company.ID))); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("media folder left: %v", err)
	}
	if _, err := os.Stat(filepath.Join(e.App.Media.Dir, "company"+itoa(other.Company.ID))); err != nil {
		t.Fatalf("another company's folder: %v", err)
	}
	if err := e.App.Tenants.Purge(t.Context(), acme.Company.ID); err != nil {
		t.Fatal("a retry after the end must be a no-op:", err)
	}
	e.run(t, []scenario{{name: "gone", method: "GET", path: path, token: super, status: 404, code: "ERR_NO_COMPANY_FOUND"}})
}

// Purge deletes only a company marked for deletion: a stray task removes nothing.
func TestCompanyPurgeNeedsTheMark(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	if err := e.App.Tenants.Purge(t.Context(), acme.Company.ID); err != nil {
		t.Fatal(err)
	}
	if n := e.countRows("SELECT count(*) FROM users WHERE company_id = ?", acme.Company.ID); n != 2 {
		t.Fatal("an unmarked company was purged")
	}
}

// Blocking a company closes its open sockets (held by another api instance) with
// ERR_COMPANY_BLOCKED; so does starting its deletion.
func TestSocketClosesWhenCompanyBlocked(t *testing.T) {
	for _, tc := range []struct{ name, method string }{
		{"blocked", "PUT"}, {"deleted", "DELETE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFollow(t)
			sock := dial(t, f.srv2, f.agent)
			joined(t, sock, statusList("pending"))
			super := f.e.tokenOf(testutil.SuperAdmin(t, f.e.App))
			st, body := f.e.call(tc.method, "/companies/"+itoa(f.Company.ID), super, map[string]any{"status": false}, "")
			if st != 200 && st != 202 {
				t.Fatalf("%s: %d %s", tc.method, st, body)
			}
			closedWith(t, sock, realtime.ReasonCompanyBlocked, nil)
		})
	}
}
