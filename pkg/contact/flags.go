package contact

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/tenant"
	"atende/pkg/user"
)

// SetActive blocks (false) or unblocks (true) a contact.
func (s Service) SetActive(ctx context.Context, viewer user.User, id int64, active bool) (Contact, error) {
	return s.setFlag(ctx, viewer, id, "active", active)
}

// ToggleAcceptAudio flips whether the contact may send audio messages.
func (s Service) ToggleAcceptAudio(ctx context.Context, viewer user.User, id int64) (Contact, error) {
	return s.setFlag(ctx, viewer, id, "accept_audio_message", gorm.Expr("NOT accept_audio_message"))
}

// ToggleDisableBot flips whether chatbots skip the contact.
func (s Service) ToggleDisableBot(ctx context.Context, viewer user.User, id int64) (Contact, error) {
	return s.setFlag(ctx, viewer, id, "disable_bot", gorm.Expr("NOT disable_bot"))
}

func (s Service) setFlag(ctx context.Context, viewer user.User, id int64, column string, value any) (Contact, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Contact{}, err
	}
	res := q.Model(&Contact{}).Where("id = ?", id).Updates(map[string]any{column: value, "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return Contact{}, res.Error
	}
	if res.RowsAffected == 0 {
		return Contact{}, ErrNotFound
	}
	return s.announce(ctx, viewer, "update", id)
}

// TagsOf returns the tags of a contact of the company.
func (s Service) TagsOf(ctx context.Context, viewer user.User, id int64) ([]TagRef, error) {
	c, err := s.Get(ctx, viewer, id)
	return c.Tags, err
}

// SyncTags makes refs exactly the contact's tags, creating the named tags that are missing,
// and returns the contact.
func (s Service) SyncTags(ctx context.Context, viewer user.User, id int64, refs []TagRef) (Contact, error) {
	c, err := s.find(ctx, id)
	if err != nil {
		return Contact{}, err
	}
	if refs == nil {
		refs = []TagRef{}
	}
	return s.write(ctx, viewer, "update", &c, Input{Tags: &refs}, func(*gorm.DB) error { return nil })
}
