package company

import (
	"testing"
	"time"
)

func TestExpiredUsesCompanyTimezone(t *testing.T) {
	due := NewDate(2026, time.March, 10)
	c := Company{ID: 2, DueDate: &due, Timezone: "America/Sao_Paulo"}
	// 02:00 UTC on the 11th is still the 10th in São Paulo (UTC-3): not expired yet.
	if c.Expired(time.Date(2026, time.March, 11, 2, 0, 0, 0, time.UTC)) {
		t.Fatal("expired on its due date in the company's time zone")
	}
	if !c.Expired(time.Date(2026, time.March, 11, 4, 0, 0, 0, time.UTC)) {
		t.Fatal("not expired the day after its due date")
	}
	if end := c.ExpiresAt(); !end.Equal(time.Date(2026, time.March, 11, 3, 0, 0, 0, time.UTC)) {
		t.Fatalf("ExpiresAt = %v, want midnight of the 11th in São Paulo", end)
	}
	main := Company{ID: MainID, DueDate: &due, Timezone: "UTC"}
	if main.Expired(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatal("company 1 expired")
	}
	if !main.ExpiresAt().IsZero() {
		t.Fatal("company 1 has an end")
	}
}

func TestBlocked(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		name string
		c    Company
		want bool
	}{
		{"active", Company{ID: 2, Status: true}, false},
		{"blocked by the operator", Company{ID: 2, Status: false}, true},
		{"being deleted", Company{ID: 2, Status: true, DeletingAt: &now}, true},
		{"the main company never is", Company{ID: MainID, Status: false, DeletingAt: &now}, false},
	} {
		if got := tc.c.Blocked(); got != tc.want {
			t.Errorf("%s: Blocked() = %v, want %v", tc.name, got, tc.want)
		}
	}
}
