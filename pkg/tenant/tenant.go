// Package tenant carries the acting company through a context and scopes queries by it.
// Every store call on a tenant table goes through Scope, which fails closed: a context
// without a company gets an error, never an unscoped query.
package tenant

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

type ctxKey struct{}

// ErrNoTenant is returned when a tenant-scoped query runs without a company in context.
var ErrNoTenant = errors.New("tenant: no company in context")

// With returns ctx carrying companyID.
func With(ctx context.Context, companyID int64) context.Context {
	return context.WithValue(ctx, ctxKey{}, companyID)
}

// CompanyID returns the company in ctx.
func CompanyID(ctx context.Context) (int64, error) {
	id, ok := ctx.Value(ctxKey{}).(int64)
	if !ok || id <= 0 {
		return 0, ErrNoTenant
	}
	return id, nil
}

// Scope returns db bound to ctx and filtered to the context's company on table.column company_id.
func Scope(ctx context.Context, db *gorm.DB) (*gorm.DB, error) {
	id, err := CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	return db.WithContext(ctx).Where("company_id = ?", id), nil
}

// Get loads the row of T with id in the context's company; a missing row (or another
// company's) answers notFound.
func Get[T any](ctx context.Context, db *gorm.DB, id int64, notFound error) (T, error) {
	var row T
	q, err := Scope(ctx, db)
	if err != nil {
		return row, err
	}
	err = q.Take(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return row, notFound
	}
	return row, err
}
