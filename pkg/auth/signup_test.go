package auth_test

import (
	"testing"
	"time"

	"atende/pkg/auth"
	"atende/pkg/testutil"
)

// The trial's last day is counted in the new company's time zone: at 23:30 on 10 March in
// São Paulo (already the 11th in UTC) the trial runs to the 17th, and the 17th is its
// billing day.
func TestSignupTrialInTheCompanyZone(t *testing.T) {
	a := testutil.App(t)
	testutil.SetSetting(t, a, 1, "allowSignup", "enabled")
	svc := a.Auth
	svc.Now = func() time.Time { return time.Date(2031, time.March, 11, 2, 30, 0, 0, time.UTC) }
	u, err := svc.Signup(t.Context(), auth.SignupInput{Name: "Maria Dona", Email: "maria@zona.test", Password: "senha1",
		Phone: "11987654321", CompanyName: "Zona Ltda", PlanID: 1}, "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Due      string
		Day      int
		Timezone string
	}
	if err := a.DB.Raw(`SELECT due_date::text AS due, due_day AS day, timezone FROM companies WHERE id = ?`,
		u.CompanyID).Scan(&got).Error; err != nil {
		t.Fatal(err)
	}
	if got.Due != "2031-03-17" || got.Day != 17 || got.Timezone != auth.SignupTimezone {
		t.Fatalf("trial %+v", got)
	}
}
