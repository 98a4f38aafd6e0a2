// Package queue holds a company's service queues (departments): their colour, order,
// messages and hours, their option trees (the spec's "chatbot", options.go), and the links
// that attach users and connections to them.
package queue

import (
	"net/http"
	"time"

	"atende/pkg/errs"
	"atende/pkg/hours"
)

// Queue is one service queue. JSON names follow the spec.
type Queue struct {
	ID                int64  `json:"id"`
	CompanyID         int64  `json:"companyId"`
	Name              string `json:"name"`
	Color             string `json:"color"`
	OrderQueue        int    `json:"orderQueue"`
	GreetingMessage   string `json:"greetingMessage"`
	OutOfHoursMessage string `json:"outOfHoursMessage"`
	CloseTicket       bool   `json:"closeTicket"`
	AtivarRoteador    bool   `json:"ativarRoteador"`
	TempoRoteador     int    `json:"tempoRoteador"`
	// Schedules are the queue's hours, read when the company's scheduleType is "queue".
	Schedules hours.Schedules `json:"schedules"`
	// IntegrationID: entering the queue hands the ticket to this integration (pkg/integration).
	IntegrationID *int64    `json:"integrationId"`
	FileListID    *int64    `json:"fileListId"` // a file list of the company, sent with the queue
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

// Detail is a queue with its option tree (GET /queue/{id}).
type Detail struct {
	Queue
	Chatbots []Option `json:"chatbots"`
}

// Ref is the short queue shape carried inside users, connections and tickets.
type Ref struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// RotationMinutes are the allowed tempoRoteador values (0 = no rotation time).
var RotationMinutes = []int{0, 2, 5, 10, 15, 30, 45, 60}

const (
	msgGreetingRequired   = "A mensagem de saudação é obrigatória quando há mais de uma fila."
	msgOutOfHoursRequired = "A mensagem de fora de expediente é obrigatória quando o horário é definido por fila."
	msgBadFileList        = "Lista de arquivos inválida"
)

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
