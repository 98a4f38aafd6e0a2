// Package announcement holds the platform's announcements (spec/3): super users write them,
// every signed-in user of every company sees the active ones in the top bar popover, live
// through the company-announcement event.
package announcement

import (
	"net/http"
	"strings"
	"time"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Announcement is one announcement. mediaPath is the signed URL of its image.
type Announcement struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	Text      string    `json:"text"`
	Priority  int       `json:"priority"` // 1 high (red), 2 medium (orange), 3 low (grey)
	Status    bool      `json:"status"`
	MediaPath string    `json:"-"`
	MediaName string    `json:"mediaName"`
	MediaURL  string    `json:"mediaPath" gorm:"-"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ErrNotFound answers an id that names no announcement.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_ANNOUNCEMENT_FOUND", "Nenhum informativo encontrado com este ID.")

// Event is the spec's event name (not company-scoped: announcements are the platform's).
const Event = "company-announcement"

// Input is the announcement form; nil fields are kept (update) or defaulted (create).
type Input struct {
	Title    *string `json:"title"`
	Text     *string `json:"text"`
	Priority *int    `json:"priority"`
	Status   *bool   `json:"status"`
}

func (in Input) apply(a *Announcement, creating bool) error {
	v := errs.Validation{}
	if in.Title != nil || creating {
		a.Title = strings.TrimSpace(validate.Deref(in.Title))
		validate.Length(v, "title", a.Title, 1, 200)
	}
	if in.Text != nil || creating {
		a.Text = strings.TrimSpace(validate.Deref(in.Text))
		validate.Length(v, "text", a.Text, 1, validate.MaxText)
	}
	if in.Priority != nil {
		a.Priority = *in.Priority
	}
	if a.Priority < 1 || a.Priority > 3 {
		v.Add("priority", validate.MsgBadOption)
	}
	if in.Status != nil {
		a.Status = *in.Status
	}
	return v.Err()
}
