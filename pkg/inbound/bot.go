package inbound

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/chatbot"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Echo marks the texts the system sends (BEHAVIOUR §1): their echo from the phone carries
// it and is not a message of ours to store or answer.
const Echo = "\u200e"

// echo reports whether an event is our own echo: a message from us that starts with Echo.
func echo(ev channel.Event) bool {
	return ev.Kind == channel.EventMessage && ev.FromMe && strings.HasPrefix(ev.Body, Echo)
}

// converse runs the bot (pkg/chatbot) on the batch's new customer messages, each ticket's
// in order, and writes what it decided in the batch's transaction: the replies as outgoing
// rows, the ticket, its log and tracking, the contact's consent, a rating, a close. It
// runs inside the transaction that claimed the events, so a duplicate event or a retried
// batch neither answers twice nor loses an answer. It returns the replies to announce
// and send once committed.
func (p Processor) converse(ctx context.Context, tx *gorm.DB, arrivals []*arrival) ([]announce, error) {
	var turns []*arrival
	opened := map[int64]bool{}
	for _, a := range arrivals {
		if a.created {
			opened[a.ticket.ID] = true
		}
		if a.msg.ID != 0 && !a.ev.FromMe && !a.ev.Imported && !a.ticket.Imported {
			turns = append(turns, a)
		}
	}
	if len(turns) == 0 {
		return nil, nil
	}
	st, err := p.loadBot(ctx, tx, turns)
	if err != nil {
		return nil, err
	}
	before := map[int64]string{} // each ticket's status before the bot
	var outs []announce
	for _, a := range turns {
		t := a.ticket
		if _, ok := before[t.ID]; !ok {
			before[t.ID] = t.Status
		}
		env := st.envs[a.CompanyID]
		if env == nil || t.Status == ticket.StatusClosed {
			continue
		}
		in := chatbot.Input{Env: env, Conn: a.conn, Ticket: *t, Contact: a.contact, Now: a.conn.Now(time.Now()),
			Msg:     chatbot.Message{ID: a.msg.ID, Body: a.msg.Body, MediaType: a.msg.MediaType, IsGroup: a.ev.IsGroup},
			Created: opened[t.ID], ChatbotAt: st.chatbotAt[t.ID], SentToday: st.sentToday[t.ID]}
		delete(opened, t.ID) // the opening is the ticket's first turn only
		o := chatbot.Decide(in)
		if !o.Changed(*t) {
			continue
		}
		written, err := p.apply(tenant.With(ctx, a.CompanyID), tx, a, in, o, st)
		if err != nil {
			return nil, err
		}
		outs = append(outs, written...)
	}
	for _, a := range arrivals { // every announce of a ticket carries what the bot left
		if s := before[a.ticket.ID]; s != "" && s != a.ticket.Status {
			a.left = s
		}
	}
	last := map[int64]*arrival{}
	for _, a := range turns {
		last[a.ticket.ID] = a
	}
	for i := range outs {
		a := last[outs[i].ticketID]
		outs[i].known = &known{ticket: *a.ticket, contact: a.contact, left: a.left}
	}
	return outs, nil
}

// apply writes one outcome of the bot.
func (p Processor) apply(ctx context.Context, tx *gorm.DB, a *arrival, in chatbot.Input, o chatbot.Outcome, st *botState) ([]announce, error) {
	t := a.ticket
	now := time.Now()
	if set := chatbot.Columns(*t, o.Ticket); set != nil {
		set["updated_at"] = now
		if err := tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).Updates(set).Error; err != nil {
			return nil, err
		}
		kept := *t
		*t = o.Ticket
		t.UpdatedAt, t.LastMessage, t.FromMe, t.UnreadMessages = now, kept.LastMessage, kept.FromMe, kept.UnreadMessages
	}
	for _, l := range o.Logs {
		if err := ticket.WriteLog(ctx, tx, t.ID, l.Type, l.UserID, l.QueueID); err != nil {
			return nil, err
		}
	}
	if err := track(tx, *t, o, in.Now, st); err != nil {
		return nil, err
	}
	if o.Queued != nil && t.UserID == nil && t.Status == ticket.StatusPending {
		in.Env.Waiting[*o.Queued]++ // the next customer of the batch waits behind this one
	}
	if o.LgpdAccepted {
		if err := tx.Exec(`UPDATE contacts SET lgpd_accepted_at = ?, updated_at = now() WHERE id = ?`, in.Now, a.contact.ID).Error; err != nil {
			return nil, err
		}
		at := in.Now
		a.contact.LgpdAcceptedAt = &at
	}
	var drafts []draft
	for _, r := range o.Replies {
		d := draft{Draft: message.Draft{Body: marked(r.Body), MediaPath: r.MediaPath, MediaName: r.MediaName,
			MediaType: r.MediaType}, delay: r.Delay}
		if r.Quote {
			d.QuotedMsgID = &a.msg.ID
		}
		drafts = append(drafts, d)
		st.sentToday[t.ID] = append(st.sentToday[t.ID], r.Body)
	}
	if o.Rating != nil {
		if _, err := ticket.RecordRating(ctx, tx, *t, *o.Rating); err != nil {
			return nil, err
		}
	}
	if o.Close != nil {
		texts, err := ticket.CloseBySystem(ctx, tx, t, a.conn, p.Settings,
			ticket.AutoClose{Farewell: o.Close.Farewell, Completion: o.Close.Completion})
		if err != nil {
			return nil, err
		}
		for i, text := range texts {
			delay := chatbot.Gap
			if i == 0 {
				delay = max(o.Close.Delay, gapAfter(drafts))
			}
			drafts = append(drafts, draft{Draft: message.Draft{Body: marked(text)}, delay: delay})
		}
	}
	return p.write(ctx, tx, a, drafts)
}

