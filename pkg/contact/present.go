package contact

import (
	"context"

	"atende/pkg/mask"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// hideNumbers reports whether the company hides numbers from profile users (LGPD).
func (s Service) hideNumbers(ctx context.Context) bool {
	return s.Settings != nil && s.Settings.Value(ctx, "lgpdHideNumber") == "enabled"
}

// present fills the tags (and, with extra, the extra info) of contacts with one query each
// (no N+1) and masks their numbers when the viewer may not see them.
func (s Service) present(ctx context.Context, viewer user.User, list []Contact, extra bool) error {
	if err := s.decorate(ctx, list, extra); err != nil {
		return err
	}
	s.maskFor(ctx, viewer, list)
	return nil
}

// masked reports whether viewer sees masked numbers: a profile user while numbers are hidden.
func (s Service) masked(ctx context.Context, viewer user.User) bool {
	return !viewer.IsAdmin() && s.hideNumbers(ctx)
}

// maskFor masks the numbers of list when viewer may not see them.
func (s Service) maskFor(ctx context.Context, viewer user.User, list []Contact) {
	if !s.masked(ctx, viewer) {
		return
	}
	for i := range list {
		list[i].Number = mask.Number(list[i].Number)
	}
}

func (s Service) decorate(ctx context.Context, list []Contact, extra bool) error {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil || len(list) == 0 {
		return err
	}
	ids := make([]int64, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	db := s.DB.WithContext(ctx)
	var tags []struct {
		ContactID int64
		TagRef
	}
	if err := db.Table("contact_tags ct").Select("ct.contact_id, t.id, t.name, t.color, t.kanban").
		Joins("JOIN tags t ON t.id = ct.tag_id").Where("ct.company_id = ? AND ct.contact_id IN ?", companyID, ids).
		Order("lower(t.name), t.id").Scan(&tags).Error; err != nil {
		return err
	}
	var infos []ExtraInfo
	if extra {
		if err := db.Where("company_id = ? AND contact_id IN ?", companyID, ids).Order("id").Find(&infos).Error; err != nil {
			return err
		}
	}
	byContact := map[int64][]TagRef{}
	for _, t := range tags {
		byContact[t.ContactID] = append(byContact[t.ContactID], t.TagRef)
	}
	infoOf := map[int64][]ExtraInfo{}
	for _, x := range infos {
		infoOf[x.ContactID] = append(infoOf[x.ContactID], x)
	}
	for i := range list {
		c := &list[i]
		c.Tags = append([]TagRef{}, byContact[c.ID]...)
		if extra {
			c.ExtraInfo = append([]ExtraInfo{}, infoOf[c.ID]...)
		}
	}
	return nil
}

// publish announces a contact change to the company. The event reaches every user of the
// company, so a contact's number is masked whenever the company hides numbers from anyone.
func (s Service) publish(ctx context.Context, companyID int64, data map[string]any) {
	if s.Events == nil {
		return
	}
	if c, ok := data["contact"].(Contact); ok && s.hideNumbers(ctx) {
		c.Number = mask.Number(c.Number)
		data["contact"] = c
	}
	_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "contact", data))
}
