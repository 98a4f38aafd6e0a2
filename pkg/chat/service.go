package chat

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Service manages the chats of the context's company as one member sees them.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
}

// Page is one page of the viewer's chats, newest activity first; Unreads is the viewer's
// unread messages over all their chats (the top bar's badge).
type Page struct {
	Records []Chat `json:"records"`
	HasMore bool   `json:"hasMore"`
	Unreads int64  `json:"unreads"`
}

// List returns one page of the chats viewer is in, by title when search is given.
func (s Service) List(ctx context.Context, viewer user.User, search string, pageNumber int) (Page, error) {
	q, err := s.mine(ctx, viewer)
	if err != nil {
		return Page{}, err
	}
	if search = strings.TrimSpace(search); search != "" {
		q = q.Where("lower(chats.title) LIKE ?", page.Like(strings.ToLower(search)))
	}
	p := Page{Records: []Chat{}}
	if p.HasMore, err = page.Find(q.Order("chats.updated_at DESC, chats.id DESC"), pageNumber, PageSize, &p.Records); err != nil {
		return Page{}, err
	}
	if err = s.withMembers(ctx, p.Records); err != nil {
		return Page{}, err
	}
	err = s.DB.WithContext(ctx).Raw(`SELECT coalesce(sum(unreads), 0) FROM chat_users WHERE user_id = ? AND company_id = ?`,
		viewer.ID, viewer.CompanyID).Scan(&p.Unreads).Error
	return p, err
}

// mine is the chats of the context's company that viewer is a member of.
func (s Service) mine(ctx context.Context, viewer user.User) (*gorm.DB, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	return s.DB.WithContext(ctx).Model(&Chat{}).Select("chats.*").
		Joins("JOIN chat_users cu ON cu.chat_id = chats.id AND cu.user_id = ?", viewer.ID).
		Where("chats.company_id = ?", companyID), nil
}

var uuidForm = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Get returns a chat viewer is in, named by its id or its uuid (the /chats/{uuid} route).
func (s Service) Get(ctx context.Context, viewer user.User, ref string) (Chat, error) {
	q, err := s.mine(ctx, viewer)
	if err != nil {
		return Chat{}, err
	}
	if id, perr := strconv.ParseInt(ref, 10, 64); perr == nil && id > 0 {
		q = q.Where("chats.id = ?", id)
	} else if uuidForm.MatchString(ref) {
		q = q.Where("chats.uuid = ?", strings.ToLower(ref))
	} else {
		return Chat{}, ErrNotFound
	}
	var c Chat
	if err := q.Take(&c).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return Chat{}, ErrNotFound
	} else if err != nil {
		return Chat{}, err
	}
	one := []Chat{c}
	err = s.withMembers(ctx, one)
	return one[0], err
}

// managed returns a chat viewer may edit or delete: its owner, or an admin member.
func (s Service) managed(ctx context.Context, viewer user.User, ref string) (Chat, error) {
	c, err := s.Get(ctx, viewer, ref)
	if err == nil && !(c.OwnerID != nil && *c.OwnerID == viewer.ID) && !viewer.IsAdmin() {
		return Chat{}, errs.ErrNoPermission
	}
	return c, err
}

// withMembers fills the members (with names) of chats.
func (s Service) withMembers(ctx context.Context, chats []Chat) error {
	if len(chats) == 0 {
		return nil
	}
	ids := make([]int64, len(chats))
	for i, c := range chats {
		ids[i] = c.ID
	}
	var rows []struct {
		Member
		Name string
	}
	err := s.DB.WithContext(ctx).Table("chat_users cu").Select("cu.*, u.name").
		Joins("JOIN users u ON u.id = cu.user_id").Where("cu.chat_id IN ?", ids).
		Order("lower(u.name), u.id").Scan(&rows).Error
	if err != nil {
		return err
	}
	by := map[int64][]Member{}
	for _, r := range rows {
		r.Member.User = Person{ID: r.UserID, Name: r.Name}
		by[r.ChatID] = append(by[r.ChatID], r.Member)
	}
	for i := range chats {
		chats[i].Users = by[chats[i].ID]
		if chats[i].Users == nil {
			chats[i].Users = []Member{}
		}
	}
	return nil
}

