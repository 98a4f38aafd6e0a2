// Package tenants is the platform operator's side of companies: create one with its first
// administrator, edit, block, measure its media folder and delete it with everything it
// owns in the background. Plans are pkg/plan; a company's own view of itself is pkg/company.
package tenants

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/billing"
	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/plan"
	"atende/pkg/tasks"
	"atende/pkg/user"
	"atende/pkg/validate"
)

// Errors of the companies page.
var (
	ErrNameExists  = errs.New(http.StatusConflict, "ERR_COMPANY_NAME_EXISTS", "Já existe uma empresa com este nome.")
	ErrMainCompany = errs.New(http.StatusBadRequest, "ERR_MAIN_COMPANY", "A empresa principal não pode ser bloqueada nem excluída.")
	ErrDeleting    = errs.New(http.StatusConflict, "ERR_COMPANY_DELETING", "Esta empresa está sendo excluída.")
)

// Recurrences are the billing periods and the months each moves the due date (billing's).
var Recurrences = billing.Recurrences

// GeneratedPasswordLen is the length of the first administrator's password when the
// operator leaves it empty: it is made at random and shown once, never a fixed default.
const GeneratedPasswordLen = 12

// SessionStopper logs out a company's channel sessions (connection.Service).
type SessionStopper interface {
	StopCompany(ctx context.Context, companyID int64) error
}

// Service manages companies for super users. It is not scoped to a tenant: the api lets
// only super users reach it.
type Service struct {
	DB       *gorm.DB
	Queue    tasks.Enqueuer
	Sessions SessionStopper
	// MediaDir is the storage root holding one folder per company (storage.Store.Dir).
	MediaDir string
}

// Summary is a company as the operator's table shows it: with its plan and what it uses.
type Summary struct {
	company.Company
	NumberAttendants int `json:"numberAttendants"`
	NumberConections int `json:"numberConections"`
}

// Input is the company form. Nil fields are left as they are (update) or take their
// defaults (create).
type Input struct {
	Name          *string                         `json:"name"`
	Email         *string                         `json:"email"`
	Phone         *string                         `json:"phone"`
	Password      *string                         `json:"password"`
	Document      *string                         `json:"document"`
	AddressStreet *string                         `json:"addressStreet"`
	AddressState  *string                         `json:"addressState"`
	AddressCity   *string                         `json:"addressCity"`
	PlanID        validate.Nullable[int64]        `json:"planId"`
	Status        *bool                           `json:"status"`
	DueDate       validate.Nullable[company.Date] `json:"dueDate"`
	Recurrence    *string                         `json:"recurrence"`
	PaymentMethod *string                         `json:"paymentMethod"`
	Timezone      *string                         `json:"timezone"`
}

// Created is a new company, its first administrator, and the password made for them when
// the operator gave none (shown once).
type Created struct {
	Summary
	AdminID         int64  `json:"adminId"`
	InitialPassword string `json:"initialPassword,omitempty"`
}

func (in Input) apply(tx *gorm.DB, c *company.Company, creating bool) error {
	v := errs.Validation{}
	text := func(dst *string, src *string, field string, min, max int) {
		if src != nil || creating {
			*dst = strings.TrimSpace(validate.Deref(src))
			validate.Length(v, field, *dst, min, max)
		}
	}
	text(&c.Name, in.Name, "name", 2, 50)
	if in.Email != nil || creating {
		c.Email = strings.ToLower(strings.TrimSpace(validate.Deref(in.Email)))
		validate.Email(v, "email", c.Email)
	}
	text(&c.Phone, in.Phone, "phone", 0, 30)
	text(&c.Document, in.Document, "document", 0, 30)
	text(&c.AddressStreet, in.AddressStreet, "addressStreet", 0, 200)
	text(&c.AddressState, in.AddressState, "addressState", 0, 50)
	text(&c.AddressCity, in.AddressCity, "addressCity", 0, 100)
	text(&c.PaymentMethod, in.PaymentMethod, "paymentMethod", 0, 50)
	if in.Password != nil && *in.Password != "" {
		validate.Length(v, "password", *in.Password, 5, 50)
	}
	if in.PlanID.Set || creating {
		var p plan.Plan
		switch {
		case !in.PlanID.Valid || in.PlanID.Value <= 0:
			v.Add("planId", validate.MsgRequired)
		case tx.Take(&p, in.PlanID.Value).Error != nil:
			v.Add("planId", "Plano inválido")
		default:
			c.PlanID, c.Plan = p.ID, &p
		}
	}
	if in.Status != nil {
		c.Status = *in.Status
	}
	if in.DueDate.Set {
		c.DueDate = in.DueDate.Of() // an emptied date is null: the company never expires
	}
	if in.Recurrence != nil {
		if _, ok := Recurrences[*in.Recurrence]; !ok {
			v.Add("recurrence", validate.MsgBadOption)
		}
		c.Recurrence = *in.Recurrence
	}
	if in.Timezone != nil {
		if _, err := hours.Zone(*in.Timezone); err != nil || *in.Timezone == "" || *in.Timezone == "Local" {
			v.Add("timezone", validate.MsgBadOption)
		}
		c.Timezone = *in.Timezone
	}
	return v.Err()
}

