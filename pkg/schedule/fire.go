package schedule

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/channel"
	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// Lease is how long one sender holds a send; a worker that died holding it is replaced
// after that (longer than the fire task's timeout).
const Lease = 2 * time.Minute

// RawBase offsets the channel's idempotency key (channel.Outgoing.MessageID) of a send not
// stored in a ticket: -(RawBase + send id), far from every message id and from 0.
const RawBase = int64(1) << 50

// Send is one send of a schedule: (schedule, occurrence) is its idempotency key.
type Send struct {
	ID         int64
	CompanyID  int64
	ScheduleID int64
	Occurrence int
	SendAt     time.Time
	TicketID   *int64
	MessageID  *int64
	ProviderID string
	LeaseUntil *time.Time
	SentAt     *time.Time
	Error      string
	CreatedAt  time.Time
}

// TableName is the sends table.
func (Send) TableName() string { return "schedule_sends" }

// failure is a send that can't be made, whatever the retries (no connection, a closed
// window): the schedule ends in ERRO with its text.
type failure struct{ msg string }

func (f failure) Error() string { return f.msg }

func permanent(err error) bool {
	var f failure
	return errors.As(err, &f) || channel.Final(err)
}

// claimed is a send this worker holds.
type claimed struct {
	sc      Schedule
	send    Send
	conn    connection.Connection
	contact contact.Contact
	fresh   []message.Message // written now: announced once committed
	ticket  ticket.Ticket
}

var lockRow = clause.Locking{Strength: "UPDATE"}

// Fire makes the send p names when the schedule still plans it (a task of an edited,
// deleted or already sent schedule ends here), then plans the next one. final is the
// task's last attempt: a failure then leaves the schedule in ERRO. What can't even be
// recorded then (the database is down) fails the task, which asynq archives; the
// reconciler replaces it once the schedule is overdue (Requeue).
func (s Service) Fire(ctx context.Context, p tasks.ScheduleFire, final bool) error {
	ctx = tenant.With(ctx, p.CompanyID)
	c, err := s.claim(ctx, p)
	if err != nil && final && s.abandon(ctx, p, err) == nil {
		return nil
	}
	if err != nil || c == nil {
		return err
	}
	s.announce(ctx, c)
	providerID, sendErr := s.deliver(ctx, c, final)
	return s.settle(ctx, c, providerID, sendErr, final)
}

// claim takes the send under the schedule's row lock: the send row is created once (with
// the ticket's message when openTicket), and leased, so a second task for the same send
// finds it done or held and does nothing.
func (s Service) claim(ctx context.Context, p tasks.ScheduleFire) (*claimed, error) {
	var c *claimed
	var failed *Schedule
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sc Schedule
		err := tx.Clauses(lockRow).Where("company_id = ?", p.CompanyID).Take(&sc, p.ScheduleID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if !sc.waiting() || sc.SendsDone+1 != p.Occurrence || !sc.SendAt.Equal(p.SendAt) {
			return nil // not the plan any more
		}
		now := s.now()
		cl := &claimed{sc: sc}
		err = tx.Where("schedule_id = ? AND occurrence = ?", sc.ID, p.Occurrence).Take(&cl.send).Error
		switch {
		case err == nil && (cl.send.SentAt != nil || (cl.send.LeaseUntil != nil && cl.send.LeaseUntil.After(now))):
			return nil // made, or being made by another worker
		case errors.Is(err, gorm.ErrRecordNotFound):
			cl.send = Send{CompanyID: sc.CompanyID, ScheduleID: sc.ID, Occurrence: p.Occurrence, SendAt: sc.SendAt}
		case err != nil:
			return err
		}
		rewrite := cl.send.ID == 0
		if cl.send.MessageID != nil {
			// The message written by an earlier try is gone with its ticket (deleted while
			// the send waited for its retry): written again, in a ticket found or opened anew.
			var kept int64
			if err := tx.Table("messages").Where("id = ?", *cl.send.MessageID).Count(&kept).Error; err != nil {
				return err
			}
			if kept == 0 {
				cl.send.MessageID, cl.send.TicketID, rewrite = nil, nil, true
			}
		}
		if err := s.target(ctx, tx, cl); err != nil {
			if !permanent(err) {
				return err
			}
			failed = &sc
			return markError(tx, &sc, err.Error(), now)
		}
		if rewrite && bool(sc.OpenTicket) {
			if err := s.write(ctx, tx, cl); err != nil {
				return err
			}
		}
		lease := now.Add(Lease)
		cl.send.LeaseUntil = &lease
		if err := tx.Save(&cl.send).Error; err != nil {
			return err
		}
		cl.sc.Status = StatusSending
		c = cl
		return tx.Model(&Schedule{}).Where("id = ?", sc.ID).Updates(map[string]any{"status": StatusSending, "updated_at": now}).Error
	})
	if err == nil && failed != nil {
		_, _ = s.saved(ctx, "update", *failed)
	}
	return c, err
}

