package tag

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Service manages the tags of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
}

// Filter narrows the tag lists. Kanban nil means both kinds.
type Filter struct {
	Search string
	Kanban *int
	Page   int
}

// Page is one page of the tag list.
type Page struct {
	Tags    []Tag `json:"tags"`
	HasMore bool  `json:"hasMore"`
	Count   int64 `json:"count"`
}

// List returns one page of tags by name.
func (s Service) List(ctx context.Context, f Filter) (Page, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return Page{}, err
	}
	p := Page{Tags: []Tag{}}
	if p.Count, err = page.Count(q); err != nil {
		return p, err
	}
	p.HasMore, err = page.Find(q.Order("lower(name), id"), f.Page, page.Size, &p.Tags)
	return p, err
}

// All returns every tag matching f (for selectors), by name.
func (s Service) All(ctx context.Context, f Filter) ([]Tag, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, err
	}
	tags := []Tag{}
	return tags, q.Order("lower(name), id").Find(&tags).Error
}

func (s Service) filtered(ctx context.Context, f Filter) (*gorm.DB, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	q = q.Model(&Tag{})
	if search := strings.TrimSpace(f.Search); search != "" {
		q = q.Where("lower(name) LIKE ?", page.Like(strings.ToLower(search)))
	}
	if f.Kanban != nil {
		q = q.Where("kanban = ?", *f.Kanban)
	}
	return q.Session(&gorm.Session{}), nil
}

// Get returns one tag of the company.
func (s Service) Get(ctx context.Context, id int64) (Tag, error) {
	return tenant.Get[Tag](ctx, s.DB, id, ErrNotFound)
}

// Create adds a tag; its name is unique in the company (any case).
func (s Service) Create(ctx context.Context, in Input) (Tag, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Tag{}, err
	}
	t := Tag{CompanyID: companyID}
	if err := in.apply(&t, true); err != nil {
		return Tag{}, err
	}
	err = s.save(ctx, "create", &t, func(tx *gorm.DB) error { return tx.Create(&t).Error })
	return t, err
}

// Update changes a tag of the company.
func (s Service) Update(ctx context.Context, id int64, in Input) (Tag, error) {
	t, err := s.Get(ctx, id)
	if err != nil {
		return Tag{}, err
	}
	if err := in.apply(&t, false); err != nil {
		return Tag{}, err
	}
	t.UpdatedAt = time.Now()
	err = s.save(ctx, "update", &t, func(tx *gorm.DB) error {
		return tx.Model(&Tag{}).Where("id = ? AND company_id = ?", t.ID, t.CompanyID).
			Select("name", "color", "kanban", "time_lane", "next_lane_id", "rollback_lane_id",
				"greeting_message_lane", "updated_at").Updates(&t).Error
	})
	return t, err
}

func (s Service) save(ctx context.Context, action string, t *Tag, write func(*gorm.DB) error) error {
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&Tag{}).Where("company_id = ? AND lower(name) = lower(?) AND id <> ?",
			t.CompanyID, t.Name, t.ID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrExists
		}
		if err := checkLanes(tx, t); err != nil {
			return err
		}
		return write(tx)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrExists
	}
	if err == nil {
		s.publish(ctx, t.CompanyID, map[string]any{"action": action, "tag": t})
	}
	return err
}

// Delete removes a tag from the company, its contacts and its tickets.
func (s Service) Delete(ctx context.Context, id int64) error {
	t, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", t.CompanyID).Delete(&Tag{}, id).Error; err != nil {
		return err
	}
	s.publish(ctx, t.CompanyID, map[string]any{"action": "delete", "tagId": id})
	return nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "tag", data))
	}
}

// ErrBadLane answers a next or rollback lane that is not a kanban tag of the company.
var ErrBadLane = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Raia inválida.")

// checkLanes makes t's next and rollback lanes kanban tags of its company other than t.
func checkLanes(tx *gorm.DB, t *Tag) error {
	for _, id := range []*int64{t.NextLaneID, t.RollbackLaneID} {
		if id == nil {
			continue
		}
		if *id == t.ID {
			return ErrBadLane
		}
		var n int64
		if err := tx.Model(&Tag{}).Where("id = ? AND company_id = ? AND kanban = 1", *id, t.CompanyID).
			Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return ErrBadLane
		}
	}
	return nil
}
