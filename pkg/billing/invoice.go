// Package billing is the platform's business with its companies: invoices (one per company
// and due date, created ahead by the invoice job), their Pix "copia e cola" codes, and
// payments, which move the company's due date forward by its recurrence (BEHAVIOUR §12,
// decision 11).
package billing

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/realtime"
)

// Invoice states.
const (
	StatusOpen = "open"
	StatusPaid = "paid"
)

// Business constants (spec/2 §9).
const (
	// AheadDays: an invoice exists from this many days before its due date.
	AheadDays = 20
	// DefaultPlanPrice bills a plan that has no price of its own.
	DefaultPlanPrice Cents = 4900
	// A custom plan costs this much per user and per connection, with at least CustomMin of each.
	PricePerUser       Cents = 1100
	PricePerConnection Cents = 2000
	CustomMin                = 3
	// PageSize is one page of the invoices list.
	PageSize = 20
	// ViaManual marks an invoice the operator marked paid by hand.
	ViaManual = "manual"
)

// Errors of the billing calls.
var (
	ErrNoInvoice     = errs.New(http.StatusNotFound, "ERR_NO_INVOICE_FOUND", "Nenhuma fatura encontrada com este ID.")
	ErrInvoicePaid   = errs.New(http.StatusConflict, "ERR_INVOICE_ALREADY_PAID", "Esta fatura já está paga.")
	ErrPaymentAmount = errs.New(http.StatusUnprocessableEntity, "ERR_PAYMENT_AMOUNT_MISMATCH", "O valor pago não confere com o valor da fatura.")
	ErrPixNotSetUp   = errs.New(http.StatusServiceUnavailable, "ERR_PIX_NOT_CONFIGURED", "O pagamento por Pix não está configurado. Entre em contato com o Suporte.")
)

// Invoice is one bill of a company for one due date. Its Months are the company's
// recurrence when it was made, and its payment moves the due date by them (a recurrence
// changed since bills from the next invoice on). A Custom invoice is priced CustomPrice a
// month, is never re-priced from the plan, and its payment puts the company on its custom
// plan (applyCustomPlan).
type Invoice struct {
	ID          int64        `json:"id"`
	CompanyID   int64        `json:"companyId"`
	Detail      string       `json:"detail"`
	Users       int          `json:"users"`
	Connections int          `json:"connections"`
	Value       Cents        `json:"value"`
	Months      int          `json:"months"` // months billed: Value is that many monthly prices
	Custom      bool         `json:"custom"` // the checkout chose its users and connections
	DueDate     company.Date `json:"dueDate"`
	Status      string       `json:"status"`
	PaidAt      *time.Time   `json:"paidAt"`
	PaidVia     string       `json:"paidVia"`
	PaidBy      *int64       `json:"paidBy"`
	PaymentID   *string      `json:"-"`
	CreatedAt   time.Time    `json:"createdAt"`
	UpdatedAt   time.Time    `json:"updatedAt"`
}

// Pix is what the merchant's key and name are, for the codes the checkout writes.
type Pix struct {
	Key  string
	Name string
	City string
}

// Service reads and writes invoices. Callers check who may: every method that takes a
// companyID scopes by it.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	Pix    Pix
	Now    func() time.Time // nil: time.Now
}

