// Package message holds the messages of tickets, in and out.
package message

import (
	"strings"
	"time"

	"atende/pkg/storage"
)

// Media types (spec/1 §3 Message).
const (
	TypeChat     = "chat"
	TypeImage    = "image"
	TypeAudio    = "audio"
	TypeVideo    = "video"
	TypeDocument = "application"
	TypeLocation = "locationMessage"
	TypeContact  = "contactMessage"
	TypeReaction = "reactionMessage"
	TypeCallLog  = "call_log"
)

// Acks: 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 played, 5 read; -1 failed.
const (
	AckFailed    = -1
	AckPending   = 0
	AckSent      = 1
	AckDelivered = 2
	AckRead      = 3
	AckPlayed    = 4
)

// Message is one message of a ticket. JSON names follow the spec.
type Message struct {
	ID           int64     `json:"id"`
	CompanyID    int64     `json:"companyId"`
	TicketID     int64     `json:"ticketId"`
	ContactID    *int64    `json:"contactId"`
	ConnectionID *int64    `json:"whatsappId" gorm:"column:connection_id"`
	UserID       *int64    `json:"userId"`
	QueueID      *int64    `json:"queueId"`
	ProviderID   *string   `json:"wid" gorm:"column:provider_id"`
	Body         string    `json:"body"`
	FromMe       bool      `json:"fromMe"`
	MediaType    string    `json:"mediaType"`
	MediaPath    string    `json:"-"`
	MediaName    string    `json:"mediaName"`
	MediaURL     string    `json:"mediaUrl" gorm:"-"`
	QuotedMsgID  *int64    `json:"quotedMsgId"`
	QuotedMsg    *Message  `json:"quotedMsg,omitempty" gorm:"-"`
	Ack          int       `json:"ack"`
	IsDeleted    bool      `json:"isDeleted"`
	IsEdited     bool      `json:"isEdited"`
	IsForwarded  bool      `json:"isForwarded"`
	IsPrivate    bool      `json:"isPrivate"`
	Read         bool      `json:"read"`
	VCard        string    `json:"vCard" gorm:"column:vcard"`
	Participant  string    `json:"participant"`
	Reaction     string    `json:"reaction"`
	SendError    string    `json:"sendError"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

// TypeFor names the message type of an attachment from the type sniffed from its bytes
// (storage.File.MIME), never from what the sender declared: images a browser shows safely
// (no SVG), video and audio are themselves, everything else is a document.
func TypeFor(sniffed string) string {
	switch {
	case !storage.Inline(sniffed):
	case strings.HasPrefix(sniffed, "image/"):
		return TypeImage
	case strings.HasPrefix(sniffed, "video/"):
		return TypeVideo
	case strings.HasPrefix(sniffed, "audio/"):
		return TypeAudio
	}
	return TypeDocument
}
