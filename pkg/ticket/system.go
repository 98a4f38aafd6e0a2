package ticket

import (
	"context"

	"gorm.io/gorm"

	"atende/pkg/tenant"
)

// Changes made on nobody's screen: the external API (spec/3, BEHAVIOUR §13) and the end of
// a history import. They run inside the caller's transaction; the caller announces the
// ticket once it committed (PublishUpdate).

// Assign gives an unowned ticket to userID in queueID (the API's userId, a bot's command):
// open, or group for a WhatsApp group. A ticket another attendant holds is left to them.
// A ticket taken from pending returns the accept greeting, rendered, when the company
// sends one (decision 6: the server sends it, so the API and the screen behave the same);
// the caller writes it in its transaction.
func Assign(ctx context.Context, tx *gorm.DB, t *Ticket, userID int64, queueID *int64, settings Settings) ([]string, error) {
	if t.UserID != nil {
		return nil, nil
	}
	waiting := t.Status == StatusPending
	if err := assignTo(ctx, tx, t, userID, queueID, LogOpen); err != nil || !waiting {
		return nil, err
	}
	return render(ctx, tx, *t, acceptGreeting(ctx, tx, *t, settings))
}

// acceptGreeting is the company's greeting for a ticket an attendant takes from pending
// (sendGreetingAccepted), empty when it sends none; a WhatsApp group gets it only when
// the connection treats groups as tickets.
func acceptGreeting(ctx context.Context, tx *gorm.DB, t Ticket, settings Settings) string {
	if settings == nil || settings.Value(ctx, "sendGreetingAccepted") != "enabled" {
		return ""
	}
	if t.IsGroup && !ConnectionOf(ctx, tx, t).GroupsAsTickets() {
		return ""
	}
	return settings.Value(ctx, "greetingAcceptedMessage")
}

// SetQueue moves an unowned ticket to queueID (the API's queueId without userId, a flow's
// ticket node, a bot's transfer). From then on the queue logic has the ticket (BEHAVIOUR §9
// ticket node, §10 "integration cleared"): the integration it used is cleared, else the
// next message would go back to it and a queue's flow would start over; and a ticket
// still in lgpd waits in the queue as pending.
func SetQueue(ctx context.Context, tx *gorm.DB, t *Ticket, queueID int64) error {
	if t.UserID != nil {
		return nil
	}
	fields := map[string]any{}
	if t.UseIntegration || t.IntegrationID != nil {
		t.UseIntegration, t.IntegrationID = false, nil
		fields["use_integration"], fields["integration_id"] = false, nil
	}
	moved := t.QueueID == nil || *t.QueueID != queueID
	if moved {
		t.QueueID = &queueID
		fields["queue_id"] = queueID
	}
	if t.Status == StatusLGPD { // §4: the status leaves lgpd when a queue is assigned
		t.Status = StatusPending
		fields["status"] = StatusPending
	}
	if len(fields) == 0 {
		return nil
	}
	if err := save(tx, t.ID, fields); err != nil {
		return err
	}
	if !moved {
		return nil
	}
	if err := trackQueue(tx, *t); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogQueue, nil, t.QueueID)
}

// CloseQuietly closes t without a farewell or rating request (the API's closeTicket).
func CloseQuietly(ctx context.Context, tx *gorm.DB, t *Ticket) error {
	if t.Status == StatusClosed {
		return nil
	}
	if err := save(tx, t.ID, endEpisode(t)); err != nil {
		return err
	}
	if err := finishTracking(tx, *t); err != nil {
		return err
	}
	return WriteLog(ctx, tx, t.ID, LogClosed, t.UserID, t.QueueID)
}

// CloseImported closes the imported tickets still pending on a connection of the
// company, without farewell (POST /closedimported/{id}), and returns how many.
func (s Service) CloseImported(ctx context.Context, connectionID int64) (int, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return 0, err
	}
	w := where{}
	w.add("company_id = ? AND connection_id = ? AND imported AND status = ?", companyID, connectionID, StatusPending)
	return s.closeWhere(ctx, w, nil, StatusPending)
}
