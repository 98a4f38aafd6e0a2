package queue

import (
	"slices"
	"strings"

	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/validate"
)

// Input is a create or update request. Nil fields are left as they are (update) or take
// their defaults (create).
type Input struct {
	Name              *string                  `json:"name"`
	Color             *string                  `json:"color"`
	OrderQueue        *int                     `json:"orderQueue"`
	GreetingMessage   *string                  `json:"greetingMessage"`
	OutOfHoursMessage *string                  `json:"outOfHoursMessage"`
	CloseTicket       *bool                    `json:"closeTicket"`
	AtivarRoteador    *bool                    `json:"ativarRoteador"`
	TempoRoteador     *int                     `json:"tempoRoteador"`
	Schedules         *hours.Schedules         `json:"schedules"`
	IntegrationID     validate.Nullable[int64] `json:"integrationId"`
	FileListID        validate.Nullable[int64] `json:"fileListId"`
}

// apply validates in and copies it onto q. creating makes name and colour required.
func (in Input) apply(q *Queue, creating bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		q.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", q.Name, 2, 50)
	}
	if in.Color != nil || creating {
		q.Color = strings.TrimSpace(validate.Deref(in.Color))
		validate.Length(v, "color", q.Color, 3, 9)
	}
	if in.OrderQueue != nil {
		q.OrderQueue = *in.OrderQueue
		validate.NonNegative(v, "orderQueue", q.OrderQueue)
	}
	validate.SetText(v, "greetingMessage", &q.GreetingMessage, in.GreetingMessage)
	validate.SetText(v, "outOfHoursMessage", &q.OutOfHoursMessage, in.OutOfHoursMessage)
	validate.Each(map[string]validate.Pair[bool]{"closeTicket": {Dst: &q.CloseTicket, Src: in.CloseTicket},
		"ativarRoteador": {Dst: &q.AtivarRoteador, Src: in.AtivarRoteador}}, nil)
	if in.TempoRoteador != nil {
		q.TempoRoteador = *in.TempoRoteador
		if !slices.Contains(RotationMinutes, q.TempoRoteador) {
			v.Add("tempoRoteador", validate.MsgBadOption)
		}
	}
	if in.Schedules != nil {
		q.Schedules = *in.Schedules
		q.Schedules.Validate(v, "schedules")
	}
	if in.IntegrationID.Set {
		q.IntegrationID = in.IntegrationID.Of() // checked against the company's integrations in the transaction
		if q.IntegrationID != nil && *q.IntegrationID == 0 {
			q.IntegrationID = nil
		}
	}
	if in.FileListID.Set {
		q.FileListID = in.FileListID.Of() // checked against the company's lists in the transaction
	}
	return v.Err()
}
