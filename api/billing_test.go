package api_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"atende/pkg/billing"
	"atende/pkg/company"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakeefi"
)

type billingEnv struct {
	*env
	efi   *fakeefi.Server
	a, b  testutil.Tenant
	super string
}

func newBillingEnv(t *testing.T) *billingEnv {
	e := newEnv(t)
	f := &fakeefi.Server{ClientID: "client-id", ClientSecret: "client-secret"}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	efi, err := billing.NewEfi(srv.URL, "client-id", "client-secret", "hook-secret", "", "")
	if err != nil {
		t.Fatal(err)
	}
	e.App.Payment = efi
	e.App.Billing.Pix = billing.Pix{Key: "pix@atende.test", Name: "Atende", City: "Sao Paulo"}
	a := testutil.NewTenant(t, e.App, "payera", 0)
	b := testutil.NewTenant(t, e.App, "payerb", 0)
	for _, tn := range []testutil.Tenant{a, b} {
		if err := e.App.DB.Exec(`UPDATE companies SET due_date = CURRENT_DATE + 3 WHERE id = ?`, tn.Company.ID).Error; err != nil {
			t.Fatal(err)
		}
		if err := e.App.DB.Exec(`UPDATE plans SET amount = 49 WHERE id = ?`, tn.Company.PlanID).Error; err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.App.Billing.Generate(t.Context(), time.Now()); err != nil {
		t.Fatal(err)
	}
	return &billingEnv{env: e, efi: f, a: a, b: b, super: testutil.Token(t, e.App, testutil.SuperAdmin(t, e.App))}
}

func (e *billingEnv) invoice(t *testing.T, tn testutil.Tenant) billing.Invoice {
	t.Helper()
	p, err := e.App.Billing.List(t.Context(), tn.Company.ID, 1)
	if err != nil || len(p.Invoices) == 0 {
		t.Fatalf("no invoice for %s: %v", tn.Company.Name, err)
	}
	return p.Invoices[0]
}

func (e *billingEnv) dueDate(t *testing.T, tn testutil.Tenant) string {
	var s string
	e.App.DB.Raw(`SELECT due_date::text FROM companies WHERE id = ?`, tn.Company.ID).Scan(&s)
	return s
}

// Every billing endpoint: who may call it, and company B never reaches company A's rows.
func TestInvoiceEndpointsAccess(t *testing.T) {
	e := newBillingEnv(t)
	e.efi.Add(fakeefi.Pix{EndToEndID: "E-foreign", TxID: "PEDIDO77", Valor: "49.00"})
	invA, invB := e.invoice(t, e.a), e.invoice(t, e.b)
	adminA, agentA := testutil.Token(t, e.App, e.a.Admin), testutil.Token(t, e.App, e.a.Attender)
	adminB := testutil.Token(t, e.App, e.b.Admin)
	idA := itoa(invA.ID)
	checkout := func(over map[string]any) map[string]any {
		return merge(map[string]any{"invoiceId": invA.ID, "firstName": "Ana Souza", "zipcode": "12345678909", "plan": "current"}, over)
	}

	e.run(t, []scenario{
		{name: "list: admin sees own", method: "GET", path: "/invoices?pageNumber=1", token: adminA, status: 200,
			contain: []string{`"id":` + idA, `"value":49.00`, `"status":"open"`, `"count":1`, `"hasMore":false`},
			absent:  []string{`"id":` + itoa(invB.ID) + `,`}},
		{name: "list: profile user refused", method: "GET", path: "/invoices", token: agentA, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "list: anonymous refused", method: "GET", path: "/invoices", status: 401},
		{name: "get: own", method: "GET", path: "/invoices/" + idA, token: adminA, status: 200, contain: []string{`"detail":"plan-payera"`}},
		{name: "get: other company's is not found", method: "GET", path: "/invoices/" + idA, token: adminB, status: 404, code: "ERR_NO_INVOICE_FOUND"},
		{name: "get: profile user refused", method: "GET", path: "/invoices/" + idA, token: agentA, status: 403},
		{name: "checkout: other company's invoice", method: "POST", path: "/subscription", token: adminB, body: checkout(nil), status: 404, code: "ERR_NO_INVOICE_FOUND"},
		{name: "checkout: profile user refused", method: "POST", path: "/subscription", token: agentA, body: checkout(nil), status: 403},
		{name: "checkout: name required", method: "POST", path: "/subscription", token: adminA,
			body: checkout(map[string]any{"firstName": " "}), status: 400, contain: []string{"O nome completo é obrigatório"}},
		{name: "checkout: document required", method: "POST", path: "/subscription", token: adminA,
			body: checkout(map[string]any{"zipcode": ""}), status: 400, contain: []string{"CEP é obrigatório"}},
		{name: "checkout: custom plan minimums", method: "POST", path: "/subscription", token: adminA,
			body: checkout(map[string]any{"plan": "custom", "users": 2, "connections": 3}), status: 400, contain: []string{"users"}},
		{name: "mark paid: admin refused", method: "PUT", path: "/invoices/" + idA, token: adminA, body: map[string]any{"status": "paid"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "mark paid: other company's admin refused", method: "PUT", path: "/invoices/" + idA, token: adminB, body: map[string]any{"status": "paid"}, status: 403},
		{name: "mark paid: only paid", method: "PUT", path: "/invoices/" + idA, token: e.super, body: map[string]any{"status": "open"}, status: 400},
		{name: "mark paid: unknown", method: "PUT", path: "/invoices/999999", token: e.super, body: map[string]any{"status": "paid"}, status: 404},
		{name: "webhook: no secret", method: "POST", path: "/webhooks/efi/pix", body: map[string]any{"pix": []any{}}, status: 401},
		{name: "webhook: malformed body", method: "POST", path: "/webhooks/efi/pix?hmac=hook-secret", body: strings.NewReader("{pix"),
			ctype: "application/json", status: 400},
		{name: "webhook: a Pix naming no invoice of ours is ignored", method: "POST", path: "/webhooks/efi?hmac=hook-secret",
			body: map[string]any{"pix": []map[string]any{{"endToEndId": "E-foreign"}}}, status: 200, contain: []string{`"ignored":1`}},
		{name: "webhook: wrong secret", method: "POST", path: "/webhooks/efi/pix?hmac=nope", body: map[string]any{"pix": []any{}}, status: 401},
	})
	if got := e.invoice(t, e.a); got.Status != billing.StatusOpen || got.Value != 4900 {
		t.Fatalf("refused calls changed the invoice: %+v", got)
	}
}

// The checkout's Pix code, paid through Efí's webhook: looked up, applied once, the due
// date moved by the recurrence from the previous one, the payment event sent; a replay
// changes nothing; a wrong amount is refused and writes nothing.
func TestPixCheckoutAndWebhook(t *testing.T) {
	e := newBillingEnv(t)
	events := e.watch()
	inv := e.invoice(t, e.a)
	adminA := testutil.Token(t, e.App, e.a.Admin)
	before := e.dueDate(t, e.a)

	status, body := e.call("POST", "/subscription", adminA, map[string]any{"invoiceId": inv.ID, "firstName": "Ana",
		"zipcode": "12345678909", "plan": "custom", "users": 4, "connections": 3}, "")
	if status != 200 {
		t.Fatalf("checkout %d %s", status, body)
	}
	charge := decode[struct {
		TxID   string                    `json:"txid"`
		QRCode struct{ QRCode string }   `json:"qrcode"`
		Valor  struct{ Original string } `json:"valor"`
	}](t, body)
	// Custom: 4 users × 11 + 3 connections × 20 = 104.00.
	if charge.Valor.Original != "104.00" || charge.TxID != billing.InvoiceTxID(inv.ID) ||
		!strings.Contains(charge.QRCode.QRCode, "0014br.gov.bcb.pix0115pix@atende.test") ||
		!strings.Contains(charge.QRCode.QRCode, "5406104.00") || !strings.Contains(charge.QRCode.QRCode, "05"+itoa2(len(charge.TxID))+charge.TxID) {
		t.Fatalf("charge %+v", charge)
	}

	hook := "/webhooks/efi/pix?hmac=hook-secret"
	notice := func(e2e string) map[string]any {
		// The body's amount and txid are never trusted: Efí's lookup says what arrived.
		return map[string]any{"pix": []map[string]any{{"endToEndId": e2e, "txid": charge.TxID, "valor": "999.00",
			"chave": "pix@atende.test", "horario": "2031-01-01T10:00:00.000Z"}}}
	}
	e.efi.Add(fakeefi.Pix{EndToEndID: "E00000000202601011000aaaaaaaaaaa", TxID: charge.TxID, Valor: "49.00"})
	e.run(t, []scenario{{name: "wrong amount refused", method: "POST", path: hook, body: notice("E00000000202601011000aaaaaaaaaaa"),
		status: 422, code: "ERR_PAYMENT_AMOUNT_MISMATCH"}})
	if got := e.invoice(t, e.a); got.Status != billing.StatusOpen || e.dueDate(t, e.a) != before {
		t.Fatalf("a refused payment wrote: %+v", got)
	}

	e.efi.Down.Store(true)
	e.efi.Add(fakeefi.Pix{EndToEndID: "E00000000202601011000bbbbbbbbbbb", TxID: charge.TxID, Valor: "104.00"})
	e.run(t, []scenario{{name: "provider down: delivered again later", method: "POST", path: hook,
		body: notice("E00000000202601011000bbbbbbbbbbb"), status: 502}})
	e.efi.Down.Store(false)

	e.run(t, []scenario{{name: "paid", method: "POST", path: hook, body: notice("E00000000202601011000bbbbbbbbbbb"),
		status: 200, contain: []string{`"paid":1`}}})
	var prev time.Time
	prev, _ = time.Parse(time.DateOnly, before)
	want := billing.AddMonths(companyDate(prev), 1).String()
	if got := e.invoice(t, e.a); got.Status != billing.StatusPaid || got.PaidVia != "efi" || e.dueDate(t, e.a) != want {
		t.Fatalf("after payment: %+v due %s want %s", got, e.dueDate(t, e.a), want)
	}
	events.want(t, "company-"+itoa(e.a.Company.ID)+"-payment", `"action":"CONCLUIDA"`, `"dueDate":"`+want+`"`)

	for i := range 2 {
		e.run(t, []scenario{{name: "replay " + itoa(int64(i)), method: "POST", path: "/webhooks/efi?hmac=hook-secret",
			body: notice("E00000000202601011000bbbbbbbbbbb"), status: 200}})
	}
	if e.dueDate(t, e.a) != want {
		t.Fatalf("a replay moved the due date to %s", e.dueDate(t, e.a))
	}
	if e.efi.Tokens.Load() != 1 {
		t.Fatalf("%d tokens asked: the token is cached", e.efi.Tokens.Load())
	}
	// Company B's invoice is untouched.
	if got := e.invoice(t, e.b); got.Status != billing.StatusOpen {
		t.Fatalf("B's invoice: %+v", got)
	}
	// Checkout of a paid invoice is refused.
	e.run(t, []scenario{{name: "checkout of a paid invoice", method: "POST", path: "/subscription", token: adminA,
		body: map[string]any{"invoiceId": inv.ID, "firstName": "Ana", "zipcode": "1"}, status: 409, code: "ERR_INVOICE_ALREADY_PAID"}})
}

// The operator marks an invoice paid by hand: once, logged in the invoice, the due date
// moved and the event sent; again changes nothing. An expired company still reaches its
// invoices and the checkout (not the rest).
func TestMarkPaidByHandAndExpiredCompany(t *testing.T) {
	e := newBillingEnv(t)
	events := e.watch()
	if err := e.App.DB.Exec(`UPDATE companies SET due_date = CURRENT_DATE - 2 WHERE id = ?`, e.b.Company.ID).Error; err != nil {
		t.Fatal(err)
	}
	if _, err := e.App.Billing.Generate(t.Context(), time.Now()); err != nil {
		t.Fatal(err)
	}
	adminB := testutil.Token(t, e.App, e.b.Admin)
	inv := e.invoice(t, e.b) // the overdue one: newest due date first? the list is by due date desc
	e.run(t, []scenario{
		{name: "expired: tickets refused", method: "GET", path: "/tickets", token: adminB, status: 402, code: "ERR_SUBSCRIPTION_EXPIRED"},
		{name: "expired: invoices listed", method: "GET", path: "/invoices", token: adminB, status: 200, contain: []string{`"id":` + itoa(inv.ID)}},
		{name: "expired: checkout", method: "POST", path: "/subscription", token: adminB,
			body: map[string]any{"invoiceId": inv.ID, "firstName": "Bia", "zipcode": "1"}, status: 200, contain: []string{`"original":"49.00"`}},
	})
	before, _ := time.Parse(time.DateOnly, inv.DueDate.String())
	want := billing.AddMonths(companyDate(before), 1).String()
	for i := range 2 {
		e.run(t, []scenario{{name: "by hand " + itoa(int64(i)), method: "PUT", path: "/invoices/" + itoa(inv.ID), token: e.super,
			body: map[string]any{"status": "paid"}, status: 200, contain: []string{`"status":"paid"`, `"paidVia":"manual"`, `"dueDate":"` + want + `"`}}})
	}
	if e.dueDate(t, e.b) != want {
		t.Fatalf("due %s want %s", e.dueDate(t, e.b), want)
	}
	events.want(t, "company-"+itoa(e.b.Company.ID)+"-payment", `"CONCLUIDA"`)
	e.run(t, []scenario{{name: "paid: tickets again", method: "GET", path: "/tickets", token: adminB, status: 200}})
}

func itoa2(n int) string {
	if n < 10 {
		return "0" + itoa(int64(n))
	}
	return itoa(int64(n))
}

func companyDate(t time.Time) company.Date { return company.NewDate(t.Date()) }
