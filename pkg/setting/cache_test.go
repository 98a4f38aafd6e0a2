package setting_test

import (
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/seed"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

// Two processes (two Apps on one database and Redis) each cache settings; a change made
// through one is seen by the other at once, not after the TTL.
func TestSettingsCacheAcrossProcesses(t *testing.T) {
	cfg := testutil.Config(t)
	one, err := app.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := app.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	if _, err := seed.Run(t.Context(), one.DB, testutil.AdminEmail, testutil.AdminPassword); err != nil {
		t.Fatal(err)
	}
	acme := testutil.NewTenant(t, one, "acme", 0)
	ctx := tenant.With(t.Context(), acme.Company.ID)
	if got := two.Settings.Value(ctx, "lgpdHideNumber"); got != "disabled" {
		t.Fatalf("default %q", got) // now cached in two
	}
	time.Sleep(50 * time.Millisecond) // both listeners subscribed
	if _, err := one.Settings.Set(ctx, "lgpdHideNumber", "enabled", false); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for two.Settings.Value(ctx, "lgpdHideNumber") != "enabled" {
		if time.Now().After(deadline) {
			t.Fatal("the other process still reads the old value")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if st, _ := two.Settings.Get(ctx, "lgpdHideNumber"); st.UpdatedAt.IsZero() {
		t.Errorf("cached setting lost its updatedAt: %+v", st)
	}
	other := tenant.With(t.Context(), 1)
	if got := two.Settings.Value(other, "lgpdHideNumber"); got != "disabled" {
		t.Errorf("another company reads %q", got)
	}
}
