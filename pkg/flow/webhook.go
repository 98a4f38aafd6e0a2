package flow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/contactlist"
	"atende/pkg/errs"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/validate"
)

// Webhook limits: a payload of at most WebhookMaxBytes, at most WebhookPerMinute calls a
// minute per flow.
const (
	WebhookMaxBytes  = 64 << 10
	WebhookPerMinute = 120
	// WebhookRepeatWindow: a call for a flow and ticket whose start ran less than this ago
	// starts nothing (a sender's retry after a timeout), nor one whose start still waits.
	WebhookRepeatWindow = 10 * time.Minute
)

// Webhook answers.
const (
	MsgWebhookStarted = "Fluxo iniciado"
	// MsgWebhookHeld: an attendant holds the ticket; the bot keeps out of the conversation.
	MsgWebhookHeld = "Ticket em atendimento: fluxo não iniciado"
)

// Webhook refusals.
var (
	ErrWebhookNoConnection = errs.New(http.StatusUnprocessableEntity, "ERR_FLOW_WEBHOOK_NO_CONNECTION",
		"O webhook do fluxo não tem uma conexão configurada (webhookFields.whatsappId).")
	ErrWebhookPayload = errs.New(http.StatusBadRequest, "ERR_BAD_REQUEST", "O corpo do webhook deve ser um objeto JSON.")
	ErrWebhookNumber  = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Número inválido")
	ErrWebhookRate    = errs.New(http.StatusTooManyRequests, "ERR_TOO_MANY_REQUESTS", "Muitas chamadas a este webhook. Tente de novo em um minuto.")
)

// Trigger starts flows from their webhook: an outside POST names a contact through the
// flow's field map; the contact's ticket on the configured connection is found or opened
// and the engine gets a flow:step with Entry "webhook".
type Trigger struct {
	DB     *gorm.DB
	RDB    *redis.Client
	Queue  tasks.Enqueuer
	Events realtime.Publisher
	Flows  Service
}

// Started is the webhook's answer.
type Started struct {
	Message  string `json:"message"`
	TicketID int64  `json:"ticketId"`
}

// Fire runs the webhook of hash with payload.
func (t Trigger) Fire(ctx context.Context, hash string, payload []byte) (Started, error) {
	f, err := t.Flows.ByHash(ctx, hash)
	if err != nil {
		return Started{}, err
	}
	if err := t.allow(ctx, f); err != nil {
		return Started{}, err
	}
	ctx = tenant.With(ctx, f.CompanyID)
	var fields WebhookFields
	_ = json.Unmarshal(f.WebhookFields, &fields)
	if fields.WhatsappID == nil {
		return Started{}, ErrWebhookNoConnection
	}
	conn, err := connection.Store{DB: t.DB}.Get(ctx, *fields.WhatsappID)
	if err != nil {
		return Started{}, ErrWebhookNoConnection
	}
	doc, err := readPayload(payload)
	if err != nil {
		return Started{}, err
	}
	who, err := readContact(doc, fields, conn)
	if err != nil {
		return Started{}, err
	}
	tk, oldStatus, err := t.open(ctx, conn, who)
	if err != nil {
		return Started{}, err
	}
	ticket.PublishUpdate(ctx, t.Events, tk, oldStatus)
	if held(tk) {
		return Started{Message: MsgWebhookHeld, TicketID: tk.ID}, nil
	}
	// The payload's fields start the run as its variables ({{lead.name}}).
	task, err := tasks.NewFlowStep(tasks.FlowStep{CompanyID: f.CompanyID, TicketID: tk.ID, FlowID: f.ID, Entry: "webhook", // flowrun.EntryWebhook
		Vars: WebhookVars(doc), EntryKey: tasks.NewEntryKey()})
	if err == nil {
		// One start per flow and ticket while it waits and for WebhookRepeatWindow after it
		// ran (asynq keeps the finished task's id that long): a caller retrying its POST
		// starts it once.
		_, err = t.Queue.EnqueueContext(ctx, task, asynq.TaskID(WebhookTaskID(f.ID, tk.ID)), asynq.Retention(WebhookRepeatWindow))
	}
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		err = nil
	}
	return Started{Message: MsgWebhookStarted, TicketID: tk.ID}, err
}

