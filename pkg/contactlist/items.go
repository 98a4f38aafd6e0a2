package contactlist

import (
	"context"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/page"
	"atende/pkg/sheet"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// ItemFilter narrows the items: a list (0: every list of the company), a search on the name
// or number, and a page: Cursor (keyset, from the previous page) or PageNumber.
type ItemFilter struct {
	ListID     int64
	Search     string
	PageNumber int
	Cursor     string
}

// ItemPage is one page of items; Cursor reads the next one.
type ItemPage struct {
	Contacts []Item `json:"contacts"`
	HasMore  bool   `json:"hasMore"`
	Cursor   string `json:"cursor,omitempty"`
}

// Items returns one page of items by name. The search matches the name (trigram index on
// lower(name)) or, when it looks like a number, the digits of the number.
func (s Service) Items(ctx context.Context, f ItemFilter) (ItemPage, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return ItemPage{}, err
	}
	q = q.Model(&Item{})
	if f.ListID > 0 {
		q = q.Where("contact_list_id = ?", f.ListID)
	}
	if search := strings.TrimSpace(f.Search); search != "" {
		like := page.Like(strings.ToLower(search))
		if digits := sheet.Digits(search); digits != "" && strings.Trim(search, "0123456789+-(). ") == "" {
			q = q.Where("(lower(name) LIKE ? OR number LIKE ?)", like, page.Like(digits))
		} else {
			q = q.Where("lower(name) LIKE ?", like)
		}
	}
	q = q.Order("lower(name), id")
	p := ItemPage{Contacts: []Item{}}
	if name, id, ok := decodeCursor(f.Cursor); ok {
		err = q.Where("(lower(name), id) > (?, ?)", name, id).Limit(page.Size + 1).Find(&p.Contacts).Error
		if p.HasMore = len(p.Contacts) > page.Size; p.HasMore {
			p.Contacts = p.Contacts[:page.Size]
		}
	} else {
		p.HasMore, err = page.Find(q, f.PageNumber, page.Size, &p.Contacts)
	}
	if n := len(p.Contacts); p.HasMore && n > 0 {
		p.Cursor = encodeCursor(p.Contacts[n-1])
	}
	return p, err
}

func encodeCursor(it Item) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(it.ID, 10) + ":" + strings.ToLower(it.Name)))
}

func decodeCursor(c string) (string, int64, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || c == "" {
		return "", 0, false
	}
	idText, name, ok := strings.Cut(string(b), ":")
	id, err := strconv.ParseInt(idText, 10, 64)
	return name, id, ok && err == nil
}

// Item returns one item.
func (s Service) Item(ctx context.Context, id int64) (Item, error) {
	return tenant.Get[Item](ctx, s.DB, id, ErrItemNotFound)
}

// CreateItem adds a contact to a list of the company.
func (s Service) CreateItem(ctx context.Context, in ItemInput) (Item, error) {
	var listID int64
	if v := in.ContactListID.Of(); v != nil {
		listID = *v
	}
	l, err := s.Get(ctx, listID)
	if err != nil {
		return Item{}, err
	}
	it := Item{CompanyID: l.CompanyID, ContactListID: l.ID}
	if _, err := in.apply(&it, true); err != nil {
		return Item{}, err
	}
	check := s.checker(ctx)
	it.IsWhatsappValid = check.formatOnly()
	if err := s.DB.WithContext(ctx).Create(&it).Error; err != nil {
		return Item{}, duplicated(err)
	}
	s.itemSaved(ctx, "create", it, check)
	return it, nil
}

// UpdateItem changes an item; a new number is checked again.
func (s Service) UpdateItem(ctx context.Context, id int64, in ItemInput) (Item, error) {
	it, err := s.Item(ctx, id)
	if err != nil {
		return Item{}, err
	}
	changed, err := in.apply(&it, false)
	if err != nil {
		return Item{}, err
	}
	check := s.checker(ctx)
	if changed {
		it.IsWhatsappValid = check.formatOnly()
	}
	it.UpdatedAt = time.Now()
	err = s.DB.WithContext(ctx).Model(&Item{}).Where("id = ? AND company_id = ?", it.ID, it.CompanyID).
		Select("name", "number", "email", "is_whatsapp_valid", "updated_at").Updates(&it).Error
	if err != nil {
		return Item{}, duplicated(err)
	}
	if !changed {
		check = numberCheck{}
	}
	s.itemSaved(ctx, "update", it, check)
	return it, nil
}

// DeleteItem removes an item.
func (s Service) DeleteItem(ctx context.Context, id int64) error {
	it, err := s.Item(ctx, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", it.CompanyID).Delete(&Item{}, id).Error; err != nil {
		return err
	}
	s.publish(ctx, it.CompanyID, EventItem, map[string]any{"action": "delete", "id": id, "contactListId": it.ContactListID})
	_, _ = s.announceList(ctx, it.ContactListID)
	return nil
}

// itemSaved announces an item (and its list's count) and has a new number checked.
func (s Service) itemSaved(ctx context.Context, action string, it Item, check numberCheck) {
	if it.IsWhatsappValid == nil && check.conn != nil {
		_ = s.enqueueCheck(ctx, tasks.ContactListCheck{CompanyID: it.CompanyID, ContactListID: it.ContactListID, ConnectionID: check.conn.ID})
	}
	s.publish(ctx, it.CompanyID, EventItem, map[string]any{"action": action, "record": it})
	if action == "create" {
		_, _ = s.announceList(ctx, it.ContactListID)
	}
}

// duplicated turns the unique (list, number) violation into ErrDuplicated.
func duplicated(err error) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrDuplicated
	}
	return err
}

// ValidItems is the audience of a campaign: the list's items whose number has WhatsApp (as
// checked, or as far as the connection's format check goes), by id. The query is scoped to
// the context's company; use it as a subquery (INSERT … SELECT) or Find it in batches.
func (s Service) ValidItems(ctx context.Context, listID int64) (*gorm.DB, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	return q.Model(&Item{}).Where("contact_list_id = ? AND is_whatsapp_valid", listID).Order("id"), nil
}
