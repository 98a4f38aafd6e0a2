package ticket

import "context"

// Messenger sends an automatic text on a ticket (farewell, accept greeting, transfer
// message): it stores the outgoing message (ack 0) and queues its delivery. The message
// package implements it; the ticket service only consumes it.
type Messenger interface {
	SendText(ctx context.Context, t Ticket, body string) error
}
