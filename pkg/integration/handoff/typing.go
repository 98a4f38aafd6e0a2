package handoff

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// pace dispatches a turn's replies gap apart, the first one too: every bubble waits the
// delay (i+1 gaps) behind "typing…". A typing task due now announces the first bubble;
// each reply goes out by a bubble task that, once it sent its message, shows "typing…" for
// the next: the customer sees the bot typing through each delay. A bubble task holds its
// message's send TaskID, so each message still has one send; one that can't be queued
// falls back to DispatchPaced's plain send (no typing, nothing lost; on DispatchPaced's
// own schedule, i gaps). A bubble task sends the burst's earlier bubbles still waiting
// first (message.Delivery.SendBurst).
func (r Runner) pace(ctx context.Context, msgs []message.Message, gap time.Duration) {
	if gap > 0 {
		now := time.Now() // DispatchPaced's clock: the queue's, not the runner's
		var before []int64
		for i, m := range msgs {
			if m.IsPrivate {
				continue
			}
			if len(before) == 0 {
				if task, err := tasks.NewBubbleTyping(m.CompanyID, m.ID); err == nil {
					if err := tasks.Enqueue(ctx, r.Queue, task); err != nil {
						slog.InfoContext(ctx, "integration: typing not queued", "message_id", m.ID, "err", err)
					}
				}
			}
			p := tasks.BubbleSend{CompanyID: m.CompanyID, MessageID: m.ID, Before: before}
			if i+1 < len(msgs) && !msgs[i+1].IsPrivate {
				p.Next = msgs[i+1].ID
			}
			task, err := tasks.NewBubbleSendAt(p, now.Add(time.Duration(i+1)*gap))
			if err == nil {
				err = tasks.Enqueue(ctx, r.Queue, task)
			}
			if err != nil {
				slog.WarnContext(ctx, "integration: bubble send not queued", "message_id", m.ID, "err", err)
			}
			before = append(before[:len(before):len(before)], m.ID)
		}
	}
	r.Messages.DispatchPaced(ctx, msgs, gap)
}

// Typist shows "typing…" on the channels that have it (channel.Typer).
type Typist struct {
	DB       *gorm.DB
	Channels channel.Registry
}

// Announce shows "typing…" to the customer of message id, a reply still to be sent. A
// message already sent (or failed, or deleted) is announced no more, and a failure is
// only logged: a lost indicator is harmless, and retrying could show it after the message.
// A session another worker holds is the one error returned (channel.ElsewhereError), so
// a task that only announces is handed to that worker (worker.Worker.handoff).
func (ty Typist) Announce(ctx context.Context, companyID, id int64) error {
	ctx = tenant.With(ctx, companyID)
	err := ty.announce(ctx, companyID, id)
	var elsewhere *channel.ElsewhereError
	if errors.As(err, &elsewhere) {
		return err
	}
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		slog.InfoContext(ctx, "integration: typing not shown", "message_id", id, "err", err)
	}
	return nil
}

func (ty Typist) announce(ctx context.Context, companyID, id int64) error {
	db := ty.DB.WithContext(ctx)
	var m message.Message
	if err := db.Where("id = ? AND company_id = ?", id, companyID).Take(&m).Error; err != nil {
		return err
	}
	if m.Ack != message.AckPending || m.IsDeleted || m.ConnectionID == nil || m.ContactID == nil {
		return nil
	}
	conn, err := connection.Store{DB: ty.DB}.Get(ctx, *m.ConnectionID)
	if err != nil || conn.CompanyID != companyID {
		return err
	}
	ch, err := ty.Channels.For(conn)
	if err != nil {
		return err
	}
	typer, ok := ch.(channel.Typer)
	if !ok {
		return nil
	}
	var c contact.Contact
	if err := db.Where("id = ? AND company_id = ?", *m.ContactID, companyID).Take(&c).Error; err != nil {
		return err
	}
	var last []string
	if err := db.Model(&message.Message{}).Where("ticket_id = ? AND company_id = ? AND NOT from_me AND provider_id IS NOT NULL",
		m.TicketID, companyID).Order("id DESC").Limit(1).Pluck("provider_id", &last).Error; err != nil {
		return err
	}
	t := channel.Typing{To: c.Number, IsGroup: c.IsGroup, On: true, MessageID: m.ID}
	if len(last) == 1 {
		t.ReplyTo = last[0]
	}
	return typer.Typing(ctx, conn, t)
}
