package message

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/menu"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// Delivery hands stored messages to their channel; the worker runs it.
type Delivery struct {
	DB       *gorm.DB
	Channels channel.Registry
	Events   realtime.Publisher
	Media    MediaURL
	Settings Settings // chatBotType, for the bot's menus (nil: menus go as text)
	// Connections serves the connection rows from memory (nil: read each send): every bot
	// reply is a send, and its connection is the same few rows.
	Connections *connection.Cache
	// Queue takes the channel action of a message deleted or edited while it was being sent.
	Queue tasks.Enqueuer
}

// Send delivers one stored message (SendAll of one).
func (d Delivery) Send(ctx context.Context, companyID, messageID int64, final bool) error {
	return d.SendAll(ctx, companyID, []int64{messageID}, final)
}

// SendBurst delivers message id of a paced burst after the burst's earlier messages
// (before) still waiting, in order, then runs then (the "typing…" for the next one). Every
// task of the burst holds the burst's lock through both (a transaction's advisory lock,
// keyed by the burst's first message), so two tasks a late worker runs at once never both
// send a message, and no indicator lands after the message it announces.
func (d Delivery) SendBurst(ctx context.Context, companyID int64, before []int64, id int64, final bool, then func(context.Context)) error {
	ids := append(before[:len(before):len(before)], id)
	return d.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, fmt.Sprintf("burst:%d", ids[0])).Error; err != nil {
			return err
		}
		if err := d.SendAll(ctx, companyID, ids, final); err != nil {
			return err
		}
		then(ctx)
		return nil
	})
}

func (d Delivery) connection(ctx context.Context, companyID, id int64) (connection.Connection, error) {
	if d.Connections == nil {
		return connection.Store{DB: d.DB}.Get(ctx, id)
	}
	conns, err := d.Connections.Load(ctx, []int64{id})
	if err != nil {
		return connection.Connection{}, err
	}
	conn, ok := conns[id]
	if !ok || conn.CompanyID != companyID {
		return conn, connection.ErrNotFound
	}
	return conn, nil
}

func (d Delivery) outgoing(ctx context.Context, m Message, to contact.Contact) (channel.Outgoing, error) {
	out := channel.Outgoing{MessageID: m.ID, To: to.Number, IsGroup: to.IsGroup, Kind: channel.KindText, Body: m.Body,
		MediaPath: m.MediaPath, MediaName: m.MediaName, MediaType: m.MediaType, VCard: m.VCard}
	if m.MediaType == TypeReaction {
		return d.reaction(ctx, m, out)
	}
	switch {
	case m.MediaPath != "":
		out.Kind = channel.KindMedia
	case m.VCard != "":
		out.Kind = channel.KindContact
	default:
		out.Menu = d.menu(ctx, m)
	}
	if m.QuotedMsgID != nil {
		var pid *string
		d.DB.WithContext(ctx).Model(&Message{}).Select("provider_id").Where("id = ?", *m.QuotedMsgID).Scan(&pid)
		if pid != nil {
			out.QuotedProviderID = *pid
		}
	}
	return out, nil
}

// reaction is a reactionMessage row of ours (the emoji in body, the message reacted to in
// quotedMsgId, as the inbox shows reactions): the channel reacts to that message.
func (d Delivery) reaction(ctx context.Context, m Message, out channel.Outgoing) (channel.Outgoing, error) {
	out.Kind, out.MediaType = channel.KindReaction, ""
	var target struct {
		ProviderID  *string
		FromMe      bool
		Participant string
	}
	if m.QuotedMsgID != nil {
		d.DB.WithContext(ctx).Model(&Message{}).Select("provider_id, from_me, participant").
			Where("id = ? AND ticket_id = ?", *m.QuotedMsgID, m.TicketID).Scan(&target)
	}
	if target.ProviderID == nil || *target.ProviderID == "" {
		return out, fmt.Errorf("%w: the reaction's message was never delivered", channel.ErrPermanent)
	}
	out.TargetID, out.TargetFromMe, out.TargetSender = *target.ProviderID, target.FromMe, target.Participant
	return out, nil
}

