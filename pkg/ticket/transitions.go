package ticket

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/errs"
)

// accept: pending → open (group for a WhatsApp group) for the current user. A ticket
// another attendant already took answers the owner conflict; one the user already holds
// is returned as it is. From a pending ticket the accept greeting is sent when enabled.
func (s Service) accept(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput, fx *effects) error {
	switch t.Status {
	case StatusOpen, StatusGroup:
		if t.UserID != nil && *t.UserID != v.ID {
			return conflictError(ctx, tx, t)
		}
		if t.UserID != nil {
			return nil
		}
	case StatusPending:
	default:
		return ErrBadTransition
	}
	if err := s.assign(ctx, tx, v, &t, in.QueueID, LogOpen); err != nil {
		return err
	}
	if fx.oldStatus == StatusPending {
		fx.texts = append(fx.texts, acceptGreeting(ctx, tx, t, s.Settings))
	}
	return nil
}

// reopen: closed → open for the current user, unless the contact already has another
// active ticket on the connection (that one is named in the owner conflict).
func (s Service) reopen(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput) error {
	if t.ConnectionID != nil {
		other, err := active(tx, t.CompanyID, t.ContactID, *t.ConnectionID)
		if err == nil {
			return conflictError(ctx, tx, other)
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
	}
	return s.assign(ctx, tx, v, &t, in.QueueID, LogReopen)
}

// assign gives t to the current user (accept and reopen): status, user, queue, tracking
// start and the log entry.
func (s Service) assign(ctx context.Context, tx *gorm.DB, v viewer, t *Ticket, queueID *int64, logType string) error {
	return assignTo(ctx, tx, t, v.ID, queueID, logType)
}

// assignTo gives t to userID: status, user, queue, tracking start and the log entry.
func assignTo(ctx context.Context, tx *gorm.DB, t *Ticket, userID int64, queueID *int64, logType string) error {
	t.Status, t.UserID = acceptedStatus(*t), &userID
	if queueID != nil {
		t.QueueID = queueID
	}
	err := save(tx, t.ID, map[string]any{"status": t.Status, "user_id": userID, "queue_id": t.QueueID, "is_bot": false})
	if err != nil {
		return err
	}
	if err := startTracking(tx, *t, t.UserID); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, logType, t.UserID, t.QueueID)
}

// acceptedStatus: a WhatsApp group goes to the group tab, anything else is open.
func acceptedStatus(t Ticket) string {
	if t.IsGroup && t.Channel == connection.ChannelWhatsApp {
		return StatusGroup
	}
	return StatusOpen
}

// toPending: open/group → pending without attendant (return to queue); on a pending
// ticket it only changes the queue.
func (s Service) toPending(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput) error {
	switch t.Status {
	case StatusPending:
		return s.edit(ctx, tx, v, t, in)
	case StatusOpen, StatusGroup:
	default:
		return ErrBadTransition
	}
	t.Status, t.UserID = StatusPending, nil
	if in.QueueID != nil {
		t.QueueID = in.QueueID
	}
	if err := save(tx, t.ID, map[string]any{"status": t.Status, "user_id": nil, "queue_id": t.QueueID}); err != nil {
		return err
	}
	if err := unstartTracking(tx, t); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogPending, &v.ID, t.QueueID)
}

// close: resolve (open/group, farewell unless refused), close or ignore a waiting ticket
// (pending/lgpd/nps: only those mayCloseWaiting lets).
func (s Service) close(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput, fx *effects) error {
	switch t.Status {
	case StatusClosed:
		return nil
	case StatusPending, StatusLGPD, StatusNPS:
		if !v.mayCloseWaiting(t.Status) {
			return errs.ErrNoPermission
		}
	default:
		if err := s.checkRequiredTag(ctx, tx, t); err != nil {
			return err
		}
		if t.UserID == nil {
			t.UserID = &v.ID
		}
	}
	return s.closeNow(ctx, tx, v, t, in, fx)
}

