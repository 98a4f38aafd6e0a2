package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/plan"
	"atende/pkg/tenant"
	"atende/pkg/user"
	"atende/pkg/validate"
)

// TrialDays is how long a signed-up company may use the product before its first invoice.
const TrialDays = 7

// SignupTimezone is a signed-up company's time zone (the product's default).
const SignupTimezone = "America/Sao_Paulo"

// ErrCompanyExists refuses a second company with the same name.
var ErrCompanyExists = errs.New(http.StatusConflict, "ERR_COMPANY_NAME_EXISTS", "Já existe uma empresa com este nome.")

// SignupInput is the signup page's payload.
type SignupInput struct {
	Name        string `json:"name"`
	Email       string `json:"email"`
	Password    string `json:"password"`
	Phone       string `json:"phone"`
	CompanyName string `json:"companyName"`
	PlanID      int64  `json:"planId"`
}

// Signup creates a company on a public plan and its first administrator, when the platform
// setting allowSignup is enabled. An address creates at most SignupsPerAddress companies: the
// unit is taken first, so parallel signups can't all pass, and given back when none is made.
func (s Service) Signup(ctx context.Context, in SignupInput, clientIP string) (user.User, error) {
	if s.Settings.Value(tenant.With(ctx, company.MainID), "allowSignup") != "enabled" {
		return user.User{}, errs.ErrSignupDisabled
	}
	if err := take(ctx, s.RDB, SignupsPerAddress.of(clientIP)); err != nil {
		return user.User{}, err
	}
	u, err := s.signup(ctx, in)
	if err != nil {
		give(ctx, s.RDB, SignupsPerAddress.of(clientIP))
	}
	return u, err
}

func (s Service) signup(ctx context.Context, in SignupInput) (user.User, error) {
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	v := errs.Validation{}
	validate.Length(v, "name", in.Name, 2, 50)
	validate.Length(v, "companyName", in.CompanyName, 2, 50)
	validate.Length(v, "password", in.Password, 5, 50)
	validate.Email(v, "email", in.Email)
	validate.Length(v, "phone", in.Phone, 8, 20)
	var p plan.Plan
	if in.PlanID == 0 {
		v.Add("planId", validate.MsgRequired)
	} else if p, _ = (plan.Store{DB: s.DB}).Get(ctx, in.PlanID); p.ID == 0 || !p.IsPublic {
		v.Add("planId", "Plano inválido")
	}
	if err := v.Err(); err != nil {
		return user.User{}, err
	}
	hash, err := user.HashPassword(in.Password)
	if err != nil {
		return user.User{}, err
	}
	// The trial's last day is counted in the new company's time zone (its subscription
	// ends at the midnight after it there), not the server's: near midnight they differ.
	c := company.Company{Name: strings.TrimSpace(in.CompanyName), Email: in.Email, Phone: in.Phone,
		PlanID: p.ID, Status: true, Recurrence: "MENSAL", Timezone: SignupTimezone}
	due := company.NewDate(s.now().In(c.Location()).AddDate(0, 0, TrialDays).Date())
	c.DueDate = &due
	var u user.User
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var taken int64
		tx.Model(&company.Company{}).Where("lower(name) = lower(?)", strings.TrimSpace(in.CompanyName)).Count(&taken)
		if taken > 0 {
			return ErrCompanyExists
		}
		tx.Model(&user.User{}).Where("lower(email) = ?", in.Email).Count(&taken)
		if taken > 0 {
			return errs.ErrEmailExists
		}
		if err := tx.Create(&c).Error; err != nil {
			return err
		}
		u = user.NewAdmin(c.ID, strings.TrimSpace(in.Name), in.Email, hash)
		return tx.Create(&u).Error
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return user.User{}, ErrCompanyExists
	}
	return u, err
}
