package billing_test

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/billing"
	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/plan"
	"atende/pkg/testutil"
)

// dueDate is the company's due date and billing day as stored.
func dueDate(t *testing.T, a *app.App, companyID int64) (string, int) {
	t.Helper()
	var row struct {
		Due string
		Day int
	}
	mustExec(t, a.DB.Raw(`SELECT due_date::text AS due, coalesce(due_day, 0) AS day FROM companies WHERE id = ?`,
		companyID).Scan(&row).Error)
	return row.Due, row.Day
}

// openInvoice generates the company's invoice at now and returns its open one.
func openInvoice(t *testing.T, a *app.App, companyID int64, now time.Time) billing.Invoice {
	t.Helper()
	if _, err := a.Billing.Generate(t.Context(), now); err != nil {
		t.Fatal(err)
	}
	var inv billing.Invoice
	mustExec(t, a.DB.Where("company_id = ? AND status = ?", companyID, billing.StatusOpen).
		Order("due_date DESC").Take(&inv).Error)
	return inv
}

func pay(t *testing.T, a *app.App, inv billing.Invoice) billing.Paid {
	t.Helper()
	paid, err := a.Billing.Pay(t.Context(), billing.Payment{Provider: "efi", ID: "E" + inv.DueDate.String(),
		TxID: billing.InvoiceTxID(inv.ID), Amount: inv.Value})
	if err != nil || !paid.Changed {
		t.Fatalf("pay %+v: %+v %v", inv, paid, err)
	}
	return paid
}