// Create makes a company and its first administrator (named as the company, with its
// e-mail), active, on the chosen plan.
func (s Service) Create(ctx context.Context, in Input) (Created, error) {
	c := company.Company{Status: true, Recurrence: "MENSAL", Timezone: "America/Sao_Paulo"}
	var out Created
	password := validate.Deref(in.Password)
	if password == "" {
		password = randomPassword()
		out.InitialPassword = password
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := in.apply(tx, &c, true); err != nil {
			return err
		}
		if err := nameFree(tx, c.Name, 0); err != nil {
			return err
		}
		var taken int64
		tx.Model(&user.User{}).Where("lower(email) = ?", c.Email).Count(&taken)
		if taken > 0 {
			return errs.ErrEmailExists
		}
		hash, err := user.HashPassword(password)
		if err != nil {
			return err
		}
		p := c.Plan
		c.Plan = nil // not written through the association
		if err := tx.Create(&c).Error; err != nil {
			return err
		}
		c.Plan = p
		u := user.NewAdmin(c.ID, c.Name, c.Email, hash)
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		out.AdminID = u.ID
		return nil
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) { // written meanwhile: which one is taken now?
		var n int64
		s.DB.WithContext(ctx).Model(&user.User{}).Where("lower(email) = ?", c.Email).Count(&n)
		if n > 0 {
			return Created{}, errs.ErrEmailExists
		}
		return Created{}, ErrNameExists
	}
	if err != nil {
		return Created{}, err
	}
	out.Summary = Summary{Company: c, NumberAttendants: 1}
	return out, nil
}

// Update edits a company. A new password goes to its first administrator (the user with
// the company's e-mail), whose sessions end. The main company can't be blocked. A new due
// date becomes the company's billing day, and its open invoices follow the edit
// (billing.CompanyEdited).
func (s Service) Update(ctx context.Context, id int64, in Input) (Summary, error) {
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, err := find(tx, id)
		if err != nil {
			return err
		}
		if c.DeletingAt != nil {
			return ErrDeleting
		}
		before := c
		if err := in.apply(tx, &c, false); err != nil {
			return err
		}
		if c.ID == company.MainID && !c.Status {
			return ErrMainCompany
		}
		if err := nameFree(tx, c.Name, id); err != nil {
			return err
		}
		if in.Password != nil && *in.Password != "" {
			hash, err := user.HashPassword(*in.Password)
			if err != nil {
				return err
			}
			if err := tx.Exec(`UPDATE users SET password_hash = ?, token_version = token_version + 1
				WHERE company_id = ? AND lower(email) = lower(?)`, hash, id, c.Email).Error; err != nil {
				return err
			}
		}
		c.Plan = nil
		if err := tx.Select("name", "email", "phone", "document", "address_street", "address_state",
			"address_city", "plan_id", "status", "due_date", "recurrence", "payment_method", "timezone",
			"updated_at").Updates(&c).Error; err != nil {
			return err
		}
		// The open invoices follow a new due date, plan or recurrence (or one period is
		// billed twice, or at the old price).
		return billing.CompanyEdited(tx, before, c)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return Summary{}, ErrNameExists
	}
	if err != nil {
		return Summary{}, err
	}
	return s.Get(ctx, id)
}

func nameFree(tx *gorm.DB, name string, exceptID int64) error {
	var taken int64
	if err := tx.Model(&company.Company{}).Where("lower(name) = lower(?) AND id <> ?", name, exceptID).
		Count(&taken).Error; err != nil {
		return err
	}
	if taken > 0 {
		return ErrNameExists
	}
	return nil
}

func find(tx *gorm.DB, id int64) (company.Company, error) {
	var c company.Company
	err := tx.Joins("Plan").Where("companies.id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, errs.ErrNoCompany
	}
	return c, err
}

func randomPassword() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	out := make([]byte, 0, GeneratedPasswordLen)
	b := make([]byte, 1)
	for len(out) < GeneratedPasswordLen {
		_, _ = rand.Read(b)
		if int(b[0]) < 256-256%len(alphabet) { // no modulo bias
			out = append(out, alphabet[int(b[0])%len(alphabet)])
		}
	}
	return string(out)
}