// errUnsettled is a send a last try could not settle though its message went out: the
// reconciler's task settles it.
var errUnsettled = errors.New("schedule: send made but not recorded")

// abandon ends in ERRO, on the task's last try, a send whose claim failed (cause): its
// message written by an earlier try, if any, is failed so that nothing sends it later. nil
// means nothing is left for the task: ERRO recorded, the schedule no longer planning this
// send, or another task holding it. A message an earlier try delivered is not failed: the
// send is left to the reconciler, which settles it without sending it again.
func (s Service) abandon(ctx context.Context, p tasks.ScheduleFire, cause error) error {
	var failed *Schedule
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sc Schedule
		err := tx.Clauses(lockRow).Where("company_id = ?", p.CompanyID).Take(&sc, p.ScheduleID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if !sc.waiting() || sc.SendsDone+1 != p.Occurrence || !sc.SendAt.Equal(p.SendAt) {
			return nil
		}
		now := s.now()
		var send Send
		err = tx.Where("schedule_id = ? AND occurrence = ?", sc.ID, p.Occurrence).Take(&send).Error
		switch {
		case errors.Is(err, gorm.ErrRecordNotFound):
		case err != nil:
			return err
		case send.SentAt != nil || (send.LeaseUntil != nil && send.LeaseUntil.After(now)):
			return nil // made, or being made by another task
		case send.MessageID != nil:
			var delivered bool
			if err := tx.Raw(`SELECT EXISTS (SELECT 1 FROM messages WHERE id = ? AND ack >= ?)`, *send.MessageID, message.AckSent).
				Scan(&delivered).Error; err != nil {
				return err
			}
			if delivered {
				return errUnsettled
			}
		}
		msg := cause.Error()
		if err := failUnsent(tx, sc.ID, msg); err != nil {
			return err
		}
		failed = &sc
		return markError(tx, &sc, msg, now)
	})
	if err != nil {
		return err
	}
	if failed != nil {
		slog.WarnContext(ctx, "schedule: send failed", "schedule_id", p.ScheduleID, "err", cause)
		_, _ = s.saved(ctx, "update", *failed)
	}
	return nil
}

// target finds the contact and the connection: the schedule's, else the contact's, else
// the company's default (BEHAVIOUR §8, without chatia's crash when there is none).
func (s Service) target(ctx context.Context, tx *gorm.DB, c *claimed) error {
	var err error
	if c.contact, err = tenant.Get[contact.Contact](ctx, tx, c.sc.ContactID, failure{"O contato não existe mais."}); err != nil {
		return err
	}
	conns := connection.Store{DB: tx}
	for _, id := range []*int64{c.sc.ConnectionID, c.contact.ConnectionID} {
		if id != nil {
			if c.conn, err = conns.Get(ctx, *id); err == nil {
				return nil
			}
		}
	}
	if c.conn, err = conns.Default(ctx); errors.Is(err, connection.ErrNotFound) || errors.Is(err, gorm.ErrRecordNotFound) {
		return failure{"Nenhuma conexão disponível para enviar o agendamento."}
	}
	return err
}

