package ticket

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/realtime"
	"atende/pkg/tasks"
)

// Outbox is the Messenger: it stores an outgoing text as a message row (ack 0), makes it
// the ticket's last message, queues message:send keyed by the message id, and announces
// the message. The worker delivers it and records the provider id and ack.
type Outbox struct {
	DB     *gorm.DB
	Queue  tasks.Enqueuer
	Events realtime.Publisher
}

// SendText implements Messenger.
func (o Outbox) SendText(ctx context.Context, t Ticket, body string) error {
	var m outMessage
	err := o.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if m, err = insertMessage(tx, t, t.UserID, body, false); err != nil {
			return err
		}
		return tx.Exec(`UPDATE tickets SET last_message = ?, from_me = true, updated_at = now() WHERE id = ?`,
			body, t.ID).Error
	})
	if err != nil {
		return err
	}
	task, err := tasks.NewMessageSend(tasks.MessageSend{CompanyID: t.CompanyID, MessageID: m.ID})
	if err != nil {
		return err
	}
	publishMessage(ctx, o.Events, t, m)
	return tasks.Enqueue(ctx, o.Queue, task) // a lost enqueue is picked up by the reconciler (ack 0)
}

// outMessage is a message row the ticket package writes: automatic texts and private notes.
type outMessage struct {
	ID           int64     `json:"id"`
	CompanyID    int64     `json:"companyId"`
	TicketID     int64     `json:"ticketId"`
	ContactID    int64     `json:"contactId"`
	ConnectionID *int64    `json:"whatsappId" gorm:"column:connection_id"`
	UserID       *int64    `json:"userId"`
	QueueID      *int64    `json:"queueId"`
	Body         string    `json:"body"`
	FromMe       bool      `json:"fromMe"`
	MediaType    string    `json:"mediaType"`
	Ack          int       `json:"ack"`
	IsPrivate    bool      `json:"isPrivate"`
	Read         bool      `json:"read"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

func (outMessage) TableName() string { return "messages" }

// insertMessage stores an outgoing text of t; a private one is a note for the attendants
// that is never sent.
func insertMessage(tx *gorm.DB, t Ticket, userID *int64, body string, private bool) (outMessage, error) {
	m := outMessage{CompanyID: t.CompanyID, TicketID: t.ID, ContactID: t.ContactID, ConnectionID: t.ConnectionID,
		UserID: userID, QueueID: t.QueueID, Body: body, FromMe: true, MediaType: "chat", IsPrivate: private, Read: true}
	err := tx.Create(&m).Error
	return m, err
}

// publishMessage announces a new message to the ticket's rooms (appMessage create).
func publishMessage(ctx context.Context, pub realtime.Publisher, t Ticket, m outMessage) {
	_ = pub.Publish(ctx, realtime.Event{Rooms: Rooms(t), Name: realtime.EventName(t.CompanyID, "appMessage"),
		Data: map[string]any{"action": "create", "message": m, "ticket": t, "contact": t.Contact}})
}
