// Package tag holds a company's tags: labels on contacts and tickets, some of which are
// kanban lanes.
package tag

import (
	"crypto/rand"
	"math/big"
	"net/http"
	"strings"
	"time"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Tag is one label. JSON names follow the spec.
type Tag struct {
	ID        int64  `json:"id"`
	CompanyID int64  `json:"companyId"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	Kanban    int    `json:"kanban"`
	// Lane settings (BEHAVIOUR §6, pkg/kanban): minutes after an agent message before the
	// card moves to NextLaneID; a customer message moves it to RollbackLaneID, which sends
	// its GreetingMessageLane.
	TimeLane            int       `json:"timeLane"`
	NextLaneID          *int64    `json:"nextLaneId"`
	RollbackLaneID      *int64    `json:"rollbackLaneId"`
	GreetingMessageLane string    `json:"greetingMessageLane"`
	CreatedAt           time.Time `json:"createdAt"`
	UpdatedAt           time.Time `json:"updatedAt"`
}

// MsgTooShort is the spec's message for a tag name under 3 characters.
const MsgTooShort = "Tag muito curta!"

// Errors.
var (
	ErrNotFound = errs.New(http.StatusNotFound, "ERR_TAG_NOT_FOUND", "Nenhuma tag encontrada com este ID.")
	ErrExists   = errs.New(http.StatusConflict, "ERR_TAG_ALREADY_EXISTS", "Já existe uma tag com este nome.")
	ErrInvalid  = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Tag inválida.")
)

// Palette holds the colours a new tag gets at random when none is chosen.
var Palette = []string{"#7C7C7C", "#EF4444", "#F97316", "#F59E0B", "#84CC16", "#22C55E", "#14B8A6",
	"#06B6D4", "#3B82F6", "#6366F1", "#8B5CF6", "#D946EF", "#EC4899", "#F43F5E", "#0EA5E9", "#A16207"}

// RandomColor picks a colour of the palette.
func RandomColor() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(Palette))))
	return Palette[n.Int64()]
}

// Input is a create or update request; nil fields are kept (update) or defaulted (create).
type Input struct {
	Name   *string `json:"name"`
	Color  *string `json:"color"`
	Kanban *int    `json:"kanban"`
	// Lane settings; 0 or null clears a lane pointer.
	TimeLane            *int    `json:"timeLane"`
	NextLaneID          *int64  `json:"nextLaneId"`
	RollbackLaneID      *int64  `json:"rollbackLaneId"`
	GreetingMessageLane *string `json:"greetingMessageLane"`
}

// MaxTimeLane bounds a lane's timer: 30 days in minutes.
const MaxTimeLane = 30 * 24 * 60

// apply validates in onto t; creating makes the name required and picks a random colour
// when none is given.
func (in Input) apply(t *Tag, creating bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		t.Name = strings.TrimSpace(validate.Deref(in.Name))
		checkName(v, "name", t.Name)
	}
	if in.Color != nil {
		t.Color = strings.TrimSpace(*in.Color)
	}
	if t.Color == "" && creating {
		t.Color = RandomColor()
	}
	validate.Length(v, "color", t.Color, 3, 9)
	if in.Kanban != nil {
		t.Kanban = *in.Kanban
		if t.Kanban != 0 && t.Kanban != 1 {
			v.Add("kanban", validate.MsgBadOption)
		}
	}
	in.applyLane(t, v)
	return v.Err()
}

// checkName applies the spec's tag name rule: required, at least 3 characters.
func checkName(v errs.Validation, field, name string) {
	validate.Length(v, field, name, 3, 50)
	if v[field] == validate.MsgTooShort {
		v[field] = MsgTooShort
	}
}

// applyLane copies the lane settings; the lanes named are checked against the company's
// kanban tags by the service (lanes).
func (in Input) applyLane(t *Tag, v errs.Validation) {
	if in.TimeLane != nil {
		t.TimeLane = *in.TimeLane
		if t.TimeLane < 0 || t.TimeLane > MaxTimeLane {
			v.Add("timeLane", validate.MsgBadOption)
		}
	}
	if in.NextLaneID != nil {
		t.NextLaneID = nonZero(*in.NextLaneID)
	}
	if in.RollbackLaneID != nil {
		t.RollbackLaneID = nonZero(*in.RollbackLaneID)
	}
	if in.GreetingMessageLane != nil {
		t.GreetingMessageLane = strings.TrimSpace(*in.GreetingMessageLane)
		validate.Length(v, "greetingMessageLane", t.GreetingMessageLane, 0, 4096)
	}
}

func nonZero(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}