// write stores the message in the contact's ticket (found or opened with the schedule's
// status, queue and user), rendered with the ticket's variables and signed when assinar.
func (s Service) write(ctx context.Context, tx *gorm.DB, c *claimed) error {
	t, _, err := ticket.ForSchedule(ctx, tx, c.contact, c.conn, c.sc.StatusTicket, c.sc.QueueID, c.sc.TicketUserID)
	if err != nil {
		return err
	}
	if c.ticket, err = ticket.Get(ctx, tx, t.ID); err != nil {
		return err
	}
	v, err := ticket.Variables(ctx, tx, c.ticket)
	if err != nil {
		return err
	}
	creator := ""
	if c.sc.UserID != nil {
		tx.Table("users").Select("name").Where("id = ?", *c.sc.UserID).Scan(&creator)
	}
	if v.UserName == "" {
		v.UserName = creator
	}
	body := vars.Render(c.sc.Body, v)
	if c.sc.Assinar && creator != "" {
		body = "*" + creator + ":*\n" + body
	}
	d := message.Draft{Body: body}
	if c.sc.MediaPath != "" {
		d.MediaPath, d.MediaName, d.MediaType = c.sc.MediaPath, c.sc.MediaName, message.TypeImage
	}
	if c.fresh, err = message.Write(ctx, tx, c.ticket, c.sc.UserID, d); err != nil {
		return err
	}
	c.send.TicketID, c.send.MessageID = &t.ID, &c.fresh[0].ID
	return tx.Model(&Schedule{}).Where("id = ?", c.sc.ID).Update("ticket_id", t.ID).Error
}

// announce shows the message written in the ticket (at ack 0, like an attendant's).
func (s Service) announce(ctx context.Context, c *claimed) {
	if len(c.fresh) == 0 || s.Events == nil {
		return
	}
	t, err := ticket.Get(ctx, s.DB, c.ticket.ID)
	if err != nil {
		return
	}
	if message.Decorate(ctx, s.DB, s.Delivery.Media, c.fresh) == nil {
		for _, m := range c.fresh {
			message.Publish(ctx, s.Events, "create", m, t)
		}
	}
	ticket.PublishUpdate(ctx, s.Events, t, "")
}

// deliver sends: the ticket's message through the message delivery (idempotent by message
// id), or the raw body straight to the channel with the send's own idempotency key.
func (s Service) deliver(ctx context.Context, c *claimed, final bool) (string, error) {
	if c.send.MessageID != nil {
		if err := s.Delivery.Send(ctx, c.sc.CompanyID, *c.send.MessageID, final); err != nil {
			return "", err
		}
		var m struct {
			ProviderID *string
			Ack        int
			SendError  string
		}
		res := s.DB.WithContext(ctx).Table("messages").Select("provider_id, ack, send_error").Where("id = ?", *c.send.MessageID).Scan(&m)
		switch {
		case res.Error != nil:
			return "", res.Error
		case res.RowsAffected == 0:
			return "", failure{"A mensagem foi apagada antes do envio."}
		case m.ProviderID != nil && m.Ack >= message.AckSent:
			return *m.ProviderID, nil
		case m.Ack == message.AckFailed:
			return "", failure{m.SendError}
		}
		return "", errors.New("schedule: message not delivered yet")
	}
	open, err := message.WindowOpen(ctx, s.DB, c.sc.CompanyID, c.conn.ID, c.contact.ID, c.conn.Channel)
	if err != nil {
		return "", err
	}
	if !open {
		return "", failure{message.ErrOutsideWindow.Message}
	}
	ch, err := s.Channels.For(c.conn)
	if err != nil {
		return "", failure{err.Error()}
	}
	out := channel.Outgoing{MessageID: -(RawBase + c.send.ID), To: c.contact.Number, IsGroup: c.contact.IsGroup,
		Kind: channel.KindText, Body: c.sc.Body}
	if c.sc.MediaPath != "" {
		out.Kind, out.MediaPath, out.MediaName, out.MediaType = channel.KindMedia, c.sc.MediaPath, c.sc.MediaName, message.TypeImage
	}
	sent, err := ch.Send(ctx, c.conn, out)
	return sent.ProviderID, err
}

