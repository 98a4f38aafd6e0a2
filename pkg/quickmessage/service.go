package quickmessage

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Media signs and removes stored files.
type Media interface {
	URL(rel string) string
	Remove(rel string) error
}

// Service manages the quick messages of the context's company as one user sees them.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	Media  Media
}

// Page is one page of the management list.
type Page struct {
	Records []QuickMessage `json:"records"`
	HasMore bool           `json:"hasMore"`
}

// List returns one page of the quick messages viewer may see, by shortcode.
func (s Service) List(ctx context.Context, viewer user.User, search string, pageNumber int) (Page, error) {
	q, err := s.visible(ctx, viewer)
	if err != nil {
		return Page{}, err
	}
	if search = strings.TrimSpace(search); search != "" {
		like := page.Like(strings.ToLower(search))
		q = q.Where("(lower(shortcode) LIKE ? OR lower(message) LIKE ?)", like, like)
	}
	p := Page{Records: []QuickMessage{}}
	p.HasMore, err = page.Find(q.Order("lower(shortcode), id"), pageNumber, page.Size, &p.Records)
	s.sign(p.Records)
	return p, err
}

// Picker returns what the '/' list offers viewer: the active shared ones and their own.
func (s Service) Picker(ctx context.Context, viewer user.User) ([]QuickMessage, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	list := []QuickMessage{}
	err = q.Where("status AND (geral OR user_id = ?)", viewer.ID).Order("lower(shortcode), id").Find(&list).Error
	s.sign(list)
	return list, err
}

func (s Service) visible(ctx context.Context, viewer user.User) (*gorm.DB, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	return q.Model(&QuickMessage{}).Where("(geral OR visao OR user_id = ?)", viewer.ID), nil
}

// Get returns one quick message viewer may see.
func (s Service) Get(ctx context.Context, viewer user.User, id int64) (QuickMessage, error) {
	q, err := s.visible(ctx, viewer)
	if err != nil {
		return QuickMessage{}, err
	}
	var m QuickMessage
	err = q.Take(&m, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return QuickMessage{}, ErrNotFound
	}
	one := []QuickMessage{m}
	s.sign(one)
	return one[0], err
}

// Editable returns a quick message viewer may change, or ERR_NO_PERMISSION.
func (s Service) Editable(ctx context.Context, viewer user.User, id int64) (QuickMessage, error) {
	m, err := s.Get(ctx, viewer, id)
	if err == nil && !m.editableBy(viewer) {
		return QuickMessage{}, errs.ErrNoPermission
	}
	return m, err
}

// Create adds a quick message owned by viewer.
func (s Service) Create(ctx context.Context, viewer user.User, in Input) (QuickMessage, error) {
	return s.CreateWithMedia(ctx, viewer, in, "", "")
}

// CreateWithMedia adds a quick message owned by viewer with the stored file rel (named
// name; none when rel is ""), so that one with a file and no message is valid from the start.
func (s Service) CreateWithMedia(ctx context.Context, viewer user.User, in Input, rel, name string) (QuickMessage, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return QuickMessage{}, err
	}
	m := QuickMessage{CompanyID: companyID, UserID: &viewer.ID, Visao: true, Status: true, MediaPath: rel, MediaName: name}
	if err := in.apply(&m, true); err != nil {
		return QuickMessage{}, err
	}
	if err := s.DB.WithContext(ctx).Create(&m).Error; err != nil {
		return QuickMessage{}, err
	}
	return s.saved(ctx, "create", m)
}

// Update changes a quick message viewer may edit.
func (s Service) Update(ctx context.Context, viewer user.User, id int64, in Input) (QuickMessage, error) {
	m, err := s.Editable(ctx, viewer, id)
	if err != nil {
		return QuickMessage{}, err
	}
	if err := in.apply(&m, false); err != nil {
		return QuickMessage{}, err
	}
	return s.write(ctx, m, "shortcode", "message", "geral", "visao", "status")
}

// SetMedia stores a new media file path and name; it returns the record and the old path.
func (s Service) SetMedia(ctx context.Context, viewer user.User, id int64, rel, name string) (QuickMessage, string, error) {
	m, err := s.Editable(ctx, viewer, id)
	if err != nil {
		return QuickMessage{}, "", err
	}
	old := m.MediaPath
	m.MediaPath, m.MediaName = rel, name
	m, err = s.write(ctx, m, "media_path", "media_name")
	return m, old, err
}

// ClearMedia removes the media file of a quick message; one without a message keeps it.
func (s Service) ClearMedia(ctx context.Context, viewer user.User, id int64) (QuickMessage, error) {
	m, err := s.Editable(ctx, viewer, id)
	if err != nil {
		return QuickMessage{}, err
	}
	if strings.TrimSpace(m.Message) == "" {
		return QuickMessage{}, errs.Validation{"message": MsgNeedsContent}.Err()
	}
	m, old, err := s.SetMedia(ctx, viewer, id, "", "")
	if err == nil && s.Media != nil {
		_ = s.Media.Remove(old)
	}
	return m, err
}

// Delete removes a quick message viewer may edit, with its file.
func (s Service) Delete(ctx context.Context, viewer user.User, id int64) error {
	m, err := s.Editable(ctx, viewer, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", m.CompanyID).Delete(&QuickMessage{}, id).Error; err != nil {
		return err
	}
	if s.Media != nil {
		_ = s.Media.Remove(m.MediaPath)
	}
	s.publish(ctx, m, map[string]any{"action": "delete", "id": id})
	return nil
}

func (s Service) write(ctx context.Context, m QuickMessage, columns ...string) (QuickMessage, error) {
	m.UpdatedAt = time.Now()
	err := s.DB.WithContext(ctx).Model(&QuickMessage{}).Where("id = ? AND company_id = ?", m.ID, m.CompanyID).
		Select(append(columns, "updated_at")).Updates(&m).Error
	if err != nil {
		return QuickMessage{}, err
	}
	return s.saved(ctx, "update", m)
}

func (s Service) saved(ctx context.Context, action string, m QuickMessage) (QuickMessage, error) {
	one := []QuickMessage{m}
	s.sign(one)
	s.publish(ctx, one[0], map[string]any{"action": action, "record": one[0]})
	return one[0], nil
}

// sign fills the signed media URLs.
func (s Service) sign(list []QuickMessage) {
	for i := range list {
		m := &list[i]
		m.IsMedia = m.MediaPath != ""
		m.MediaURL, m.MediaLink = "", ""
		if m.IsMedia && s.Media != nil {
			m.MediaURL = s.Media.URL(m.MediaPath)
			m.MediaLink = m.MediaURL
		}
	}
}

// publish announces a change: to the company, or only to the owner for a private one.
func (s Service) publish(ctx context.Context, m QuickMessage, data any) {
	if s.Events == nil {
		return
	}
	ev := realtime.ToCompany(m.CompanyID, "quickemessage", data)
	if !m.Geral && !m.Visao && m.UserID != nil {
		ev.Rooms = []string{realtime.UserRoom(*m.UserID)}
	}
	_ = s.Events.Publish(ctx, ev)
}
