package contact

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Create adds a contact; (company, channel, number) is unique.
func (s Service) Create(ctx context.Context, viewer user.User, in Input) (Contact, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Contact{}, err
	}
	c := Contact{CompanyID: companyID, Channel: "whatsapp", Active: true,
		AcceptAudioMessage: s.Settings == nil || s.Settings.Value(ctx, "acceptAudioMessageContact") != "disabled"}
	if err := in.apply(&c, true, false); err != nil {
		return Contact{}, err
	}
	return s.write(ctx, viewer, "create", &c, in, func(tx *gorm.DB) error { return tx.Create(&c).Error })
}

// Update changes a contact of the company.
func (s Service) Update(ctx context.Context, viewer user.User, id int64, in Input) (Contact, error) {
	c, err := s.find(ctx, id)
	if err != nil {
		return Contact{}, err
	}
	if err := in.apply(&c, false, s.masked(ctx, viewer)); err != nil {
		return Contact{}, err
	}
	c.UpdatedAt = time.Now()
	return s.write(ctx, viewer, "update", &c, in, func(tx *gorm.DB) error {
		return tx.Model(&Contact{}).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).
			Select("name", "number", "email", "updated_at").Updates(&c).Error
	})
}

// write saves c, its extra info and tags in one transaction, then announces it.
func (s Service) write(ctx context.Context, viewer user.User, action string, c *Contact, in Input, save func(*gorm.DB) error) (Contact, error) {
	var created []TagRef
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := save(tx); err != nil {
			return err
		}
		if err := setExtraInfo(tx, *c, in.ExtraInfo); err != nil {
			return err
		}
		var err error
		if in.Tags != nil && s.Tags != nil {
			created, err = s.Tags.SetContactTags(ctx, tx, c.ID, *in.Tags)
		}
		return err
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return Contact{}, ErrDuplicated
	}
	if err != nil {
		return Contact{}, err
	}
	if s.Tags != nil {
		s.Tags.Announce(ctx, created)
	}
	return s.announce(ctx, viewer, action, c.ID)
}

func setExtraInfo(tx *gorm.DB, c Contact, in *[]ExtraInfoInput) error {
	if in == nil {
		return nil
	}
	if err := tx.Where("contact_id = ? AND company_id = ?", c.ID, c.CompanyID).Delete(&ExtraInfo{}).Error; err != nil {
		return err
	}
	for _, x := range *in {
		row := ExtraInfo{ContactID: c.ID, CompanyID: c.CompanyID, Name: x.Name, Value: x.Value}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
	}
	return nil
}

// announce reloads a contact after a write, publishes it and returns it as the viewer sees it.
func (s Service) announce(ctx context.Context, viewer user.User, action string, id int64) (Contact, error) {
	c, err := s.find(ctx, id)
	if err != nil {
		return Contact{}, err
	}
	one := []Contact{c}
	if err := s.decorate(ctx, one, true); err != nil {
		return Contact{}, err
	}
	s.publish(ctx, c.CompanyID, map[string]any{"action": action, "contact": one[0]})
	s.maskFor(ctx, viewer, one)
	return one[0], nil
}

// Delete removes a contact with its tickets, messages and notes.
func (s Service) Delete(ctx context.Context, id int64) error {
	c, err := s.find(ctx, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", c.CompanyID).Delete(&Contact{}, id).Error; err != nil {
		return err
	}
	s.publish(ctx, c.CompanyID, map[string]any{"action": "delete", "contactId": id})
	return nil
}