// closeNow closes t whatever its status, once the caller has checked it may. A close that
// allows the farewell asks for the rating first when it applies (BEHAVIOUR §3, decided in
// one place with the system's closes: ratingApplies): the ticket then waits in nps with the
// rating message sent. Otherwise it closes: tracking finished, log "closed", the farewell
// when the rules allow it.
func (s Service) closeNow(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput, fx *effects) error {
	conn := s.conn(ctx, tx, t)
	allowsFarewell := in.SendFarewellMessage == nil || *in.SendFarewellMessage
	if allowsFarewell {
		rates, err := ratingApplies(ctx, tx, t, conn, s.Settings)
		if err != nil {
			return err
		}
		if rates {
			return s.askRatingNow(ctx, tx, t, conn, fx)
		}
	}
	closed := t // t stays as it was: the farewell's rules read its status
	fields := endEpisode(&closed)
	fields["user_id"] = t.UserID
	if in.AmountUsedBotQueues != nil {
		fields["amount_used_bot_queues"] = *in.AmountUsedBotQueues
	}
	if err := save(tx, t.ID, fields); err != nil {
		return err
	}
	if err := finishTracking(tx, t); err != nil {
		return err
	}
	if err := WriteLog(ctx, tx, t.ID, LogClosed, t.UserID, t.QueueID); err != nil {
		return err
	}
	if !allowsFarewell {
		return nil
	}
	text, err := s.farewell(ctx, tx, v, t, conn)
	if text != "" {
		fx.texts = append(fx.texts, text)
	}
	return err
}

// askRatingNow is an attendant's close that asks for the rating: the ticket, now held by
// the attendant who served it, waits in nps and the connection's rating message goes out.
func (s Service) askRatingNow(ctx context.Context, tx *gorm.DB, t Ticket, conn connection.Connection, fx *effects) error {
	if err := askRating(ctx, tx, &t); err != nil {
		return err
	}
	if err := save(tx, t.ID, map[string]any{"user_id": t.UserID}); err != nil {
		return err
	}
	fx.texts = append(fx.texts, conn.RatingMessage)
	return nil
}

func (s Service) checkRequiredTag(ctx context.Context, tx *gorm.DB, t Ticket) error {
	if !s.enabled(ctx, "requiredTag") {
		return nil
	}
	var n int64
	if err := tx.Table("contact_tags").Where("contact_id = ?", t.ContactID).Limit(1).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return ErrRequiredTag
	}
	return nil
}

// farewell is the closing text of an attendant's close (BEHAVIOUR §6): the rules of the
// system's closes (systemFarewell), the attendant who closes it saying goodbye when the
// ticket had nobody.
func (s Service) farewell(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, conn connection.Connection) (string, error) {
	if t.UserID == nil {
		t.UserID = &v.ID
	}
	return systemFarewell(ctx, tx, t, conn, s.Settings)
}

// conn is the ticket's connection (zero when it has none).
func (s Service) conn(ctx context.Context, tx *gorm.DB, t Ticket) connection.Connection {
	return ConnectionOf(ctx, tx, t)
}

// ConnectionOf is t's connection, of t's company (zero when it has none).
func ConnectionOf(ctx context.Context, tx *gorm.DB, t Ticket) connection.Connection {
	var c connection.Connection
	if t.ConnectionID != nil {
		_ = tx.WithContext(ctx).Where("company_id = ?", t.CompanyID).Take(&c, *t.ConnectionID).Error
	}
	return c
}

// closeIfQueueCloses: a ticket that lands in a queue flagged closeTicket is closed by the
// normal close (BEHAVIOUR decision 6: farewell rules apply), whoever moved it there.
func (s Service) closeIfQueueCloses(ctx context.Context, tx *gorm.DB, v viewer, id int64, oldQueue *int64, fx *effects) error {
	t, err := lock(ctx, tx, id)
	if err != nil || t.Status == StatusClosed || t.QueueID == nil {
		return err
	}
	if fx.movedTo == 0 && samePtr(oldQueue, t.QueueID) {
		return nil // the queue did not change
	}
	if closes, err := queueCloses(tx, t.CompanyID, *t.QueueID); err != nil || !closes {
		return err
	}
	return s.closeNow(ctx, tx, v, t, UpdateInput{}, fx)
}
