package handoff

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/flowrun"
	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// outcome is what one bot turn decided, applied in the turn's closing transaction.
type outcome struct {
	replies []reply
	gap     time.Duration // between the replies (typebotDelayMessage)
	start   bool          // the bot took the ticket: use_integration on
	stop    bool          // the bot hands the ticket back: use_integration off
	close   bool          // the finish keyword: the normal close with farewell
	queueID *int64        // a command moving the ticket to a queue…
	userID  *int64        // …and to an attendant
	failed  bool
	session *session // Typebot's session as the turn left it (nil: unchanged)
	// done is the last customer message a turn that failed part-way answered (Typebot's
	// batch): its answers are kept and the turn ends there; 0 when nothing was answered.
	done int64
}

// reply is one message of the bot: a text, or a file it sent, stored (the text its caption).
type reply struct {
	text      string
	mediaPath string
	mediaName string
	mediaType string // a message media type
	// literal: a Dialogflow answer, which often repeats what the customer typed, sent as it
	// is (§11 renders Typebot's texts and our own templates, not Dialogflow's).
	literal bool
}

// texts are our templates as replies; botTexts are a bot's own (literal).
func texts(ss []string) []reply { return replies(ss, false) }

func botTexts(ss []string) []reply { return replies(ss, true) }

func replies(ss []string, literal bool) []reply {
	out := make([]reply, 0, len(ss))
	for _, s := range ss {
		out = append(out, reply{text: s, literal: literal})
	}
	return out
}

// converse runs one Typebot or Dialogflow turn: claimed in a short transaction, the bot
// asked outside any, the replies and the ticket's changes written by a second one if the
// turn is still this task's (lease.go). Dialogflow's turns wait out their debounce first.
func (r Runner) converse(ctx context.Context, j job) error {
	if j.it.Type == integration.TypeDialogflow && !j.p.Due {
		return r.debounce(ctx, j)
	}
	if j.p.Due && r.newerMessage(ctx, j) {
		return nil // the newer message's own debounced turn takes this one along
	}
	if wait := Debounce - time.Since(j.msg.CreatedAt); j.p.Due && wait > 0 {
		return r.again(ctx, j.p, wait) // asynq schedules by the second: come back when due
	}
	c, state, err := r.claimTurn(ctx, j, j.msg.ID)
	if err != nil || state == handled {
		return err
	}
	if state == busy {
		return r.later(ctx, j.p, c.s.LeaseUntil)
	}
	o, err := r.turn(ctx, j, c)
	var retry error // the turn's failure, retried once what it answered is written
	if err != nil {
		switch {
		case transient(err) && !j.lastTry && o.done == 0:
			r.release(ctx, c)
			return err
		case transient(err) && !j.lastTry:
			// Typebot heard some of the batch: that part is the turn's, the rest the retry's
			// (no message is sent to Typebot twice).
			c.through, retry = o.done, err
		default:
			slog.WarnContext(ctx, "integration: bot failed", "type", j.it.Type, "ticket_id", c.t.ID, "err", err)
			o = outcome{replies: append(o.replies, texts([]string{MsgUnavailable})...), stop: true, failed: true,
				start: o.start}
		}
	}
	var msgs []message.Message
	changed, oldStatus, wrote := false, "", false
	won, err := r.finishTurn(ctx, c, func(tx *gorm.DB, s *session, t ticket.Ticket) error {
		wrote = true
		if o.session != nil {
			s.TypebotSessionID, s.ActiveAt = o.session.TypebotSessionID, o.session.ActiveAt
		}
		oldStatus = t.Status
		var err error
		changed, msgs, err = r.apply(ctx, tx, j, s, &t, o)
		return err
	})
	if err != nil || !won || !wrote {
		r.discard(o) // the files of an answer nobody sends
		return err
	}
	r.pace(ctx, msgs, o.gap)
	if changed && r.Events != nil {
		if t, err := ticket.Get(ctx, r.DB, j.p.TicketID); err == nil {
			ticket.PublishUpdate(ctx, r.Events, t, oldStatus)
		}
	}
	return retry
}

// discard removes the files an unsent answer stored.
func (r Runner) discard(o outcome) {
	for _, rp := range o.replies {
		if rp.mediaPath != "" {
			_ = r.Media.Remove(rp.mediaPath)
		}
	}
}

func (r Runner) turn(ctx context.Context, j job, c claim) (outcome, error) {
	if j.it.Type == integration.TypeDialogflow {
		return r.dialogflowTurn(ctx, j, c)
	}
	return r.typebotTurn(ctx, j, c)
}