// Create starts a chat owned by viewer with the users chosen.
func (s Service) Create(ctx context.Context, viewer user.User, in Input) (Chat, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Chat{}, err
	}
	v := errs.Validation{}
	c := Chat{CompanyID: companyID, OwnerID: &viewer.ID, Title: text(v, "title", deref(in.Title), TitleMax)}
	var users IDs
	if in.Users != nil {
		users = *in.Users
	}
	members := s.members(ctx, v, companyID, viewer.ID, users)
	if err := v.Err(); err != nil {
		return Chat{}, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&c).Error; err != nil {
			return err
		}
		return addMembers(tx, c, members)
	})
	if err != nil {
		return Chat{}, err
	}
	c, err = s.reload(ctx, c)
	if err == nil {
		s.toEach(ctx, c, c.Users, "create")
	}
	return c, err
}

// Update changes a chat's title and members (its owner, or an admin member). The owner
// stays a member.
func (s Service) Update(ctx context.Context, viewer user.User, ref string, in Input) (Chat, error) {
	c, err := s.managed(ctx, viewer, ref)
	if err != nil {
		return Chat{}, err
	}
	v := errs.Validation{}
	if in.Title != nil {
		c.Title = text(v, "title", *in.Title, TitleMax)
	}
	var members []int64
	if in.Users != nil {
		owner := int64(0)
		if c.OwnerID != nil {
			owner = *c.OwnerID
		}
		members = s.members(ctx, v, c.CompanyID, owner, *in.Users)
	}
	if err := v.Err(); err != nil {
		return Chat{}, err
	}
	before := c.Users
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Chat{}).Where("id = ?", c.ID).Update("title", c.Title).Error; err != nil {
			return err
		}
		if in.Users == nil {
			return nil
		}
		if err := tx.Where("chat_id = ? AND user_id NOT IN ?", c.ID, members).Delete(&Member{}).Error; err != nil {
			return err
		}
		return addMembers(tx, c, members)
	})
	if err != nil {
		return Chat{}, err
	}
	if c, err = s.reload(ctx, c); err != nil {
		return Chat{}, err
	}
	s.toEach(ctx, c, c.Users, "update")
	s.toEach(ctx, c, gone(before, c.Users), "delete")
	return c, nil
}

// Delete removes a chat with its messages (its owner, or an admin member).
func (s Service) Delete(ctx context.Context, viewer user.User, ref string) error {
	c, err := s.managed(ctx, viewer, ref)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).Delete(&Chat{}).Error; err != nil {
		return err
	}
	s.toEach(ctx, c, c.Users, "delete")
	return nil
}

// members checks the users chosen for a chat: at least one besides owner, all of company;
// it returns them with the owner (when there is one), each once.
func (s Service) members(ctx context.Context, v errs.Validation, companyID, owner int64, users IDs) []int64 {
	ids := []int64{}
	for _, id := range users {
		if id != owner && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	switch {
	case len(ids) == 0:
		v.Add("users", MsgNeedsMember)
		return nil
	case len(ids) > MembersMax:
		v.Add("users", MsgTooManyUsers)
		return nil
	}
	var n int64
	if err := s.DB.WithContext(ctx).Table("users").Where("company_id = ? AND id IN ?", companyID, ids).Count(&n).Error; err != nil || n != int64(len(ids)) {
		v.Add("users", MsgBadMember)
		return nil
	}
	if owner != 0 {
		ids = append(ids, owner)
	}
	return ids
}

// addMembers inserts the members of c not in it yet.
func addMembers(tx *gorm.DB, c Chat, ids []int64) error {
	return tx.Exec(`INSERT INTO chat_users (chat_id, user_id, company_id)
		SELECT ?, id, ? FROM unnest(?::bigint[]) id ON CONFLICT DO NOTHING`, c.ID, c.CompanyID, int64Array(ids)).Error
}

// reload reads c again with its members.
func (s Service) reload(ctx context.Context, c Chat) (Chat, error) {
	if err := s.DB.WithContext(ctx).Take(&c, c.ID).Error; err != nil {
		return Chat{}, err
	}
	one := []Chat{c}
	err := s.withMembers(ctx, one)
	return one[0], err
}

// gone lists the members of before missing from after.
func gone(before, after []Member) []Member {
	var out []Member
	for _, m := range before {
		if !slices.ContainsFunc(after, func(a Member) bool { return a.UserID == m.UserID }) {
			out = append(out, m)
		}
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
