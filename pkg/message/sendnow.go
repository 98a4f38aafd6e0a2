package message

import (
	"context"
	"log/slog"

	"atende/pkg/contact"
	"atende/pkg/tasks"
	"atende/pkg/ticket"
)

// SendNow delivers lists from the caller's own process, as soon as their rows are
// committed (a batch's bot replies, a flow step's messages): no task hop, and no wait for
// a free worker, stands between a customer's message and its answer. What it could not
// deliver goes to QueueSend's task, whose retries go on from the first message not sent
// (SendLists skips what went) and move to a session's owner when the channel needs one. A
// process that dies before it returns leaves its messages in the outbox, where the
// reconciler finds them. known is what the caller holds of the messages it has just
// committed; they are read back only when it lacks any. A nil d (a batch or flow engine
// built without one, in tests) only queues the task.
func (d *Delivery) SendNow(ctx context.Context, q tasks.Enqueuer, lists []tasks.SendList, known Known) {
	if d == nil {
		QueueSend(ctx, q, lists)
	} else if len(lists) > 0 && d.sendLists(ctx, lists, false, known) != nil {
		// A send cut short by the caller's deadline or shutdown still leaves its task.
		QueueSend(context.WithoutCancel(ctx), q, lists)
	}
}

// QueueSend queues lists as one message:send-all task (keyed by its first message: queued
// twice, sent once). One Redis refused is sent by the reconciler.
func QueueSend(ctx context.Context, q tasks.Enqueuer, lists []tasks.SendList) {
	if len(lists) == 0 || q == nil {
		return
	}
	task, err := tasks.NewMessagesSend(lists...)
	if err == nil {
		err = tasks.Enqueue(ctx, q, task)
	}
	if err != nil {
		slog.Warn("message: a send was not queued; the reconciler sends it", "err", err)
	}
}

// Known is what a caller that has just committed messages holds of them: the rows as it
// wrote them, their tickets' rooms and their contacts. Reading them back cost the sending
// worker two queries per batch, about half of its sending's CPU in a profile.
type Known struct {
	Messages map[int64]Message
	Rooms    map[int64]ticket.Room
	Contacts map[int64]contact.Contact
}

// Add records a message the caller wrote, with its ticket and contact.
func (k *Known) Add(m Message, t ticket.Ticket, c contact.Contact) {
	if k.Messages == nil {
		k.Messages, k.Rooms, k.Contacts = map[int64]Message{}, map[int64]ticket.Room{}, map[int64]contact.Contact{}
	}
	k.Messages[m.ID] = m
	k.Rooms[t.ID] = ticket.Room{ID: t.ID, CompanyID: t.CompanyID, UUID: t.UUID}
	k.Contacts[c.ID] = c
}

// lists is loadLists from k, without a query; ok is false when k lacks a message of
// lists, its ticket's room or its contact, or holds them under another company.
func (k Known) lists(lists []tasks.SendList) (loaded [][]Message, rooms map[int64]ticket.Room, contacts map[int64]contact.Contact, ok bool) {
	loaded = make([][]Message, len(lists))
	rooms, contacts = map[int64]ticket.Room{}, map[int64]contact.Contact{}
	for i, l := range lists {
		for _, id := range l.MessageIDs {
			m, found := k.Messages[id]
			if !found || m.CompanyID != l.CompanyID || m.ContactID == nil {
				return nil, nil, nil, false
			}
			r, hasRoom := k.Rooms[m.TicketID]
			c, hasContact := k.Contacts[*m.ContactID]
			if !hasRoom || r.UUID == "" || r.CompanyID != m.CompanyID || !hasContact || c.CompanyID != m.CompanyID {
				return nil, nil, nil, false
			}
			rooms[m.TicketID], contacts[c.ID] = r, c
			if m.waiting() {
				loaded[i] = append(loaded[i], m)
			}
		}
	}
	return loaded, rooms, contacts, true
}
