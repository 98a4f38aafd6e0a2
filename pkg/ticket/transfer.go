package ticket

import (
	"context"
	"net/http"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/errs"
)

// ErrQueueRequired refuses a transfer without a target queue.
var ErrQueueRequired = &errs.Error{Status: http.StatusBadRequest, Code: "ERR_VALIDATION",
	Message: "Selecione uma fila", Fields: map[string]string{"queueId": "Selecione uma fila"}}

// transfer moves a pending, open or group ticket to a queue (required) and optionally a
// user: with a user it is open (group stays group), without one pending. It is marked
// transferred; msgTransfer is kept as a private note; with sendMsgTransfTicket the
// company's transferMessage goes to the contact when both queues are set and something
// changed.
func (s Service) transfer(ctx context.Context, tx *gorm.DB, v viewer, t Ticket, in UpdateInput, fx *effects) error {
	switch t.Status {
	case StatusPending, StatusOpen, StatusGroup:
	default:
		return ErrBadTransition
	}
	if in.QueueID == nil {
		return ErrQueueRequired
	}
	if in.UserID != nil {
		if err := must(ctx, tx, "users", *in.UserID, errs.ErrNoUser); err != nil {
			return err
		}
	}
	if !samePtr(t.QueueID, in.QueueID) && s.enabled(ctx, "closeTicketOnTransfer") {
		return s.transferToNewTicket(ctx, tx, v, t, in, fx)
	}
	old := t
	t.QueueID, t.UserID = in.QueueID, in.UserID
	switch {
	case t.UserID == nil:
		t.Status = StatusPending
	case old.Status != StatusGroup:
		t.Status = StatusOpen
	}
	// A person moved the ticket: the bot is done with it. Its flow run stops and the
	// integration it used is cleared, so the queue (or the attendant) has it from now on.
	t.UseIntegration, t.IntegrationID = false, nil
	err := save(tx, t.ID, map[string]any{"status": t.Status, "queue_id": t.QueueID, "user_id": t.UserID,
		"is_transfered": true, "is_bot": false, "use_integration": false, "integration_id": nil})
	if err != nil {
		return err
	}
	if err := StopFlowRuns(tx, t.ID); err != nil {
		return err
	}
	if err := s.trackTransfer(ctx, tx, v, old, t); err != nil {
		return err
	}
	s.transferEffects(ctx, v, old, t, in, fx)
	return nil
}

// transferEffects: msgTransfer becomes a private note; with sendMsgTransfTicket the
// company's transferMessage goes to the contact when both queues are set and something
// changed.
func (s Service) transferEffects(ctx context.Context, v viewer, old, t Ticket, in UpdateInput, fx *effects) {
	fx.note, fx.noteBy = strings.TrimSpace(in.MsgTransfer), v.ID
	changed := !samePtr(old.QueueID, t.QueueID) || !samePtr(old.UserID, t.UserID)
	if changed && old.QueueID != nil && s.enabled(ctx, "sendMsgTransfTicket") {
		fx.texts = append(fx.texts, s.Settings.Value(ctx, "transferMessage"))
	}
}

// trackTransfer records the transfer: tracking (started by the new user, or back in the
// queue) and the log pair transfered (who sent it, from which queue) / receivedTransfer.
func (s Service) trackTransfer(ctx context.Context, tx *gorm.DB, v viewer, old, t Ticket) error {
	var err error
	if t.UserID != nil {
		err = startTracking(tx, t, t.UserID)
	} else {
		err = unstartTracking(tx, t)
	}
	if err != nil {
		return err
	}
	if err := WriteLog(ctx, tx, t.ID, LogTransfered, &v.ID, old.QueueID); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogReceivedTransfer, t.UserID, t.QueueID)
}

func samePtr(a, b *int64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}
