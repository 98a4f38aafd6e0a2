package announcement

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/page"
	"atende/pkg/realtime"
)

// Media signs and removes stored files.
type Media interface {
	URL(rel string) string
	Remove(rel string) error
}

// Service reads and writes announcements.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	Media  Media
}

// Page is one page of the management list.
type Page struct {
	Records []Announcement `json:"records"`
	HasMore bool           `json:"hasMore"`
}

// List returns one page of every announcement (the super users' page), newest first.
func (s Service) List(ctx context.Context, search string, pageNumber int) (Page, error) {
	q := s.DB.WithContext(ctx).Model(&Announcement{})
	if search = strings.TrimSpace(search); search != "" {
		like := page.Like(strings.ToLower(search))
		q = q.Where("(lower(title) LIKE ? OR lower(text) LIKE ?)", like, like)
	}
	p := Page{Records: []Announcement{}}
	var err error
	p.HasMore, err = page.Find(q.Order("id DESC"), pageNumber, page.Size, &p.Records)
	s.sign(p.Records)
	return p, err
}

// ActiveLimit bounds the popover: the most urgent and newest are shown.
const ActiveLimit = 50

// Active returns what the top bar popover shows everyone: active ones, most urgent first.
func (s Service) Active(ctx context.Context) ([]Announcement, error) {
	out := []Announcement{}
	err := s.DB.WithContext(ctx).Where("status").Order("priority, id DESC").Limit(ActiveLimit).Find(&out).Error
	s.sign(out)
	return out, err
}

// Get returns one announcement.
func (s Service) Get(ctx context.Context, id int64) (Announcement, error) {
	var a Announcement
	err := s.DB.WithContext(ctx).Take(&a, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Announcement{}, ErrNotFound
	}
	one := []Announcement{a}
	s.sign(one)
	return one[0], err
}

// Create adds an announcement (active, low priority unless said otherwise).
func (s Service) Create(ctx context.Context, in Input) (Announcement, error) {
	a := Announcement{Priority: 3, Status: true}
	if err := in.apply(&a, true); err != nil {
		return Announcement{}, err
	}
	if err := s.DB.WithContext(ctx).Create(&a).Error; err != nil {
		return Announcement{}, err
	}
	return s.saved(ctx, "create", a)
}

// Update changes an announcement.
func (s Service) Update(ctx context.Context, id int64, in Input) (Announcement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Announcement{}, err
	}
	if err := in.apply(&a, false); err != nil {
		return Announcement{}, err
	}
	a.UpdatedAt = time.Now()
	if err := s.DB.WithContext(ctx).Select("title", "text", "priority", "status", "updated_at").Save(&a).Error; err != nil {
		return Announcement{}, err
	}
	return s.saved(ctx, "update", a)
}

// SetMedia replaces the announcement's image with the stored file rel and returns the old one.
func (s Service) SetMedia(ctx context.Context, id int64, rel, name string) (Announcement, string, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Announcement{}, "", err
	}
	old := a.MediaPath
	a.MediaPath, a.MediaName, a.UpdatedAt = rel, name, time.Now()
	if err := s.DB.WithContext(ctx).Select("media_path", "media_name", "updated_at").Save(&a).Error; err != nil {
		return Announcement{}, "", err
	}
	a, err = s.saved(ctx, "update", a)
	return a, old, err
}

// Delete removes an announcement and its image.
func (s Service) Delete(ctx context.Context, id int64) error {
	a, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Delete(&Announcement{}, id).Error; err != nil {
		return err
	}
	if a.MediaPath != "" && s.Media != nil {
		_ = s.Media.Remove(a.MediaPath)
	}
	s.publish(ctx, map[string]any{"action": "delete", "id": id})
	return nil
}

func (s Service) saved(ctx context.Context, action string, a Announcement) (Announcement, error) {
	one := []Announcement{a}
	s.sign(one)
	s.publish(ctx, map[string]any{"action": action, "record": one[0]})
	return one[0], nil
}

// publish tells every signed-in socket, of every company.
func (s Service) publish(ctx context.Context, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.Event{Rooms: []string{realtime.PlatformRoom}, Name: Event, Data: data})
	}
}

func (s Service) sign(list []Announcement) {
	for i := range list {
		if list[i].MediaPath != "" && s.Media != nil {
			list[i].MediaURL = s.Media.URL(list[i].MediaPath)
		}
	}
}
