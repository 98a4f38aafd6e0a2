// Package connection holds channel connections (the spec's "whatsapp" records): which
// channel, its state, its token and the rules tickets on it follow.
package connection

import (
	"context"
	"crypto/rand"
	"errors"
	"math/big"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/queue"
	"atende/pkg/tenant"
)

// Channels.
const (
	ChannelWhatsApp    = "whatsapp"
	ChannelWhatsAppAPI = "whatsappapi"
	ChannelFacebook    = "facebook"
	ChannelInstagram   = "instagram"
	ChannelSandbox     = "sandbox"
)

// States.
const (
	StatusOpening      = "OPENING"
	StatusQRCode       = "qrcode"
	StatusConnected    = "CONNECTED"
	StatusDisconnected = "DISCONNECTED"
	StatusPairing      = "PAIRING"
	StatusTimeout      = "TIMEOUT"
)

// TokenLength is the spec's token size.
const TokenLength = 30

// Connection is one channel session of a company. JSON names follow the spec.
type Connection struct {
	ID                     int64  `json:"id"`
	CompanyID              int64  `json:"companyId"`
	Name                   string `json:"name"`
	Channel                string `json:"channel"`
	Status                 string `json:"status"`
	QRCode                 string `json:"qrcode" gorm:"column:qrcode"`
	PairingCode            string `json:"pairingCode"`           // while pairing by phone number
	PairingError           string `json:"pairingError" gorm:"-"` // why no code came; only on the event ('' clears it)
	Retries                int    `json:"retries"`
	Number                 string `json:"number"`
	IsDefault              bool   `json:"isDefault"`
	Token                  string `json:"token,omitempty"` // only for who manages connections
	GreetingMessage        string `json:"greetingMessage"`
	ComplationMessage      string `json:"complationMessage"`
	OutOfHoursMessage      string `json:"outOfHoursMessage"`
	RatingMessage          string `json:"ratingMessage"`
	AllowGroup             bool   `json:"allowGroup"`
	GroupAsTicket          string `json:"groupAsTicket"`
	MaxUseBotQueues        int    `json:"maxUseBotQueues"`
	TimeUseBotQueues       int    `json:"timeUseBotQueues"`
	TimeSendQueue          int    `json:"timeSendQueue"`
	SendIDQueue            *int64 `json:"sendIdQueue" gorm:"column:send_id_queue"`
	ExpiresTicket          int    `json:"expiresTicket"`
	WhenExpiresTicket      string `json:"whenExpiresTicket"`
	ExpiresTicketNPS       int    `json:"expiresTicketNPS" gorm:"column:expires_ticket_nps"`
	MaxUseBotQueuesNPS     int    `json:"maxUseBotQueuesNPS" gorm:"column:max_use_bot_queues_nps"`
	ExpiresInactiveMessage string `json:"expiresInactiveMessage"`
	TimeInactiveMessage    int    `json:"timeInactiveMessage"`
	InactiveMessage        string `json:"inactiveMessage"`
	TimeCreateNewTicket    int    `json:"timeCreateNewTicket"`
	AccessToken            string `json:"-"`
	ExternalID             string `json:"externalId"`

	// The greeting's media file: stored path (never shown), original name, signed URL.
	GreetingMediaPath       string `json:"-" gorm:"column:greeting_media_attachment"`
	GreetingMediaAttachment string `json:"greetingMediaAttachment" gorm:"column:greeting_media_name"`
	GreetingMediaURL        string `json:"greetingMediaUrl" gorm:"-"`

	// Importing the phone's history when the session pairs (the WhatsApp channel does it).
	ImportOldMessages         *time.Time `json:"importOldMessages"`
	ImportRecentMessages      *time.Time `json:"importRecentMessages"`
	ImportOldMessagesGroups   bool       `json:"importOldMessagesGroups"`
	ClosedTicketsPostImported bool       `json:"closedTicketsPostImported"`
	QueueIDImportMessages     *int64     `json:"queueIdImportMessages" gorm:"column:queue_id_import_messages"`
	StatusImportMessages      string     `json:"statusImportMessages"`

	// Automation of the connection: integration, AI prompt, welcome and no-phrase flows.
	IntegrationID   *int64 `json:"integrationId"`
	PromptID        *int64 `json:"promptId"`
	FlowIDWelcome   *int64 `json:"flowIdWelcome" gorm:"column:flow_id_welcome"`
	FlowIDNotPhrase *int64 `json:"flowIdNotPhrase" gorm:"column:flow_id_not_phrase"`
	Provider        string `json:"provider" gorm:"default:beta"`

	CollectiveVacationStart   *company.Date   `json:"collectiveVacationStart"`
	CollectiveVacationEnd     *company.Date   `json:"collectiveVacationEnd"`
	CollectiveVacationMessage string          `json:"collectiveVacationMessage"`
	Schedules                 hours.Schedules `json:"schedules"`
	// ClockOffset shifts a sandbox connection's bot clock by this many seconds (Now).
	ClockOffset int `json:"clockOffset"`

	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	Queues    []QueueRef `json:"queues" gorm:"-"`
	QueueIDs  []int64    `json:"queueIds" gorm:"-"`
	// Company names the owner in the platform-wide list (GET /whatsapp/all).
	Company *CompanyRef `json:"company,omitempty" gorm:"-"`
	// Warning tells the editor what a save did besides saving (see Update).
	Warning *Warning `json:"warning,omitempty" gorm:"-"`
}

