package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/errs"
	"atende/pkg/plan"
	"atende/pkg/validate"
)

// Checkout is the subscription payload of the checkout dialog (spec/2 §3). The card fields
// of the family's payload are not read: payment is by Pix only.
type Checkout struct {
	InvoiceID   int64  `json:"invoiceId"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Address2    string `json:"address2"`
	City        string `json:"city"`
	State       string `json:"state"`
	Zipcode     string `json:"zipcode"` // the form's CPF/CNPJ
	Country     string `json:"country"`
	Plan        string `json:"plan"` // "current" (the invoice's plan) or "custom"
	Users       int    `json:"users"`
	Connections int    `json:"connections"`
}

// PlanCustom is the checkout's custom plan.
const PlanCustom = "custom"

// CustomPrice is a custom plan's monthly price.
func CustomPrice(users, connections int) Cents {
	return Cents(users)*PricePerUser + Cents(connections)*PricePerConnection
}

// PixCharge is what the checkout's Pix screen shows (the family's names: qrcode.qrcode is
// the "copia e cola" code, valor.original the amount).
type PixCharge struct {
	InvoiceID int64   `json:"invoiceId"`
	TxID      string  `json:"txid"`
	QRCode    qrcode  `json:"qrcode"`
	Valor     valor   `json:"valor"`
	Invoice   Invoice `json:"invoice"`
}

type qrcode struct {
	QRCode string `json:"qrcode"`
}

type valor struct {
	Original string `json:"original"`
}

// Subscribe validates the checkout, applies a custom plan's choice to the open invoice (its
// users, connections and value: the amount a payment must match; the plan itself changes
// when it is paid), and returns the invoice's Pix code. A paid invoice is refused.
func (s Service) Subscribe(ctx context.Context, companyID int64, in Checkout) (PixCharge, error) {
	v := errs.Validation{}
	if strings.TrimSpace(in.FirstName) == "" {
		v.Add("firstName", "O nome completo é obrigatório")
	}
	if strings.TrimSpace(in.Zipcode) == "" {
		v.Add("zipcode", "CEP é obrigatório")
	}
	custom := in.Plan == PlanCustom
	if custom && in.Users < CustomMin {
		v.Add("users", "Mínimo de 3 usuários")
	}
	if custom && in.Connections < CustomMin {
		v.Add("connections", "Mínimo de 3 conexões")
	}
	if custom && in.Users > plan.MaxLimit { // a plan's bound (the custom plan is one)
		v.Add("users", fmt.Sprintf("Máximo de %d usuários", plan.MaxLimit))
	}
	if custom && in.Connections > plan.MaxLimit {
		v.Add("connections", fmt.Sprintf("Máximo de %d conexões", plan.MaxLimit))
	}
	if in.InvoiceID <= 0 {
		v.Add("invoiceId", validate.MsgRequired)
	}
	if err := v.Err(); err != nil {
		return PixCharge{}, err
	}
	if s.Pix.Key == "" {
		return PixCharge{}, ErrPixNotSetUp
	}
	var inv Invoice
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("company_id = ? AND id = ?", companyID, in.InvoiceID).Take(&inv).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNoInvoice
		}
		if err != nil {
			return err
		}
		if inv.Status == StatusPaid {
			return ErrInvoicePaid
		}
		if !custom {
			return nil
		}
		return customise(tx, &inv, in.Users, in.Connections)
	})
	if err != nil {
		return PixCharge{}, err
	}
	return s.Charge(inv), nil
}

// Charge is an invoice's Pix code.
func (s Service) Charge(inv Invoice) PixCharge {
	txid := InvoiceTxID(inv.ID)
	code := BRCode{Key: s.Pix.Key, Name: s.Pix.Name, City: s.Pix.City, Amount: inv.Value, TxID: txid}
	return PixCharge{InvoiceID: inv.ID, TxID: txid, QRCode: qrcode{code.String()},
		Valor: valor{inv.Value.String()}, Invoice: inv}
}

// customise makes inv bill users and connections at the custom price for its months. A
// company can't choose fewer users or connections than it has: the custom plan replaces
// its plan's limits when the invoice is paid, and the rows over them would stay.
func customise(tx *gorm.DB, inv *Invoice, users, connections int) error {
	var used struct{ Users, Connections int }
	if err := tx.Raw(`SELECT (SELECT count(*) FROM users WHERE company_id = ?) AS users,
		(SELECT count(*) FROM connections WHERE company_id = ?) AS connections`,
		inv.CompanyID, inv.CompanyID).Scan(&used).Error; err != nil {
		return err
	}
	v := errs.Validation{}
	if users < used.Users {
		v.Add("users", fmt.Sprintf("Mínimo de %d usuários (em uso)", used.Users))
	}
	if connections < used.Connections {
		v.Add("connections", fmt.Sprintf("Mínimo de %d conexões (em uso)", used.Connections))
	}
	if err := v.Err(); err != nil {
		return err
	}
	inv.Users, inv.Connections, inv.Custom = users, connections, true
	inv.Value = CustomPrice(users, connections) * Cents(max(inv.Months, 1))
	return tx.Model(inv).Updates(map[string]any{"users": inv.Users, "connections": inv.Connections,
		"value": inv.Value, "custom": true, "updated_at": gorm.Expr("now()")}).Error
}
