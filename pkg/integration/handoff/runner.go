package handoff

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"gorm.io/gorm"

	"atende/pkg/flowrun"
	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/plan"
	"atende/pkg/realtime"
	"atende/pkg/storage"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Ticket log types this package writes (the ticket's history shows them).
const (
	LogError = "integrationError" // an outside bot failed; the customer was told
	LogStop  = "integrationStop"  // the bot handed the ticket back (stopBot, queue, finish)
)

// MsgUnavailable is what the customer reads when Typebot or Dialogflow failed for good.
const MsgUnavailable = "Desculpe, nosso assistente automático não está disponível agora. Um atendente falará com você em breve."

// ChatRetries is how many times a chat bot's failure is retried before the customer is
// told: a person is waiting for the answer.
const ChatRetries = 2

// Messages dispatches written messages after their transaction committed.
type Messages interface {
	Dispatch(ctx context.Context, msgs []message.Message)
	DispatchPaced(ctx context.Context, msgs []message.Message, gap time.Duration)
}

// Runner hands one inbound message to its integration (tasks.IntegrationMessage).
type Runner struct {
	DB         *gorm.DB
	Events     realtime.Publisher
	Messages   Messages
	Settings   ticket.Settings
	Typebot    integration.Typebot
	Dialogflow integration.Dialogflow
	Webhook    integration.Webhook
	Queue      tasks.Enqueuer // busy and debounced turns come back as scheduled tasks
	Media      storage.Store  // files the bots send and the audio Dialogflow hears
	// MediaHTTP downloads a Typebot's media bubbles: the guarded client of the
	// integrations (integration.Outbound), nil for one allowing public addresses only.
	MediaHTTP *http.Client
	Now       func() time.Time
}

func (r Runner) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// job is what one task works on, loaded.
type job struct {
	p   tasks.IntegrationMessage
	it  integration.Integration
	msg message.Message
	// retried is how many times the task ran before; lastTry says no retry follows.
	retried int
	lastTry bool
}

// Handle runs p. retried and maxRetry are the task's; a transient failure returns an
// error (asynq retries) until the last try, when the customer is told instead.
func (r Runner) Handle(ctx context.Context, p tasks.IntegrationMessage, retried, maxRetry int) error {
	ctx = tenant.With(ctx, p.CompanyID)
	it, ok, err := r.load(ctx, p)
	if err != nil || !ok {
		return err
	}
	// The plan's useIntegrations gates the outside bots wherever they run (spec/3 §6): an
	// integration kept after a downgrade, a flow's typebot node. Such a node's run ends, so
	// that the customer's next message takes the queue path instead of going unanswered.
	if allowed, err := plan.CompanyHas(ctx, r.DB, p.CompanyID, "useIntegrations"); err != nil || !allowed {
		if err == nil && p.IntegrationID == 0 {
			return r.endNodeWait(ctx, p)
		}
		return err
	}
	var msg message.Message
	err = r.DB.WithContext(ctx).Where("id = ? AND ticket_id = ? AND company_id = ?", p.MessageID, p.TicketID, p.CompanyID).
		Take(&msg).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil // the ticket or message was deleted since
	}
	if err != nil {
		return err
	}
	j := job{p: p, it: it, msg: msg, retried: retried, lastTry: retried >= maxRetry}
	switch it.Type {
	case integration.TypeN8N, integration.TypeWebhook:
		return r.deliver(ctx, j)
	case integration.TypeTypebot, integration.TypeDialogflow:
		j.lastTry = j.lastTry || retried >= ChatRetries
		return r.converse(ctx, j)
	}
	return nil // flowbuilder integrations run as flows (pkg/flowrun)
}

// endNodeWait ends the run's wait on a flow's typebot node whose settings cannot run (a flow
// saved before the node's checks): the customer's next message takes the queue path instead
// of going to the same node unanswered.
func (r Runner) endNodeWait(ctx context.Context, p tasks.IntegrationMessage) error {
	return flowrun.EndWait(r.DB.WithContext(ctx), p.TicketID, flowrun.WaitTypebot)
}

// integration is the task's integration: the company's record, or a flow node's settings.
func (r Runner) load(ctx context.Context, p tasks.IntegrationMessage) (integration.Integration, bool, error) {
	if p.IntegrationID == 0 {
		var it integration.Integration
		if len(p.Settings) == 0 || json.Unmarshal(p.Settings, &it) != nil {
			slog.WarnContext(ctx, "integration: task without integration or settings", "ticket_id", p.TicketID)
			return integration.Integration{}, false, r.endNodeWait(ctx, p)
		}
		it.ID, it.CompanyID = 0, p.CompanyID
		// A flow's typebot node: a Typebot, whatever its settings claim, and only with
		// settings the integration form would take (a flow saved before that check).
		if field, msg := integration.CheckTypebotNode(&it); field != "" {
			slog.WarnContext(ctx, "integration: flow node settings refused", "ticket_id", p.TicketID, "field", field, "msg", msg)
			return integration.Integration{}, false, r.endNodeWait(ctx, p)
		}
		return it, true, nil
	}
	var it integration.Integration
	err := r.DB.WithContext(ctx).Where("id = ? AND company_id = ?", p.IntegrationID, p.CompanyID).Take(&it).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return integration.Integration{}, false, nil // deleted since: nothing to hand over
	}
	return it, err == nil, err
}

