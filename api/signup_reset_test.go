package api_test

import (
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"testing"
	"time"

	"atende/pkg/auth"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// pendingMails returns the mail:send tasks waiting in the default queue.
func (e *env) pendingMails() []tasks.MailSend {
	return pendingTasks[tasks.MailSend](e, tasks.QueueDefault, tasks.TypeMailSend)
}

// signup is a valid signup payload for plan with overrides (nil deletes a key).
func signup(planID int64, over map[string]any) map[string]any {
	m := map[string]any{"name": "Maria Dona", "email": "maria@nova.test", "password": "senha1", "phone": "11987654321",
		"companyName": "Nova Ltda", "planId": planID}
	maps.Copy(m, over)
	maps.DeleteFunc(m, func(_ string, v any) bool { return v == nil })
	return m
}

func TestSignup(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	var hidden int64
	e.App.DB.Raw(`INSERT INTO plans (name, users, is_public) VALUES ('Plano Interno', 5, false) RETURNING id`).Scan(&hidden)
	post := func(name string, over map[string]any, status int, code string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: "/auth/signup", body: signup(1, over), status: status, code: code, contain: contain}
	}
	e.run(t, []scenario{
		post("disabled by default", nil, 403, "ERR_SIGNUP_DISABLED"),
		{name: "public plans only", method: "GET", path: "/plans/list", status: 200,
			contain: []string{`"name":"Plano Completo"`, `"name":"plan-acme"`}, absent: []string{"Plano Interno"}},
	})
	companies := e.countRows("SELECT count(*) FROM companies")
	testutil.SetSetting(t, e.App, 1, "allowSignup", "enabled")
	e.run(t, []scenario{
		post("name required", map[string]any{"name": nil}, 400, "ERR_VALIDATION", `"name":"Obrigatório"`),
		post("name too short", map[string]any{"name": "M"}, 400, "ERR_VALIDATION", `"name":"Too Short!"`),
		post("company name required", map[string]any{"companyName": " "}, 400, "ERR_VALIDATION", `"companyName":"Obrigatório"`),
		post("company name too long", map[string]any{"companyName": fmt.Sprintf("%051d", 0)}, 400, "ERR_VALIDATION", `"companyName":"Too Long!"`),
		post("email required", map[string]any{"email": nil}, 400, "ERR_VALIDATION", `"email":"Obrigatório"`),
		post("email invalid", map[string]any{"email": "maria"}, 400, "ERR_VALIDATION", `"email":"Email inválido"`),
		post("phone required", map[string]any{"phone": nil}, 400, "ERR_VALIDATION", `"phone":"Obrigatório"`),
		post("password too short", map[string]any{"password": "1234"}, 400, "ERR_VALIDATION", `"password":"Too Short!"`),
		post("plan required", map[string]any{"planId": nil}, 400, "ERR_VALIDATION", `"planId":"Obrigatório"`),
		post("plan not public", map[string]any{"planId": hidden}, 400, "ERR_VALIDATION", `"planId":"Plano inválido"`),
		post("plan unknown", map[string]any{"planId": 9999}, 400, "ERR_VALIDATION", `"planId":"Plano inválido"`),
		post("company name taken, any case", map[string]any{"companyName": "ACME"}, 409, "ERR_COMPANY_NAME_EXISTS"),
		post("e-mail taken", map[string]any{"email": acme.Attender.Email}, 409, "ERR_EMAIL_ALREADY_EXISTS"),
	})
	if n := e.countRows("SELECT count(*) FROM companies"); n != companies {
		t.Fatalf("refused signups created companies: %d → %d", companies, n)
	}
	e.run(t, []scenario{
		post("signs up", map[string]any{"email": " Maria@Nova.TEST "}, 201, "",
			`"user":{`, `"email":"maria@nova.test"`, `"profile":"admin"`, `"showDashboard":"enabled"`),
		post("same company again", map[string]any{"email": "other@nova.test"}, 409, "ERR_COMPANY_NAME_EXISTS"),
		post("same e-mail again", map[string]any{"companyName": "Outra"}, 409, "ERR_EMAIL_ALREADY_EXISTS"),
	})
	sp, _ := time.LoadLocation(auth.SignupTimezone) // the trial is counted in the company's zone
	due := time.Now().In(sp).AddDate(0, 0, 7).Format(time.DateOnly)
	e.run(t, []scenario{
		{name: "new admin signs in to a 7-day trial", method: "POST", path: "/auth/login",
			body:   map[string]string{"email": "maria@nova.test", "password": "senha1"},
			status: 200, contain: []string{`"name":"Nova Ltda"`, `"dueDate":"` + due + `"`, `"planId":1`, `"profile":"admin"`, `"super":false`}},
	})
}