// settle records the outcome: a send made advances the schedule to its next repetition
// (PENDENTE, new sendAt) or ends it (ENVIADA); a failure that retries can't fix, or the
// last attempt's, ends it in ERRO; any other failure releases the lease and is retried.
func (s Service) settle(ctx context.Context, c *claimed, providerID string, sendErr error, final bool) error {
	var elsewhere *channel.ElsewhereError
	handoff := errors.As(sendErr, &elsewhere)
	terminal := sendErr != nil && !handoff && (final || permanent(sendErr))
	var after *Schedule
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sc Schedule
		err := tx.Clauses(lockRow).Where("company_id = ?", c.sc.CompanyID).Take(&sc, c.sc.ID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil // deleted meanwhile
		}
		if err != nil {
			return err
		}
		now := s.now()
		set := map[string]any{"lease_until": nil, "error": ""}
		switch {
		case sendErr == nil:
			set["sent_at"], set["provider_id"] = now, providerID
		default:
			set["error"] = sendErr.Error()
		}
		if err := tx.Model(&Send{}).Where("id = ?", c.send.ID).Updates(set).Error; err != nil {
			return err
		}
		if sc.SendsDone+1 != c.send.Occurrence {
			return nil
		}
		switch {
		case sendErr == nil:
			loc := time.UTC // a schedule that repeats reads its company's zone
			if sc.ValorIntervalo > 0 {
				if loc, err = company.TenantZone(ctx, tx); err != nil {
					return err
				}
			}
			advance(&sc, loc, now)
		case terminal:
			return s.fail(tx, &sc, sendErr.Error(), now, &after)
		default:
			return nil // retried: the schedule stays AGENDADA
		}
		after = &sc
		return tx.Model(&sc).Select("status", "send_at", "sent_at", "step", "sends_done", "error", "updated_at").Updates(&sc).Error
	})
	if err != nil {
		return err
	}
	if after != nil {
		s.plan(ctx, *after)
		_, _ = s.saved(ctx, "update", *after)
	}
	if sendErr != nil && !terminal {
		return sendErr // asynq retries, or hands the task to the session's owner
	}
	if terminal {
		slog.WarnContext(ctx, "schedule: send failed", "schedule_id", c.sc.ID, "err", sendErr)
	}
	return nil
}

func (s Service) fail(tx *gorm.DB, sc *Schedule, msg string, now time.Time, after **Schedule) error {
	*after = sc
	return markError(tx, sc, msg, now)
}

func markError(tx *gorm.DB, sc *Schedule, msg string, now time.Time) error {
	if msg == "" {
		msg = "Falha no envio."
	}
	sc.Status, sc.Error, sc.UpdatedAt = StatusError, msg, now
	return tx.Model(sc).Select("status", "error", "updated_at").Updates(sc).Error
}

// advance counts a send made at now and plans the next repetition, or ends the schedule.
func advance(sc *Schedule, loc *time.Location, now time.Time) {
	sc.SendsDone++
	sc.Error, sc.UpdatedAt = "", now
	if at, k, ok := sc.Rule().Next(sc.BaseAt, sc.SendAt, sc.Step, sc.SendsDone, loc); ok {
		sc.Status, sc.SendAt, sc.Step = StatusPending, at, k
		return
	}
	sc.Status, sc.SentAt = StatusSent, &now
}

// SentRaw reports whether providerID is a schedule's message sent without a ticket (not
// stored): the channel's receipts about it have no message to update.
func SentRaw(tx *gorm.DB, companyID int64, providerID string) bool {
	var found bool
	tx.Raw(`SELECT EXISTS (SELECT 1 FROM schedule_sends WHERE company_id = ? AND provider_id = ? AND provider_id <> '')`,
		companyID, providerID).Scan(&found)
	return found
}

