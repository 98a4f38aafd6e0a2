package message

import (
	"context"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"
	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/page"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
	"atende/pkg/user"
)

// Page is one page of a ticket's messages, oldest first.
type Page struct {
	Messages []Message     `json:"messages"`
	HasMore  bool          `json:"hasMore"`
	Ticket   ticket.Ticket `json:"ticket"`
	Count    int           `json:"count"`
}

// List returns a page of messages of a ticket actor may see: the newest page, or the one
// before message id before (keyset, fast at any depth), or page pageNumber (1 = newest).
// Opening the newest page marks the ticket read, without waiting for it.
func (s Service) List(ctx context.Context, actor user.User, ticketID, before int64, pageNumber int) (Page, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Page{}, err
	}
	q := s.DB.WithContext(ctx).Where("ticket_id = ? AND company_id = ?", ticketID, companyID)
	if before > 0 { // the cursor's place is read in the same query, not in one of its own
		q = q.Where("(created_at, id) < (SELECT b.created_at, b.id FROM messages b WHERE b.id = ? AND b.ticket_id = ?)", before, ticketID)
	} else if pageNumber > 1 {
		q = q.Offset(page.Offset(pageNumber, PageSize))
	}
	// Two chains side by side, neither waiting for the other: the ticket, its visibility
	// check, then its decoration (and the read marking, not waited for); the page, then its
	// quoted messages. The page of a ticket the actor may not open is dropped.
	tickets := make([]ticket.Ticket, 1)
	var msgs []Message
	var hasMore bool
	var g errgroup.Group
	g.Go(func() (err error) {
		if tickets[0], err = ticket.Row(ctx, s.DB, ticketID); err != nil {
			return err
		}
		if err := s.mayOpen(ctx, actor, tickets[0]); err != nil {
			return err
		}
		if before == 0 && pageNumber <= 1 {
			// The read marking (a commit, an event, the channel's read receipt) is a side
			// effect the page does not wait for. It gets its own copy of the row: Decorate
			// writes tickets[0] meanwhile.
			go s.markRead(context.WithoutCancel(ctx), tickets[0])
		}
		return ticket.Decorate(ctx, s.DB, tickets)
	})
	g.Go(func() error {
		if err := q.Order("created_at DESC, id DESC").Limit(PageSize + 1).Find(&msgs).Error; err != nil {
			return err
		}
		if hasMore = len(msgs) > PageSize; hasMore {
			msgs = msgs[:PageSize]
		}
		return Decorate(ctx, s.DB, s.Media, msgs)
	})
	if err := g.Wait(); err != nil {
		return Page{}, err
	}
	if before > 0 && len(msgs) == 0 && !s.inTicket(ctx, before, ticketID) {
		return Page{}, ErrNotFound // a cursor from another ticket, or no message at all
	}
	for i, j := 0, len(msgs)-1; i < j; i, j = i+1, j-1 {
		msgs[i], msgs[j] = msgs[j], msgs[i]
	}
	page := Page{HasMore: hasMore}
	page.Ticket, page.Messages, page.Count = tickets[0], msgs, len(msgs)
	return page, nil
}

func (s Service) inTicket(ctx context.Context, id, ticketID int64) bool {
	var n int64
	s.DB.WithContext(ctx).Model(&Message{}).Where("id = ? AND ticket_id = ?", id, ticketID).Limit(1).Count(&n)
	return n > 0
}

// markRead clears the unread count, marks inbound messages read and tells the channel.
func (s Service) markRead(ctx context.Context, t ticket.Ticket) {
	var ids []int64
	err := s.DB.WithContext(ctx).Raw(`UPDATE messages SET read = true WHERE ticket_id = ? AND NOT read
		AND NOT from_me RETURNING id`, t.ID).Scan(&ids).Error
	if err != nil || (len(ids) == 0 && t.UnreadMessages == 0) {
		return
	}
	s.DB.WithContext(ctx).Model(&ticket.Ticket{}).Where("id = ?", t.ID).Update("unread_messages", 0)
	ticket.PublishUnread(ctx, s.Events, t)
	if len(ids) > 0 {
		s.channelAction(ctx, t.CompanyID, tasks.ActionMarkRead, ids)
	}
}