// requestCode asks for a reset code for email and returns the code the queued e-mail carries.
func requestCode(t *testing.T, e *env, email string) string {
	t.Helper()
	before := len(e.pendingMails())
	st, body := e.call("POST", "/forgetpassword/"+email, "", nil, "")
	if st != 200 {
		t.Fatalf("forgetpassword: %d %s", st, body)
	}
	mails := e.pendingMails()
	if len(mails) != before+1 {
		t.Fatalf("%d mails queued, want %d", len(mails), before+1)
	}
	m := mails[len(mails)-1]
	code := regexp.MustCompile(`código para redefinir a senha é: (\d{6})\n`).FindStringSubmatch(m.Text)
	if code == nil || m.Subject != "Redefinição de senha" {
		t.Fatalf("mail has no 6-digit code: %+v", m)
	}
	return code[1]
}

func TestPasswordReset(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	email, oldToken := acme.Attender.Email, e.tokenOf(acme.Attender)
	const weak = "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número."
	reset := func(name, email, code, pw string, status int, code2 string, contain ...string) scenario {
		return scenario{name: name, method: "POST", path: fmt.Sprintf("/resetpasswords/%s/%s/%s", email, code, pw),
			status: status, code: code2, contain: contain}
	}
	login := func(name, email, pw string, status int) scenario {
		return scenario{name: name, method: "POST", path: "/auth/login", body: map[string]string{"email": email, "password": pw}, status: status}
	}
	e.run(t, []scenario{
		{name: "unknown e-mail answers as a known one", method: "POST", path: "/forgetpassword/ghost@x.test", status: 200,
			contain: []string{`"status":200`, "Email enviado com sucesso!"}},
	})
	if n := len(e.pendingMails()); n != 0 {
		t.Fatalf("unknown e-mail queued %d mails", n)
	}
	code := requestCode(t, e, "AGENT@acme.test")
	if m := e.pendingMails()[0]; m.To != email {
		t.Fatalf("mail to %q, want %q", m.To, email)
	}
	n, _ := strconv.Atoi(code)
	wrong := fmt.Sprintf("%06d", (n+1)%1_000_000)
	e.run(t, []scenario{
		reset("too short", email, code, "Ab1", 400, "ERR_VALIDATION", weak),
		reset("no uppercase", email, code, "abcdefg1", 400, "ERR_VALIDATION", weak),
		reset("no lowercase", email, code, "ABCDEFG1", 400, "ERR_VALIDATION", weak),
		reset("no digit", email, code, "Abcdefgh", 400, "ERR_VALIDATION", weak),
		reset("wrong code", email, wrong, "NovaSenha1", 400, "ERR_INVALID_RESET_TOKEN"),
		reset("code of another user", beta.Attender.Email, code, "NovaSenha1", 400, "ERR_INVALID_RESET_TOKEN"),
		reset("right code", email, code, "NovaSenha1", 200, "", `"status":200`, "Senha redefinida com sucesso."),
		reset("code can't be reused", email, code, "OutraSenha2", 400, "ERR_INVALID_RESET_TOKEN"),
		login("old password fails", email, testutil.Password, 401),
		login("new password works", email, "NovaSenha1", 200),
		login("other company's user untouched", beta.Attender.Email, testutil.Password, 200),
		{name: "sessions before the reset are ended", method: "GET", path: "/auth/me", token: oldToken, status: 401, code: "ERR_SESSION_EXPIRED"},
	})

	// An expired code is refused.
	late := requestCode(t, e, email)
	e.sql("UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL")
	e.run(t, []scenario{reset("expired code", email, late, "Terceira3", 400, "ERR_INVALID_RESET_TOKEN")})
}