func (s Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Generate creates the invoice of every company whose due date is less than AheadDays away
// (or past) in its time zone, unless that due date already has one. The invoice bills the
// months of the company's recurrence at the plan's monthly price (spec/2: "monthly
// billing"). The unique key decides between concurrent runs: two schedulers' jobs create
// each invoice once. Company 1 and companies without a due date are never billed. It
// returns how many it created.
func (s Service) Generate(ctx context.Context, now time.Time) (int64, error) {
	res := s.DB.WithContext(ctx).Exec(`
		INSERT INTO invoices (company_id, detail, users, connections, months, value, due_date)
		SELECT c.id, p.name, p.users, p.connections, `+monthsSQL("c.recurrence")+`,
		       `+priceSQL+` * (`+monthsSQL("c.recurrence")+`), c.due_date
		FROM companies c JOIN plans p ON p.id = c.plan_id
		WHERE c.id <> ? AND c.status AND c.due_date IS NOT NULL
		  AND c.due_date < (?::timestamptz AT TIME ZONE c.timezone)::date + ?::int
		ON CONFLICT (company_id, due_date) DO NOTHING`,
		DefaultPlanPrice.String(), company.MainID, now, AheadDays)
	return res.RowsAffected, res.Error
}

// priceSQL is the monthly price of plan p: its amount, or DefaultPlanPrice (the argument)
// when it has none.
const priceSQL = "CASE WHEN p.amount > 0 THEN p.amount ELSE ?::numeric END"

// Page is one page of a company's invoices, newest due date first.
type Page struct {
	Invoices []Invoice `json:"invoices"`
	Count    int64     `json:"count"`
	HasMore  bool      `json:"hasMore"`
}

// List returns page pageNumber (from 1) of the company's invoices.
func (s Service) List(ctx context.Context, companyID int64, pageNumber int) (Page, error) {
	pageNumber = max(pageNumber, 1)
	q := s.DB.WithContext(ctx).Model(&Invoice{}).Where("company_id = ?", companyID)
	var p Page
	if err := q.Count(&p.Count).Error; err != nil { // a company has a few dozen invoices
		return p, err
	}
	err := q.Order("due_date DESC, id DESC").Limit(PageSize + 1).Offset((pageNumber - 1) * PageSize).
		Find(&p.Invoices).Error
	if len(p.Invoices) > PageSize {
		p.Invoices, p.HasMore = p.Invoices[:PageSize], true
	}
	return p, err
}

// Get returns one invoice of the company.
func (s Service) Get(ctx context.Context, companyID, id int64) (Invoice, error) {
	var inv Invoice
	err := s.DB.WithContext(ctx).Where("company_id = ? AND id = ?", companyID, id).Take(&inv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return inv, ErrNoInvoice
	}
	return inv, err
}

// Payment is money a provider says arrived for an invoice (named by the txid).
type Payment struct {
	Provider string // "efi", or ViaManual
	ID       string // the provider's id of the payment; empty by hand
	TxID     string
	Amount   Cents
	By       *int64 // the operator, by hand
}

// Paid is the outcome of a payment.
type Paid struct {
	Invoice Invoice      `json:"invoice"`
	DueDate company.Date `json:"dueDate"` // the company's due date after it
	Changed bool         `json:"-"`       // false: it was already applied
}

// Pay applies a payment once: the invoice becomes paid, and the company's due date moves
// forward by the invoice's months from the invoice's due date, to the company's billing day
// (never backwards); a customised invoice puts the company on its custom plan. A payment seen
// before, or one for an invoice already paid, changes nothing; an amount other than the
// invoice's is refused and writes nothing. Then the company hears the `payment` event.
func (s Service) Pay(ctx context.Context, p Payment) (Paid, error) {
	invoiceID, ok := InvoiceFromTxID(p.TxID)
	if !ok {
		return Paid{}, ErrNoInvoice
	}
	return s.pay(ctx, invoiceID, p)
}

// MarkPaid is the operator's "paid by hand" (super users only: the caller checks), with the
// same effects and the same idempotence as a provider's payment.
func (s Service) MarkPaid(ctx context.Context, invoiceID, userID int64) (Paid, error) {
	return s.pay(ctx, invoiceID, Payment{Provider: ViaManual, By: &userID})
}

func (s Service) pay(ctx context.Context, invoiceID int64, p Payment) (Paid, error) {
	var out Paid
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var inv Invoice
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Take(&inv, invoiceID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNoInvoice
		}
		if err != nil {
			return err
		}
		var c company.Company
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Take(&c, inv.CompanyID).Error; err != nil {
			return err
		}
		if c.DueDate != nil {
			out.DueDate = *c.DueDate
		}
		out.Invoice = inv
		if inv.Status == StatusPaid { // a replay, or a second payment of a paid invoice
			if p.ID != "" && (inv.PaymentID == nil || *inv.PaymentID != p.ID) {
				slog.Warn("billing: payment for an invoice already paid", "invoice", inv.ID,
					"provider", p.Provider, "payment", p.ID, "amount", p.Amount.String())
			}
			return nil
		}
		if p.Provider != ViaManual && p.Amount != inv.Value {
			return ErrPaymentAmount
		}
		now := s.now()
		inv.Status, inv.PaidAt, inv.PaidVia, inv.PaidBy = StatusPaid, &now, p.Provider, p.By
		if p.ID != "" {
			inv.PaymentID = &p.ID
		}
		if err := tx.Model(&inv).Select("status", "paid_at", "paid_via", "paid_by", "payment_id", "updated_at").
			Updates(map[string]any{"status": inv.Status, "paid_at": now, "paid_via": inv.PaidVia,
				"paid_by": inv.PaidBy, "payment_id": inv.PaymentID, "updated_at": now}).Error; err != nil {
			return err
		}
		if inv.Custom {
			if err := applyCustomPlan(tx, c, inv); err != nil {
				return err
			}
		}
		next, err := nextDueDate(tx, c.ID, inv)
		if err != nil {
			return err
		}
		if c.DueDate == nil || next.After(c.DueDate.Time) {
			if err := tx.Table("companies").Where("id = ?", c.ID).
				Updates(map[string]any{"due_date": next, "updated_at": now}).Error; err != nil {
				return err
			}
			out.DueDate = next
		}
		inv.UpdatedAt = now
		out.Invoice, out.Changed = inv, true
		return nil
	})
	if err != nil || !out.Changed {
		return out, err
	}
	slog.Info("billing: invoice paid", "invoice", out.Invoice.ID, "company", out.Invoice.CompanyID,
		"via", p.Provider, "payment", p.ID, "by", p.By, "dueDate", out.DueDate.String())
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(out.Invoice.CompanyID, "payment", map[string]any{
			"action": "CONCLUIDA", "invoice": out.Invoice,
			"company": map[string]any{"id": out.Invoice.CompanyID, "dueDate": out.DueDate},
		}))
	}
	return out, nil
}

// nextDueDate is where paying inv moves the company's due date: the invoice's months on
// (what was paid for, whatever the recurrence says now), on the company's billing day
// (companies.due_day, kept by a trigger when the due date is written). An invoice that is
// not on that day (one made before the due date was moved) keeps its own day.
func nextDueDate(tx *gorm.DB, companyID int64, inv Invoice) (company.Date, error) {
	var day sql.NullInt32
	if err := tx.Raw(`SELECT due_day FROM companies WHERE id = ?`, companyID).Row().Scan(&day); err != nil {
		return company.Date{}, err
	}
	anchor := inv.DueDate.Day()
	if day.Valid && NextDueDate(inv.DueDate, 0, int(day.Int32)).Equal(inv.DueDate.Time) {
		anchor = int(day.Int32)
	}
	return NextDueDate(inv.DueDate, max(inv.Months, 1), anchor), nil
}
