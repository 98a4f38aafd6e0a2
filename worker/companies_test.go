package worker_test

import (
	"testing"
	"time"

	"atende/pkg/testutil"
)

// The operator's delete reaches the worker through the queue: the company and its rows go.
func TestCompanyDeleteRunsInTheWorker(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	testutil.NewQueue(t, a, acme.Company.ID, "Vendas", "#f00")
	startWorker(t, a)
	if _, err := a.Tenants.Delete(t.Context(), acme.Company.ID); err != nil {
		t.Fatal(err)
	}
	left := func() int64 {
		var n int64
		a.DB.Raw("SELECT (SELECT count(*) FROM companies WHERE id = ?) + (SELECT count(*) FROM queues WHERE company_id = ?)",
			acme.Company.ID, acme.Company.ID).Scan(&n)
		return n
	}
	deadline := time.Now().Add(30 * time.Second)
	for left() > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the company is still there")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
