// Package queue holds a company's service queues (departments): their colour, order and
// messages, and the links that attach users and connections to them.
package queue

import (
	"net/http"
	"time"

	"atende/pkg/errs"
)

// Queue is one service queue. JSON names follow the spec.
type Queue struct {
	ID                int64     `json:"id"`
	CompanyID         int64     `json:"companyId"`
	Name              string    `json:"name"`
	Color             string    `json:"color"`
	OrderQueue        int       `json:"orderQueue"`
	GreetingMessage   string    `json:"greetingMessage"`
	OutOfHoursMessage string    `json:"outOfHoursMessage"`
	CloseTicket       bool      `json:"closeTicket"`
	AtivarRoteador    bool      `json:"ativarRoteador"`
	TempoRoteador     int       `json:"tempoRoteador"`
	CreatedAt         time.Time `json:"createdAt"`
	UpdatedAt         time.Time `json:"updatedAt"`
}

// Ref is the short queue shape carried inside users, connections and tickets.
type Ref struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// RotationMinutes are the allowed tempoRoteador values (0 = no rotation time).
var RotationMinutes = []int{0, 2, 5, 10, 15, 30, 45, 60}

const msgGreetingRequired = "A mensagem de saudação é obrigatória quando há mais de uma fila."

// Errors of the spec's catalogue and ours in the same style.
var (
	ErrNotFound    = errs.New(http.StatusNotFound, "ERR_QUEUE_NOT_FOUND", "Nenhuma fila encontrada com este ID.")
	ErrColorExists = errs.New(http.StatusConflict, "ERR_QUEUE_COLOR_ALREADY_EXISTS", "Esta cor já está em uso por outra fila.")
	ErrNameExists  = errs.New(http.StatusConflict, "ERR_QUEUE_NAME_ALREADY_EXISTS", "Já existe uma fila com este nome.")
	ErrLimit       = errs.New(http.StatusForbidden, "ERR_QUEUE_LIMIT_REACHED", "Limite de filas do plano atingido.")
	ErrInvalid     = errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Fila inválida.")
	// ErrGreetingRequired is the spec's code for a queue without greeting while the
	// company has more than one queue; the form shows why on the greeting field.
	ErrGreetingRequired = &errs.Error{Status: http.StatusBadRequest, Code: "ERR_WAPP_GREETING_REQUIRED",
		Message: msgGreetingRequired, Fields: map[string]string{"greetingMessage": msgGreetingRequired}}
)
