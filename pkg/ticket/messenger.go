package ticket

import "context"

// Messenger writes the messages a ticket change calls for. The message package implements
// it; the ticket service only consumes it.
type Messenger interface {
	// SendText sends an automatic text (farewell, accept greeting, transfer message): it
	// stores the outgoing message (ack 0) and queues its delivery.
	SendText(ctx context.Context, t Ticket, body string) error
	// AddNote stores a private note of userID on t (the transfer's msgTransfer); private
	// messages are never sent.
	AddNote(ctx context.Context, t Ticket, userID int64, body string) error
}