// An invoice of a longer recurrence bills its months at the plan's monthly price, and its
// payment moves the due date by the months it billed, not by a recurrence changed since.
func TestInvoiceBillsTheRecurrenceMonths(t *testing.T) {
	a := testutil.App(t)
	tn := testutil.NewTenant(t, a, "billmonths", 0)
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = '2031-03-10', recurrence = 'TRIMESTRAL' WHERE id = ?`, tn.Company.ID).Error)
	mustExec(t, a.DB.Exec(`UPDATE plans SET amount = 49.90 WHERE id = ?`, tn.Company.PlanID).Error)
	inv := openInvoice(t, a, tn.Company.ID, time.Date(2031, time.March, 1, 12, 0, 0, 0, time.UTC))
	if inv.Months != 3 || inv.Value != 14970 {
		t.Fatalf("a quarter billed as %d months, %s", inv.Months, inv.Value)
	}
	// The operator makes it yearly after the invoice was made: the quarter paid is a quarter.
	mustExec(t, a.DB.Exec(`UPDATE companies SET recurrence = 'ANUAL' WHERE id = ?`, tn.Company.ID).Error)
	if paid := pay(t, a, inv); paid.DueDate.String() != "2031-06-10" {
		t.Fatalf("paid a quarter: due %s", paid.DueDate)
	}
	// The next one bills the year.
	inv = openInvoice(t, a, tn.Company.ID, time.Date(2031, time.June, 1, 12, 0, 0, 0, time.UTC))
	if inv.Months != 12 || inv.Value != 59880 || inv.DueDate.String() != "2031-06-10" {
		t.Fatalf("the year: %+v", inv)
	}
	if paid := pay(t, a, inv); paid.DueDate.String() != "2032-06-10" {
		t.Fatalf("paid a year: due %s", paid.DueDate)
	}
}

// A company due on the 31st stays due on the 31st: February's clamped date is not where
// the next month counts from.
func TestDueDateKeepsItsBillingDay(t *testing.T) {
	a := testutil.App(t)
	tn := testutil.NewTenant(t, a, "billday", 0)
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = '2031-01-31' WHERE id = ?`, tn.Company.ID).Error)
	if due, day := dueDate(t, a, tn.Company.ID); due != "2031-01-31" || day != 31 {
		t.Fatalf("the billing day follows a written due date: %s %d", due, day)
	}
	for _, want := range []string{"2031-02-28", "2031-03-31", "2031-04-30", "2031-05-31"} {
		inv := openInvoice(t, a, tn.Company.ID, time.Date(2031, time.December, 1, 0, 0, 0, 0, time.UTC))
		pay(t, a, inv)
		if due, day := dueDate(t, a, tn.Company.ID); due != want || day != 31 {
			t.Fatalf("after paying %s: due %s day %d, want %s", inv.DueDate, due, day, want)
		}
	}
	// A due date written that is not the billing day's is the new billing day.
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = '2031-06-15' WHERE id = ?`, tn.Company.ID).Error)
	if _, day := dueDate(t, a, tn.Company.ID); day != 15 {
		t.Fatalf("billing day %d after a new due date", day)
	}
}

func TestNextDueDate(t *testing.T) {
	d := func(s string) company.Date {
		tm, _ := time.Parse(time.DateOnly, s)
		return company.NewDate(tm.Date())
	}
	cases := []struct {
		from        string
		months, day int
		want        string
	}{
		{"2031-01-31", 1, 31, "2031-02-28"},
		{"2031-02-28", 1, 31, "2031-03-31"},
		{"2032-01-31", 1, 31, "2032-02-29"},
		{"2031-02-28", 12, 29, "2032-02-29"},
		{"2031-04-30", 2, 31, "2031-06-30"},
		{"2031-11-30", 3, 30, "2032-02-29"},
		{"2031-10-15", 3, 15, "2032-01-15"},
	}
	for _, c := range cases {
		if got := billing.NextDueDate(d(c.from), c.months, c.day); got.String() != c.want {
			t.Errorf("%s + %d months on day %d = %s, want %s", c.from, c.months, c.day, got, c.want)
		}
	}
}

// checkout is a valid custom checkout of inv.
func checkout(inv billing.Invoice, users, connections int) billing.Checkout {
	return billing.Checkout{InvoiceID: inv.ID, FirstName: "Ana", Zipcode: "12345678909", Plan: billing.PlanCustom,
		Users: users, Connections: connections}
}

// A custom checkout bills the custom monthly price for the invoice's months, never below
// what the company uses, and its payment puts the company on a private plan with those
// limits (the rest as its plan had it), reused by the next customisation.
func TestCustomPlanCheckoutAndPayment(t *testing.T) {
	a := testutil.App(t)
	ctx := t.Context()
	a.Billing.Pix = billing.Pix{Key: "pix@atende.test", Name: "Atende", City: "Sao Paulo"}
	tn := testutil.NewTenant(t, a, "billcustom", 0)
	for _, name := range []string{"c1", "c2", "c3", "c4"} {
		testutil.NewConnection(t, a, tn.Company.ID, name, nil)
	}
	for _, email := range []string{"u3@billcustom.test", "u4@billcustom.test"} {
		testutil.NewUser(t, a, tn.Company.ID, email, "user", nil)
	}
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = '2031-03-10', recurrence = 'BIMESTRAL' WHERE id = ?`, tn.Company.ID).Error)
	mustExec(t, a.DB.Exec(`UPDATE plans SET amount = 500, queues = 7, use_kanban = false WHERE id = ?`, tn.Company.PlanID).Error)
	inv := openInvoice(t, a, tn.Company.ID, time.Date(2031, time.March, 1, 12, 0, 0, 0, time.UTC))
	if inv.Value != 100000 {
		t.Fatalf("two months of 500: %s", inv.Value)
	}

	// Fewer users or connections than in use: refused, nothing written.
	_, err := a.Billing.Subscribe(ctx, tn.Company.ID, checkout(inv, 3, 3))
	var e *errs.Error
	if !errors.As(err, &e) || e.Fields["users"] != "Mínimo de 4 usuários (em uso)" || e.Fields["connections"] != "Mínimo de 4 conexões (em uso)" {
		t.Fatalf("below what is used: %v", err)
	}
	if got, _ := a.Billing.Get(ctx, tn.Company.ID, inv.ID); got.Value != inv.Value || got.Users != inv.Users || got.Custom {
		t.Fatalf("a refused checkout wrote: %+v", got)
	}

	// 100 users and 5 connections: (100 × 11 + 5 × 20) a month, for two months.
	charge, err := a.Billing.Subscribe(ctx, tn.Company.ID, checkout(inv, 100, 5))
	if err != nil || charge.Valor.Original != "2400.00" || !charge.Invoice.Custom {
		t.Fatalf("custom checkout: %+v %v", charge, err)
	}
	paid := pay(t, a, charge.Invoice)
	if paid.DueDate.String() != "2031-05-10" {
		t.Fatalf("due %s", paid.DueDate)
	}
	var old plan.Plan
	mustExec(t, a.DB.Take(&old, tn.Company.PlanID).Error)
	got := companyPlan(t, a, tn.Company.ID)
	want := old.Offer
	want.Name = "plan-billcustom (personalizado #" + strconv.FormatInt(tn.Company.ID, 10) + ")"
	want.IsPublic, want.Users, want.Connections, want.Amount = false, 100, 5, 1200
	if got.ID == old.ID || got.Offer != want {
		t.Fatalf("custom plan %+v, want %+v", got.Offer, want)
	}
	// The next invoice is the custom plan's, for the recurrence's months.
	next := openInvoice(t, a, tn.Company.ID, time.Date(2031, time.May, 1, 12, 0, 0, 0, time.UTC))
	if next.Value != 240000 || next.Users != 100 || next.Custom || next.Detail != want.Name {
		t.Fatalf("next invoice %+v", next)
	}

	// Customised again: the same plan row, the new limits; no new plan.
	var plans int64
	a.DB.Model(&plan.Plan{}).Count(&plans)
	charge, err = a.Billing.Subscribe(ctx, tn.Company.ID, checkout(next, 50, 4))
	if err != nil || charge.Valor.Original != "1260.00" {
		t.Fatalf("second custom checkout: %+v %v", charge, err)
	}
	pay(t, a, charge.Invoice)
	again := companyPlan(t, a, tn.Company.ID)
	var after int64
	a.DB.Model(&plan.Plan{}).Count(&after)
	if again.ID != got.ID || again.Users != 50 || again.Connections != 4 || again.Amount != 630 ||
		again.Name != want.Name || after != plans {
		t.Fatalf("second custom plan %+v (plans %d → %d)", again, plans, after)
	}
	// The plan is in use: the operator can't delete it.
	if err := a.Plans.Delete(ctx, again.ID); !errors.Is(err, plan.ErrInUse) {
		t.Fatalf("delete a custom plan in use: %v", err)
	}
}

func companyPlan(t *testing.T, a *app.App, companyID int64) plan.Plan {
	t.Helper()
	c, err := (company.Store{DB: a.DB}).GetWithPlan(t.Context(), companyID)
	if err != nil || c.Plan == nil {
		t.Fatalf("company %d: %v", companyID, err)
	}
	return *c.Plan
}
