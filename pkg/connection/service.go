package connection

import (
	"context"
	"net/http"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/plan"
	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Errors of the connection form.
var (
	ErrNoOtherDefault = errs.New(http.StatusBadRequest, "ERR_NO_OTHER_WHATSAPP", "Deve haver pelo menos uma conexão padrão.")
	ErrLimit          = errs.New(http.StatusForbidden, "ERR_CONNECTION_LIMIT_REACHED", "Limite de conexões do plano atingido.")
	ErrChannelOff     = errs.New(http.StatusForbidden, "ERR_PLAN_CHANNEL_DISABLED", "O plano da empresa não inclui este canal.")
)

// SettingReader reads a company setting's value.
type SettingReader interface {
	Value(ctx context.Context, key string) string
}

// Service manages the connection records of the context's company. Sessions (QR codes,
// whatsmeow, webhooks) live in the worker; this is the administration of the records.
type Service struct {
	Store
	Events   realtime.Publisher
	Settings SettingReader
}

// List returns the company's connections with their queues; withToken keeps the tokens
// (for who manages connections).
func (s Service) List(ctx context.Context, withToken bool) ([]Connection, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	list := []Connection{}
	if err := q.Order("name, id").Find(&list).Error; err != nil {
		return nil, err
	}
	return list, s.decorate(ctx, list, withToken)
}

// Load returns one connection with its queues and token.
func (s Service) Load(ctx context.Context, id int64) (Connection, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return c, err
	}
	one := []Connection{c}
	err = s.decorate(ctx, one, true)
	return one[0], err
}

// Create adds a connection within the plan's limit and channels. The company's first
// connection becomes its default; a sandbox starts connected.
func (s Service) Create(ctx context.Context, in Input) (Connection, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Connection{}, err
	}
	c := Connection{CompanyID: companyID, Status: StatusDisconnected, GroupAsTicket: "disabled",
		WhenExpiresTicket: "0", MaxUseBotQueues: 3, MaxUseBotQueuesNPS: 3, Token: NewToken()}
	if err := in.apply(&c, true, s.ratingOn(ctx)); err != nil {
		return Connection{}, err
	}
	if c.Channel == ChannelSandbox {
		c.Status = StatusConnected
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
	return s.saved(ctx, "create", c.ID, err)
}

// Update changes a connection of the company.
func (s Service) Update(ctx context.Context, id int64, in Input) (Connection, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return Connection{}, err
	}
	if err := in.apply(&c, false, s.ratingOn(ctx)); err != nil {
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
	return s.saved(ctx, "update", id, err)
}

// updatable lists the columns Update writes (never company, channel, status or session data).
var updatable = []string{"name", "is_default", "token", "greeting_message", "complation_message",
	"out_of_hours_message", "rating_message", "allow_group", "group_as_ticket", "max_use_bot_queues",
	"time_use_bot_queues", "time_send_queue", "send_id_queue", "expires_ticket", "when_expires_ticket",
	"expires_ticket_nps", "max_use_bot_queues_nps", "expires_inactive_message", "time_inactive_message",
	"inactive_message", "time_create_new_ticket", "updated_at"}

// Delete removes a connection. The default one can't go while others remain.
func (s Service) Delete(ctx context.Context, id int64) error {
	c, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := plan.LockForCompany(tx, c.CompanyID); err != nil {
			return err
		}
		if n, err := others(tx, c); err != nil || (c.IsDefault && n > 0) {
			return orErr(err, ErrNoOtherDefault)
		}
		return tx.Where("company_id = ?", c.CompanyID).Delete(&Connection{}, id).Error
	})
	if err != nil {
		return err
	}
	s.publish(ctx, c.CompanyID, map[string]any{"action": "delete", "whatsappId": id})
	return nil
}

func (s Service) ratingOn(ctx context.Context) bool {
	return s.Settings != nil && s.Settings.Value(ctx, "userRating") == "enabled"
}

// saved answers a committed write with the fresh record and announces it.
func (s Service) saved(ctx context.Context, action string, id int64, err error) (Connection, error) {
	if err != nil {
		return Connection{}, err
	}
	c, err := s.Load(ctx, id)
	if err != nil {
		return Connection{}, err
	}
	public := c
	public.Token = ""
	s.publish(ctx, c.CompanyID, map[string]any{"action": action, "whatsapp": public})
	return c, nil
}

func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "whatsapp", data))
	}
}

func (s Service) decorate(ctx context.Context, list []Connection, withToken bool) error {
	ids := make([]int64, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	linked, err := queue.Linked(ctx, s.DB, "connection_queues", "connection_id", ids)
	for i := range list {
		list[i].Queues = linked[list[i].ID]
		if !withToken {
			list[i].Token = ""
		}
	}
	return err
}

// Session is the live state of a connection as its session reports it.
type Session struct {
	Status  string
	QRCode  string
	Retries int
	Number  string
}

// SetSession records a session change (status, QR code, retries, number) and announces it
// on the company's whatsappSession event, which the connections page and QR modal follow.
func (s Service) SetSession(ctx context.Context, companyID, id int64, st Session) (Connection, error) {
	err := s.DB.WithContext(ctx).Model(&Connection{}).Where("id = ? AND company_id = ?", id, companyID).
		Updates(map[string]any{"status": st.Status, "qrcode": st.QRCode, "retries": st.Retries,
			"number": st.Number, "updated_at": time.Now()}).Error
	if err != nil {
		return Connection{}, err
	}
	var c Connection
	if err := s.DB.WithContext(ctx).Where("id = ? AND company_id = ?", id, companyID).First(&c).Error; err != nil {
		return Connection{}, err
	}
	c.Token = ""
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "whatsappSession",
			map[string]any{"action": "update", "session": c}))
	}
	return c, nil
}
