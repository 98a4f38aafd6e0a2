package connection

import (
	"context"
	"net/http"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/plan"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Errors of the connection form.
var (
	ErrNoOtherDefault = errs.New(http.StatusBadRequest, "ERR_NO_OTHER_WHATSAPP", "Deve haver pelo menos uma conexão padrão.")
	ErrLimit          = errs.New(http.StatusForbidden, "ERR_CONNECTION_LIMIT_REACHED", "Limite de conexões do plano atingido.")
	ErrChannelOff     = errs.New(http.StatusForbidden, "ERR_PLAN_CHANNEL_DISABLED", "O plano da empresa não inclui este canal.")
	ErrGreeting       = errs.New(http.StatusBadRequest, "ERR_WAPP_GREETING_REQUIRED",
		"Informe a mensagem de saudação: a conexão tem mais de uma fila.")
)

// SettingReader reads a company setting's value.
type SettingReader interface {
	Value(ctx context.Context, key string) string
}

// SessionControl starts, re-pairs and stops the live session behind a connection
// (channel.SessionRouter; the WhatsApp channel runs it in its worker).
type SessionControl interface {
	Start(ctx context.Context, conn Connection) error
	NewQR(ctx context.Context, conn Connection) error
	PairPhone(ctx context.Context, conn Connection, number string) error
	Stop(ctx context.Context, conn Connection) error
}

// ImportedCloser closes the imported tickets still waiting on a connection (ticket.Service).
type ImportedCloser interface {
	CloseImported(ctx context.Context, connectionID int64) (int, error)
}

// MediaStore signs and removes stored files (storage.Store).
type MediaStore interface {
	URL(rel string) string
	Remove(rel string) error
}

// Service manages the connection records of the context's company and asks Sessions to
// start or stop what lives behind them; it never talks to a channel itself.
type Service struct {
	Store
	Events   realtime.Publisher
	Settings SettingReader
	Sessions SessionControl
	Tickets  ImportedCloser
	Media    MediaStore
	Cache    *Cache // rows for the per-event paths (tokens, inbound); nil: every token is looked up
	// Graph proves a Graph connection's token controls its id before it is saved, and
	// unsubscribes a deleted page; nil refuses every Graph connection that names an id.
	Graph GraphAccounts
}

// Create adds a connection within the plan's limit and channels. The company's first
// connection becomes its default; a sandbox starts connected; a WhatsApp connection starts
// its session at once, so its QR code follows.
func (s Service) Create(ctx context.Context, in Input) (Connection, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Connection{}, err
	}
	c := Connection{CompanyID: companyID, Status: StatusDisconnected, GroupAsTicket: "disabled",
		WhenExpiresTicket: "0", MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 3, Token: NewToken(),
		Provider: "beta", Schedules: hours.Schedules{}}
	if err := in.apply(&c, s.form(ctx, true)); err != nil {
		return Connection{}, err
	}
	if err := s.proveGraph(ctx, nil, c); err != nil {
		return Connection{}, err
	}
	if c.Channel == ChannelSandbox || (IsGraph(c.Channel) && c.ExternalID != "" && c.AccessToken != "") {
		c.Status = StatusConnected // nothing to pair: configured is connected
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		p, err := plan.CheckLimit(tx, companyID, "connections", func(p plan.Plan) int { return p.Connections }, ErrLimit)
		if err != nil {
			return err
		}
		if !channelAllowed(c.Channel, p.Flag) {
			return ErrChannelOff
		}
		if err := s.prepare(tx, &c, in, true); err != nil {
			return err
		}
		if err := tx.Create(&c).Error; err != nil {
			return err
		}
		return setQueues(tx, c, in.QueueIDs)
	})
	saved, err := s.saved(ctx, "create", c.ID, err)
	if err == nil && saved.Channel == ChannelWhatsApp {
		s.session(ctx, saved, s.sessions().Start)
	}
	return saved, err
}