// draft is a reply with its wait after the previous one.
type draft struct {
	message.Draft
	delay time.Duration
}

// gapAfter is the least wait after drafts: a second when there are any.
func gapAfter(drafts []draft) time.Duration {
	if len(drafts) > 0 {
		return chatbot.Gap
	}
	return 0
}

// marked prefixes a system text with the echo marker (once).
func marked(text string) string {
	if text == "" || strings.HasPrefix(text, Echo) {
		return text
	}
	return Echo + text
}

// write stores the replies on the ticket, in order, and returns their announces with
// their send times.
func (p Processor) write(ctx context.Context, tx *gorm.DB, a *arrival, drafts []draft) ([]announce, error) {
	if len(drafts) == 0 { // a ticket change only: the customer's message announces it
		return nil, nil
	}
	ds := make([]message.Draft, len(drafts))
	for i, d := range drafts {
		ds[i] = d.Draft
	}
	msgs, err := message.Write(ctx, tx, *a.ticket, nil, ds...)
	if err != nil {
		return nil, err
	}
	last := msgs[len(msgs)-1]
	a.ticket.LastMessage, a.ticket.FromMe, a.ticket.UnreadMessages = message.Preview(last), true, 0
	outs := make([]announce, len(msgs))
	var at time.Duration
	for i, m := range msgs {
		at += drafts[i].delay
		outs[i] = announce{action: "create", msg: m, ticketID: a.ticket.ID, send: true, delay: at}
	}
	return outs, nil
}

// track records the bot's marks on the current service episode: when its bot started
// (chatbotAt, kept once set) and the queue it entered (queueId, queuedAt). A ticket
// without a current episode gets one.
func track(tx *gorm.DB, t ticket.Ticket, o chatbot.Outcome, now time.Time, st *botState) error {
	if !o.ChatbotAt && o.Queued == nil {
		return nil
	}
	var chatbotAt *time.Time
	if o.ChatbotAt {
		chatbotAt = &now
		if st.chatbotAt[t.ID] == nil {
			st.chatbotAt[t.ID] = &now
		}
	}
	return tx.Exec(`INSERT INTO ticket_trackings (company_id, ticket_id, connection_id, queue_id, queued_at, chatbot_at)
		VALUES (?, ?, ?, ?::bigint, CASE WHEN ?::bigint IS NULL THEN NULL ELSE now() END, ?)
		ON CONFLICT (ticket_id) WHERE finished_at IS NULL DO UPDATE SET
		  chatbot_at = COALESCE(ticket_trackings.chatbot_at, EXCLUDED.chatbot_at),
		  queue_id = COALESCE(EXCLUDED.queue_id, ticket_trackings.queue_id),
		  queued_at = COALESCE(EXCLUDED.queued_at, ticket_trackings.queued_at),
		  updated_at = now()`,
		t.CompanyID, t.ID, t.ConnectionID, o.Queued, o.Queued, chatbotAt).Error
}

// dispatch queues the delivery of the bot's committed replies, each at its time (the
// bot's waits are scheduled tasks). The task is keyed by the message id, and a reply
// whose task is lost is found by the reconciler.
func (p Processor) dispatch(ctx context.Context, outs []announce) {
	if p.Queue == nil {
		return
	}
	for i := range outs {
		o := &outs[i]
		if !o.send {
			continue
		}
		task, err := tasks.NewMessageSend(o.msg.CompanyID, o.msg.ID)
		if err == nil {
			_, err = p.Queue.EnqueueContext(ctx, task, asynq.ProcessIn(o.delay))
		}
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
			o.msg.SendError = "queued for retry"
		}
	}
}