// WebhookTaskID names the start of flowID on ticketID by its webhook.
func WebhookTaskID(flowID, ticketID int64) string {
	return fmt.Sprintf("%s:w:%d:%d", tasks.TypeFlowStep, flowID, ticketID)
}

// held reports a ticket an attendant is serving: a webhook does not start a bot into it.
func held(t ticket.Ticket) bool {
	return t.UserID != nil && (t.Status == ticket.StatusOpen || t.Status == ticket.StatusGroup)
}

// allow refuses the flows of a blocked or expired company, and callers over the rate.
func (t Trigger) allow(ctx context.Context, f Flow) error {
	var c company.Company
	if err := t.DB.WithContext(ctx).Take(&c, f.CompanyID).Error; err != nil {
		return err
	}
	if c.Blocked() || c.Expired(time.Now()) {
		return ErrWebhookNotFound
	}
	if t.RDB == nil {
		return nil
	}
	key := fmt.Sprintf("flow:webhook:%d:%d", f.ID, time.Now().Unix()/60)
	n, err := t.RDB.Incr(ctx, key).Result()
	if err != nil {
		return err
	}
	if n == 1 {
		t.RDB.Expire(ctx, key, 2*time.Minute)
	}
	if n > WebhookPerMinute {
		return ErrWebhookRate
	}
	return nil
}

// caller is who a webhook names.
type caller struct{ Name, Number, Email string }

// readContact maps the payload through the field map; the number is normalised as contact
// lists do (country code added to Brazilian numbers), except on the sandbox, whose numbers
// are anything with 8 to 30 digits.
func readContact(doc map[string]any, fields WebhookFields, conn connection.Connection) (caller, error) {
	c := caller{Name: lookup(doc, fields.Name), Email: lookup(doc, fields.Email)}
	raw := lookup(doc, fields.Number)
	if conn.Channel == connection.ChannelSandbox {
		c.Number = contact.Digits(raw)
		if len(c.Number) < 8 || len(c.Number) > 30 {
			return caller{}, ErrWebhookNumber
		}
	} else if n, ok := contactlist.NormaliseNumber(raw); ok {
		c.Number = n
	} else {
		return caller{}, ErrWebhookNumber
	}
	c.Name = strings.TrimSpace(c.Name)
	if len([]rune(c.Name)) > 100 {
		c.Name = string([]rune(c.Name)[:100])
	}
	v := errs.Validation{}
	if c.Email = strings.TrimSpace(c.Email); c.Email != "" {
		if validate.Email(v, "email", c.Email); v.Err() != nil {
			c.Email = "" // a bad e-mail is dropped, the flow still starts
		}
	}
	return c, nil
}

// readPayload reads a webhook's body: a JSON object.
func readPayload(payload []byte) (map[string]any, error) {
	var doc map[string]any
	if err := json.Unmarshal(payload, &doc); err != nil || doc == nil {
		return nil, ErrWebhookPayload
	}
	return doc, nil
}

// lookup reads a dotted path ("data.customer.phone", "items.0.name") in a JSON document
// as text; "" when absent or not a string, number or boolean.
func lookup(doc map[string]any, path string) string {
	if path = strings.TrimSpace(path); path == "" {
		return ""
	}
	var cur any = doc
	for _, part := range strings.Split(path, ".") {
		switch v := cur.(type) {
		case map[string]any:
			cur = v[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(v) {
				return ""
			}
			cur = v[i]
		default:
			return ""
		}
	}
	switch v := cur.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}

// open finds or creates the contact and its ticket on conn, in one transaction.
func (t Trigger) open(ctx context.Context, conn connection.Connection, who caller) (ticket.Ticket, string, error) {
	var tk ticket.Ticket
	oldStatus := ""
	err := t.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, err := contact.Upsert(ctx, tx, contact.Inbound{Number: who.Number, Name: who.Name, Channel: conn.Channel,
			ConnectionID: conn.ID})
		if err != nil {
			return err
		}
		if who.Email != "" && c.Email != who.Email {
			if err := tx.Model(&contact.Contact{}).Where("id = ?", c.ID).Update("email", who.Email).Error; err != nil {
				return err
			}
		}
		var created bool
		if tk, created, err = ticket.FindOrCreate(ctx, tx, c, conn, true); err == nil && !created {
			oldStatus = tk.Status
		}
		return err
	})
	return tk, oldStatus, err
}
