package campaign

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Input is a campaign as the dialog sends it (POST and PUT carry the whole form).
type Input struct {
	Name string `json:"name"`
	Texts
	Confirmation  validate.Nullable[bool]   `json:"confirmation"`
	ScheduledAt   validate.Nullable[string] `json:"scheduledAt"`
	ContactListID validate.Nullable[int64]  `json:"contactListId"`
	TagListID     validate.Nullable[int64]  `json:"tagListId"`
	WhatsappID    validate.Nullable[int64]  `json:"whatsappId"`
	UserID        validate.Nullable[int64]  `json:"userId"`
	QueueID       validate.Nullable[int64]  `json:"queueId"`
	StatusTicket  string                    `json:"statusTicket"`
	OpenTicket    validate.Nullable[string] `json:"openTicket"`
}

// Ticket statuses a campaign may open its tickets in (spec/3 §9).
var ticketStatuses = []string{"closed", "pending", "open"}

// MaxMessage bounds each variant.
const MaxMessage = validate.MaxText

// campaignChannels are the channels that reach numbers.
var campaignChannels = map[string]bool{connection.ChannelWhatsApp: true, connection.ChannelWhatsAppAPI: true,
	connection.ChannelSandbox: true}

// apply validates in against the company's rows and fills c; it writes nothing.
func (in Input) apply(ctx context.Context, db *gorm.DB, companyID int64, c *Campaign) error {
	v := errs.Validation{}
	name := strings.TrimSpace(in.Name)
	switch n := len([]rune(name)); {
	case n == 0:
		v.Add("name", validate.MsgRequired)
	case n < 2:
		v.Add("name", "Muito curto!")
	case n > 50:
		v.Add("name", "Muito longo!")
	}
	c.Name = name
	c.Texts = in.Texts
	for i, p := range c.Texts.fields() {
		*p = strings.TrimSpace(*p)
		if len([]rune(*p)) > MaxMessage {
			field := "message"
			if i >= 5 {
				field = "confirmationMessage"
			}
			v.Add(field+string(rune('1'+i%5)), validate.MsgTooLong)
		}
	}
	c.Confirmation = in.Confirmation.Valid && in.Confirmation.Value
	if len(c.Messages()) == 0 && c.MediaPath == "" {
		v.Add("message1", "Informe ao menos uma mensagem.")
	}
	if c.Confirmation && len(c.Confirmations()) == 0 {
		v.Add("confirmationMessage1", "Informe ao menos uma mensagem de confirmação.")
	}
	c.ScheduledAt = nil
	if in.ScheduledAt.Valid {
		t, err := time.Parse(time.RFC3339, in.ScheduledAt.Value)
		if err != nil {
			var loc *time.Location
			if loc, err = company.Zone(ctx, db, companyID); err == nil {
				t, err = time.ParseInLocation("2006-01-02T15:04", in.ScheduledAt.Value, loc)
			}
		}
		if err != nil {
			v.Add("scheduledAt", "Data inválida.")
		} else {
			c.ScheduledAt = &t
		}
	}
	c.StatusTicket = in.StatusTicket
	if c.StatusTicket == "" {
		c.StatusTicket = "closed"
	}
	validate.OneOf(v, "statusTicket", c.StatusTicket, ticketStatuses...)
	c.OpenTicket = "disabled"
	if in.OpenTicket.Valid && in.OpenTicket.Value != "" {
		c.OpenTicket = in.OpenTicket.Value
	}
	validate.OneOf(v, "openTicket", c.OpenTicket, "enabled", "disabled")
	c.ContactListID, c.TagListID = in.ContactListID.Of(), in.TagListID.Of()
	c.ConnectionID, c.UserID, c.QueueID = in.WhatsappID.Of(), in.UserID.Of(), in.QueueID.Of()
	if c.ContactListID == nil && c.TagListID == nil {
		v.Add("contactListId", "Escolha uma lista de contatos ou uma tag.")
	}
	if c.ConnectionID == nil {
		v.Add("whatsappId", validate.MsgRequired)
	}
	if c.UserID != nil && c.QueueID == nil {
		v.Add("queueId", "Informe a fila do usuário.")
	}
	ownRows(db.WithContext(ctx), companyID, v, c)
	return v.Err()
}

// ownRows checks that every row the campaign names is the company's (and fits).
func ownRows(db *gorm.DB, companyID int64, v errs.Validation, c *Campaign) {
	exists := func(table string, id *int64, extra string, args ...any) bool {
		if id == nil {
			return true
		}
		var n int64
		q := db.Table(table).Where("id = ? AND company_id = ?", *id, companyID)
		if extra != "" {
			q = q.Where(extra, args...)
		}
		q.Count(&n)
		return n == 1
	}
	if !exists("contact_lists", c.ContactListID, "") {
		v.Add("contactListId", "Lista de contatos não encontrada.")
	}
	if !exists("tags", c.TagListID, "") {
		v.Add("tagListId", "Tag não encontrada.")
	}
	if c.ConnectionID != nil {
		var ch string
		db.Table("connections").Select("channel").Where("id = ? AND company_id = ?", *c.ConnectionID, companyID).Scan(&ch)
		if !campaignChannels[ch] {
			v.Add("whatsappId", "Conexão não encontrada ou sem números de telefone.")
		}
	}
	if !exists("users", c.UserID, "") {
		v.Add("userId", "Usuário não encontrado.")
	}
	if !exists("queues", c.QueueID, "") {
		v.Add("queueId", "Fila não encontrada.")
	}
}
