package inbound

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/chatbot"
	"atende/pkg/message"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Echo marks the texts the system sends (message.SystemMark): their echo from the phone
// is our own message, never a customer's or an attendant's.
const Echo = message.SystemMark

// echo reports whether an event is our own echo: a message from us that starts with Echo.
func echo(ev channel.Event) bool {
	return ev.Kind == channel.EventMessage && ev.FromMe && strings.HasPrefix(ev.Body, Echo)
}

// turn is one customer message the bot answered, with what it decided.
type turn struct {
	a   *arrival
	in  chatbot.Input
	o   chatbot.Outcome
	set map[string]any // the ticket columns it changed
	at  time.Duration  // when its first reply goes, after the commit
}

// converse runs the bot (pkg/chatbot) on the batch's new customer messages, each ticket's
// in order, and writes what it decided in the batch's transaction: the replies as outgoing
// rows, the ticket, its log and tracking, the contact's consent, a rating, a close. It
// runs inside the transaction that claimed the events, so a duplicate event or a retried
// batch neither answers twice nor loses an answer. It returns the replies to announce
// and send once committed, and the tickets it answered (saved with their new preview).
func (p Processor) converse(ctx context.Context, tx *gorm.DB, arrivals []*arrival) ([]announce, map[int64]bool, error) {
	var candidates []*arrival
	opened := map[int64]bool{}
	for _, a := range arrivals {
		if a.created {
			opened[a.ticket.ID] = true
		}
		// A ticket the history import created still gets the bot when its customer writes
		// live (a rating, hours, audio refusal); the bot itself skips LGPD and the hand-offs
		// for it (§1 step 18).
		if a.msg.ID != 0 && !a.ev.FromMe && !a.ev.Imported {
			candidates = append(candidates, a)
		}
	}
	if len(candidates) == 0 {
		return nil, nil, nil
	}
	st, err := p.loadBot(ctx, tx, candidates)
	if err != nil {
		return nil, nil, err
	}
	turns, before := decide(candidates, opened, st)
	if len(turns) == 0 {
		return nil, nil, nil
	}
	answered := map[int64]bool{}
	for _, tu := range turns {
		answered[tu.a.ticket.ID] = answered[tu.a.ticket.ID] || len(tu.o.Replies) > 0
	}
	outs, err := p.flush(ctx, tx, turns)
	if err != nil {
		return nil, nil, err
	}
	last := map[int64]*arrival{}
	for _, a := range arrivals {
		last[a.ticket.ID] = a
		if s, ok := before[a.ticket.ID]; ok && s != a.ticket.Status {
			a.left = s // the lists of the status it left drop it (a close too)
		}
	}
	for i := range outs {
		a := last[outs[i].ticketID]
		outs[i].known = &known{ticket: *a.ticket, contact: a.contact, left: a.left}
	}
	more, byFlow, err := p.handoffs(ctx, tx, turns)
	if err != nil {
		return nil, nil, err
	}
	for id := range byFlow {
		answered[id] = true
	}
	return append(outs, more...), answered, nil
}

