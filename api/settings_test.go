package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/testutil"
	"atende/pkg/user"
)

// putSetting is a PUT /settings/{key} scenario.
func putSetting(name, token, key, value string, status int, code string, contain ...string) scenario {
	return scenario{name: name, method: "PUT", path: "/settings/" + key, token: token,
		body: map[string]string{"value": value}, status: status, code: code, contain: contain}
}

// getSetting is a GET scenario expecting 200 and the given body parts.
func getSetting(name, token, path string, contain ...string) scenario {
	return scenario{name: name, method: "GET", path: path, token: token, status: 200, contain: contain}
}

// storedSetting reads a stored value ("" when the row doesn't exist).
func (e *env) storedSetting(companyID int64, key string) string {
	e.t.Helper()
	var v string
	e.App.DB.Raw("SELECT value FROM settings WHERE company_id = ? AND key = ?", companyID, key).Scan(&v)
	return v
}

func TestSettings(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	e.run(t, []scenario{
		getSetting("company keys with defaults", admin, "/settings", `{"key":"userRating","value":"disabled"`,
			`{"key":"scheduleType","value":"disabled"`, `{"key":"acceptCallWhatsapp","value":"enabled"`,
			`{"key":"sendSignMessage","value":"enabled"`, `{"key":"hoursCloseTicketsAuto","value":"0"`),
		{name: "platform keys hidden from tenants", method: "GET", path: "/settings", token: admin, status: 200,
			absent: []string{"userCreation", "allowSignup", "appName"}},
		getSetting("company 1 also has the platform keys", super, "/settings", `{"key":"userCreation","value":"enabled"`,
			`{"key":"allowSignup","value":"disabled"`),
		{name: "profile user can't list", method: "GET", path: "/settings", token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		putSetting("profile user can't change", agent, "userRating", "enabled", 403, "ERR_NO_PERMISSION"),
		putSetting("toggle must be enabled|disabled", admin, "userRating", "on", 400, "ERR_VALIDATION", `"userRating":"Valor deve ser enabled ou disabled"`),
		putSetting("toggle on", admin, "userRating", "enabled", 200, "", `"key":"userRating"`, `"value":"enabled"`),
		putSetting("scheduleType enum", admin, "scheduleType", "weekly", 400, "ERR_VALIDATION", "Opção inválida"),
		putSetting("scheduleType queue", admin, "scheduleType", "queue", 200, "", `"value":"queue"`),
		putSetting("chatBotType enum", admin, "chatBotType", "voice", 400, "ERR_VALIDATION"),
		putSetting("number can't be negative", admin, "hoursCloseTicketsAuto", "-1", 400, "ERR_VALIDATION"),
		putSetting("number must be a number", admin, "hoursCloseTicketsAuto", "soon", 400, "ERR_VALIDATION"),
		putSetting("number", admin, "hoursCloseTicketsAuto", " 24 ", 200, "", `"value":"24"`),
		putSetting("text too long", admin, "lgpdMessage", strings.Repeat("a", 4001), 400, "ERR_VALIDATION"),
		putSetting("unknown key", admin, "darkMode", "enabled", 404, "ERR_NO_SETTING_FOUND"),
		putSetting("platform key needs a super user", admin, "userCreation", "disabled", 403, "ERR_NO_PERMISSION"),
		putSetting("greeting toggle needs its text", admin, "sendGreetingAccepted", "enabled", 400, "ERR_VALIDATION",
			"Mensagem de saudação ao aceitar é obrigatória"),
		putSetting("transfer toggle needs its text", admin, "sendMsgTransfTicket", "enabled", 400, "ERR_VALIDATION", "Mensagem de transferência"),
		putSetting("queue-position toggle needs its text", admin, "sendQueuePosition", "enabled", 400, "ERR_VALIDATION", "posição na fila"),
		putSetting("refusing calls needs the reject message", admin, "acceptCallWhatsapp", "disabled", 400, "ERR_VALIDATION",
			"Mensagem de rejeição de chamada é obrigatória"),
		putSetting("greeting text", admin, "greetingAcceptedMessage", "Olá, {{name}}!", 200, ""),
		putSetting("greeting toggle with its text", admin, "sendGreetingAccepted", "enabled", 200, "", `"value":"enabled"`),
		putSetting("text can't be emptied while its toggle is on", admin, "greetingAcceptedMessage", "  ", 400, "ERR_VALIDATION"),
		putSetting("reject message", admin, "AcceptCallWhatsappMessage", "Não atendemos ligações.", 200, ""),
		putSetting("refusing calls with the message", admin, "acceptCallWhatsapp", "disabled", 200, ""),
		putSetting("reject message can't be emptied while calls are refused", admin, "AcceptCallWhatsappMessage", "", 400, "ERR_VALIDATION"),
		getSetting("one key", agent, "/setting/userRating", `"key":"userRating"`, `"value":"enabled"`),
		getSetting("an unset key answers its default", agent, "/setting/chatBotType", `"value":"text"`),
		{name: "unknown key", method: "GET", path: "/setting/nope", token: agent, status: 404, code: "ERR_NO_SETTING_FOUND"},
		getSetting("public key without a token", "", "/public-settings/allowSignup", `"value":"disabled"`),
		getSetting("public app name", "", "/public-settings/appName", `"value":"Atende"`),
		{name: "company key isn't public", method: "GET", path: "/public-settings/userRating", status: 404, code: "ERR_NO_SETTING_FOUND"},
		{name: "userCreation isn't public", method: "GET", path: "/public-settings/userCreation", status: 404, code: "ERR_NO_SETTING_FOUND"},
		{name: "settings need a token", method: "GET", path: "/setting/userRating", status: 401, code: "ERR_SESSION_EXPIRED"},
		getSetting("own company settings", agent, fmt.Sprintf("/companySettings/%d", acme.Company.ID),
			`"userRating":"enabled"`, `"scheduleType":"queue"`, `"sendGreetingAccepted":"enabled"`),
		{name: "another company's settings", method: "GET", path: fmt.Sprintf("/companySettings/%d", beta.Company.ID), token: admin,
			status: 404, code: "ERR_NO_COMPANY_FOUND"},
		{name: "bad company id", method: "GET", path: "/companySettings/x", token: admin, status: 404, code: "ERR_NO_COMPANY_FOUND"},
		getSetting("one column", agent, "/companySettingOne?column=scheduleType", `"value":"queue"`),
		getSetting("one column, trailing slash", agent, "/companySettingOne/?column=userRating", `"value":"enabled"`),
		{name: "unknown column", method: "GET", path: "/companySettingOne?column=nope", token: agent, status: 404, code: "ERR_NO_SETTING_FOUND"},
		{name: "no column", method: "GET", path: "/companySettingOne", token: agent, status: 404, code: "ERR_NO_SETTING_FOUND"},
		{name: "put column", method: "PUT", path: "/companySettings", token: admin, body: map[string]string{"column": "requiredTag", "data": "enabled"},
			status: 200, contain: []string{`"key":"requiredTag"`, `"value":"enabled"`}},
		{name: "put column validates", method: "PUT", path: "/companySettings", token: admin, body: map[string]string{"column": "requiredTag", "data": "yes"},
			status: 400, code: "ERR_VALIDATION"},
		{name: "put unknown column", method: "PUT", path: "/companySettings", token: admin, body: map[string]string{"column": "nope", "data": "x"},
			status: 404, code: "ERR_NO_SETTING_FOUND"},
		{name: "put column as profile user", method: "PUT", path: "/companySettings", token: agent,
			body: map[string]string{"column": "requiredTag", "data": "disabled"}, status: 403, code: "ERR_NO_PERMISSION"},
		// Company B sees none of it.
		getSetting("other company: one key", other, "/setting/userRating", `"value":"disabled"`),
		getSetting("other company: list", other, "/settings", `{"key":"userRating","value":"disabled"`, `{"key":"requiredTag","value":"disabled"`),
		getSetting("other company: own map", other, fmt.Sprintf("/companySettings/%d", beta.Company.ID), `"scheduleType":"disabled"`,
			`"sendGreetingAccepted":"disabled"`),
		// The super user changes platform keys, which live on company 1.
		putSetting("super enables signup", super, "allowSignup", "enabled", 200, ""),
		getSetting("signup now public", "", "/public-settings/allowSignup", `"value":"enabled"`),
		getSetting("tenants read platform keys from company 1", admin, "/setting/allowSignup", `"value":"enabled"`),
	})
	want := map[string]string{"userRating": "enabled", "scheduleType": "queue", "hoursCloseTicketsAuto": "24", "chatBotType": "",
		"greetingAcceptedMessage": "Olá, {{name}}!", "sendMsgTransfTicket": "", "userCreation": "", "lgpdMessage": "", "requiredTag": "enabled"}
	for key, v := range want {
		if got := e.storedSetting(acme.Company.ID, key); got != v {
			t.Errorf("acme %s stored %q, want %q", key, got, v)
		}
	}
	if n := e.countRows("SELECT count(*) FROM settings WHERE company_id = ?", beta.Company.ID); n != 0 {
		t.Errorf("company B has %d settings rows", n)
	}
	if got := e.storedSetting(1, "allowSignup"); got != "enabled" {
		t.Errorf("allowSignup stored on company 1 as %q", got)
	}
}

// gate is one endpoint and what each caller gets: 403 is the route's rule refusing; any other
// status means the caller got past it. {me} and {company} are the caller's ids.
// gate is one row of an access matrix: the status each column of callers gets.
type gate struct {
	method, path string
	body         any
	want         []int
}

// accessCaller is one caller of an access matrix and the column of statuses it gets.
type accessCaller struct {
	name string
	who  user.User
	col  int
}

// matrix turns gates × callers into scenarios; {me} and {company} in a path are the
// caller's. A 403 must be ERR_NO_PERMISSION.
func (e *env) matrix(callers []accessCaller, gates []gate) []scenario {
	var rows []scenario
	for _, c := range callers {
		ids := strings.NewReplacer("{me}", fmt.Sprint(c.who.ID), "{company}", fmt.Sprint(c.who.CompanyID))
		tok := e.tokenOf(c.who)
		for _, g := range gates {
			s := scenario{name: c.name + " " + g.method + " " + g.path, method: g.method, path: ids.Replace(g.path),
				body: g.body, token: tok, status: g.want[c.col]}
			if s.status == 403 {
				s.code = "ERR_NO_PERMISSION"
			}
			rows = append(rows, s)
		}
	}
	return rows
}

func TestUsersAndSettingsAccess(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	bare := testutil.NewTenant(t, e.App, "bare", 0)
	e.sql(`UPDATE plans SET use_whatsapp = false, use_facebook = false, use_instagram = false, use_campaigns = false,
		use_schedules = false, use_internal_chat = false, use_external_api = false, use_kanban = false, use_open_ai = false,
		use_integrations = false WHERE id = ?`, bare.Company.PlanID)
	power := testutil.NewUser(t, e.App, acme.Company.ID, "power@acme.test", user.ProfileUser, func(u *user.User) {
		u.AllowConnections, u.AllowRealTime, u.ShowDashboard, u.AllUserChat, u.AllTicket = "enabled", "enabled", "enabled", "enabled", "enable"
	})
	gates := []gate{
		{"GET", "/users/", nil, []int{403, 200, 200}},
		{"GET", "/users/list", nil, []int{200, 200, 200}},
		{"GET", "/users/{me}", nil, []int{200, 200, 200}},
		{"POST", "/users", map[string]any{}, []int{403, 400, 400}},
		{"PUT", "/users/{me}", map[string]any{"defaultMenu": "open"}, []int{200, 200, 200}},
		{"DELETE", "/users/999999", nil, []int{403, 404, 404}},
		{"DELETE", "/users/{me}", nil, []int{403, 400, 400}},
		{"POST", "/users/{me}/media-upload", nil, []int{400, 400, 400}},
		{"PUT", "/users/toggleChangeWidht/{me}", map[string]int{"defaultTicketsManagerWidth": 600}, []int{200, 200, 200}},
		{"GET", "/settings", nil, []int{403, 200, 200}},
		{"PUT", "/settings/userRating", map[string]string{"value": "disabled"}, []int{403, 200, 200}},
		{"PUT", "/settings/userCreation", map[string]string{"value": "enabled"}, []int{403, 403, 200}},
		{"GET", "/setting/userRating", nil, []int{200, 200, 200}},
		{"GET", "/public-settings/allowSignup", nil, []int{200, 200, 200}},
		{"GET", "/companySettings/{company}", nil, []int{200, 200, 200}},
		{"GET", "/companySettingOne?column=userRating", nil, []int{200, 200, 200}},
		{"PUT", "/companySettings", map[string]string{"column": "userRating", "data": "disabled"}, []int{403, 200, 200}},
		{"PUT", "/companySettings", map[string]string{"column": "allowSignup", "data": "disabled"}, []int{403, 403, 200}},
	}
	// columns: 0 profile user, 1 admin, 2 super
	callers := []accessCaller{
		{"profile user", acme.Attender, 0},
		{"profile user with every toggle", power, 0},
		{"admin", acme.Admin, 1},
		{"admin on a plan without flags", bare.Admin, 1},
		{"super", testutil.SuperAdmin(t, e.App), 2},
	}
	rows := e.matrix(callers, gates)
	e.run(t, rows)
}
