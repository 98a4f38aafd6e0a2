package tenants_test

import (
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/billing"
	"atende/pkg/company"
	"atende/pkg/plan"
	"atende/pkg/tenants"
	"atende/pkg/testutil"
	"atende/pkg/validate"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func date(s string) validate.Nullable[company.Date] {
	tm, _ := time.Parse(time.DateOnly, s)
	return validate.Nullable[company.Date]{Set: true, Valid: true, Value: company.NewDate(tm.Date())}
}

func openInvoices(t *testing.T, a *app.App, companyID int64) []billing.Invoice {
	t.Helper()
	var out []billing.Invoice
	must(t, a.DB.Where("company_id = ? AND status = ?", companyID, billing.StatusOpen).Order("due_date").Find(&out).Error)
	return out
}

// The operator's edit of a company carries its open invoice along: a new due date moves it
// (the duplicates go, and the invoice job makes no second one), and a new plan or
// recurrence re-prices it unless the checkout customised it.
func TestCompanyEditCarriesTheOpenInvoice(t *testing.T) {
	a := testutil.App(t)
	ctx := t.Context()
	tn := testutil.NewTenant(t, a, "editbill", 0)
	id := tn.Company.ID
	must(t, a.DB.Exec(`UPDATE companies SET due_date = '2031-03-10' WHERE id = ?`, id).Error)
	must(t, a.DB.Exec(`UPDATE plans SET amount = 49 WHERE id = ?`, tn.Company.PlanID).Error)
	now := time.Date(2031, time.March, 1, 12, 0, 0, 0, time.UTC)
	if _, err := a.Billing.Generate(ctx, now); err != nil {
		t.Fatal(err)
	}
	// An open invoice left on another date (by the defect this fixes).
	must(t, a.DB.Exec(`INSERT INTO invoices (company_id, detail, value, due_date) VALUES (?, 'old', 49, '2031-02-10')`, id).Error)

	if _, err := a.Tenants.Update(ctx, id, tenants.Input{DueDate: date("2031-03-20")}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Billing.Generate(ctx, now); err != nil {
		t.Fatal(err)
	}
	open := openInvoices(t, a, id)
	if len(open) != 1 || open[0].DueDate.String() != "2031-03-20" || open[0].Detail != "plan-editbill" || open[0].Value != 4900 {
		t.Fatalf("after the due date moved: %+v", open)
	}

	pro := plan.Plan{Offer: plan.Offer{Name: "Pro editbill", Users: 20, Connections: 4, Queues: 5, Amount: 120}}
	must(t, a.DB.Create(&pro).Error)
	quarterly := "TRIMESTRAL"
	if _, err := a.Tenants.Update(ctx, id, tenants.Input{PlanID: validate.Nullable[int64]{Set: true, Valid: true, Value: pro.ID},
		Recurrence: &quarterly}); err != nil {
		t.Fatal(err)
	}
	open = openInvoices(t, a, id)
	if len(open) != 1 || open[0].Detail != "Pro editbill" || open[0].Users != 20 || open[0].Connections != 4 ||
		open[0].Months != 3 || open[0].Value != 36000 || open[0].DueDate.String() != "2031-03-20" {
		t.Fatalf("after the plan changed: %+v", open)
	}

	// A customised invoice keeps the customer's choice through a plan change.
	a.Billing.Pix = billing.Pix{Key: "pix@atende.test", Name: "Atende", City: "Sao Paulo"}
	if _, err := a.Billing.Subscribe(ctx, id, billing.Checkout{InvoiceID: open[0].ID, FirstName: "Ana", Zipcode: "1",
		Plan: billing.PlanCustom, Users: 5, Connections: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Tenants.Update(ctx, id, tenants.Input{PlanID: validate.Nullable[int64]{Set: true, Valid: true, Value: tn.Company.PlanID}}); err != nil {
		t.Fatal(err)
	}
	open = openInvoices(t, a, id)
	if len(open) != 1 || !open[0].Custom || open[0].Users != 5 || open[0].Value != 34500 {
		t.Fatalf("a customised invoice re-priced: %+v", open)
	}
}

// The operator's due date is the billing day, even where a payment's date would have kept
// the old one (the 30th of a company due on the 31st).
func TestCompanyEditSetsTheBillingDay(t *testing.T) {
	a := testutil.App(t)
	ctx := t.Context()
	tn := testutil.NewTenant(t, a, "editday", 0)
	id := tn.Company.ID
	if _, err := a.Tenants.Update(ctx, id, tenants.Input{DueDate: date("2031-03-31")}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Tenants.Update(ctx, id, tenants.Input{DueDate: date("2031-04-30")}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Billing.Generate(ctx, time.Date(2031, time.April, 20, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	open := openInvoices(t, a, id)
	if len(open) != 1 {
		t.Fatalf("open %+v", open)
	}
	paid, err := a.Billing.MarkPaid(ctx, open[0].ID, testutil.SuperAdmin(t, a).ID)
	if err != nil || paid.DueDate.String() != "2031-05-30" {
		t.Fatalf("paid %+v %v", paid, err)
	}
}

// A company's custom plan goes with the company.
func TestCompanyPurgeDropsItsCustomPlan(t *testing.T) {
	a := testutil.App(t)
	ctx := t.Context()
	tn := testutil.NewTenant(t, a, "purgeplan", 0)
	var custom int64
	must(t, a.DB.Raw(`INSERT INTO plans (name, is_public, custom_company_id) VALUES ('purgeplan (personalizado)', false, ?)
		RETURNING id`, tn.Company.ID).Scan(&custom).Error)
	must(t, a.DB.Exec(`UPDATE companies SET plan_id = ? WHERE id = ?`, custom, tn.Company.ID).Error)
	if _, err := a.Tenants.Delete(ctx, tn.Company.ID); err != nil {
		t.Fatal(err)
	}
	if err := a.Tenants.Purge(ctx, tn.Company.ID); err != nil {
		t.Fatal(err)
	}
	var n int64
	a.DB.Model(&plan.Plan{}).Where("id = ?", custom).Count(&n)
	if n != 0 {
		t.Fatal("the custom plan outlived its company")
	}
}
