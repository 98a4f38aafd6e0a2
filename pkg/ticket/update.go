package ticket

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/user"
)

// UpdateInput is PUT /tickets/{id} (spec/1 §7). Which transition it asks for follows from
// the ticket's status and these fields (spec/1 §4).
type UpdateInput struct {
	Status              string `json:"status"`
	UserID              *int64 `json:"userId"`
	QueueID             *int64 `json:"queueId"`
	UseIntegration      *bool  `json:"useIntegration"`
	SendFarewellMessage *bool  `json:"sendFarewellMessage"`
	AmountUsedBotQueues *int   `json:"amountUsedBotQueues"`
	MsgTransfer         string `json:"msgTransfer"`
	IsTransfered        bool   `json:"isTransfered"`
}

// effects are what a committed change still has to do: automatic texts to send and a
// private note to store.
type effects struct {
	oldStatus string
	texts     []string
	note      string
	noteBy    int64
	movedTo   int64 // closeTicketOnTransfer: the new ticket that took over the conversation
}

// target is the ticket a change ended on: the new one after a transfer that replaced it.
func (fx effects) target(id int64) int64 {
	if fx.movedTo != 0 {
		return fx.movedTo
	}
	return id
}

// Update applies one transition of the state table under the ticket's row lock, then
// sends the automatic messages it calls for and publishes the change.
func (s Service) Update(ctx context.Context, me user.User, id int64, in UpdateInput) (Ticket, error) {
	v, err := s.viewer(ctx, me)
	if err != nil {
		return Ticket{}, err
	}
	var fx effects
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		t, err := lock(ctx, tx, id)
		if err != nil {
			return err
		}
		if !v.canSee(t) {
			return errs.ErrNoPermission
		}
		fx.oldStatus = t.Status
		if err := s.apply(ctx, tx, v, t, in, &fx); err != nil {
			return err
		}
		return s.closeIfQueueCloses(ctx, tx, v, fx.target(id), t.QueueID, &fx)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		err = s.raceConflict(ctx, id) // another ticket of the contact became active meanwhile
	}
	if err != nil {
		return Ticket{}, err
	}
	if fx.movedTo != 0 {
		if old, err := Get(ctx, s.DB, id); err == nil {
			PublishUpdate(ctx, s.Events, old, fx.oldStatus) // the replaced ticket leaves the lists
		}
		fx.oldStatus = ""
	}
	return s.finish(ctx, v, fx.target(id), fx)
}

func (s Service) apply(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput, fx *effects) error {
	if in.QueueID != nil {
		if err := must(ctx, tx, "queues", *in.QueueID, ErrNoQueue); err != nil {
			return err
		}
	}
	switch in.Status {
	case "":
		if in.IsTransfered {
			return s.transfer(ctx, tx, v, t, in, fx)
		}
		return s.edit(ctx, tx, v, t, in)
	case StatusOpen, StatusGroup, StatusPending:
		if in.IsTransfered {
			return s.transfer(ctx, tx, v, t, in, fx)
		}
		if in.Status == StatusPending {
			return s.toPending(ctx, tx, v, t, in)
		}
		if t.Status == StatusClosed {
			return s.reopen(ctx, tx, v, t, in)
		}
		return s.accept(ctx, tx, v, t, in, fx)
	case StatusClosed:
		return s.close(ctx, tx, v, t, in, fx)
	}
	return ErrBadTransition
}

// finish runs the effects of a committed change and announces it.
func (s Service) finish(ctx context.Context, v viewer, id int64, fx effects) (Ticket, error) {
	t, err := Get(ctx, s.DB, id)
	if err != nil {
		return Ticket{}, err
	}
	noted := s.note(ctx, t, fx)
	if said := s.say(ctx, t, fx.texts); said || noted {
		if t, err = Get(ctx, s.DB, id); err != nil {
			return Ticket{}, err
		}
	}
	PublishUpdate(ctx, s.Events, t, fx.oldStatus)
	return s.presentOne(ctx, v, t), nil
}

// raceConflict answers a change refused by the one-active-ticket index.
func (s Service) raceConflict(ctx context.Context, id int64) error {
	t, err := Get(ctx, s.DB, id)
	if err != nil || t.ConnectionID == nil {
		return err
	}
	other, err := active(s.DB.WithContext(ctx), t.CompanyID, t.ContactID, *t.ConnectionID)
	if err != nil {
		return err
	}
	return conflictError(ctx, s.DB, other)
}

// save writes fields of ticket id and touches updated_at.
func save(tx *gorm.DB, id int64, fields map[string]any) error {
	fields["updated_at"] = time.Now()
	return tx.Model(&Ticket{}).Where("id = ?", id).Updates(fields).Error
}

// edit changes fields without a status change: integration use, bot counter, queue.
func (s Service) edit(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput) error {
	fields := map[string]any{}
	if in.UseIntegration != nil {
		fields["use_integration"] = *in.UseIntegration
	}
	if in.AmountUsedBotQueues != nil {
		fields["amount_used_bot_queues"] = *in.AmountUsedBotQueues
	}
	queueChanged := in.QueueID != nil && (t.QueueID == nil || *t.QueueID != *in.QueueID)
	if queueChanged {
		fields["queue_id"] = *in.QueueID
	}
	if len(fields) == 0 {
		return nil
	}
	if err := save(tx, t.ID, fields); err != nil {
		return err
	}
	if queueChanged {
		t.QueueID = in.QueueID
		if err := trackQueue(tx, t); err != nil {
			return err
		}
		return WriteLog(ctx, tx, t.ID, LogQueue, &v.ID, in.QueueID)
	}
	return nil
}