// Edit changes the body of actor's own message within the edit window.
func (s Service) Edit(ctx context.Context, actor user.User, id int64, body string) (Message, error) {
	m, t, err := s.own(ctx, actor, id)
	if err != nil {
		return m, err
	}
	if time.Since(m.CreatedAt) > EditWindow || m.IsDeleted || m.MediaType != TypeChat {
		return m, ErrEditWindow
	}
	if strings.TrimSpace(body) == "" {
		return m, ErrEmpty
	}
	if err := checkLength(body, t.Channel, m.IsPrivate); err != nil {
		return m, err
	}
	if err := s.DB.WithContext(ctx).Model(&m).Updates(map[string]any{"body": body, "is_edited": true, "updated_at": time.Now()}).Error; err != nil {
		return m, err
	}
	m.Body, m.IsEdited = body, true
	if !m.IsPrivate {
		s.channelAction(ctx, m.CompanyID, tasks.ActionEdit, []int64{m.ID})
	}
	s.announce(ctx, "update", m, false)
	return m, nil
}

// Delete revokes actor's own message.
func (s Service) Delete(ctx context.Context, actor user.User, id int64) (Message, error) {
	m, _, err := s.own(ctx, actor, id)
	if err != nil {
		return m, err
	}
	if err := s.DB.WithContext(ctx).Model(&m).Updates(map[string]any{"is_deleted": true, "updated_at": time.Now()}).Error; err != nil {
		return m, err
	}
	m.IsDeleted = true
	if !m.IsPrivate {
		s.channelAction(ctx, m.CompanyID, tasks.ActionDelete, []int64{m.ID})
	}
	s.announce(ctx, "update", m, false)
	return m, nil
}

// Forward copies a message actor may see to contactID's ticket on the same connection,
// opening one for actor when none is active. On a Graph channel the contact's 24-hour
// window must be open.
func (s Service) Forward(ctx context.Context, actor user.User, messageID, contactID int64, sign bool) (Message, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Message{}, err
	}
	var src Message
	if err := q.Take(&src, messageID).Error; err != nil || src.IsDeleted {
		return Message{}, ErrNotFound // a deleted message's file is gone for good
	}
	if _, err := s.visibleTicket(ctx, actor, src.TicketID); err != nil {
		return Message{}, ErrNotFound
	}
	var c contact.Contact
	if err := s.DB.WithContext(ctx).Where("company_id = ?", src.CompanyID).Take(&c, contactID).Error; err != nil {
		return Message{}, ticket.ErrNotFound
	}
	if src.ConnectionID == nil {
		return Message{}, connection.ErrNotFound
	}
	conn, err := connection.Store{DB: s.DB}.Get(ctx, *src.ConnectionID)
	if err != nil {
		return Message{}, err
	}
	if err := RequireWindow(ctx, s.DB, src.CompanyID, conn.ID, c.ID, conn.Channel); err != nil {
		return Message{}, err // before the ticket is opened: a refusal writes nothing
	}
	var t ticket.Ticket
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var created bool
		if t, created, err = ticket.FindOrCreate(ctx, tx, c, conn, true); err != nil {
			return err
		}
		if !created { // the contact's ticket, if actor may see it (a refusal rolls back)
			return s.mayOpen(ctx, actor, t)
		}
		return tx.Model(&t).Updates(map[string]any{"status": ticket.StatusOpen, "user_id": actor.ID}).Error
	})
	if err != nil {
		return Message{}, err
	}
	body := src.Body
	if sign {
		body = s.sign(ctx, actor, body)
	}
	msgs, err := s.store(ctx, t, &actor.ID, Draft{Body: body, MediaPath: src.MediaPath, MediaName: src.MediaName,
		MediaType: mediaOf(src), VCard: src.VCard, Forwarded: true})
	if err != nil {
		return Message{}, err
	}
	return msgs[0], nil
}

func mediaOf(m Message) string {
	if m.MediaType == TypeChat {
		return ""
	}
	return m.MediaType
}

// CountMine counts the company's messages sent (fromMe) or received between two dates.
// Private notes are the attendants' notes to each other, neither sent nor received (as
// the dashboard's message figures count them): the count leaves them out, and so reads
// messages_company_created_idx (migration 00032) alone instead of the company's messages.
func (s Service) CountMine(ctx context.Context, fromMe bool, start, end time.Time) (int64, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return 0, err
	}
	var n int64
	err = q.Model(&Message{}).Where("from_me = ? AND NOT is_private AND created_at >= ? AND created_at < ?", fromMe, start, end).
		Count(&n).Error
	return n, err
}

func (s Service) channelAction(ctx context.Context, companyID int64, action string, ids []int64) {
	_ = enqueueAction(ctx, s.Queue, companyID, action, ids)
}

// enqueueAction queues the channel's side of an edit, delete or read mark we stored.
func enqueueAction(ctx context.Context, q tasks.Enqueuer, companyID int64, action string, ids []int64) error {
	t, err := tasks.NewMessageAction(tasks.MessageAction{CompanyID: companyID, Action: action, MessageIDs: ids})
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, q, t)
}
