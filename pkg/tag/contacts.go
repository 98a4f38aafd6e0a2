package tag

import (
	"context"
	"errors"
	"slices"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/contact"
	"atende/pkg/errs"
	"atende/pkg/tenant"
)

// SetContactTags makes refs exactly the tags of a contact, inside the caller's tx (the
// contact is already known to be the company's). A ref with an id must be a tag of the
// company; a ref with only a name is found by name (any case) or created with a random
// colour and kanban 0. It returns the tags it created, for Announce after the commit.
func (s Service) SetContactTags(ctx context.Context, tx *gorm.DB, contactID int64, refs []contact.TagRef) ([]contact.TagRef, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return nil, err
	}
	ids, created, err := resolve(tx, companyID, refs)
	if err != nil {
		return nil, err
	}
	if err := tx.Exec("DELETE FROM contact_tags WHERE contact_id = ? AND company_id = ?", contactID, companyID).Error; err != nil {
		return nil, err
	}
	for _, id := range ids {
		if err := tx.Exec("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES (?, ?, ?)",
			contactID, id, companyID).Error; err != nil {
			return nil, err
		}
	}
	return created, nil
}

// Announce publishes the tags SetContactTags created.
func (s Service) Announce(ctx context.Context, created []contact.TagRef) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return
	}
	for _, t := range created {
		s.publish(ctx, companyID, map[string]any{"action": "create", "tag": t})
	}
}

// resolve turns refs into distinct tag ids of the company, creating the named ones missing.
func resolve(tx *gorm.DB, companyID int64, refs []contact.TagRef) ([]int64, []contact.TagRef, error) {
	var ids []int64
	var created []contact.TagRef
	for _, r := range refs {
		if r.ID <= 0 {
			t, isNew, err := findOrCreate(tx, companyID, r.Name)
			if err != nil {
				return nil, nil, err
			}
			if isNew {
				created = append(created, t)
			}
			r.ID = t.ID
		}
		if !slices.Contains(ids, r.ID) {
			ids = append(ids, r.ID)
		}
	}
	var n int64
	if len(ids) > 0 {
		if err := tx.Model(&Tag{}).Where("company_id = ? AND id IN ?", companyID, ids).Count(&n).Error; err != nil {
			return nil, nil, err
		}
	}
	if int(n) != len(ids) {
		return nil, nil, ErrInvalid
	}
	return ids, created, nil
}

func findOrCreate(tx *gorm.DB, companyID int64, name string) (contact.TagRef, bool, error) {
	name = strings.TrimSpace(name)
	v := errs.Validation{}
	if checkName(v, "tags", name); v.Err() != nil {
		return contact.TagRef{}, false, v.Err()
	}
	var t Tag
	err := tx.Where("company_id = ? AND lower(name) = lower(?)", companyID, name).Take(&t).Error
	if err == nil {
		return ref(t), false, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return contact.TagRef{}, false, err
	}
	t = Tag{CompanyID: companyID, Name: name, Color: RandomColor()}
	if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&t).Error; err != nil {
		return contact.TagRef{}, false, err
	}
	if t.ID == 0 { // created meanwhile by another request
		err = tx.Where("company_id = ? AND name = ?", companyID, name).Take(&t).Error
		return ref(t), false, err
	}
	return ref(t), true, nil
}

func ref(t Tag) contact.TagRef {
	return contact.TagRef{ID: t.ID, Name: t.Name, Color: t.Color, Kanban: t.Kanban}
}