// Update changes a connection of the company. Arming the history import on a connected
// connection re-pairs it (the phone sends its history only to a newly linked device): the
// session is dropped for a new QR code and the answer carries a warning saying so.
func (s Service) Update(ctx context.Context, id int64, in Input) (Connection, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return Connection{}, err
	}
	before := c
	if err := in.apply(&c, s.form(ctx, false)); err != nil {
		return Connection{}, err
	}
	if err := s.proveGraph(ctx, &before, c); err != nil {
		return Connection{}, err
	}
	if in.wantsNewToken() {
		c.Token = NewToken()
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := plan.LockForCompany(tx, c.CompanyID); err != nil {
			return err
		}
		if err := s.prepare(tx, &c, in, false); err != nil {
			return err
		}
		c.UpdatedAt = time.Now()
		if err := tx.Model(&Connection{}).Where("id = ? AND company_id = ?", c.ID, c.CompanyID).
			Select(updatable).Updates(&c).Error; err != nil {
			return err
		}
		return setQueues(tx, c, in.QueueIDs)
	})
	s.Cache.Drop(id)
	saved, err := s.saved(ctx, "update", id, err)
	if err == nil && importArmed(before, saved) {
		s.session(ctx, saved, s.sessions().NewQR)
		saved.Warning = &Warning{Code: WarnImportReconnect, Message: MsgImportReconnect}
	}
	return saved, err
}

// The warning of a save that re-paired the connection for the history import.
const (
	WarnImportReconnect = "WARN_IMPORT_RECONNECT"
	MsgImportReconnect  = "A conexão foi desconectada para importar as mensagens: leia o novo QR code."
)

// importArmed reports a connected connection whose import window this save set or moved.
func importArmed(before, after Connection) bool {
	if before.Status != StatusConnected || after.ImportOldMessages == nil {
		return false
	}
	same := func(a, b *time.Time) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(*b)) }
	return !same(before.ImportOldMessages, after.ImportOldMessages) ||
		!same(before.ImportRecentMessages, after.ImportRecentMessages)
}

// updatable lists the columns Update writes (never company, channel, status, session or
// import progress).
var updatable = []string{"name", "is_default", "token", "greeting_message", "complation_message",
	"out_of_hours_message", "rating_message", "allow_group", "group_as_ticket", "max_use_bot_queues",
	"time_use_bot_queues", "time_send_queue", "send_id_queue", "expires_ticket", "when_expires_ticket",
	"expires_ticket_nps", "max_use_bot_queues_nps", "expires_inactive_message", "time_inactive_message",
	"inactive_message", "time_create_new_ticket", "import_old_messages", "import_recent_messages",
	"import_old_messages_groups", "closed_tickets_post_imported", "queue_id_import_messages",
	"integration_id", "prompt_id", "flow_id_welcome", "flow_id_not_phrase", "provider",
	"collective_vacation_start", "collective_vacation_end", "collective_vacation_message", "schedules",
	"external_id", "access_token", "updated_at"}

// Delete removes a connection, logging its session out first. The default one can't go
// while others remain. A Messenger or Instagram page is then unsubscribed from the app
// (best effort, releasePage).
func (s Service) Delete(ctx context.Context, id int64) error {
	c, err := s.Get(ctx, id)
	if err == nil {
		err = deletable(s.DB.WithContext(ctx), c)
	}
	if err != nil {
		return err
	}
	s.session(ctx, c, s.sessions().Stop) // while the row exists, so the session's owner finds it
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := plan.LockForCompany(tx, c.CompanyID); err != nil {
			return err
		}
		if err := deletable(tx, c); err != nil {
			return err
		}
		return tx.Where("company_id = ?", c.CompanyID).Delete(&Connection{}, id).Error
	})
	if err != nil {
		return err
	}
	if s.Media != nil && c.GreetingMediaPath != "" {
		_ = s.Media.Remove(c.GreetingMediaPath)
	}
	s.Cache.Drop(id)
	s.publish(ctx, c.CompanyID, map[string]any{"action": "delete", "whatsappId": id})
	s.releasePage(ctx, c)
	return nil
}

// form gathers what validation needs for the context's company.
func (s Service) form(ctx context.Context, creating bool) form {
	return form{creating: creating, ratingRequired: s.ratingOn(ctx), loc: s.location(ctx), now: time.Now()}
}

// location is the company's time zone (the configured default when unknown).
func (s Service) location(ctx context.Context) *time.Location {
	companyID, _ := tenant.CompanyID(ctx)
	var c company.Company
	if s.DB.WithContext(ctx).Select("id, timezone").Take(&c, companyID).Error == nil {
		return c.Location()
	}
	return time.Local
}

func (s Service) ratingOn(ctx context.Context) bool {
	return s.Settings != nil && s.Settings.Value(ctx, "userRating") == "enabled"
}
