package ticket

import (
	"context"

	"atende/pkg/user"
)

// Show returns a ticket me may see (GET /tickets/{id}).
func (s Service) Show(ctx context.Context, me user.User, id int64) (Ticket, error) {
	t, v, err := s.visible(ctx, me, id)
	if err != nil {
		return Ticket{}, err
	}
	return s.presentOne(ctx, v, t), nil
}

// Open returns the ticket with uuid for its conversation page (GET /tickets/u/{uuid}) and
// records that me accessed it: one "access" entry per opening, not repeated while the
// user's access is already the ticket's latest entry.
func (s Service) Open(ctx context.Context, me user.User, uuid string) (Ticket, error) {
	t, v, err := s.visibleBy(ctx, me, func() (Ticket, error) { return GetByUUID(ctx, s.DB, uuid) })
	if err != nil {
		return Ticket{}, err
	}
	err = s.DB.WithContext(ctx).Exec(`INSERT INTO ticket_logs (company_id, ticket_id, user_id, queue_id, type)
		SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (
			SELECT 1 FROM (SELECT type, user_id FROM ticket_logs WHERE ticket_id = ? ORDER BY created_at DESC, id DESC LIMIT 1) last
			WHERE last.type = ? AND last.user_id = ?)`,
		t.CompanyID, t.ID, me.ID, t.QueueID, LogAccess, t.ID, LogAccess, me.ID).Error
	if err != nil {
		return Ticket{}, err
	}
	return s.presentOne(ctx, v, t), nil
}

func (s Service) presentOne(ctx context.Context, v viewer, t Ticket) Ticket {
	list := []Ticket{t}
	s.present(ctx, v, list)
	return list[0]
}
