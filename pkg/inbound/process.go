package inbound

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/schedule"
	"atende/pkg/tasks"
	"atende/pkg/ticket"
)

// ErrTargetUnknown makes an ack, edit or delete wait (by task retry) for the message it is
// about, which the send worker may not have recorded yet.
var ErrTargetUnknown = errors.New("inbound: target message not known yet")

// Processor turns stored events into rows and real-time events.
type Processor struct {
	DB          *gorm.DB
	Events      realtime.Publisher
	Media       message.MediaURL
	Connections *connection.Cache // each batch's connection rows
	Channels    channel.Registry  // names the bot's replies ahead, where the channel can (nil: none)
	Settings    ticket.Settings   // company settings, for the bot (chatbot.Keys)
	Queue       tasks.Enqueuer    // hand-offs, delayed replies, and the sends SendNow could not finish
	Delivery    *message.Delivery // sends the replies due at once, after commit (nil: a task does)
	Bot         *BotCache         // the bot's configuration by company (nil: read every batch)
	Campaigns   CampaignWatcher   // optional: campaign receipts, confirmations and echoes
}

// announce is what to publish once the transaction committed.
type announce struct {
	then     []announce // what the same event did next, in order (a call's answer)
	action   string
	msg      message.Message
	ticketID int64
	known    *known       // set when the ticket changed too, as the transaction left it
	room     *ticket.Room // a changed message's ticket, when the statement returned it

	// A reply of the bot: message:send once committed, delay after the commit.
	send  bool
	delay time.Duration
	// A flow step's reply, written by the step the batch ran (handoff_enqueue.go): sent
	// with the bot's replies (send), and no lane timer's business.
	byFlow bool

	handoff *handoffTask // a flow, integration or prompt task to queue once committed
}

// known is the ticket and contact a new message was stored on.
type known struct {
	ticket  ticket.Ticket
	contact contact.Contact
	left    string // the status the bot moved the ticket from, whose lists drop it
}

// handle applies an event about a stored message: a reaction, an ack, an edit, a delete or
// its late media; and a call (calls.go).
// Messages themselves are stored by storeMessages, a batch at a time.
func (p Processor) handle(ctx context.Context, tx *gorm.DB, conn connection.Connection, ev channel.Event) (*announce, error) {
	switch ev.Kind {
	case channel.EventReaction:
		return p.update(tx, conn, ev.TargetID, "ack", nil, map[string]any{"reaction": ev.Body})
	case channel.EventAck:
		// Only a failure comes here: splitAcks hands every plain receipt of a known connection
		// to applyAcks. The provider gave up: shown unless it was already delivered.
		return p.update(tx, conn, ev.TargetID, "CASE WHEN ack < 2 THEN ? ELSE ack END", ev.Ack, map[string]any{"send_error": ev.Body})
	case channel.EventEdit:
		out, err := p.update(tx, conn, ev.TargetID, "ack", nil, map[string]any{"body": ev.Body, "is_edited": true})
		if err != nil {
			return nil, err
		}
		return repreview(tx, out)
	case channel.EventDelete:
		return p.deleted(ctx, tx, conn, ev)
	case channel.EventCall:
		return p.call(ctx, tx, conn, ev)
	case channel.EventMedia:
		return p.update(tx, conn, ev.TargetID, "ack", nil, map[string]any{"body": ev.Body, "media_path": ev.MediaPath,
			"media_name": ev.MediaName, "media_type": mediaType(ev)})
	}
	return nil, nil // unknown kinds are recorded and skipped
}

// update changes the message targetID names (ack, edit, delete).
func (p Processor) update(tx *gorm.DB, conn connection.Connection, targetID, ackExpr string, ack any, set map[string]any) (*announce, error) {
	if ack != nil {
		set["ack"] = gorm.Expr(ackExpr, ack)
	}
	set["updated_at"] = time.Now()
	var m message.Message
	res := tx.Model(&m).Clauses(clause.Returning{}).
		Where("connection_id = ? AND provider_id = ?", conn.ID, targetID).Updates(set)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		if schedule.SentRaw(tx, conn.CompanyID, targetID) {
			return nil, nil // a scheduled message sent without a ticket: nothing stored to change
		}
		return nil, fmt.Errorf("%w: %s", ErrTargetUnknown, targetID)
	}
	return &announce{action: "update", msg: m, ticketID: m.TicketID}, nil
}

// markProblem records why a claimed event was skipped.
func markProblem(tx *gorm.DB, id int64, problem string) error {
	return tx.Table("inbound_events").Where("id = ?", id).Update("error", problem).Error
}

func mediaType(ev channel.Event) string {
	switch {
	case ev.MediaType != "":
		return ev.MediaType
	case ev.VCard != "":
		return message.TypeContact
	}
	return message.TypeChat
}

// ackOf: our own messages typed on the phone arrive already sent.
func ackOf(ev channel.Event) int {
	if ev.FromMe {
		return message.AckSent
	}
	return 0
}

func stamp(ev channel.Event) time.Time {
	if ev.Timestamp.IsZero() {
		return time.Now()
	}
	return ev.Timestamp
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// markImported flags a ticket the history import created, in the import queue if set.
func markImported(tx *gorm.DB, t *ticket.Ticket, conn connection.Connection) error {
	set := map[string]any{"imported": true}
	if conn.QueueIDImportMessages != nil {
		set["queue_id"] = *conn.QueueIDImportMessages
		t.QueueID = conn.QueueIDImportMessages
	}
	t.Imported = true
	if err := tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(set).Error; err != nil {
		return err
	}
	if conn.QueueIDImportMessages == nil {
		return nil
	}
	return ticket.TrackQueue(tx, *t)
}