// decide runs the bot on each message in order, keeping the batch's state current (the
// ticket, the contact's consent, the bot clock, the day's texts, the queues' waits), so a
// ticket's second message of the batch meets what its first one left. before is each
// ticket's status before the bot.
func decide(candidates []*arrival, opened map[int64]bool, st *botState) (turns []*turn, before map[int64]string) {
	before = map[int64]string{}       // each ticket's status before the bot
	closing := map[int64]bool{}       // a close is asked: later messages wait for it
	next := map[int64]time.Duration{} // when a ticket's next reply may go
	now := time.Now()
	for _, a := range candidates {
		t := a.ticket
		if _, ok := before[t.ID]; !ok {
			before[t.ID] = t.Status
		}
		env := st.envs[a.CompanyID]
		if env == nil || t.Status == ticket.StatusClosed || closing[t.ID] {
			continue
		}
		in := chatbot.Input{Env: env, Conn: a.conn, Ticket: *t, Contact: a.contact, Now: a.conn.Now(now),
			Msg:     chatbot.Message{ID: a.msg.ID, Body: a.msg.Body, MediaType: a.msg.MediaType, IsGroup: a.ev.IsGroup},
			Created: opened[t.ID], ChatbotAt: st.chatbotAt[t.ID], SentToday: st.sentToday[t.ID],
			Run: st.runs[t.ID], Returning: st.returning[t.ID]}
		delete(opened, t.ID) // the opening is the ticket's first turn only
		o := chatbot.Decide(in)
		if !o.Changed(*t) {
			continue
		}
		tu := &turn{a: a, in: in, o: o, set: chatbot.Columns(*t, o.Ticket), at: next[t.ID]}
		st.handedOff(t.ID, o)
		turns = append(turns, tu)
		preview, unread, fromMe := t.LastMessage, t.UnreadMessages, t.FromMe
		*t = o.Ticket
		t.LastMessage, t.UnreadMessages, t.FromMe, t.UpdatedAt = preview, unread, fromMe, now
		if o.ChatbotAt && st.chatbotAt[t.ID] == nil {
			st.chatbotAt[t.ID] = &in.Now
		}
		if o.LgpdAccepted {
			a.contact.LgpdAcceptedAt = &in.Now
		}
		if o.Queued != nil && t.UserID == nil && t.Status == ticket.StatusPending {
			env.Waiting[*o.Queued]++ // the next customer of the batch waits behind this one
		}
		var span time.Duration
		for _, r := range o.Replies {
			span += r.Delay
			st.sentToday[t.ID] = append(st.sentToday[t.ID], r.Body)
		}
		if len(o.Replies) > 0 {
			next[t.ID] = tu.at + span + chatbot.Gap
		}
		closing[t.ID] = o.Close != nil
	}
	return turns, before
}

// flush writes the turns: every ticket, reply, log entry and tracking mark of the batch
// in one statement each; then the rare ones a turn at a time (consent, rating, close).
func (p Processor) flush(ctx context.Context, tx *gorm.DB, turns []*turn) ([]announce, error) {
	outs, err := writeReplies(tx, turns, p.Channels.ProviderID)
	if err != nil {
		return nil, err
	}
	if err := saveTickets(tx, turns); err != nil {
		return nil, err
	}
	if err := writeLogs(tx, turns); err != nil {
		return nil, err
	}
	if err := track(tx, turns); err != nil {
		return nil, err
	}
	for _, tu := range turns {
		more, err := p.settle(tenant.With(ctx, tu.a.CompanyID), tx, tu, outs)
		if err != nil {
			return nil, err
		}
		outs = append(outs, more...)
	}
	return outs, nil
}

// settle writes a turn's consent, rating and close; the close's texts follow the turn's
// replies.
func (p Processor) settle(ctx context.Context, tx *gorm.DB, tu *turn, outs []announce) ([]announce, error) {
	a, o := tu.a, tu.o
	if o.LgpdAccepted {
		if err := tx.Exec(`UPDATE contacts SET lgpd_accepted_at = ?, updated_at = now() WHERE id = ?`,
			tu.in.Now, a.contact.ID).Error; err != nil {
			return nil, err
		}
	}
	if o.Rating != nil {
		if _, err := ticket.RecordRating(ctx, tx, *a.ticket, *o.Rating); err != nil {
			return nil, err
		}
	}
	if o.Close == nil {
		return nil, nil
	}
	texts, err := ticket.CloseBySystem(ctx, tx, a.ticket, a.conn, p.Settings,
		ticket.AutoClose{Farewell: o.Close.Farewell, Completion: o.Close.Completion})
	if err != nil || len(texts) == 0 {
		return nil, err
	}
	at := tu.at
	for _, r := range o.Replies {
		at += r.Delay
	}
	if len(o.Replies) > 0 {
		at += max(o.Close.Delay, chatbot.Gap)
	}
	msgs, err := message.WriteSystem(ctx, tx, *a.ticket, texts)
	if err != nil {
		return nil, err
	}
	a.ticket.LastMessage, a.ticket.FromMe, a.ticket.UnreadMessages = message.Preview(msgs[len(msgs)-1]), true, 0
	more := make([]announce, len(msgs))
	for i, m := range msgs {
		more[i] = announce{action: "create", msg: m, ticketID: a.ticket.ID, send: true, delay: at}
		at += chatbot.Gap
	}
	return more, nil
}
