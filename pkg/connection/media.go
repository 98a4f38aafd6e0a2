package connection

import (
	"context"
	"time"

	"atende/pkg/mediause"
)

// SetGreetingMedia records the greeting's media file (POST /whatsapp/{id}/media-upload);
// it returns the fresh record and the path of the file it replaced, for the caller to
// remove once this is saved.
func (s Service) SetGreetingMedia(ctx context.Context, id int64, rel, name string) (Connection, string, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return Connection{}, "", err
	}
	err = s.DB.WithContext(ctx).Model(&Connection{}).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).
		Updates(map[string]any{"greeting_media_attachment": rel, "greeting_media_name": name, "updated_at": time.Now()}).Error
	saved, err := s.saved(ctx, "update", id, err)
	return saved, c.GreetingMediaPath, err
}

// ClearGreetingMedia removes the greeting's media file (DELETE /whatsapp/{id}/media-upload).
func (s Service) ClearGreetingMedia(ctx context.Context, id int64) (Connection, error) {
	c, old, err := s.SetGreetingMedia(ctx, id, "", "")
	if err == nil && s.Media != nil {
		err = mediause.RemoveUnused(s.DB.WithContext(ctx), s.Media, old)
	}
	return c, err
}
