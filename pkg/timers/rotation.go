package timers

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// Rotate hands the pending tickets of rotating queues to attendants (BEHAVIOUR §6 "Queue
// rotation"; the cron runs it every 2 minutes). Per queue with ativarRoteador:
//   - a pending ticket without an attendant goes to a random member of the queue who is
//     online and has profile "user", once its customer is done choosing among the
//     queue's options;
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
	// The probe first, so that a round with nothing to do reads no members.
	var ids atdb.Int64s
	var before atdb.Times
	for _, q := range queues {
		ids, before = append(ids, q.ID), append(before, idleBefore(now, q.TempoRoteador))
	}
	due, err := s.due(ctx, `SELECT q.id FROM unnest(?::bigint[], ?::timestamptz[]) AS q(id, before)
		WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.queue_id = q.id AND t.status = 'pending' AND t.user_id IS NULL
		  AND NOT `+choosing("t")+`)
		OR EXISTS (SELECT 1 FROM tickets t WHERE t.queue_id = q.id AND t.status = 'pending' AND t.user_id IS NOT NULL
		  AND t.updated_at < q.before)`, ids, before)
	if err != nil || len(due) == 0 {
		return 0, err
	}
	var dueIDs atdb.Int64s
	for id := range due {
		dueIDs = append(dueIDs, id)
	}
	var members []struct {
		QueueID, UserID int64
		Available       bool
	}
	if err := s.DB.WithContext(ctx).Raw(`SELECT uq.queue_id, u.id AS user_id, u.online AND u.profile = 'user' AS available
		FROM user_queues uq JOIN queues q ON q.id = uq.queue_id
		JOIN users u ON u.id = uq.user_id AND u.company_id = q.company_id
		WHERE uq.queue_id = ANY(?::bigint[]) ORDER BY uq.queue_id, u.id`, dueIDs).Scan(&members).Error; err != nil {
		return 0, err
	}
	staff := map[int64]*team{}
	for _, m := range members {
		if staff[m.QueueID] == nil {
			staff[m.QueueID] = &team{}
		}
		staff[m.QueueID].all = append(staff[m.QueueID].all, m.UserID)
		if m.Available {
			staff[m.QueueID].available = append(staff[m.QueueID].available, m.UserID)
		}
	}
	changed, until := 0, deadline()
	for _, q := range queues {
		tm := staff[q.ID]
		if !due[q.ID] || tm == nil || len(tm.available) == 0 {
			continue // nothing due, or nobody to give it to
		}
		give := handOver(tm.all, tm.available, now)
		n, err := s.sweep(ctx, until, q.CompanyID, "queue_id = ? AND status = 'pending' AND user_id IS NULL AND NOT "+choosing("tickets"),
			[]any{q.ID}, give)
		changed += n
		if err != nil {
			return changed, err
		}
		if q.TempoRoteador <= 0 {
			continue
		}
		// Only tickets someone else can take: their attendant is a member, and not the one
		// member available.
		idle := "queue_id = ? AND status = 'pending' AND user_id IS NOT NULL AND updated_at < ? AND user_id = ANY(?::bigint[])"
		args := []any{q.ID, idleBefore(now, q.TempoRoteador), atdb.Int64s(tm.all)}
		if len(tm.available) == 1 {
			idle, args = idle+" AND user_id <> ?", append(args, tm.available[0])
		}
		n, err = s.sweep(ctx, until, q.CompanyID, idle, args, give)
		changed += n
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// choosing is the SQL test, on the tickets row named tbl, of a customer still choosing
// among the queue's options (§2c: the root options shown, or a sub-menu): the options
// answer only while nobody holds the ticket, so an attendant drawn now would end them
// (the bot itself draws none for a queue with options). Rotation waits for the choice.
func choosing(tbl string) string {
	return fmt.Sprintf(`(EXISTS (SELECT 1 FROM chatbots c WHERE c.queue_id = %[1]s.queue_id AND c.parent_id IS NULL)
		AND (%[1]s.chatbot_option_id IS NULL OR EXISTS (SELECT 1 FROM chatbots s WHERE s.parent_id = %[1]s.chatbot_option_id)))`, tbl)
}

// team is a queue's members, and those a ticket may be given to (online, profile user).
type team struct{ all, available []int64 }

// idleBefore is the re-rotation cutoff: none (the zero time) without tempoRoteador.
func idleBefore(now time.Time, tempo int) time.Time {
	if tempo <= 0 {
		return time.Time{}
	}
	return minutes(now, tempo)
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
