package ticket

import (
	"context"
	"time"

	"gorm.io/gorm/clause"

	"atende/pkg/user"
)

// AddTag puts a tag (a kanban stage or a label) on a ticket (PUT /ticket-tags/{ticketId}/{tagId}).
func (s Service) AddTag(ctx context.Context, me user.User, ticketID, tagID int64) (Ticket, error) {
	t, v, err := s.visible(ctx, me, ticketID)
	if err != nil {
		return Ticket{}, err
	}
	if err := must(ctx, s.DB, "tags", tagID, ErrNoTag); err != nil {
		return Ticket{}, err
	}
	err = s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Table("ticket_tags").
		Create(map[string]any{"ticket_id": t.ID, "tag_id": tagID, "company_id": t.CompanyID}).Error
	if err != nil {
		return Ticket{}, err
	}
	return s.finish(ctx, v, t.ID, effects{oldStatus: t.Status})
}

// RemoveKanbanTags takes the ticket out of its kanban stage: its tags marked kanban are
// removed, other tags stay (DELETE /ticket-tags/{ticketId}).
func (s Service) RemoveKanbanTags(ctx context.Context, me user.User, ticketID int64) (Ticket, error) {
	t, v, err := s.visible(ctx, me, ticketID)
	if err != nil {
		return Ticket{}, err
	}
	err = s.DB.WithContext(ctx).Exec(`DELETE FROM ticket_tags tt USING tags g
		WHERE tt.ticket_id = ? AND tt.company_id = ? AND g.id = tt.tag_id AND g.kanban = 1`, t.ID, t.CompanyID).Error
	if err != nil {
		return Ticket{}, err
	}
	return s.finish(ctx, v, t.ID, effects{oldStatus: t.Status})
}

// LogEntry is one line of a ticket's log.
type LogEntry struct {
	ID        int64     `json:"id"`
	TicketID  int64     `json:"ticketId"`
	Type      string    `json:"type"`
	UserID    *int64    `json:"userId"`
	QueueID   *int64    `json:"queueId"`
	User      *UserRef  `json:"user" gorm:"-"`
	Queue     *QueueRef `json:"queue" gorm:"-"`
	CreatedAt time.Time `json:"createdAt"`
}

// Logs lists a ticket's log, oldest first (GET /tickets-log/{ticketId}).
func (s Service) Logs(ctx context.Context, me user.User, ticketID int64) ([]LogEntry, error) {
	t, _, err := s.visible(ctx, me, ticketID)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		LogEntry
		UserName  *string
		QueueName *string
		Color     *string
	}
	err = s.DB.WithContext(ctx).Table("ticket_logs l").
		Select("l.id, l.ticket_id, l.type, l.user_id, l.queue_id, l.created_at, u.name AS user_name, q.name AS queue_name, q.color").
		Joins("LEFT JOIN users u ON u.id = l.user_id").Joins("LEFT JOIN queues q ON q.id = l.queue_id").
		Where("l.ticket_id = ? AND l.company_id = ?", t.ID, t.CompanyID).Order("l.created_at, l.id").Scan(&rows).Error
	out := make([]LogEntry, len(rows))
	for i, r := range rows {
		out[i] = r.LogEntry
		if r.UserName != nil {
			out[i].User = &UserRef{ID: *r.UserID, Name: *r.UserName}
		}
		if r.QueueName != nil {
			out[i].Queue = &QueueRef{ID: *r.QueueID, Name: *r.QueueName, Color: *r.Color}
		}
	}
	return out, err
}
