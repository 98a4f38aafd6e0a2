package contact

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Errors of the spec's catalogue.
var (
	ErrNotFound   = errs.New(http.StatusNotFound, "ERR_NO_CONTACT_FOUND", "Nenhum contato encontrado com este ID.")
	ErrDuplicated = errs.New(http.StatusConflict, "ERR_DUPLICATED_CONTACT", "Já existe um contato com este número.")
)

// ListCap bounds GET /contacts/list, the lookup list of selectors.
const ListCap = 1000

// SettingReader reads a company setting's value.
type SettingReader interface {
	Value(ctx context.Context, key string) string
}

// TagSetter sets a contact's tags inside a transaction and announces the tags it created
// once committed (the tag service).
type TagSetter interface {
	SetContactTags(ctx context.Context, tx *gorm.DB, contactID int64, refs []TagRef) ([]TagRef, error)
	Announce(ctx context.Context, created []TagRef)
}

// Service manages the contacts of the context's company. Every read takes the viewer, whose
// profile decides whether numbers are masked (setting lgpdHideNumber).
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Settings SettingReader
	Tags     TagSetter
}

// Filter narrows the contact list.
type Filter struct {
	Search  string
	Channel string
	IsGroup *bool
	TagIDs  []int64
	Page    int
}

// Page is one page of the contact list.
type Page struct {
	Contacts []Contact `json:"contacts"`
	HasMore  bool      `json:"hasMore"`
	Count    int64     `json:"count"`
}

// List returns one page of contacts by name, with their tags.
func (s Service) List(ctx context.Context, viewer user.User, f Filter) (Page, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return Page{}, err
	}
	p := Page{Contacts: []Contact{}}
	if p.Count, err = page.Count(q); err != nil {
		return p, err
	}
	if p.HasMore, err = page.Find(q.Order("lower(name), id"), f.Page, page.Size, &p.Contacts); err != nil {
		return p, err
	}
	return p, s.present(ctx, viewer, p.Contacts, false)
}

// All returns up to ListCap contacts matching search, by name (the lookup list).
func (s Service) All(ctx context.Context, viewer user.User, search string) ([]Contact, error) {
	q, err := s.filtered(ctx, Filter{Search: search})
	if err != nil {
		return nil, err
	}
	list := []Contact{}
	if err := q.Order("lower(name), id").Limit(ListCap).Find(&list).Error; err != nil {
		return nil, err
	}
	return list, s.present(ctx, viewer, list, false)
}

// filtered scopes and filters the contacts. The search matches the name (trigram index on
// lower(name)) or, by its digits, the number (trigram index on number).
func (s Service) filtered(ctx context.Context, f Filter) (*gorm.DB, error) {
	return filteredOn(ctx, s.DB, f)
}

// filteredOn is filtered on db (a transaction).
func filteredOn(ctx context.Context, db *gorm.DB, f Filter) (*gorm.DB, error) {
	q, err := tenant.Scope(ctx, db)
	if err != nil {
		return nil, err
	}
	q = q.Model(&Contact{})
	if search := strings.TrimSpace(f.Search); search != "" {
		if digits := Digits(search); digits != "" && phoneLike(search) {
			q = q.Where("lower(name) LIKE ? OR number LIKE ?", page.Like(strings.ToLower(search)), page.Like(digits))
		} else {
			q = q.Where("lower(name) LIKE ?", page.Like(strings.ToLower(search)))
		}
	}
	if f.Channel != "" {
		q = q.Where("channel = ?", f.Channel)
	}
	if f.IsGroup != nil {
		q = q.Where("is_group = ?", *f.IsGroup)
	}
	if len(f.TagIDs) > 0 {
		q = q.Where("EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.contact_id = contacts.id AND ct.tag_id IN ?)", f.TagIDs)
	}
	return q.Session(&gorm.Session{}), nil
}

// phoneLike reports a search made only of a phone number's characters.
func phoneLike(s string) bool {
	return strings.Trim(s, "0123456789+-(). ") == ""
}

// Get returns one contact with its extra info and tags.
func (s Service) Get(ctx context.Context, viewer user.User, id int64) (Contact, error) {
	c, err := s.find(ctx, id)
	if err != nil {
		return Contact{}, err
	}
	one := []Contact{c}
	err = s.present(ctx, viewer, one, true)
	return one[0], err
}

// Profile is the answer of GET /contacts/profile/{number}.
type Profile struct {
	ContactID     int64    `json:"contactId"`
	ProfilePicURL string   `json:"profilePicUrl"`
	Contact       *Contact `json:"contact"`
}

// ProfileOf finds the company's contact with a number (digits only; contactId 0 when none).
func (s Service) ProfileOf(ctx context.Context, viewer user.User, number string) (Profile, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Profile{}, err
	}
	var c Contact
	err = q.Where("number = ?", Digits(number)).Order("channel <> 'whatsapp', id").Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Profile{}, nil
	}
	if err != nil {
		return Profile{}, err
	}
	one := []Contact{c}
	err = s.present(ctx, viewer, one, false)
	return Profile{ContactID: c.ID, ProfilePicURL: c.URLPicture, Contact: &one[0]}, err
}

// find loads a contact row of the company.
func (s Service) find(ctx context.Context, id int64) (Contact, error) {
	return tenant.Get[Contact](ctx, s.DB, id, ErrNotFound)
}
