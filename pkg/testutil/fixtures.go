package testutil

import (
	"fmt"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/company"
	"atende/pkg/plan"
	"atende/pkg/user"
)

// Password is every fixture user's password.
const Password = "Secret@123"

// Tenant is a company with an administrator and an attendant, ready to call the api.
type Tenant struct {
	Company  company.Company
	Admin    user.User
	Attender user.User
}

// NewTenant creates a company on a plan with every flag on (limits as given, 0 = 10),
// an admin and a profile-user attendant.
func NewTenant(t testing.TB, a *app.App, name string, userLimit int) Tenant {
	t.Helper()
	if userLimit == 0 {
		userLimit = 10
	}
	p := plan.Plan{Offer: plan.Offer{Name: "plan-" + name, Users: userLimit, Connections: 10, Queues: 10, IsPublic: true,
		UseWhatsapp: true, UseFacebook: true, UseInstagram: true, UseCampaigns: true, UseSchedules: true,
		UseInternalChat: true, UseExternalAPI: true, UseKanban: true, UseOpenAI: true, UseIntegrations: true}}
	must(t, a.DB.Create(&p).Error)
	due := company.NewDate(time.Now().AddDate(0, 1, 0).Date())
	c := company.Company{Name: name, PlanID: p.ID, Status: true, DueDate: &due, Recurrence: "MENSAL",
		Timezone: "America/Sao_Paulo"}
	must(t, a.DB.Create(&c).Error)
	c.Plan = &p
	return Tenant{
		Company:  c,
		Admin:    NewUser(t, a, c.ID, fmt.Sprintf("admin@%s.test", name), user.ProfileAdmin, nil),
		Attender: NewUser(t, a, c.ID, fmt.Sprintf("agent@%s.test", name), user.ProfileUser, nil),
	}
}

// NewUser inserts a user with Password; edit may change fields before insert.
func NewUser(t testing.TB, a *app.App, companyID int64, email, profile string, edit func(*user.User)) user.User {
	t.Helper()
	hash, err := user.HashPassword(Password)
	must(t, err)
	u := user.NewAdmin(companyID, "User "+email, email, hash)
	u.Profile = profile
	if profile == user.ProfileUser {
		u.ShowDashboard, u.AllowRealTime, u.AllowConnections = user.Disabled, user.Disabled, user.Disabled
	}
	if edit != nil {
		edit(&u)
	}
	must(t, a.DB.Create(&u).Error)
	return u
}

// Token signs an access token for u as it is stored now.
func Token(t testing.TB, a *app.App, u user.User) string {
	t.Helper()
	must(t, a.DB.First(&u, u.ID).Error)
	tok, err := a.Auth.Tokens.Access(u)
	must(t, err)
	return tok
}

// SuperAdmin returns the seeded super admin.
func SuperAdmin(t testing.TB, a *app.App) user.User {
	t.Helper()
	u, err := user.FindByEmail(t.Context(), a.DB, AdminEmail)
	must(t, err)
	return u
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
