package channel

import (
	"context"

	"atende/pkg/connection"
)

// Typing is a "typing…" indicator shown to a customer (On) or taken back.
type Typing struct {
	To      string
	IsGroup bool
	On      bool
	// MessageID is our message the indicator announces (the sandbox keys its record by it).
	MessageID int64
	// ReplyTo is the provider id of the customer's last message: the Cloud API shows
	// "typing…" only with the read mark of a message it received.
	ReplyTo string
}

// Typer is a channel that can show "typing…" (whatsmeow's chat presence, the Cloud API's
// typing indicator, the Send API's sender actions, the sandbox's outbox). Callers check
// for it with a type assertion and skip channels without it; a lost indicator is harmless.
type Typer interface {
	Typing(ctx context.Context, conn connection.Connection, t Typing) error
}
