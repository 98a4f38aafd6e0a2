package contactlist

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/importjob"
	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// Service manages the contact lists of the context's company.
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Queue    tasks.Enqueuer
	Files    importjob.Files
	Channels importjob.Channels
}

// Page is one page of lists.
type Page struct {
	Records []List `json:"records"`
	HasMore bool   `json:"hasMore"`
}

// ListCap bounds GET /contact-lists/list, the lists of the campaign dialog's select.
const ListCap = 1000

// List returns one page of lists by name.
func (s Service) List(ctx context.Context, search string, pageNumber int) (Page, error) {
	q, err := s.lists(ctx, search)
	if err != nil {
		return Page{}, err
	}
	p := Page{Records: []List{}}
	p.HasMore, err = page.Find(q.Order("lower(name), id"), pageNumber, page.Size, &p.Records)
	return p, err
}

// All returns the company's lists by name (at most ListCap).
func (s Service) All(ctx context.Context) ([]List, error) {
	q, err := s.lists(ctx, "")
	if err != nil {
		return nil, err
	}
	out := []List{}
	return out, q.Order("lower(name), id").Limit(ListCap).Find(&out).Error
}

func (s Service) lists(ctx context.Context, search string) (*gorm.DB, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	q = q.Model(&List{})
	if search = strings.TrimSpace(search); search != "" {
		q = q.Where("lower(name) LIKE ?", page.Like(strings.ToLower(search)))
	}
	return q, nil
}

// Get returns one list.
func (s Service) Get(ctx context.Context, id int64) (List, error) {
	return tenant.Get[List](ctx, s.DB, id, ErrNotFound)
}

// Create adds a list.
func (s Service) Create(ctx context.Context, in ListInput) (List, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return List{}, err
	}
	l := List{CompanyID: companyID}
	if err := in.apply(&l, true); err != nil {
		return List{}, err
	}
	if err := s.DB.WithContext(ctx).Create(&l).Error; err != nil {
		return List{}, err
	}
	s.publishList(ctx, companyID, map[string]any{"action": "create", "record": l})
	return l, nil
}

// Update renames a list.
func (s Service) Update(ctx context.Context, id int64, in ListInput) (List, error) {
	l, err := s.Get(ctx, id)
	if err != nil {
		return List{}, err
	}
	if err := in.apply(&l, false); err != nil {
		return List{}, err
	}
	err = s.DB.WithContext(ctx).Model(&List{}).Where("id = ? AND company_id = ?", l.ID, l.CompanyID).
		Updates(map[string]any{"name": l.Name, "updated_at": time.Now()}).Error
	if err != nil {
		return List{}, err
	}
	return s.announceList(ctx, id)
}

// Delete removes a list with its items and imports.
func (s Service) Delete(ctx context.Context, id int64) error {
	l, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	var files []string
	s.DB.WithContext(ctx).Model(&Import{}).Where("contact_list_id = ? AND file_path <> ''", id).Pluck("file_path", &files)
	if err := s.DB.WithContext(ctx).Where("company_id = ?", l.CompanyID).Delete(&List{}, id).Error; err != nil {
		return err
	}
	for _, f := range files {
		_ = s.Files.Remove(f)
	}
	s.publishList(ctx, l.CompanyID, map[string]any{"action": "delete", "id": id})
	return nil
}

// announceList reads a list again (its count changed) and publishes it.
func (s Service) announceList(ctx context.Context, id int64) (List, error) {
	l, err := s.Get(ctx, id)
	if err == nil {
		s.publishList(ctx, l.CompanyID, map[string]any{"action": "update", "record": l})
	}
	return l, err
}

// Event names (company-{id}-ContactList and so on, as spec/3 §7 lists them).
const (
	EventList   = "ContactList"
	EventItem   = "ContactListItem"
	EventImport = "ContactListImport"
)

func (s Service) publishList(ctx context.Context, companyID int64, data any) {
	s.publish(ctx, companyID, EventList, data)
}

// publish announces a change to the company. Items go to the whole company room, but
// profile users may not see them: their sockets get the numbers masked.
func (s Service) publish(ctx context.Context, companyID int64, kind string, data any) {
	if s.Events != nil {
		ev := realtime.ToCompany(companyID, kind, data)
		ev.MaskNumbers = kind == EventItem
		_ = s.Events.Publish(ctx, ev)
	}
}
