package ticket

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/errs"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// CreateInput is POST /tickets: an attendant starts a conversation with a contact.
type CreateInput struct {
	ContactID  int64  `json:"contactId"`
	QueueID    *int64 `json:"queueId"`
	WhatsappID *int64 `json:"whatsappId"`
	UserID     *int64 `json:"userId"`
	Status     string `json:"status"`
}

// Create opens a ticket for the current user (BEHAVIOUR §2, agent-created): the queue is
// required; the connection is the one given, else the user's default, else the company's;
// a contact that already has an active ticket on that connection gets the owner conflict
// naming it. The ticket is open (group for a WhatsApp group) and owned by the current user.
func (s Service) Create(ctx context.Context, me user.User, in CreateInput) (Ticket, error) {
	v, err := s.viewer(ctx, me)
	if err != nil {
		return Ticket{}, err
	}
	if in.QueueID == nil {
		return Ticket{}, ErrQueueRequired
	}
	c, conn, err := s.createTargets(ctx, me, in)
	if err != nil {
		return Ticket{}, err
	}
	t := Ticket{CompanyID: c.CompanyID, ContactID: c.ID, ConnectionID: &conn.ID, QueueID: in.QueueID,
		UserID: &me.ID, Channel: conn.Channel, IsGroup: c.IsGroup}
	t.Status = acceptedStatus(t)
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		other, err := active(tx, c.CompanyID, c.ID, conn.ID)
		if err == nil {
			return conflictError(ctx, tx, other)
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&t).Error; err != nil {
			return err
		}
		if err := startTracking(tx, t, t.UserID); err != nil {
			return err
		}
		return WriteLog(ctx, tx, t.ID, LogCreate, t.UserID, t.QueueID)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		var other Ticket
		if other, err = active(s.DB.WithContext(ctx), c.CompanyID, c.ID, conn.ID); err == nil {
			err = conflictError(ctx, s.DB, other)
		}
	}
	if err != nil {
		return Ticket{}, err
	}
	return s.finish(ctx, v, t.ID, effects{})
}

// createTargets checks that contact, queue and connection are the company's.
func (s Service) createTargets(ctx context.Context, me user.User, in CreateInput) (contact.Contact, connection.Connection, error) {
	var c contact.Contact
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return c, connection.Connection{}, err
	}
	if err := q.Take(&c, in.ContactID).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return c, connection.Connection{}, ErrNoContact
	} else if err != nil {
		return c, connection.Connection{}, err
	}
	if err := must(ctx, s.DB, "queues", *in.QueueID, ErrNoQueue); err != nil {
		return c, connection.Connection{}, err
	}
	conns := connection.Store{DB: s.DB}
	if in.WhatsappID != nil {
		conn, err := conns.Get(ctx, *in.WhatsappID)
		return c, conn, err
	}
	if me.WhatsappID != nil {
		if conn, err := conns.Get(ctx, *me.WhatsappID); err == nil {
			return c, conn, nil
		}
	}
	conn, err := conns.Default(ctx)
	return c, conn, err
}

// Delete removes a ticket with its messages, notes and logs.
func (s Service) Delete(ctx context.Context, id int64) error {
	t, err := Get(ctx, s.DB, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", t.CompanyID).Delete(&Ticket{}, t.ID).Error; err != nil {
		return err
	}
	PublishDelete(ctx, s.Events, t)
	return nil
}

// CloseAllInput is POST /tickets/closeAll.
type CloseAllInput struct {
	Status           string `json:"status"`
	SelectedQueueIDs IDs    `json:"selectedQueueIds"`
}

// IDs reads a JSON list of ids given as numbers, strings or {"id": n} objects.
type IDs []int64

// UnmarshalJSON implements json.Unmarshaler.
func (l *IDs) UnmarshalJSON(b []byte) error {
	*l = ids(string(b))
	return nil
}

// CloseAll closes, without farewell, every ticket of the company with status in the
// selected queues (every queue, and none, when no queue is selected); it returns how many.
func (s Service) CloseAll(ctx context.Context, me user.User, in CloseAllInput) (int, error) {
	if !slices.Contains([]string{StatusPending, StatusOpen, StatusGroup, StatusLGPD, StatusNPS}, in.Status) {
		return 0, &errs.Error{Status: 400, Code: "ERR_VALIDATION", Message: "Status inválido",
			Fields: map[string]string{"status": "Status inválido"}}
	}
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return 0, err
	}
	w := where{}
	w.add("company_id = ? AND status = ?", companyID, in.Status)
	if len(in.SelectedQueueIDs) > 0 {
		w.add("queue_id IN ?", []int64(in.SelectedQueueIDs))
	}
	return s.closeWhere(ctx, w, &me.ID, in.Status)
}

// setClause writes fields as an UPDATE's assignments, in a fixed order, with their values.
func setClause(fields map[string]any) (string, []any) {
	cols := slices.Sorted(maps.Keys(fields))
	args := make([]any, len(cols))
	for i, c := range cols {
		cols[i], args[i] = c+" = ?", fields[c]
	}
	return strings.Join(cols, ", "), args
}

// closeWhere closes, without farewell, every ticket matching w in one statement (log,
// tracking and flow state included, as endEpisode and finishTracking do for one ticket, so
// that a ticket reopened later starts afresh), then announces them in chunks; by is who
// closed them (nil: the system), oldStatus the list they leave.
func (s Service) closeWhere(ctx context.Context, w where, by *int64, oldStatus string) (int, error) {
	set, args := setClause(endEpisode(&Ticket{}))
	args = append(append(args, w.args...), by, LogClosed)
	var closed []Ticket
	err := s.DB.WithContext(ctx).Raw(`WITH closed AS (
			UPDATE tickets SET `+set+`, updated_at = now() WHERE `+w.sql()+` RETURNING *),
		logs AS (INSERT INTO ticket_logs (company_id, ticket_id, user_id, queue_id, type)
			SELECT company_id, id, ?::bigint, queue_id, ? FROM closed),
		tracks AS (UPDATE ticket_trackings tt SET closed_at = now(), finished_at = now(), updated_at = now()
			FROM closed WHERE tt.ticket_id = closed.id AND tt.finished_at IS NULL),
		runs AS (UPDATE flow_runs r SET `+runStopped+`
			FROM closed WHERE r.ticket_id = closed.id AND r.status IN ('running','waiting') `+runEnded+`),
		stops AS (`+runStops("runs")+`)
		SELECT * FROM closed`, args...).Scan(&closed).Error
	if err != nil {
		return 0, err
	}
	for chunk := range slices.Chunk(closed, 200) {
		if err := Decorate(ctx, s.DB, chunk); err != nil {
			return len(closed), err
		}
		for _, t := range chunk {
			PublishUpdate(ctx, s.Events, t, oldStatus)
		}
	}
	return len(closed), nil
}
