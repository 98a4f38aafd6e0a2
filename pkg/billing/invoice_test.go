package billing_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/billing"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/scheduler"
	"atende/worker"
)

// The invoice job, fired by two schedulers for the same tick and run twice at once (as
// two workers would after a duplicate), creates one invoice per company and due date, 20
// days ahead in the company's time zone; a later due date gets its own.
func TestInvoiceGenerationOncePerDueDateWithTwoSchedulers(t *testing.T) {
	a := testutil.App(t)
	ctx := t.Context()
	now := time.Date(2031, time.March, 1, 12, 0, 0, 0, time.UTC)
	near := testutil.NewTenant(t, a, "billnear", 0)
	far := testutil.NewTenant(t, a, "billfar", 0)
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = ? WHERE id = ?`, "2031-03-20", near.Company.ID).Error)
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = ? WHERE id = ?`, "2031-03-21", far.Company.ID).Error)
	mustExec(t, a.DB.Exec(`UPDATE plans SET amount = 89.90 WHERE id = ?`, near.Company.PlanID).Error)

	// Two scheduler processes fire the same tick: one task.
	other := asynq.NewClient(a.RedisOpt)
	defer other.Close()
	var entry scheduler.Entry
	for _, e := range scheduler.Table {
		if e.Name == tasks.TypeInvoicesGenerate {
			entry = e
		}
	}
	if entry.Build == nil {
		t.Fatal("the invoice job is not in the cron table")
	}
	scheduler.Fire(ctx, a.Queue, entry, now)
	scheduler.Fire(ctx, other, entry, now.Add(700*time.Millisecond))
	in := asynq.NewInspector(a.RedisOpt)
	defer in.Close()
	pending, err := in.ListPendingTasks(tasks.QueueLow)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ti := range pending {
		if ti.Type == tasks.TypeInvoicesGenerate {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d invoice tasks for one tick", n)
	}

	// Two runs at once (the worker's handler, as two workers would run a duplicate).
	task, _ := tasks.NewInvoicesGenerate(now)
	w := &worker.Worker{App: a}
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if err := w.Mux().ProcessTask(ctx, task); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if _, err := a.Billing.Generate(ctx, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	list := func(c testutil.Tenant) []billing.Invoice {
		p, err := a.Billing.List(ctx, c.Company.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		return p.Invoices
	}
	got := list(near)
	if len(got) != 1 || got[0].DueDate.String() != "2031-03-20" || got[0].Value != 8990 || got[0].Status != billing.StatusOpen ||
		got[0].Detail != "plan-billnear" {
		t.Fatalf("near: %+v", got)
	}
	if got := list(far); len(got) != 0 {
		t.Fatalf("an invoice 20 days ahead already: %+v", got)
	}
	// The next day (in São Paulo) the far one is within 20 days; a plan without a price is
	// billed at the default price.
	if _, err := a.Billing.Generate(ctx, now.Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := list(far); len(got) != 1 || got[0].Value != billing.DefaultPlanPrice {
		t.Fatalf("far: %+v", got)
	}
	// A paid invoice moves the due date; the new due date gets its own invoice in time.
	if _, err := a.Billing.MarkPaid(ctx, list(near)[0].ID, testutil.SuperAdmin(t, a).ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Billing.Generate(ctx, time.Date(2031, time.April, 1, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if got := list(near); len(got) != 2 || got[0].DueDate.String() != "2031-04-20" {
		t.Fatalf("after payment: %+v", got)
	}
	// Company 1 is never billed.
	var main int64
	a.DB.Raw(`SELECT count(*) FROM invoices WHERE company_id = 1`).Scan(&main)
	if main != 0 {
		t.Fatal("company 1 billed")
	}
}

func mustExec(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A payment moves the due date by the invoice's months (a quarter billed at three monthly
// prices) from the invoice's due date (month ends clamped); a replay or a second payment
// changes nothing; a wrong amount writes nothing.
func TestPaymentRules(t *testing.T) {
	a := testutil.App(t)
	ctx := t.Context()
	tn := testutil.NewTenant(t, a, "billpay", 0)
	mustExec(t, a.DB.Exec(`UPDATE companies SET due_date = '2031-01-31', recurrence = 'TRIMESTRAL' WHERE id = ?`, tn.Company.ID).Error)
	mustExec(t, a.DB.Exec(`UPDATE plans SET amount = 49 WHERE id = ?`, tn.Company.PlanID).Error)
	if _, err := a.Billing.Generate(ctx, time.Date(2031, time.January, 20, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	p, _ := a.Billing.List(ctx, tn.Company.ID, 1)
	inv := p.Invoices[0]
	due := func() string {
		var s string
		a.DB.Raw(`SELECT due_date::text FROM companies WHERE id = ?`, tn.Company.ID).Scan(&s)
		return s
	}

	if _, err := a.Billing.Pay(ctx, billing.Payment{Provider: "efi", ID: "E1", TxID: billing.InvoiceTxID(inv.ID), Amount: 4900}); !errors.Is(err, billing.ErrPaymentAmount) {
		t.Fatalf("wrong amount: %v", err)
	}
	if got, _ := a.Billing.Get(ctx, tn.Company.ID, inv.ID); got.Status != billing.StatusOpen || due() != "2031-01-31" {
		t.Fatalf("a refused payment wrote: %+v due %s", got, due())
	}
	paid, err := a.Billing.Pay(ctx, billing.Payment{Provider: "efi", ID: "E2", TxID: billing.InvoiceTxID(inv.ID), Amount: 14700})
	if err != nil || !paid.Changed || paid.DueDate.String() != "2031-04-30" || due() != "2031-04-30" {
		t.Fatalf("pay: %+v %v, due %s", paid, err, due())
	}
	for _, again := range []billing.Payment{
		{Provider: "efi", ID: "E2", TxID: billing.InvoiceTxID(inv.ID), Amount: 14700}, // replay
		{Provider: "efi", ID: "E3", TxID: billing.InvoiceTxID(inv.ID), Amount: 14700}, // paid twice
	} {
		res, err := a.Billing.Pay(ctx, again)
		if err != nil || res.Changed || due() != "2031-04-30" {
			t.Fatalf("again %+v: %+v %v due %s", again, res, err, due())
		}
	}
	if res, err := a.Billing.MarkPaid(ctx, inv.ID, 1); err != nil || res.Changed || due() != "2031-04-30" {
		t.Fatalf("by hand after payment: %+v %v", res, err)
	}
	if _, err := a.Billing.Pay(ctx, billing.Payment{Provider: "efi", ID: "E4", TxID: "OTHER1", Amount: 14700}); !errors.Is(err, billing.ErrNoInvoice) {
		t.Fatalf("foreign txid: %v", err)
	}
}
