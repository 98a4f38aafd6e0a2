package campaign

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// PageSize is the campaigns list's and the report table's page.
const PageSize = 20

// MediaURL signs a stored file's address.
type MediaURL interface{ URL(rel string) string }

// Service is the campaigns of the context's company (spec/3 §7 calls).
type Service struct {
	DB         *gorm.DB
	Events     realtime.Publisher
	Queue      tasks.Enqueuer
	Media      MediaURL
	Dispatcher Dispatcher
}

// Page is a list page.
type Page struct {
	Records []Campaign `json:"records"`
	HasMore bool       `json:"hasMore"`
}

func (s Service) now() time.Time { return s.Dispatcher.now() }

// List is GET /campaigns/: newest first, searched by name.
func (s Service) List(ctx context.Context, search string, pageNumber int) (Page, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Page{}, err
	}
	if search = strings.ToLower(strings.TrimSpace(search)); search != "" {
		q = q.Where("lower(name) LIKE ?", page.Like(search))
	}
	var p Page
	if p.HasMore, err = page.Find(q.Order("id DESC"), pageNumber, PageSize, &p.Records); err != nil {
		return p, err
	}
	s.decorate(ctx, p.Records)
	return p, nil
}

// Get is GET /campaigns/{id}.
func (s Service) Get(ctx context.Context, id int64) (Campaign, error) {
	c, err := tenant.Get[Campaign](ctx, s.DB, id, ErrNotFound)
	if err != nil {
		return c, err
	}
	list := []Campaign{c}
	s.decorate(ctx, list)
	return list[0], nil
}

// decorate names the list and the connection of each campaign, and signs its media. The
// page's lists and connections are read at once, one query per table, in the campaigns'
// company; one that can't be read leaves its names out, as a missing row does.
func (s Service) decorate(ctx context.Context, list []Campaign) {
	if len(list) == 0 {
		return
	}
	var lists, conns []int64
	for _, c := range list {
		if c.ContactListID != nil {
			lists = append(lists, *c.ContactListID)
		}
		if c.ConnectionID != nil {
			conns = append(conns, *c.ConnectionID)
		}
	}
	names := func(table string, ids []int64) map[int64]*Named {
		out := map[int64]*Named{}
		if len(ids) == 0 {
			return out
		}
		var rows []Named
		if s.DB.WithContext(ctx).Table(table).Select("id, name").
			Where("id IN ? AND company_id = ?", ids, list[0].CompanyID).Scan(&rows).Error != nil {
			return out
		}
		for i := range rows {
			out[rows[i].ID] = &rows[i]
		}
		return out
	}
	ls, ws := names("contact_lists", lists), names("connections", conns)
	for i := range list {
		c := &list[i]
		if c.ContactListID != nil {
			c.ContactList = ls[*c.ContactListID]
		}
		if c.ConnectionID != nil {
			c.Whatsapp = ws[*c.ConnectionID]
		}
		if c.MediaPath != "" && s.Media != nil {
			c.MediaURL = s.Media.URL(c.MediaPath)
		}
	}
}

// Create is POST /campaigns: INATIVA without a start time, PROGRAMADA with one, running
// at once when the time is already past (decision 7).
func (s Service) Create(ctx context.Context, in Input) (Campaign, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Campaign{}, err
	}
	c := Campaign{CompanyID: companyID, Status: StatusInactive, WaitDetail: Detail{}}
	if err := in.apply(ctx, s.DB, companyID, &c); err != nil {
		return c, err
	}
	return s.save(ctx, &c, true)
}

// Update is PUT /campaigns/{id}, allowed while the campaign is editable (spec/3 §4).
func (s Service) Update(ctx context.Context, id int64, in Input) (Campaign, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Campaign{}, err
	}
	c, err := tenant.Get[Campaign](ctx, s.DB, id, ErrNotFound)
	if err != nil {
		return c, err
	}
	if !c.Editable(s.now()) {
		return c, ErrNotEditable
	}
	if err := in.apply(ctx, s.DB, companyID, &c); err != nil {
		return c, err
	}
	return s.save(ctx, &c, false)
}

