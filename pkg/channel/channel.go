// Package channel is what every messaging channel does (send, edit, delete, mark read,
// download media, look up a profile) and the inbound events channels yield. Implementations
// live in sub-packages (sandbox, and the real channels) and register by channel name.
package channel

import (
	"context"
	"errors"
	"fmt"
	"time"

	"atende/pkg/connection"
	"atende/pkg/menu"
)

// Kinds of outgoing content.
const (
	KindText     = "text"
	KindMedia    = "media"
	KindContact  = "contact"
	KindLocation = "location"
	// KindReaction reacts to TargetID with the emoji in Body ("" takes our reaction back).
	KindReaction = "reaction"
)

// Outgoing is one message to deliver. MessageID is ours and doubles as the idempotency
// key: a channel asked twice for the same MessageID must not deliver twice.
type Outgoing struct {
	MessageID        int64
	To               string
	IsGroup          bool
	Kind             string
	Body             string
	MediaPath        string // relative path in storage
	MediaName        string
	MediaType        string
	VCard            string
	QuotedProviderID string

	// KindReaction: the provider id of the message reacted to, and who wrote it (WhatsApp
	// names a message by chat, author and id): TargetFromMe for ours, else the customer,
	// or TargetSender, the member who wrote it in a group.
	TargetID     string
	TargetFromMe bool
	TargetSender string

	// Menu: the bot's numbered menu in Body, for a company whose chatBotType is list or
	// button. A channel with interactive messages may send it as such (each choice's ID is
	// what the customer's reply carries); the others send Body.
	Menu *Menu
}

// Menu is a bot menu to send interactively: Style (menu.StyleList or menu.StyleButton),
// the greeting as Text, and the choices.
type Menu struct {
	Style   string
	Text    string
	Choices []menu.Choice
}

// Sent is what the channel says about a delivered message.
type Sent struct {
	ProviderID string
	Ack        int
}

// Delivery is one message for a connection, as a Batcher takes it.
type Delivery struct {
	Conn connection.Connection
	Out  Outgoing
}

// Batcher is a channel that takes many messages, of any of its connections, in one call
// and answers for all of them at once (the sandbox writes them in one statement). Like
// Send, it treats each message id as an idempotency key: asked again after a crash, it
// returns the first delivery's provider ids.
type Batcher interface {
	SendBatch(ctx context.Context, ds []Delivery) ([]Sent, error)
}

// Profile is what a channel knows about a number.
type Profile struct {
	Number     string `json:"number"`
	Name       string `json:"name"`
	PictureURL string `json:"profilePicUrl"`
	Exists     bool   `json:"exists"`
}

// Channel is implemented by every channel.
type Channel interface {
	Send(ctx context.Context, conn connection.Connection, out Outgoing) (Sent, error)
	Edit(ctx context.Context, conn connection.Connection, to, providerID, body string) error
	Delete(ctx context.Context, conn connection.Connection, to, providerID string) error
	MarkRead(ctx context.Context, conn connection.Connection, to string, providerIDs []string) error
	Profile(ctx context.Context, conn connection.Connection, number string) (Profile, error)
}

// Inbound event kinds.
const (
	EventMessage  = "message"
	EventAck      = "ack"
	EventEdit     = "edit"
	EventDelete   = "delete"
	EventReaction = "reaction"
	// EventMedia fills in the media of message TargetID whose download failed when it
	// arrived (MediaPath, MediaName, MediaType and the caption in Body).
	EventMedia = "media"
	// EventCall is a voice or video call that ended unanswered (Atende never takes calls):
	// From called at Timestamp; ProviderID names the call.
	EventCall = "call"
)

// Event is one inbound happening on a connection, as stored in inbound_events.payload.
type Event struct {
	Kind             string    `json:"kind"`
	ProviderID       string    `json:"providerId"`
	From             string    `json:"from"`
	Name             string    `json:"name,omitempty"`
	PictureURL       string    `json:"pictureUrl,omitempty"`
	IsGroup          bool      `json:"isGroup,omitempty"`
	Participant      string    `json:"participant,omitempty"`
	FromMe           bool      `json:"fromMe,omitempty"`
	Body             string    `json:"body,omitempty"`
	MediaType        string    `json:"mediaType,omitempty"`
	MediaPath        string    `json:"mediaPath,omitempty"`
	MediaName        string    `json:"mediaName,omitempty"`
	VCard            string    `json:"vcard,omitempty"`
	QuotedProviderID string    `json:"quotedProviderId,omitempty"`
	TargetID         string    `json:"targetId,omitempty"` // ack, edit, delete, reaction: the message it is about
	Ack              int       `json:"ack,omitempty"`
	Imported         bool      `json:"imported,omitempty"` // from the phone's history (import)
	Timestamp        time.Time `json:"timestamp"`
}

// DedupeKey identifies an event so that a redelivery is recognised.
func (e Event) DedupeKey() string {
	switch e.Kind {
	case EventAck:
		return fmt.Sprintf("ack:%s:%d", e.TargetID, e.Ack)
	case EventEdit, EventDelete:
		return fmt.Sprintf("%s:%s:%s", e.Kind, e.TargetID, e.ProviderID)
	}
	return e.Kind + ":" + e.ProviderID
}

// ErrUnknownChannel is returned for a connection whose channel has no implementation here.
var ErrUnknownChannel = errors.New("channel: no implementation registered")

// Registry maps channel names to implementations.
type Registry map[string]Channel

// For returns the implementation of conn's channel.
func (r Registry) For(conn connection.Connection) (Channel, error) {
	if ch, ok := r[conn.Channel]; ok {
		return ch, nil
	}
	return nil, fmt.Errorf("%w: %s", ErrUnknownChannel, conn.Channel)
}

// Namer is a channel that names a message we send after our own id (the sandbox,
// whatsmeow): the provider id is known before the send, so it is written with the row,
// and the send's record then changes no indexed column (a HOT update).
type Namer interface {
	ProviderID(conn connection.Connection, messageID int64) string
}

// ProviderID is the id conn's channel will give our message messageID, when the channel
// names it ahead (Namer); "" otherwise.
func (r Registry) ProviderID(conn connection.Connection, messageID int64) string {
	if n, ok := r[conn.Channel].(Namer); ok {
		return n.ProviderID(conn, messageID)
	}
	return ""
}

// ElsewhereError says the work needs the session another process owns: the worker hands
// the task to that process's own queue instead of failing it.
type ElsewhereError struct{ Owner string }

func (e *ElsewhereError) Error() string { return "channel: session is owned by worker " + e.Owner }

// NumberChecker is a channel that can tell which numbers have an account (WhatsApp through
// whatsmeow). Channels without it (Cloud API, sandbox) only check a number's format.
type NumberChecker interface {
	// CheckNumbers answers, for each digits-only number asked, whether it has an account.
	CheckNumbers(ctx context.Context, conn connection.Connection, numbers []string) (map[string]bool, error)
}

// PhoneContact is one entry of a phone's address book: digits with the country code, and
// the name the phone (or the contact's profile) gives.
type PhoneContact struct {
	Number string
	Name   string
}

// PhoneBook is a channel that keeps the contacts of the phone behind a connection
// (whatsmeow's contact store). Cloud API and sandbox connections have none.
type PhoneBook interface {
	PhoneContacts(ctx context.Context, conn connection.Connection) ([]PhoneContact, error)
}
