package api_test

import (
	"testing"
	"time"

	"atende/pkg/testutil"
	"atende/pkg/user"
)

// An attendant signs in only within startWork–endWork, read in their company's time zone
// on a clock the test sets; admins and super users always may; a refused sign-in leaves
// the attendant's live session alone.
func TestLoginWorkHours(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)   // America/Sao_Paulo (UTC-3)
	tokyo := testutil.NewTenant(t, e.App, "tokyo", 0) // Asia/Tokyo (UTC+9)
	e.sql("UPDATE companies SET timezone = 'Asia/Tokyo' WHERE id = ?", tokyo.Company.ID)
	shift := func(start, end string) func(*user.User) {
		return func(u *user.User) { u.StartWork, u.EndWork = start, end }
	}
	day := testutil.NewUser(t, e.App, acme.Company.ID, "dia@acme.test", user.ProfileUser, shift("08:00", "18:00"))
	night := testutil.NewUser(t, e.App, acme.Company.ID, "noite@acme.test", user.ProfileUser, shift("22:00", "06:00"))
	boss := testutil.NewUser(t, e.App, acme.Company.ID, "chefe@acme.test", user.ProfileAdmin, shift("08:00", "18:00"))
	super := testutil.NewUser(t, e.App, acme.Company.ID, "super@acme.test", user.ProfileUser, func(u *user.User) {
		shift("08:00", "18:00")(u)
		u.Super = true
	})
	far := testutil.NewUser(t, e.App, tokyo.Company.ID, "dia@tokyo.test", user.ProfileUser, shift("08:00", "18:00"))
	clock := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) // 09:00 in São Paulo, 21:00 in Tokyo
	e.App.Auth.Now = func() time.Time { return clock }
	t.Cleanup(func() { e.App.Auth.Now = nil })
	login := func(name string, u user.User, status int, code string) scenario {
		s := scenario{name: name, method: "POST", path: "/auth/login", body: map[string]string{"email": u.Email, "password": testutil.Password},
			status: status, code: code}
		if code == "ERR_OUT_OF_HOURS" {
			s.contain = []string{"Fora do horário de expediente!"}
		} else {
			s.contain = []string{`"token":"`}
		}
		return s
	}
	e.run(t, []scenario{
		login("an attendant inside their hours", day, 200, ""),
		login("a night shift by day", night, 403, "ERR_OUT_OF_HOURS"),
		login("the same hours in another company's zone", far, 403, "ERR_OUT_OF_HOURS"),
		login("an admin is not bound by hours", boss, 200, ""),
	})
	live := testutil.Token(t, e.App, day)
	clock = time.Date(2026, 11, 26, 2, 30, 0, 0, time.UTC) // 23:30 in São Paulo, 11:30 in Tokyo
	e.run(t, []scenario{
		login("after the shift", day, 403, "ERR_OUT_OF_HOURS"),
		{name: "the open session goes on", method: "GET", path: "/auth/me", token: live, status: 200, contain: []string{day.Email}},
		login("the night shift at night", night, 200, ""),
		login("Tokyo's attendant in Tokyo's morning", far, 200, ""),
		login("a super user is not bound by hours", super, 200, ""),
		{name: "a wrong password is still just that", method: "POST", path: "/auth/login",
			body: map[string]string{"email": day.Email, "password": "nope"}, status: 401, code: "ERR_INVALID_CREDENTIALS"},
	})
}
