package connection

import (
	"context"

	"atende/pkg/tenant"
)

// The platform operator's calls (GET /whatsapp/all, /whatsapp-admin/{id}): every
// company's connections, never their tokens in the list.

// ListAll returns the connections of every company, each naming its company, ordered by
// company and name.
func (s Service) ListAll(ctx context.Context) ([]Connection, error) {
	list := []Connection{}
	if err := s.DB.WithContext(ctx).Order("company_id, name, id").Find(&list).Error; err != nil {
		return nil, err
	}
	var companies []CompanyRef
	if err := s.DB.WithContext(ctx).Table("companies").Select("id, name").Scan(&companies).Error; err != nil {
		return nil, err
	}
	names := make(map[int64]CompanyRef, len(companies))
	for _, c := range companies {
		names[c.ID] = c
	}
	for i := range list {
		ref := names[list[i].CompanyID]
		list[i].Company = &ref
	}
	return list, s.decorate(ctx, list, false)
}

// AsOwner returns ctx bound to the company that owns connection id, so the company-scoped
// calls (Load, Update, Delete, sessions) act on it for the operator.
func (s Service) AsOwner(ctx context.Context, id int64) (context.Context, error) {
	var companyID int64
	if err := s.DB.WithContext(ctx).Raw("SELECT company_id FROM connections WHERE id = ?", id).Scan(&companyID).Error; err != nil {
		return ctx, err
	}
	if companyID == 0 {
		return ctx, ErrNotFound
	}
	return tenant.With(ctx, companyID), nil
}
