package inbound

import (
	"context"
	"encoding/json"
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
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// ErrTargetUnknown makes an ack, edit or delete wait (by task retry) for the message it is
// about, which the send worker may not have recorded yet.
var ErrTargetUnknown = errors.New("inbound: target message not known yet")

// Processor turns stored events into rows and real-time events.
type Processor struct {
	DB     *gorm.DB
	Events realtime.Publisher
	Media  message.MediaURL
}

// announce is what to publish once the transaction committed.
type announce struct {
	action   string
	msg      message.Message
	ticketID int64
	ticket   bool // the ticket changed too
}

// Process handles one stored event exactly once: the event row is locked, handled and
// marked processed in one transaction, so a second delivery of the task finds it done.
func (p Processor) Process(ctx context.Context, companyID, eventID int64) error {
	ctx = tenant.With(ctx, companyID)
	var out *announce
	err := p.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r row
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("id = ? AND company_id = ? AND processed_at IS NULL", eventID, companyID).Take(&r).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil // already processed
		}
		if err != nil {
			return err
		}
		var ev channel.Event
		if err := json.Unmarshal(r.Payload, &ev); err != nil {
			return markProcessed(tx, r.ID, "bad payload: "+err.Error())
		}
		conn, err := connection.Store{DB: tx}.Get(ctx, r.ConnectionID)
		if err != nil {
			return err
		}
		if out, err = p.handle(ctx, tx, conn, ev); err != nil {
			return err
		}
		return markProcessed(tx, r.ID, "")
	})
	if err != nil || out == nil {
		return err
	}
	p.publish(ctx, *out)
	return nil
}

func (p Processor) handle(ctx context.Context, tx *gorm.DB, conn connection.Connection, ev channel.Event) (*announce, error) {
	switch ev.Kind {
	case channel.EventMessage:
		return p.message(ctx, tx, conn, ev)
	case channel.EventReaction:
		return p.update(tx, conn, ev.TargetID, "ack", nil, map[string]any{"reaction": ev.Body})
	case channel.EventAck:
		return p.update(tx, conn, ev.TargetID, "GREATEST(ack, ?)", ev.Ack, map[string]any{})
	case channel.EventEdit:
		return p.update(tx, conn, ev.TargetID, "ack", nil, map[string]any{"body": ev.Body, "is_edited": true})
	case channel.EventDelete:
		return p.update(tx, conn, ev.TargetID, "ack", nil, map[string]any{"is_deleted": true})
	}
	return nil, nil // unknown kinds are recorded and skipped
}

// message stores an inbound (or phone-typed outbound) message on its ticket (BEHAVIOUR §1
// skeleton: group gate, contact, ticket reuse/creation, store once, ticket preview/unread).
func (p Processor) message(ctx context.Context, tx *gorm.DB, conn connection.Connection, ev channel.Event) (*announce, error) {
	if ev.IsGroup && !conn.AllowGroup {
		return nil, nil
	}
	c, err := contact.Upsert(ctx, tx, contact.Inbound{Number: ev.From, Name: ev.Name, Channel: conn.Channel,
		IsGroup: ev.IsGroup, URLPicture: ev.PictureURL, ConnectionID: conn.ID})
	if err != nil {
		return nil, err
	}
	t, created, err := ticket.FindOrCreate(ctx, tx, c, conn, ev.FromMe)
	if err != nil {
		return nil, err
	}
	if created && ev.Imported { // history import: marked, in the connection's import queue
		if err := markImported(tx, &t, conn); err != nil {
			return nil, err
		}
	}
	m := message.Message{CompanyID: conn.CompanyID, TicketID: t.ID, ContactID: &c.ID, ConnectionID: &conn.ID,
		QueueID: t.QueueID, ProviderID: &ev.ProviderID, Body: ev.Body, FromMe: ev.FromMe,
		MediaType: mediaType(ev), MediaPath: ev.MediaPath, MediaName: ev.MediaName, VCard: ev.VCard,
		Participant: ev.Participant, Ack: ackOf(ev), CreatedAt: stamp(ev)}
	if ref := firstOf(ev.QuotedProviderID, ev.TargetID); ref != "" {
		var q int64
		if tx.Model(&message.Message{}).Select("id").Where("connection_id = ? AND provider_id = ?", conn.ID, ref).Take(&q).Error == nil {
			m.QuotedMsgID = &q
		}
	}
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&m)
	if res.Error != nil || res.RowsAffected == 0 {
		return nil, res.Error // a duplicate is stored once
	}
	unread := gorm.Expr("unread_messages + 1")
	if ev.FromMe {
		unread = gorm.Expr("0")
	}
	err = tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(map[string]any{
		"last_message": message.Preview(m), "unread_messages": unread, "from_me": ev.FromMe, "updated_at": time.Now()}).Error
	return &announce{action: "create", msg: m, ticketID: t.ID, ticket: true}, err
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
		return nil, fmt.Errorf("%w: %s", ErrTargetUnknown, targetID)
	}
	return &announce{action: "update", msg: m, ticketID: m.TicketID}, nil
}

func (p Processor) publish(ctx context.Context, a announce) {
	t, err := ticket.Get(ctx, p.DB, a.ticketID)
	if err != nil {
		return
	}
	msgs := []message.Message{a.msg}
	if message.Decorate(ctx, p.DB, p.Media, msgs) == nil {
		message.Publish(ctx, p.Events, a.action, msgs[0], t)
	}
	if a.ticket {
		ticket.PublishUpdate(ctx, p.Events, t, "")
	}
}

func markProcessed(tx *gorm.DB, id int64, problem string) error {
	return tx.Table("inbound_events").Where("id = ?", id).
		Updates(map[string]any{"processed_at": time.Now(), "error": problem}).Error
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
	return tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(set).Error
}