// apply writes o: ticket changes first (so a farewell follows the bot's last words in the
// right state), then the replies, rendered with the message variables.
func (r Runner) apply(ctx context.Context, tx *gorm.DB, j job, s *session, t *ticket.Ticket, o outcome) (bool, []message.Message, error) {
	changed := false
	if o.start && !o.stop && j.it.ID != 0 && (!t.UseIntegration || t.IntegrationID == nil || *t.IntegrationID != j.it.ID) {
		t.UseIntegration, t.IntegrationID, changed = true, &j.it.ID, true
		if err := setIntegration(tx, *t); err != nil {
			return false, nil, err
		}
	}
	id := j.it.ID
	s.IntegrationID = &id
	if j.it.ID == 0 {
		s.IntegrationID = nil
	}
	replies := o.replies
	moved := false
	if o.queueID != nil {
		var err error
		var greeting []string
		if moved, greeting, err = r.move(ctx, tx, t, *o.queueID, o.userID); err != nil {
			return false, nil, err
		}
		replies, changed = append(replies, texts(greeting)...), changed || moved
	}
	if o.stop {
		t.UseIntegration, t.IntegrationID, changed = false, nil, true
		s.TypebotSessionID, s.ActiveAt = "", nil
		logType := LogStop
		if o.failed {
			logType = LogError
		}
		if err := setIntegration(tx, *t); err != nil {
			return false, nil, err
		}
		if err := ticket.WriteLog(ctx, tx, t.ID, logType, nil, t.QueueID); err != nil {
			return false, nil, err
		}
		// A flow's typebot node is over too: its next message is not a new Typebot chat.
		if err := flowrun.EndWait(tx, t.ID, flowrun.WaitTypebot); err != nil {
			return false, nil, err
		}
	}
	if o.close || moved {
		// a close command, or a move into a queue that closes its tickets (decision 6)
		conn := ticket.ConnectionOf(ctx, tx, *t)
		var farewell []string
		var err error
		if o.close {
			farewell, err = ticket.CloseBySystem(ctx, tx, t, conn, r.Settings, ticket.AutoClose{Farewell: true})
		} else {
			farewell, err = ticket.CloseIfQueueCloses(ctx, tx, t, conn, r.Settings)
		}
		if err != nil {
			return false, nil, err
		}
		replies, changed = append(replies, texts(farewell)...), changed || o.close
	}
	msgs, err := r.write(ctx, tx, *t, replies)
	return changed, msgs, err
}

func setIntegration(tx *gorm.DB, t ticket.Ticket) error {
	return tx.Exec(`UPDATE tickets SET use_integration = ?, integration_id = ?, updated_at = now() WHERE id = ? AND company_id = ?`,
		t.UseIntegration, t.IntegrationID, t.ID, t.CompanyID).Error
}

// move follows a bot's queue command: to the company's queue (and its user, when given
// and of the company, with the accept greeting it returns); unknown ids are ignored.
func (r Runner) move(ctx context.Context, tx *gorm.DB, t *ticket.Ticket, queueID int64, userID *int64) (bool, []string, error) {
	var n int64
	if err := tx.Table("queues").Where("id = ? AND company_id = ?", queueID, t.CompanyID).Count(&n).Error; err != nil || n == 0 {
		return false, nil, err
	}
	if userID != nil {
		if err := tx.Table("users").Where("id = ? AND company_id = ?", *userID, t.CompanyID).Count(&n).Error; err != nil {
			return false, nil, err
		}
		if n == 1 {
			greeting, err := ticket.Assign(ctx, tx, t, *userID, &queueID, r.Settings)
			return true, greeting, err
		}
	}
	return true, nil, ticket.SetQueue(ctx, tx, t, queueID)
}

// write stores the replies as the system's marked outgoing messages, texts rendered
// with the message variables (not a bot's own text: reply.literal).
func (r Runner) write(ctx context.Context, tx *gorm.DB, t ticket.Ticket, replies []reply) ([]message.Message, error) {
	var values *vars.Values
	drafts := make([]message.Draft, 0, len(replies))
	for _, rp := range replies {
		text := rp.text
		if strings.Contains(text, "{{") && values == nil && !rp.literal {
			full, err := ticket.Get(ctx, tx, t.ID)
			if err != nil {
				return nil, err
			}
			v, err := ticket.Variables(ctx, tx, full)
			if err != nil {
				return nil, err
			}
			values = &v
		}
		if values != nil && !rp.literal {
			text = vars.Render(text, *values)
		}
		// cut, not refused, to what the channel delivers (message.checkLength's limit, less
		// the system mark Marked adds): a bot's long answer still goes out
		text = channel.Text(strings.TrimSpace(text), connection.MaxText(t.Channel)-1)
		switch {
		case rp.mediaPath != "":
			drafts = append(drafts, message.Draft{Body: message.Marked(text), MediaPath: rp.mediaPath,
				MediaName: rp.mediaName, MediaType: rp.mediaType})
		case text != "":
			drafts = append(drafts, message.Draft{Body: message.Marked(text)})
		}
	}
	if len(drafts) == 0 {
		return nil, nil
	}
	return message.Write(ctx, tx, t, nil, drafts...)
}

// customer is the ticket's contact.
func customer(ctx context.Context, tx *gorm.DB, t ticket.Ticket) (contact.Contact, error) {
	var c contact.Contact
	err := tx.WithContext(ctx).Where("id = ? AND company_id = ?", t.ContactID, t.CompanyID).Take(&c).Error
	return c, err
}

// payload is what an n8n or webhook URL receives: the message as we store it, with its
// ticket, contact and integration.
func (r Runner) payload(ctx context.Context, tx *gorm.DB, j job) (map[string]any, error) {
	t, err := ticket.Row(ctx, tx, j.p.TicketID)
	if err != nil {
		return nil, err
	}
	c, err := customer(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"event":       "message",
		"companyId":   j.p.CompanyID,
		"integration": map[string]any{"id": j.it.ID, "name": j.it.Name, "type": j.it.Type},
		"ticket": map[string]any{"id": t.ID, "uuid": t.UUID, "status": t.Status, "queueId": t.QueueID,
			"whatsappId": t.ConnectionID, "channel": t.Channel},
		"contact": map[string]any{"id": c.ID, "name": c.Name, "number": c.Number, "isGroup": c.IsGroup},
		"message": j.msg,
	}, nil
}

// nonBlank is text as a one-reply list, or none.
func nonBlank(text string) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return []string{text}
}