// save writes c, deriving its status from its start time, and starts or schedules it.
func (s Service) save(ctx context.Context, c *Campaign, creating bool) (Campaign, error) {
	now := s.now()
	var out outcome
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if creating {
			if err := tx.Create(c).Error; err != nil {
				return err
			}
		} else {
			c.UpdatedAt = time.Now()
			if err := tx.Select("name", "message1", "message2", "message3", "message4", "message5",
				"confirmation_message1", "confirmation_message2", "confirmation_message3", "confirmation_message4",
				"confirmation_message5", "confirmation", "scheduled_at", "contact_list_id", "tag_list_id",
				"connection_id", "user_id", "queue_id", "status_ticket", "open_ticket", "updated_at").Save(c).Error; err != nil {
				return err
			}
		}
		switch {
		case c.ScheduledAt == nil:
			if c.Status == StatusScheduled {
				c.Status = StatusInactive
				c.WaitReason = ""
				return saveCursor(tx, c)
			}
		case !c.ScheduledAt.After(now):
			if c.Status != StatusCanceled || creating {
				var err error
				out, err = s.Dispatcher.begin(ctx, tx, c)
				return err
			}
		case c.Status != StatusCanceled:
			c.Status, c.WaitReason, c.WaitUntil = StatusScheduled, WaitScheduled, c.ScheduledAt
			return saveCursor(tx, c)
		}
		return nil
	})
	if err != nil {
		return *c, err
	}
	if c.Status == StatusScheduled {
		if t, err := tasks.NewCampaignStart(c.CompanyID, c.ID, *c.ScheduledAt); err == nil {
			_ = tasks.Enqueue(ctx, s.Queue, t) // lost: the reconciler starts it
		}
	}
	s.Dispatcher.after(ctx, c.CompanyID, c.ID, outcome{next: out.next})
	s.publish(ctx, *c, "update")
	return s.Get(ctx, c.ID)
}

// Delete is DELETE /campaigns/{id}; a running campaign is canceled first.
func (s Service) Delete(ctx context.Context, id int64) error {
	c, err := tenant.Get[Campaign](ctx, s.DB, id, ErrNotFound)
	if err != nil {
		return err
	}
	if c.Status == StatusRunning {
		return ErrRunning
	}
	res := s.DB.WithContext(ctx).Where("id = ? AND company_id = ? AND status <> ?", id, c.CompanyID, StatusRunning).Delete(&Campaign{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrRunning
	}
	_ = s.Events.Publish(ctx, realtime.ToCompany(c.CompanyID, "campaign", map[string]any{"action": "delete", "id": id}))
	return nil
}

// Cancel is POST /campaigns/{id}/cancel: a running (or scheduled) campaign stops. The row
// lock waits for a send in progress; the next tick finds it canceled and sends nothing.
func (s Service) Cancel(ctx context.Context, id int64) (Campaign, error) {
	return s.transition(ctx, id, func(tx *gorm.DB, c *Campaign) (outcome, error) {
		if c.Status != StatusRunning && c.Status != StatusScheduled {
			return outcome{}, ErrNotRunning
		}
		c.Status = StatusCanceled
		return wait(tx, c, "", nil, nil)
	})
}

// Restart is POST /campaigns/{id}/restart: a canceled campaign runs again from now; numbers
// already sent are skipped (one shipping per number, ever), numbers added to its list since
// are added, and a governor pause is lifted: the connection's health is read afresh.
func (s Service) Restart(ctx context.Context, id int64) (Campaign, error) {
	return s.transition(ctx, id, func(tx *gorm.DB, c *Campaign) (outcome, error) {
		if c.Status != StatusCanceled {
			return outcome{}, ErrNotCanceled
		}
		if c.PausedReason != "" && c.ConnectionID != nil {
			if err := tx.Exec(`UPDATE campaign_budgets SET health_since = ? WHERE connection_id = ?`,
				s.now(), *c.ConnectionID).Error; err != nil {
				return outcome{}, err
			}
		}
		return s.Dispatcher.begin(tx.Statement.Context, tx, c)
	})
}

func (s Service) transition(ctx context.Context, id int64, f func(tx *gorm.DB, c *Campaign) (outcome, error)) (Campaign, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Campaign{}, err
	}
	var out outcome
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, ok, err := lock(tx, companyID, id, false)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		out, err = f(tx, &c)
		return err
	})
	if err != nil {
		return Campaign{}, err
	}
	s.Dispatcher.after(ctx, companyID, id, outcome{next: out.next, changed: true})
	return s.Get(ctx, id)
}

// SetMedia stores the campaign's file (POST /campaigns/{id}/media-upload) and returns the
// file it replaced, for the caller to remove.
func (s Service) SetMedia(ctx context.Context, id int64, rel, name, kind string) (Campaign, string, error) {
	c, err := tenant.Get[Campaign](ctx, s.DB, id, ErrNotFound)
	if err != nil {
		return c, "", err
	}
	if !c.Editable(s.now()) {
		return c, "", ErrNotEditable
	}
	old := c.MediaPath
	if err := s.DB.WithContext(ctx).Model(&Campaign{}).Where("id = ?", id).Updates(map[string]any{
		"media_path": rel, "media_name": name, "media_type": kind, "updated_at": time.Now()}).Error; err != nil {
		return c, "", err
	}
	c, err = s.Get(ctx, id)
	s.publish(ctx, c, "update")
	return c, old, err
}

// publish announces a campaign change to the company.
func (s Service) publish(ctx context.Context, c Campaign, action string) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(c.CompanyID, "campaign", map[string]any{"action": action, "record": c}))
	}
}

// IsNotFound tells this package's not-found error.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
