// Package campaign is bulk sending (spec/3 campaigns, BEHAVIOUR §7, decision 7): campaigns
// and their states, the company's campaign settings, the dispatcher that paces one shipping
// row per campaign and number through the connection, and the ban-risk governor that keeps
// each connection inside a warming-up daily cap, a per-minute ceiling and healthy receipts.
package campaign

import (
	"net/http"
	"time"

	"atende/pkg/errs"
)

// Statuses (spec/3 §4).
const (
	StatusInactive  = "INATIVA"
	StatusScheduled = "PROGRAMADA"
	StatusRunning   = "EM_ANDAMENTO"
	StatusCanceled  = "CANCELADA"
	StatusFinished  = "FINALIZADA"
)

// EditLead is how far ahead a scheduled campaign must start to be still editable.
const EditLead = time.Hour

// Prefix marks every campaign text (U+200C), so that its echo is recognised and ignored.
const Prefix = "\u200c"

// Errors of this package.
var (
	ErrNotFound    = errs.New(http.StatusNotFound, "ERR_NO_CAMPAIGN_FOUND", "Campanha não encontrada.")
	ErrNotEditable = errs.New(http.StatusBadRequest, "ERR_CAMPAIGN_NOT_EDITABLE",
		"Esta campanha não pode mais ser alterada.")
	ErrNotRunning = errs.New(http.StatusBadRequest, "ERR_CAMPAIGN_NOT_RUNNING",
		"Só é possível cancelar uma campanha em andamento ou programada.")
	ErrNotCanceled = errs.New(http.StatusBadRequest, "ERR_CAMPAIGN_NOT_CANCELED",
		"Só é possível reiniciar uma campanha cancelada.")
	ErrRunning = errs.New(http.StatusBadRequest, "ERR_CAMPAIGN_RUNNING",
		"Cancele a campanha antes de excluí-la.")
)

// Campaign is one bulk send. JSON names follow the spec.
type Campaign struct {
	ID        int64  `json:"id"`
	CompanyID int64  `json:"companyId"`
	Name      string `json:"name"`
	Texts
	Status        string     `json:"status"`
	Confirmation  bool       `json:"confirmation"`
	ScheduledAt   *time.Time `json:"scheduledAt"`
	CompletedAt   *time.Time `json:"completedAt"`
	ContactListID *int64     `json:"contactListId"`
	TagListID     *int64     `json:"tagListId"`
	ConnectionID  *int64     `json:"whatsappId" gorm:"column:connection_id"`
	UserID        *int64     `json:"userId"`
	QueueID       *int64     `json:"queueId"`
	StatusTicket  string     `json:"statusTicket"`
	OpenTicket    string     `json:"openTicket"`
	MediaPath     string     `json:"mediaPath"`
	MediaName     string     `json:"mediaName"`
	MediaType     string     `json:"mediaType"`
	NextSendAt    *time.Time `json:"nextSendAt"`
	RunSent       int        `json:"-"`
	WaitReason    string     `json:"waitReason"`
	WaitUntil     *time.Time `json:"waitUntil"`
	WaitDetail    Detail     `json:"waitDetail" gorm:"serializer:json"`
	PausedReason  string     `json:"pausedReason"`
	CreatedAt     time.Time  `json:"createdAt"`
	UpdatedAt     time.Time  `json:"updatedAt"`
	ContactList   *Named     `json:"contactList,omitempty" gorm:"-"`
	Whatsapp      *Named     `json:"whatsapp,omitempty" gorm:"-"`
	MediaURL      string     `json:"mediaUrl,omitempty" gorm:"-"`
}

// Detail is what a waiting or paused campaign shows about why (numbers for the report's
// sentence: the cap, what was sent today, the warm-up day, the failure counts…).
type Detail map[string]any

// Named is a related row as lists show it.
type Named struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Texts are a campaign's message variants, one picked at random for each contact, and
// the variants of its confirmation request.
type Texts struct {
	Message1             string `json:"message1"`
	Message2             string `json:"message2"`
	Message3             string `json:"message3"`
	Message4             string `json:"message4"`
	Message5             string `json:"message5"`
	ConfirmationMessage1 string `json:"confirmationMessage1"`
	ConfirmationMessage2 string `json:"confirmationMessage2"`
	ConfirmationMessage3 string `json:"confirmationMessage3"`
	ConfirmationMessage4 string `json:"confirmationMessage4"`
	ConfirmationMessage5 string `json:"confirmationMessage5"`
}

// fields are the five message variants, then the five confirmations.
func (t *Texts) fields() []*string {
	return []*string{&t.Message1, &t.Message2, &t.Message3, &t.Message4, &t.Message5,
		&t.ConfirmationMessage1, &t.ConfirmationMessage2, &t.ConfirmationMessage3,
		&t.ConfirmationMessage4, &t.ConfirmationMessage5}
}

// Messages are the non-empty message variants.
func (t Texts) Messages() []string {
	return nonEmpty(t.Message1, t.Message2, t.Message3, t.Message4, t.Message5)
}

// Confirmations are the non-empty confirmation variants.
func (t Texts) Confirmations() []string {
	return nonEmpty(t.ConfirmationMessage1, t.ConfirmationMessage2, t.ConfirmationMessage3,
		t.ConfirmationMessage4, t.ConfirmationMessage5)
}

func nonEmpty(all ...string) []string {
	var out []string
	for _, s := range all {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Editable is spec/3 §4: a draft, a scheduled campaign starting more than an hour after
// now, or a canceled one.
func (c Campaign) Editable(now time.Time) bool {
	switch c.Status {
	case StatusInactive, StatusCanceled:
		return true
	case StatusScheduled:
		return c.ScheduledAt != nil && c.ScheduledAt.Sub(now) > EditLead
	}
	return false
}

// Shipping is one number of a campaign: created once, sent once.
type Shipping struct {
	ID                      int64      `json:"id"`
	CompanyID               int64      `json:"-"`
	CampaignID              int64      `json:"campaignId"`
	ContactListItemID       *int64     `json:"contactListItemId"`
	ContactID               *int64     `json:"contactId"`
	Name                    string     `json:"name"`
	Number                  string     `json:"number"`
	Email                   string     `json:"email"`
	ConnectionID            *int64     `json:"-"`
	Message                 string     `json:"message"`
	ConfirmationMessage     string     `json:"confirmationMessage"`
	ConfirmationRequestedAt *time.Time `json:"confirmationRequestedAt"`
	ConfirmProviderID       *string    `json:"-"`
	ConfirmedAt             *time.Time `json:"confirmedAt"`
	DeliveredAt             *time.Time `json:"deliveredAt"`
	ProviderID              *string    `json:"-"`
	Ack                     int        `json:"ack"`
	FailedAt                *time.Time `json:"failedAt"`
	Error                   string     `json:"error"`
	Attempts                int        `json:"attempts"` // sends the number refused (MaxAttempts: it fails)
	TicketID                *int64     `json:"ticketId"`
	CreatedAt               time.Time  `json:"createdAt"`
	UpdatedAt               time.Time  `json:"updatedAt"`
}

// TableName is the shippings table.
func (Shipping) TableName() string { return "campaign_shippings" }
