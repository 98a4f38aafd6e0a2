// Package schedule is the scheduled messages of spec/3 (BEHAVIOUR §8, decision 8): a
// message to one contact at sendAt, repeated as its rule says. Each send fires through an
// asynq task at its time (no polling window); the (schedule, send number) row is the
// idempotency key, so a duplicate task or a second scheduler sends nothing twice.
package schedule

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"

	"atende/pkg/errs"
)

// Statuses: PENDENTE waits for its time, AGENDADA is being sent, ENVIADA made all its
// sends, ERRO failed (Error says why). A repeating schedule goes back to PENDENTE with its
// next sendAt after each send.
const (
	StatusPending = "PENDENTE"
	StatusSending = "AGENDADA"
	StatusSent    = "ENVIADA"
	StatusError   = "ERRO"
)

// Errors.
var (
	ErrNotFound = errs.New(http.StatusNotFound, "ERR_SCHEDULE_NOT_FOUND", "Agendamento não encontrado.")
	ErrSent     = errs.New(http.StatusBadRequest, "ERR_SCHEDULE_SENT", "Este agendamento já foi enviado e não pode ser alterado.")
	ErrSending  = errs.New(http.StatusConflict, "ERR_SCHEDULE_SENDING", "Este agendamento está sendo enviado agora; tente de novo em instantes.")
)

// Schedule is one scheduled message; JSON names follow the spec.
type Schedule struct {
	ID                 int64      `json:"id"`
	CompanyID          int64      `json:"companyId"`
	ContactID          int64      `json:"contactId"`
	UserID             *int64     `json:"userId"`
	ConnectionID       *int64     `json:"whatsappId" gorm:"column:connection_id"`
	TicketUserID       *int64     `json:"ticketUserId"`
	QueueID            *int64     `json:"queueId"`
	TicketID           *int64     `json:"ticketId"`
	Body               string     `json:"body"`
	SendAt             time.Time  `json:"sendAt"`
	SentAt             *time.Time `json:"sentAt"`
	Status             string     `json:"status"`
	Error              string     `json:"error"`
	OpenTicket         Toggle     `json:"openTicket"`
	StatusTicket       string     `json:"statusTicket"`
	Intervalo          int        `json:"intervalo"`
	ValorIntervalo     int        `json:"valorIntervalo"`
	EnviarQuantasVezes int        `json:"enviarQuantasVezes"`
	TipoDias           int        `json:"tipoDias"`
	Assinar            bool       `json:"assinar"`
	BaseAt             time.Time  `json:"-"`
	Step               int        `json:"-"`
	SendsDone          int        `json:"contadorEnvio"`
	MediaPath          string     `json:"-"`
	MediaName          string     `json:"mediaName"`
	MediaURL           string     `json:"mediaPath" gorm:"-"`
	Contact            *Ref       `json:"contact" gorm:"-"`
	Whatsapp           *Ref       `json:"whatsapp" gorm:"-"`
	User               *Ref       `json:"user" gorm:"-"`
	CreatedAt          time.Time  `json:"createdAt"`
	UpdatedAt          time.Time  `json:"updatedAt"`
}

// Ref names a related row (contact, connection, user).
type Ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Rule is the schedule's repetition.
func (s Schedule) Rule() Rule {
	return Rule{Unit: s.Intervalo, Every: s.ValorIntervalo, Times: s.EnviarQuantasVezes, Days: s.TipoDias}
}

// waiting: not sent yet, nor failed.
func (s Schedule) waiting() bool { return s.Status == StatusPending || s.Status == StatusSending }

// Toggle is the spec's "enabled"/"disabled" switch; it also reads true/false.
type Toggle bool

// MarshalJSON writes "enabled" or "disabled".
func (t Toggle) MarshalJSON() ([]byte, error) {
	if t {
		return []byte(`"enabled"`), nil
	}
	return []byte(`"disabled"`), nil
}

// UnmarshalJSON reads "enabled"/"disabled", "true"/"false" or a boolean.
func (t *Toggle) UnmarshalJSON(b []byte) error {
	switch string(bytes.Trim(bytes.TrimSpace(b), `"`)) {
	case "enabled", "true", "1":
		*t = true
	case "disabled", "false", "0", "", "null":
		*t = false
	default:
		var v bool
		return json.Unmarshal(b, &v)
	}
	return nil
}
