// Package ticket holds tickets: a conversation of a contact on a connection, its status,
// queue and attendant, and the rules that find, reuse, reopen and create them.
package ticket

import (
	"time"

	"atende/pkg/contact"
)

// Statuses.
const (
	StatusPending = "pending"
	StatusOpen    = "open"
	StatusClosed  = "closed"
	StatusGroup   = "group"
	StatusLGPD    = "lgpd"
	StatusNPS     = "nps"
)

// ActiveStatuses are the statuses a contact's message reuses.
var ActiveStatuses = []string{StatusOpen, StatusPending, StatusGroup, StatusNPS, StatusLGPD}

// Ticket is one conversation. JSON names follow the spec.
type Ticket struct {
	ID                     int64  `json:"id"`
	UUID                   string `json:"uuid" gorm:"column:uuid;default:gen_random_uuid()"`
	CompanyID              int64  `json:"companyId"`
	ContactID              int64  `json:"contactId"`
	ConnectionID           *int64 `json:"whatsappId" gorm:"column:connection_id"`
	QueueID                *int64 `json:"queueId"`
	UserID                 *int64 `json:"userId"`
	Status                 string `json:"status"`
	Channel                string `json:"channel"`
	IsGroup                bool   `json:"isGroup"`
	IsBot                  bool   `json:"isBot"`
	UnreadMessages         int    `json:"unreadMessages"`
	LastMessage            string `json:"lastMessage"`
	FromMe                 bool   `json:"fromMe"`
	UseIntegration         bool   `json:"useIntegration"`
	IntegrationID          *int64 `json:"integrationId"`
	AmountUsedBotQueues    int    `json:"amountUsedBotQueues"`
	AmountUsedBotQueuesNPS int    `json:"amountUsedBotQueuesNPS" gorm:"column:amount_used_bot_queues_nps"`
	IsOutOfHour            bool   `json:"isOutOfHour"`
	SendInactiveMessage    bool   `json:"sendInactiveMessage"`
	IsTransfered           bool   `json:"isTransfered"`
	Imported               bool   `json:"imported"`
	// The bot's state: the option level shown last (queue option tree) and the LGPD talk.
	ChatbotOptionID   *int64           `json:"chatbotOptionId"`
	LgpdSendMessageAt *time.Time       `json:"lgpdSendMessageAt"`
	LgpdAcceptedAt    *time.Time       `json:"lgpdAcceptedAt"`
	CreatedAt         time.Time        `json:"createdAt"`
	UpdatedAt         time.Time        `json:"updatedAt"`
	Contact           *contact.Contact `json:"contact,omitempty" gorm:"-"`
	Queue             *QueueRef        `json:"queue" gorm:"-"`
	User              *UserRef         `json:"user" gorm:"-"`
	Whatsapp          *ConnectionRef   `json:"whatsapp" gorm:"-"`
	Tags              []contact.TagRef `json:"tags" gorm:"-"`
	UserRating        *Rating          `json:"userRating" gorm:"-"` // a closed ticket's latest rating
}

// Rating is the customer's rating (0–10, BEHAVIOUR decision 3) shown on a closed ticket.
type Rating struct {
	Rate int `json:"rate"`
}

// QueueRef is the queue shape inside a ticket.
type QueueRef struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// UserRef is the attendant shape inside a ticket.
type UserRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ConnectionRef is the connection shape inside a ticket.
type ConnectionRef struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	Channel       string `json:"channel"`
	GroupAsTicket string `json:"groupAsTicket"`
}

// Log types written to the ticket log (spec/1 §3 "Ticket log entry").
const (
	LogCreate           = "create"
	LogLGPD             = "lgpd"
	LogChatBot          = "chatBot"
	LogQueue            = "queue"
	LogOpen             = "open"
	LogAccess           = "access"
	LogTransfered       = "transfered"
	LogReceivedTransfer = "receivedTransfer"
	LogPending          = "pending"
	LogClosed           = "closed"
	LogReopen           = "reopen"
	LogRedirect         = "redirect"
	LogNPS              = "nps"
	LogAutoClose        = "autoClose"
)
