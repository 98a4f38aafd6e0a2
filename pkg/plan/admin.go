package plan

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Errors of the plans page (the operator's).
var (
	ErrNotFound   = errs.New(http.StatusNotFound, "ERR_NO_PLAN_FOUND", "Nenhum plano encontrado com este ID.")
	ErrNameExists = errs.New(http.StatusConflict, "ERR_PLAN_NAME_EXISTS", "Já existe um plano com este nome.")
	ErrInUse      = errs.New(http.StatusConflict, "ERR_PLAN_IN_USE", "O plano está em uso por uma ou mais empresas.")
)

// MaxLimit bounds a plan's users, connections and queues (an int column, and a sane offer).
const MaxLimit = 100000

// Input is the plans form: every field of the offer, as the form sends them all.
type Input Offer

func (in Input) plan() (Plan, error) {
	v := errs.Validation{}
	name := strings.TrimSpace(in.Name)
	validate.Length(v, "name", name, 2, 50)
	limit := func(field string, n int) {
		if n < 1 || n > MaxLimit {
			v.Add(field, "Deve ser um número entre 1 e 100000")
		}
	}
	limit("users", in.Users)
	limit("connections", in.Connections)
	limit("queues", in.Queues)
	if in.Amount < 0 || in.Amount > 1e9 {
		v.Add("amount", "Valor inválido")
	}
	p := Plan{Offer: Offer(in)}
	p.Name = name
	return p, v.Err()
}

// Find returns one plan or ErrNotFound.
func (s Store) Find(ctx context.Context, id int64) (Plan, error) {
	p, err := s.Get(ctx, id)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return p, ErrNotFound
	}
	return p, err
}

// Create adds a plan.
func (s Store) Create(ctx context.Context, in Input) (Plan, error) {
	p, err := in.plan()
	if err != nil {
		return p, err
	}
	return p, s.write(ctx, 0, &p)
}

// Update replaces every field of plan id. The companies on it see the change at once (the
// signed-in cache follows plans), limits included: rows already over a lowered limit stay,
// new ones are refused.
func (s Store) Update(ctx context.Context, id int64, in Input) (Plan, error) {
	p, err := in.plan()
	if err != nil {
		return p, err
	}
	if _, err := s.Find(ctx, id); err != nil {
		return p, err
	}
	p.ID = id
	return p, s.write(ctx, id, &p)
}

func (s Store) write(ctx context.Context, id int64, p *Plan) error {
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var taken int64
		if err := tx.Model(&Plan{}).Where("lower(name) = lower(?) AND id <> ?", p.Name, id).Count(&taken).Error; err != nil {
			return err
		}
		if taken > 0 {
			return ErrNameExists
		}
		if id == 0 {
			return tx.Create(p).Error
		}
		return tx.Model(&Plan{ID: id}).Select("*").Omit("id", "created_at").Updates(p).Error
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) { // a same-named plan written meanwhile
		return ErrNameExists
	}
	return err
}

// Delete removes a plan no company is on.
func (s Store) Delete(ctx context.Context, id int64) error {
	if _, err := s.Find(ctx, id); err != nil {
		return err
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var used int64
		if err := tx.Table("companies").Where("plan_id = ?", id).Count(&used).Error; err != nil {
			return err
		}
		if used > 0 {
			return ErrInUse
		}
		return tx.Delete(&Plan{}, id).Error
	})
	if errors.Is(err, gorm.ErrForeignKeyViolated) { // a company moved onto it meanwhile
		return ErrInUse
	}
	return err
}