// Act carries an edit, delete or read mark we already stored to the channel.
func (d Delivery) Act(ctx context.Context, p tasks.MessageAction) error {
	ctx = tenant.With(ctx, p.CompanyID)
	var msgs []Message
	// A reply of ours named ahead has its provider id before its send (ack 0): not yet.
	if err := d.DB.WithContext(ctx).Table("messages m").Where("m.company_id = ? AND m.id IN ? AND m.provider_id IS NOT NULL AND NOT ("+Unrecorded+")",
		p.CompanyID, p.MessageIDs).Find(&msgs).Error; err != nil || len(msgs) == 0 {
		return err
	}
	contacts, err := d.contactsOf(ctx, msgs[:1])
	if err != nil {
		return err
	}
	conn, to, err := d.target(ctx, msgs[0], contacts)
	if err != nil {
		return err
	}
	ch, err := d.Channels.For(conn)
	if err != nil {
		return err
	}
	err = act(ctx, ch, conn, to.Number, p.Action, msgs)
	switch {
	case errors.Is(err, channel.ErrUnsupported):
		// The change stays ours only (the Graph API can't edit or delete a sent message).
		slog.Info("channel action not supported", "channel", conn.Channel, "action", p.Action, "err", err)
		return nil
	case channel.Final(err):
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	return err
}

func act(ctx context.Context, ch channel.Channel, conn connection.Connection, to, action string, msgs []Message) error {
	switch action {
	case tasks.ActionEdit:
		return ch.Edit(ctx, conn, to, *msgs[0].ProviderID, msgs[0].Body)
	case tasks.ActionDelete:
		return ch.Delete(ctx, conn, to, *msgs[0].ProviderID)
	case tasks.ActionMarkRead:
		ids := make([]string, len(msgs))
		for i, m := range msgs {
			ids[i] = *m.ProviderID
		}
		return ch.MarkRead(ctx, conn, to, ids)
	}
	return nil
}

// Ref is a message to (re)queue.
type Ref struct {
	ID        int64
	CompanyID int64
}

// Stranded lists outgoing messages still waiting for their channel after grace, from the
// last day (older ones are past helping and stay visible as unsent), at most 5,000, oldest
// first. It reads the outbox (migration 00054), and drops from it what waits no more: a
// message deleted, or failed without its outbox row going (a provider's failure receipt
// can beat the send's record), and anything past the day.
func Stranded(ctx context.Context, db *gorm.DB, grace time.Duration) ([]Ref, error) {
	var refs []Ref
	now := time.Now()
	db = db.WithContext(ctx)
	if err := db.Exec(`DELETE FROM message_outbox o WHERE o.created_at < ? AND (o.created_at < ? OR NOT EXISTS
		(SELECT 1 FROM messages m WHERE m.id = o.message_id AND `+waiting+`))`, now.Add(-grace), now.Add(-24*time.Hour)).Error; err != nil {
		return nil, err
	}
	err := db.Raw(`SELECT m.id, m.company_id FROM message_outbox o JOIN messages m ON m.id = o.message_id
		WHERE o.created_at < ? AND `+waiting+` ORDER BY o.created_at LIMIT 5000`, now.Add(-grace)).Scan(&refs).Error
	return refs, err
}

// Unrecorded is the condition of a message m of ours whose send is not recorded yet. Only
// that record (recordSentAll) moves it from ack 0: a channel action waits for it, and so
// does a delivery receipt (inbound's applyAcks), which would otherwise hide a delete or
// edit that overtook the send.
const Unrecorded = "m.from_me AND m.ack = 0"

// waiting is the condition of a message m still to be handed to its channel.
const waiting = Unrecorded + " AND NOT m.is_private AND NOT m.is_deleted"

// menu reads the bot's numbered menu back from a system text, when the company wants its
// menus as a list or buttons (chatBotType); nil otherwise.
func (d Delivery) menu(ctx context.Context, m Message) *channel.Menu {
	if d.Settings == nil || !strings.HasPrefix(m.Body, SystemMark) {
		return nil
	}
	style := d.Settings.Value(ctx, "chatBotType")
	if style != menu.StyleList && style != menu.StyleButton {
		return nil
	}
	greeting, choices, ok := menu.Parse(strings.TrimPrefix(m.Body, SystemMark))
	if !ok {
		return nil
	}
	return &channel.Menu{Style: style, Text: greeting, Choices: choices}
}
