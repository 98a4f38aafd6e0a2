package timers

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/message"
	"atende/pkg/ticket"
)

// Rotate hands the pending tickets of rotating queues to attendants (BEHAVIOUR §6 "Queue
// rotation"; the cron runs it every 2 minutes). Per queue with ativarRoteador:
//   - a pending ticket without an attendant goes to a random member of the queue who is
//     online and has profile "user";
//   - a pending ticket whose attendant is a member of the queue and that has been idle for
//     more than tempoRoteador minutes (tempoRoteador > 0) goes to a random other such
//     member;
//
// when there is nobody to give it to, it waits for the next round. The ticket stays
// pending (the attendant still accepts it) and its idle clock restarts at the handover.
func (s Service) Rotate(ctx context.Context, now time.Time) (int, error) {
	var queues []struct {
		ID, CompanyID int64
		TempoRoteador int
	}
	if err := s.DB.WithContext(ctx).Raw(`SELECT id, company_id, tempo_roteador FROM queues WHERE ativar_roteador ORDER BY id`).
		Scan(&queues).Error; err != nil || len(queues) == 0 {
		return 0, err
	}
	ids := make([]int64, len(queues))
	for i, q := range queues {
		ids[i] = q.ID
	}
	var members []struct {
		QueueID, UserID int64
		Available       bool
	}
	if err := s.DB.WithContext(ctx).Raw(`SELECT uq.queue_id, u.id AS user_id, u.online AND u.profile = 'user' AS available
		FROM user_queues uq JOIN queues q ON q.id = uq.queue_id
		JOIN users u ON u.id = uq.user_id AND u.company_id = q.company_id
		WHERE uq.queue_id IN ? ORDER BY uq.queue_id, u.id`, ids).Scan(&members).Error; err != nil {
		return 0, err
	}
	changed, until := 0, deadline()
	for _, q := range queues {
		var all, available []int64
		for _, m := range members {
			if m.QueueID == q.ID {
				all = append(all, m.UserID)
				if m.Available {
					available = append(available, m.UserID)
				}
			}
		}
		if len(available) == 0 {
			continue
		}
		n, err := s.sweep(ctx, until, q.CompanyID, "queue_id = ? AND status = 'pending' AND user_id IS NULL",
			[]any{q.ID}, handOver(all, available, now))
		changed += n
		if err != nil {
			return changed, err
		}
		if q.TempoRoteador <= 0 {
			continue
		}
		n, err = s.sweep(ctx, until, q.CompanyID, "queue_id = ? AND status = 'pending' AND user_id IS NOT NULL AND updated_at < ?",
			[]any{q.ID, minutes(now, q.TempoRoteador)}, handOver(all, available, now))
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// handOver gives a ticket to a random available member other than its attendant; a ticket
// whose attendant is not a member of the queue stays with them.
func handOver(members, available []int64, now time.Time) step {
	return func(ctx context.Context, tx *gorm.DB, t *ticket.Ticket) ([]message.Message, error) {
		from := t.UserID
		if from != nil && !slices.Contains(members, *from) {
			return nil, errSkip
		}
		others := slices.DeleteFunc(slices.Clone(available), func(id int64) bool { return from != nil && id == *from })
		if len(others) == 0 {
			return nil, errSkip
		}
		return nil, ticket.Rotate(ctx, tx, t, from, others[rand.IntN(len(others))], now)
	}
}
