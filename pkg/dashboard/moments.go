package dashboard

import (
	"context"
	"time"

	"atende/pkg/tenant"
)

// MomentsWindow is how far back the real-time panel looks (spec/1 §9: the last 30 days).
const MomentsWindow = 30 * 24 * time.Hour

// MomentTicket is one ticket card line of the panel. The contact's number is left out: the
// panel shows names, and a masked-number rule would otherwise apply per viewer.
type MomentTicket struct {
	ID             int64     `json:"id"`
	UUID           string    `json:"uuid"`
	Status         string    `json:"status"`
	UserID         *int64    `json:"userId"`
	QueueID        *int64    `json:"queueId"`
	QueueName      string    `json:"queueName"`
	QueueColor     string    `json:"queueColor"`
	ContactName    string    `json:"contactName"`
	ContactPicture string    `json:"contactPicture"`
	LastMessage    string    `json:"lastMessage"`
	UnreadMessages int       `json:"unreadMessages"`
	Channel        string    `json:"channel"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// MomentUser is an attendant holding tickets on the panel.
type MomentUser struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Online bool   `json:"online"`
}

// Moments is the panel: the attendants with tickets and every ticket (those without an
// attendant go to the Pendentes card).
type Moments struct {
	Users   []MomentUser   `json:"users"`
	Tickets []MomentTicket `json:"tickets"`
}

// MomentsFilter narrows the panel: statuses (default open and pending) and queues.
type MomentsFilter struct {
	Statuses []string
	QueueIDs []int64
}

// Moments lists the company's open and pending tickets touched in the last 30 days, newest
// first, with the attendants holding them.
func (s Service) Moments(ctx context.Context, f MomentsFilter, now time.Time) (Moments, error) {
	co, err := tenant.CompanyID(ctx)
	if err != nil {
		return Moments{}, err
	}
	statuses := []string{}
	for _, st := range f.Statuses {
		if st == "open" || st == "pending" {
			statuses = append(statuses, st)
		}
	}
	if len(statuses) == 0 {
		statuses = []string{"open", "pending"}
	}
	a := map[string]any{"co": co, "since": now.Add(-MomentsWindow), "statuses": statuses}
	where := `t.company_id = @co AND t.status IN @statuses AND t.updated_at >= @since`
	if len(f.QueueIDs) > 0 {
		where += ` AND t.queue_id IN @queues`
		a["queues"] = f.QueueIDs
	}
	m := Moments{Users: []MomentUser{}, Tickets: []MomentTicket{}}
	db := s.DB.WithContext(ctx)
	if err := db.Raw(`SELECT t.id, t.uuid, t.status, t.user_id, t.queue_id, coalesce(q.name, '') AS queue_name,
			coalesce(q.color, '') AS queue_color, c.name AS contact_name, c.url_picture AS contact_picture,
			t.last_message, t.unread_messages, t.channel, t.updated_at
		FROM tickets t JOIN contacts c ON c.id = t.contact_id LEFT JOIN queues q ON q.id = t.queue_id
		WHERE `+where+` ORDER BY t.updated_at DESC, t.id DESC`, a).Scan(&m.Tickets).Error; err != nil {
		return m, err
	}
	ids := []int64{}
	seen := map[int64]bool{}
	for _, t := range m.Tickets {
		if t.UserID != nil && !seen[*t.UserID] {
			seen[*t.UserID] = true
			ids = append(ids, *t.UserID)
		}
	}
	if len(ids) > 0 {
		if err := db.Raw(`SELECT id, name, online FROM users WHERE company_id = ? AND id IN ? ORDER BY lower(name), id`,
			co, ids).Scan(&m.Users).Error; err != nil {
			return m, err
		}
	}
	return m, nil
}