// session is a ticket's integration_sessions row.
type session struct {
	TicketID         int64
	CompanyID        int64
	IntegrationID    *int64
	TypebotSessionID string
	// ActiveAt is the Typebot session's last turn: it expires after typebotExpires
	// minutes of silence.
	ActiveAt      *time.Time
	LastMessageID int64
	UpdatedAt     time.Time
	// The turn running now (lease.go).
	Turn           int64
	LeaseUntil     *time.Time
	LeaseOwner     string
	ClaimedThrough int64
}

func (session) TableName() string { return "integration_sessions" }

// lockSession creates (if needed) and locks the ticket's session row for a short
// transaction: a claim or the answer's write (lease.go), never an outside call.
func lockSession(tx *gorm.DB, companyID, ticketID int64) (session, error) {
	if err := tx.Exec(`INSERT INTO integration_sessions (ticket_id, company_id) VALUES (?, ?)
		ON CONFLICT (ticket_id) DO NOTHING`, ticketID, companyID).Error; err != nil {
		return session{}, err
	}
	var s session
	err := tx.Raw(`SELECT * FROM integration_sessions WHERE ticket_id = ? AND company_id = ? FOR UPDATE`,
		ticketID, companyID).Scan(&s).Error
	return s, err
}

// saveSession records s (the handled message, Typebot's session, the turn) in tx.
func saveSession(tx *gorm.DB, s session) error {
	return tx.Exec(`UPDATE integration_sessions SET integration_id = ?, typebot_session_id = ?, active_at = ?,
		last_message_id = ?, turn = ?, lease_until = ?, lease_owner = ?, claimed_through = ?, updated_at = now()
		WHERE ticket_id = ?`, s.IntegrationID, s.TypebotSessionID, s.ActiveAt, s.LastMessageID, s.Turn, s.LeaseUntil,
		s.LeaseOwner, s.ClaimedThrough, s.TicketID).Error
}

// deliver posts the message to an n8n or webhook URL once: the session is claimed, the
// POST runs outside any transaction, and a delivery that succeeded (or gave up on the last
// try) is recorded by the claim's turn; a failure is retried by the task.
func (r Runner) deliver(ctx context.Context, j job) error {
	c, state, err := r.claimDelivery(ctx, j)
	if err != nil || state == handled {
		return err
	}
	if state == busy {
		return r.later(ctx, j.p, c.s.LeaseUntil)
	}
	payload, err := r.payload(ctx, r.DB, j)
	if err != nil {
		r.release(ctx, c)
		return err
	}
	failed := false
	if err := r.Webhook.Post(ctx, j.it.URLN8N, j.it.WebhookSecret, j.msg.ID, payload); err != nil {
		if !j.lastTry {
			r.release(ctx, c)
			return err
		}
		slog.WarnContext(ctx, "integration: webhook gave up", "ticket_id", j.p.TicketID, "err", err)
		failed = true
	}
	_, err = r.finish(ctx, c, true, func(tx *gorm.DB, _ *session, t ticket.Ticket) error {
		if err := tx.Exec(`INSERT INTO integration_deliveries (message_id, company_id) VALUES (?, ?)
			ON CONFLICT (message_id) DO NOTHING`, j.msg.ID, j.p.CompanyID).Error; err != nil {
			return err
		}
		if failed {
			return ticket.WriteLog(ctx, tx, t.ID, LogError, nil, nil)
		}
		return nil
	})
	return err
}

// claimDelivery claims a webhook delivery; unlike a bot turn it goes out whoever holds
// the ticket (an attendant's ticket still feeds the company's automation). Each message is
// delivered on its own (integration_deliveries), in whatever order their tasks run: a
// message waiting for its retry is not handled because a later one went out.
func (r Runner) claimDelivery(ctx context.Context, j job) (claim, claimState, error) {
	var c claim
	state := claimed
	err := r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		s, err := lockSession(tx, j.p.CompanyID, j.p.TicketID)
		if err != nil {
			return err
		}
		var done int64
		if err := tx.Raw(`SELECT count(*) FROM integration_deliveries WHERE message_id = ?`, j.msg.ID).Scan(&done).Error; err != nil {
			return err
		}
		switch {
		case done > 0:
			state = handled
			return nil
		case s.LeaseUntil != nil && r.now().Before(*s.LeaseUntil) && s.LeaseOwner != owner(j.p):
			c.s, state = s, busy
			return nil
		}
		until := r.now().Add(LeaseFor)
		s.Turn, s.LeaseUntil, s.LeaseOwner, s.ClaimedThrough = s.Turn+1, &until, owner(j.p), j.msg.ID
		c = claim{s: s, through: j.msg.ID}
		return saveSession(tx, s)
	})
	return c, state, err
}

// transient: worth retrying (network trouble, the service overloaded or down).
func transient(err error) bool {
	var st *integration.StatusError
	if errors.As(err, &st) {
		return st.Status >= 500 || st.Status == 429 || st.Status == 408
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded)
}