// dropUnsent forgets the sends of a schedule not made yet (an edit plans again, a delete
// ends it): a message already written for one of them is marked failed, so that nothing
// sends it later (the message reconciler would). The sends made stay: the edit keeps
// counting from them (contadorEnvio), and their provider ids name them (SentRaw).
func dropUnsent(tx *gorm.DB, scheduleID int64, why string) error {
	if err := failUnsent(tx, scheduleID, why); err != nil {
		return err
	}
	return tx.Where("schedule_id = ? AND sent_at IS NULL", scheduleID).Delete(&Send{}).Error
}

// failUnsent marks failed (why) the messages written for sends of a schedule not made yet.
func failUnsent(tx *gorm.DB, scheduleID int64, why string) error {
	return tx.Exec(`UPDATE messages SET ack = ?, send_error = ?, updated_at = now() WHERE id IN
		(SELECT message_id FROM schedule_sends WHERE schedule_id = ? AND sent_at IS NULL AND message_id IS NOT NULL)
		AND ack = ?`, message.AckFailed, why, scheduleID, message.AckPending).Error
}

// Stranded lists the sends a lost queue would leave undone: waiting schedules due for
// longer than grace (at most 5,000, oldest first). Enqueuing them again is a no-op while
// their task is still live (TaskID).
func Stranded(ctx context.Context, db *gorm.DB, grace time.Duration, now time.Time) ([]tasks.ScheduleFire, error) {
	var rows []Schedule
	err := db.WithContext(ctx).Select("id, company_id, send_at, sends_done").
		Where("status IN ('PENDENTE', 'AGENDADA') AND send_at <= ?", now.Add(-grace)). // schedules_due_idx
		Order("send_at").Limit(5000).Find(&rows).Error
	out := make([]tasks.ScheduleFire, len(rows))
	for i, sc := range rows {
		out[i] = sc.fire()
	}
	return out, err
}

// Requeue enqueues the stranded sends (the reconciler's pass). A send whose task is still
// queued, scheduled, retrying or running keeps it (same TaskID: never two tasks for one
// send). One whose task was archived, its retries spent on failures that left the schedule
// waiting (the database down through them), would keep that TaskID taken while the schedule
// never sends nor fails: the archived task is deleted, through redis, and the send queued
// again, with retries of its own; the send row and its lease keep it from sending twice.
// redis nil leaves archived tasks as they are.
func Requeue(ctx context.Context, db *gorm.DB, q tasks.Enqueuer, redis asynq.RedisConnOpt, grace time.Duration) error {
	due, err := Stranded(ctx, db, grace, time.Now())
	if err != nil {
		return err
	}
	var in *asynq.Inspector // opened at the first conflict: most passes have none
	defer func() {
		if in != nil {
			_ = in.Close()
		}
	}()
	for _, p := range due {
		t, err := tasks.NewScheduleFire(p)
		if err != nil {
			return fmt.Errorf("schedule: requeue %d: %w", p.ScheduleID, err)
		}
		_, err = q.EnqueueContext(ctx, t)
		if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
			if redis == nil {
				continue
			}
			if in == nil {
				in = asynq.NewInspector(redis)
			}
			if err := replaceDead(ctx, in, q, t, tasks.ScheduleFireID(p)); err != nil {
				slog.WarnContext(ctx, "schedule: archived task not replaced", "schedule_id", p.ScheduleID, "err", err)
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("schedule: requeue %d: %w", p.ScheduleID, err)
		}
	}
	return nil
}

// replaceDead enqueues t again when its TaskID id is held by a task that will not run any
// more (archived, or completed and retained); a live one is left alone.
func replaceDead(ctx context.Context, in *asynq.Inspector, q tasks.Enqueuer, t *asynq.Task, id string) error {
	info, err := in.GetTaskInfo(tasks.QueueDefault, id)
	switch {
	case errors.Is(err, asynq.ErrTaskNotFound):
		return tasks.Enqueue(ctx, q, t) // it ended meanwhile
	case err != nil:
		return err
	case info.State != asynq.TaskStateArchived && info.State != asynq.TaskStateCompleted:
		return nil
	}
	if err := in.DeleteTask(tasks.QueueDefault, id); err != nil && !errors.Is(err, asynq.ErrTaskNotFound) {
		return err
	}
	return tasks.Enqueue(ctx, q, t)
}
