package tenant

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"
)

func TestScopeFailsClosedWithoutCompany(t *testing.T) {
	if _, err := Scope(context.Background(), &gorm.DB{}); !errors.Is(err, ErrNoTenant) {
		t.Fatalf("Scope without company: %v, want ErrNoTenant", err)
	}
	if _, err := CompanyID(With(context.Background(), 0)); !errors.Is(err, ErrNoTenant) {
		t.Fatalf("company 0 accepted: %v", err)
	}
	id, err := CompanyID(With(context.Background(), 7))
	if err != nil || id != 7 {
		t.Fatalf("CompanyID = %d, %v", id, err)
	}
}