// CompanyRef is the short company shape of the platform-wide list.
type CompanyRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Warning is a non-blocking notice about a save, with a code the web app translates.
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// QueueRef is the short queue shape inside a connection.
type QueueRef = queue.Ref

// GroupsAsTickets reports whether group chats become normal (pending) tickets.
func (c Connection) GroupsAsTickets() bool { return c.GroupAsTicket == "enabled" }

// ErrNotFound is the spec's missing-connection error.
var ErrNotFound = errs.New(404, "ERR_NO_WAPP_FOUND", "Nenhuma conexão encontrada com este ID.")

// Store reads connections of the context's company.
type Store struct{ DB *gorm.DB }

// Get returns one connection of the company.
func (s Store) Get(ctx context.Context, id int64) (Connection, error) {
	return tenant.Get[Connection](ctx, s.DB, id, ErrNotFound)
}

// Exists reports whether id is a connection of the company (user.ConnectionChecker).
func (s Store) Exists(ctx context.Context, id int64) bool {
	_, err := s.Get(ctx, id)
	return err == nil
}

// ByToken finds the connection a bearer token belongs to, in any company; the token is
// what identifies the company for the sandbox and external APIs.
func (s Store) ByToken(ctx context.Context, token string) (Connection, error) {
	var c Connection
	if len(token) != TokenLength {
		return c, ErrNotFound
	}
	err := s.DB.WithContext(ctx).Where("token = ?", token).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, ErrNotFound
	}
	return c, err
}

// Default returns the company's default connection.
func (s Store) Default(ctx context.Context) (Connection, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Connection{}, err
	}
	var c Connection
	err = q.Where("is_default").Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, errs.New(404, "ERR_NO_DEF_WAPP_FOUND", "Nenhuma conexão padrão encontrada.")
	}
	return c, err
}

const tokenAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// NewToken returns a random 30-character alphanumeric token.
func NewToken() string {
	b := make([]byte, TokenLength)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(tokenAlphabet))))
		b[i] = tokenAlphabet[n.Int64()]
	}
	return string(b)
}

// Now is the time the connection's bot runs at: the real clock, shifted on a sandbox
// connection whose administrator set a pretend time to try out-of-hours paths.
func (c Connection) Now(real time.Time) time.Time {
	return real.Add(time.Duration(c.ClockOffset) * time.Second)
}
