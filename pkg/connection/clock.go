package connection

import (
	"context"
	"math"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
)

// ErrNotSandbox refuses a sandbox-only action on a connection of another channel.
var ErrNotSandbox = errs.New(http.StatusBadRequest, "ERR_NOT_SANDBOX", "Esta conexão não é de teste (sandbox).")

// MaxClockShift bounds a sandbox's pretend time: a year either way is enough to reach any
// weekday, holiday or vacation, and keeps the offset far inside the column's integer.
const MaxClockShift = 366 * 24 * time.Hour

// Clock is the time a sandbox connection's bot runs at (Connection.Now).
type Clock struct {
	Offset   int        `json:"clockOffset"` // seconds added to the real clock; 0 = real time
	At       *time.Time `json:"at"`          // the pretend time now, in the company's zone; nil when real
	TimeZone string     `json:"timezone"`    // the company's zone, where business hours are read
}

// wallLayouts are the pretend times without a zone (a datetime-local input): they are read
// in the company's zone, where the bot evaluates business hours.
var wallLayouts = []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02 15:04:05"}

// ParseClockAt reads a pretend time: RFC 3339 with its offset, or a wall time in loc.
func ParseClockAt(text string, loc *time.Location) (time.Time, bool) {
	text = strings.TrimSpace(text)
	if at, err := time.Parse(time.RFC3339, text); err == nil {
		return at, true
	}
	for _, layout := range wallLayouts {
		if at, err := time.ParseInLocation(layout, text, loc); err == nil {
			return at, true
		}
	}
	return time.Time{}, false
}

// ClockOf is c's clock seen from the company's zone.
func (s Service) ClockOf(ctx context.Context, c Connection) Clock {
	loc := s.location(ctx)
	clock := Clock{Offset: c.ClockOffset, TimeZone: loc.String()}
	if c.ClockOffset != 0 {
		at := c.Now(time.Now()).In(loc).Round(time.Second)
		clock.At = &at
	}
	return clock
}

// SetClock sets a sandbox connection's pretend time (at: RFC 3339, or a wall time in the
// company's zone) or, with nil, puts it back on the real clock. Only sandbox connections of
// the company; the bot reads it on its next message (the row's cache is dropped on commit).
func (s Service) SetClock(ctx context.Context, id int64, at *string) (Clock, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return Clock{}, err
	}
	if c.Channel != ChannelSandbox {
		return Clock{}, ErrNotSandbox
	}
	offset := 0
	if at != nil {
		when, ok := ParseClockAt(*at, s.location(ctx))
		shift := time.Until(when)
		if !ok || math.Abs(float64(shift)) > float64(MaxClockShift) {
			v := errs.Validation{}
			v.Add("at", "Informe uma data e hora válida, até um ano antes ou depois de agora.")
			return Clock{}, v.Err()
		}
		offset = int(shift.Round(time.Second) / time.Second)
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Connection{}).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).
			Updates(map[string]any{"clock_offset": offset, "updated_at": time.Now()}).Error; err != nil {
			return err
		}
		// The bot's clock on the connection's tickets was read at the old time: kept, a clock
		// set back would silence the bot (timeUseBotQueues) until real time caught up with it.
		return tx.Exec(`UPDATE ticket_trackings SET chatbot_at = NULL WHERE finished_at IS NULL AND chatbot_at IS NOT NULL
			AND ticket_id IN (SELECT id FROM tickets WHERE connection_id = ? AND company_id = ? AND status <> 'closed')`,
			c.ID, c.CompanyID).Error
	})
	s.Cache.Drop(id)
	saved, err := s.saved(ctx, "update", id, err)
	if err != nil {
		return Clock{}, err
	}
	return s.ClockOf(ctx, saved), nil
}
