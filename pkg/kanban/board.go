// Package kanban is the board of tickets by lane (spec/3 Kanban): lanes are the company's
// kanban tags plus a default lane for tickets without one; and the hook that hands new
// messages on cards to the lane timers of BEHAVIOUR §6 (hook.go, pkg/lanetimer).
package kanban

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/setting"
	"atende/pkg/tag"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/user"
)

// BoardLimit bounds the cards of one board: the newest first; hasMore says there are more
// (a narrower date range or queue filter shows them). More cards than this are not
// workable on one screen, and each costs the board's time (docs/bench.md).
const BoardLimit = 500

// Service reads the board.
type Service struct {
	DB *gorm.DB
}

// Card is one ticket on the board (spec/3 "Kanban ticket").
type Card struct {
	ID             int64      `json:"id"`
	UUID           string     `json:"uuid"`
	Status         string     `json:"status"`
	Contact        CardName   `json:"contact"`
	LastMessage    string     `json:"lastMessage"`
	UnreadMessages int        `json:"unreadMessages"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	Channel        string     `json:"channel"`
	Whatsapp       *CardName  `json:"whatsapp"`
	User           *CardName  `json:"user"`
	Tags           []LaneRef  `json:"tags"`
	QueueID        *int64     `json:"queueId"`
	UserID         *int64     `json:"userId"`
	WhatsappID     *int64     `json:"whatsappId"`
	CreatedAt      *time.Time `json:"createdAt,omitempty"`
}

// CardName is a name (and a contact's number).
type CardName struct {
	Name   string `json:"name"`
	Number string `json:"number,omitempty"`
}

// LaneRef is a card's kanban tag.
type LaneRef struct {
	ID int64 `json:"id"`
}

// Board is GET /ticket/kanban's answer.
type Board struct {
	Tickets []Card `json:"tickets"`
	HasMore bool   `json:"hasMore"`
}

// BoardFilter: queues (empty: the viewer's) and whole days of the company's time zone,
// by last update (a card shows the tickets worked on in the range).
type BoardFilter struct {
	QueueIDs  []int64
	StartDate string
	EndDate   string
}

// Lane is a kanban tag with how many tickets carry it (the TagsKanban table).
type Lane struct {
	tag.Tag
	TicketCount int64 `json:"ticketCount"`
}

// Lanes lists the company's kanban tags (GET /tag/kanban).
func (s Service) Lanes(ctx context.Context) ([]Lane, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	out := []Lane{}
	return out, q.Table("tags").Select("tags.*, (SELECT count(*) FROM ticket_tags tt WHERE tt.tag_id = tags.id) AS ticket_count").
		Where("kanban = 1").Order("lower(name), id").Scan(&out).Error
}

// Board returns the open and pending tickets me may see, newest first; with
// lgpdHideNumber enabled a profile user sees the contacts' numbers masked.
func (s Service) Board(ctx context.Context, me user.User, f BoardFilter) (Board, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Board{}, err
	}
	from, to, err := s.days(ctx, f)
	if err != nil {
		return Board{}, err
	}
	// The newest cards' ids first, then their rows and names for those cards only. The ids
	// come from the recency index alone (it includes status, queue, attendant and group),
	// so the closed tickets of the range are skipped without visiting a row; joined before
	// the limit, the planner (misjudging an attendant's scope) joined every active ticket
	// of the range to its contact and sorted them all (docs/bench.md).
	cards := s.DB.Table("tickets t").Select("t.id").
		Where("t.company_id = ? AND t.status IN ('open','pending') AND t.updated_at >= ? AND t.updated_at < ?",
			companyID, from, to)
	if cards, err = s.scope(ctx, cards, me, f.QueueIDs); err != nil {
		return Board{}, err
	}
	cards = cards.Order("t.updated_at DESC, t.id DESC").Limit(BoardLimit + 1)
	q := s.DB.WithContext(ctx).Table("tickets t").
		Select(`t.id, t.uuid, t.status, t.last_message, t.unread_messages, t.updated_at, t.channel,
			t.queue_id, t.user_id, t.connection_id, c.name AS contact_name, c.number AS contact_number,
			w.name AS whatsapp_name, u.name AS user_name`).
		Joins("JOIN (?) k ON k.id = t.id", cards).
		Joins("JOIN contacts c ON c.id = t.contact_id").
		Joins("LEFT JOIN connections w ON w.id = t.connection_id").
		Joins("LEFT JOIN users u ON u.id = t.user_id")
	var rows []struct {
		ID                            int64
		UUID                          string
		Status, LastMessage, Channel  string
		UnreadMessages                int
		UpdatedAt                     time.Time
		QueueID, UserID, ConnectionID *int64
		ContactName, ContactNumber    string
		WhatsappName, UserName        *string
	}
	if err := q.Order("t.updated_at DESC, t.id DESC").Scan(&rows).Error; err != nil {
		return Board{}, err
	}
	b := Board{Tickets: make([]Card, 0, len(rows))}
	if len(rows) > BoardLimit {
		rows, b.HasMore = rows[:BoardLimit], true
	}
	masked := !me.IsAdmin() && s.hideNumbers(ctx)
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		if masked {
			r.ContactNumber = ticket.MaskNumber(r.ContactNumber)
		}
		c := Card{ID: r.ID, UUID: r.UUID, Status: r.Status, LastMessage: r.LastMessage, Channel: r.Channel,
			UnreadMessages: r.UnreadMessages, UpdatedAt: r.UpdatedAt, QueueID: r.QueueID, UserID: r.UserID,
			WhatsappID: r.ConnectionID, Contact: CardName{Name: r.ContactName, Number: r.ContactNumber},
			Tags: []LaneRef{}}
		if r.WhatsappName != nil {
			c.Whatsapp = &CardName{Name: *r.WhatsappName}
		}
		if r.UserName != nil {
			c.User = &CardName{Name: *r.UserName}
		}
		b.Tickets = append(b.Tickets, c)
	}
	return b, s.attachLanes(ctx, b.Tickets, ids)
}

// hideNumbers reports whether the company hides contact numbers from profile users
// (lgpdHideNumber), who then see them masked on the board as in the ticket list.
func (s Service) hideNumbers(ctx context.Context) bool {
	return setting.Service{DB: s.DB}.Value(ctx, "lgpdHideNumber") == "enabled"
}

// attachLanes adds each card's kanban tags (one query for the board).
func (s Service) attachLanes(ctx context.Context, cards []Card, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	var links []struct{ TicketID, TagID int64 }
	if err := s.DB.WithContext(ctx).Raw(`SELECT tt.ticket_id, tt.tag_id FROM ticket_tags tt
		JOIN tags g ON g.id = tt.tag_id AND g.kanban = 1 WHERE tt.ticket_id IN ? ORDER BY tt.tag_id`, ids).
		Scan(&links).Error; err != nil {
		return err
	}
	at := make(map[int64]int, len(cards))
	for i, c := range cards {
		at[c.ID] = i
	}
	for _, l := range links {
		c := &cards[at[l.TicketID]]
		c.Tags = append(c.Tags, LaneRef{ID: l.TagID})
	}
	return nil
}

// scope keeps the tickets me may see (spec/1 §6): admins and allUserChat all of them;
// others their own and those of their queues (and without queue with allTicket); groups
// only with allowGroup.
func (s Service) scope(ctx context.Context, q *gorm.DB, me user.User, asked []int64) (*gorm.DB, error) {
	if me.IsAdmin() || me.On("allUserChat") {
		if len(asked) > 0 {
			q = q.Where("t.queue_id IN ?", asked)
		}
		return q, nil
	}
	mine, err := ticket.QueueIDs(ctx, s.DB, me)
	if err != nil {
		return nil, err
	}
	queues := []int64{0}
	for _, id := range mine {
		if len(asked) == 0 || slices.Contains(asked, id) {
			queues = append(queues, id)
		}
	}
	if !me.On("allowGroup") {
		q = q.Where("NOT t.is_group")
	}
	if me.On("allTicket") && len(asked) == 0 {
		return q.Where("(t.user_id = ? OR t.queue_id IN ? OR t.queue_id IS NULL)", me.ID, queues), nil
	}
	return q.Where("(t.user_id = ? OR t.queue_id IN ?)", me.ID, queues), nil
}

// days turns the filter's dates into [from, to) in the company's time zone; missing
// dates are today (spec/3: the board opens on today).
func (s Service) days(ctx context.Context, f BoardFilter) (time.Time, time.Time, error) {
	loc, err := company.TenantZone(ctx, s.DB)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	today := time.Now().In(loc).Format(time.DateOnly)
	day := func(s string) time.Time {
		if len(s) >= 10 {
			if d, err := time.ParseInLocation(time.DateOnly, s[:10], loc); err == nil {
				return d
			}
		}
		d, _ := time.ParseInLocation(time.DateOnly, today, loc)
		return d
	}
	from, to := day(f.StartDate), day(f.EndDate)
	if to.Before(from) {
		from, to = to, from
	}
	return from, to.AddDate(0, 0, 1), nil
}
