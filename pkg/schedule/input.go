package schedule

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Bounds and messages of the schedule form (spec/3 §5, §9).
const (
	BodyMin      = 5
	MaxEvery     = 10_000 // valorIntervalo: a week in minutes, 27 years in months
	MaxTimes     = 1_000  // enviarQuantasVezes
	MsgBodyShort = "Mensagem muito curta"
	MsgBadDate   = "Data inválida"
	MsgBadNumber = "Informe um número entre %d e %d"
)

// Ticket statuses a schedule may open its ticket with.
var ticketStatuses = []string{"closed", "pending", "open"}

// Input is the schedule form (POST, and PUT where nil fields are kept: a drag on the
// calendar sends sendAt alone).
type Input struct {
	Body               *string                  `json:"body"`
	ContactID          validate.Nullable[int64] `json:"contactId"`
	SendAt             *string                  `json:"sendAt"`
	WhatsappID         validate.Nullable[int64] `json:"whatsappId"`
	OpenTicket         *Toggle                  `json:"openTicket"`
	TicketUserID       validate.Nullable[int64] `json:"ticketUserId"`
	QueueID            validate.Nullable[int64] `json:"queueId"`
	StatusTicket       *string                  `json:"statusTicket"`
	Intervalo          validate.Nullable[int]   `json:"intervalo"`
	ValorIntervalo     validate.Nullable[int]   `json:"valorIntervalo"`
	EnviarQuantasVezes validate.Nullable[int]   `json:"enviarQuantasVezes"`
	TipoDias           validate.Nullable[int]   `json:"tipoDias"`
	Assinar            *Toggle                  `json:"assinar"`
}

// defaults are a new schedule's values (spec/3 §9): openTicket on, ticket closed, days,
// no repetition, one send, any day.
func defaults() Schedule {
	return Schedule{Status: StatusPending, OpenTicket: true, StatusTicket: "closed", Intervalo: UnitDays,
		EnviarQuantasVezes: 1, TipoDias: AnyDay}
}

// apply writes in onto s, checking every field; loc reads a sendAt written without a zone.
func (in Input) apply(s *Schedule, creating bool, loc *time.Location) error {
	v := errs.Validation{}
	if in.Body != nil || creating {
		s.Body = strings.TrimSpace(validate.Deref(in.Body))
		switch n := utf8.RuneCountInString(s.Body); {
		case n == 0:
			v.Add("body", validate.MsgRequired)
		case n < BodyMin:
			v.Add("body", MsgBodyShort)
		case n > connection.MaxText(""):
			v.Add("body", validate.MsgTooLong)
		}
	}
	if in.ContactID.Set || creating {
		if p := in.ContactID.Of(); p != nil && *p > 0 {
			s.ContactID = *p
		} else {
			v.Add("contactId", validate.MsgRequired)
		}
	}
	if in.SendAt != nil || creating {
		at, ok := parseTime(validate.Deref(in.SendAt), loc)
		switch {
		case strings.TrimSpace(validate.Deref(in.SendAt)) == "":
			v.Add("sendAt", validate.MsgRequired)
		case !ok:
			v.Add("sendAt", MsgBadDate)
		default:
			s.SendAt = at
		}
	}
	setRef(&s.ConnectionID, in.WhatsappID)
	setRef(&s.TicketUserID, in.TicketUserID)
	setRef(&s.QueueID, in.QueueID)
	if in.OpenTicket != nil {
		s.OpenTicket = *in.OpenTicket
	}
	if in.Assinar != nil {
		s.Assinar = bool(*in.Assinar)
	}
	if in.StatusTicket != nil {
		s.StatusTicket = strings.TrimSpace(*in.StatusTicket)
		validate.OneOf(v, "statusTicket", s.StatusTicket, ticketStatuses...)
	}
	setInt(v, "intervalo", &s.Intervalo, in.Intervalo, UnitDays, UnitMinutes)
	setInt(v, "valorIntervalo", &s.ValorIntervalo, in.ValorIntervalo, 0, MaxEvery)
	setInt(v, "enviarQuantasVezes", &s.EnviarQuantasVezes, in.EnviarQuantasVezes, 1, MaxTimes)
	setInt(v, "tipoDias", &s.TipoDias, in.TipoDias, AnyDay, NextBusinessDay)
	if s.ValorIntervalo == 0 {
		// No repetition: the send planned is the last, whatever the count said (one in
		// all for a new schedule; one more than those made for an edited one).
		s.EnviarQuantasVezes = s.SendsDone + 1
	}
	return v.Err()
}

func setRef(dst **int64, src validate.Nullable[int64]) {
	if !src.Set {
		return
	}
	*dst = src.Of()
	if *dst != nil && **dst <= 0 {
		*dst = nil
	}
}

func setInt(v errs.Validation, field string, dst *int, src validate.Nullable[int], lo, hi int) {
	if !src.Set {
		return
	}
	p := src.Of()
	if p == nil || *p < lo || *p > hi {
		v.Add(field, numberMsg(lo, hi))
		return
	}
	*dst = *p
}

func numberMsg(lo, hi int) string {
	return fmt.Sprintf(MsgBadNumber, lo, hi)
}

// dateLayouts are the sendAt forms read: RFC 3339 (what the web app sends), and a wall
// time without a zone, read in the company's zone (a datetime-local field).
var dateLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"}

// parseTime reads sendAt to the second; years outside 2000–2999 are refused.
func parseTime(s string, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for i, layout := range dateLayouts {
		var t time.Time
		var err error
		if i == 0 {
			t, err = time.Parse(layout, s)
		} else {
			t, err = time.ParseInLocation(layout, s, loc)
		}
		if err == nil && t.Year() >= 2000 && t.Year() < 3000 {
			return t.Truncate(time.Second).UTC(), true
		}
	}
	return time.Time{}, false
}
