package integration

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

var errBadCredentials = errors.New("integration: bad service-account JSON")

// Service manages the integrations of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	// Dialogflow runs the test session (POST /queueIntegration/testSession).
	Dialogflow Dialogflow
}

// Page is one page of GET /queueIntegration.
type Page struct {
	QueueIntegrations []Integration `json:"queueIntegrations"`
	HasMore           bool          `json:"hasMore"`
	Count             int64         `json:"count"`
}

// List returns a page of the company's integrations by name, searched by name or type.
func (s Service) List(ctx context.Context, search string, pageNumber int) (Page, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Page{}, err
	}
	q = q.Model(&Integration{})
	if search = strings.TrimSpace(search); search != "" {
		like := page.Like(strings.ToLower(search))
		q = q.Where("(lower(name) LIKE ? OR type LIKE ?)", like, like)
	}
	p := Page{}
	if p.Count, err = page.Count(q); err != nil {
		return Page{}, err
	}
	p.HasMore, err = page.Find(q.Order("lower(name), id"), pageNumber, page.Size, &p.QueueIntegrations)
	for i := range p.QueueIntegrations {
		p.QueueIntegrations[i].present()
	}
	return p, err
}

// Get returns one of the company's integrations.
func (s Service) Get(ctx context.Context, id int64) (Integration, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Integration{}, err
	}
	var it Integration
	err = q.Take(&it, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Integration{}, ErrNotFound
	}
	it.present()
	return it, err
}

// Create adds an integration.
func (s Service) Create(ctx context.Context, in Input) (Integration, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Integration{}, err
	}
	it := Integration{CompanyID: companyID, TypebotExpires: 1, TypebotDelayMessage: 1000, WebhookSecret: newSecret()}
	if err := in.apply(&it, true); err != nil {
		return Integration{}, err
	}
	if err := s.DB.WithContext(ctx).Create(&it).Error; err != nil {
		return Integration{}, err
	}
	it.present()
	s.publish(ctx, companyID, map[string]any{"action": "create", "queueIntegration": it})
	return it, nil
}

// Update changes an integration.
func (s Service) Update(ctx context.Context, id int64, in Input) (Integration, error) {
	it, err := s.Get(ctx, id)
	if err != nil {
		return Integration{}, err
	}
	if err := in.apply(&it, false); err != nil {
		return Integration{}, err
	}
	it.UpdatedAt = time.Now()
	err = s.DB.WithContext(ctx).Model(&Integration{}).Where("id = ? AND company_id = ?", it.ID, it.CompanyID).
		Select("*").Omit("id", "company_id", "created_at").Updates(&it).Error
	if err != nil {
		return Integration{}, err
	}
	it.present()
	s.publish(ctx, it.CompanyID, map[string]any{"action": "update", "queueIntegration": it})
	return it, nil
}

// Delete removes an integration and detaches it everywhere: connections, queues and
// options stop pointing at it and tickets using it go back to the normal bot.
func (s Service) Delete(ctx context.Context, id int64) error {
	it, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, q := range []string{
			`UPDATE connections SET integration_id = NULL WHERE company_id = ? AND integration_id = ?`,
			`UPDATE queues SET integration_id = NULL WHERE company_id = ? AND integration_id = ?`,
			`UPDATE chatbots SET opt_integration_id = NULL WHERE company_id = ? AND opt_integration_id = ?`,
			`UPDATE tickets SET integration_id = NULL, use_integration = false WHERE company_id = ? AND integration_id = ?`,
		} {
			if err := tx.Exec(q, it.CompanyID, id).Error; err != nil {
				return err
			}
		}
		return tx.Where("company_id = ?", it.CompanyID).Delete(&Integration{}, id).Error
	})
	if err != nil {
		return err
	}
	s.publish(ctx, it.CompanyID, map[string]any{"action": "delete", "integrationId": id})
	return nil
}

// Owned reports whether id is one of the company's integrations, locking it (key share)
// until tx ends, so it cannot be deleted under a queue, option or connection being saved.
func Owned(tx *gorm.DB, companyID, id int64) (bool, error) {
	var ids []int64
	err := tx.Raw("SELECT id FROM queue_integrations WHERE id = ? AND company_id = ? FOR KEY SHARE", id, companyID).
		Scan(&ids).Error
	return len(ids) == 1, err
}

// publish tells the company's admins, the only users of /queue-integration: the record
// carries the Dialogflow credentials and the webhook secret, which an attendant's socket
// (in the company room too) must not receive.
func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompanyAdmins(companyID, "queueIntegration", data))
	}
}
