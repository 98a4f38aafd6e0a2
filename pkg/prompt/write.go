package prompt

import (
	"context"
	"time"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
	"atende/pkg/flowrun"
	"atende/pkg/message"
	"atende/pkg/queue"
	"atende/pkg/ticket"
)

// WaitEvery is how often the customer may be told to wait for a human.
const WaitEvery = time.Minute

// write records the answer in one transaction: the answered message (its turn's lease
// becomes the outcome, so a second delivery sends nothing), the transfer, the reply rows and a failure's log line; then it sends.
func (r Runtime) write(ctx context.Context, c convo, plan reply) error {
	var msgs []message.Message
	written := false
	oldStatus := c.ticket.Status
	err := r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Only while the turn's lease is still this claim's (turn.go): a duplicated task, or
		// one whose lease expired and was taken over, writes nothing.
		res := tx.Exec(`UPDATE prompt_replies SET outcome = ?, created_at = now() WHERE message_id = ? AND outcome = ?`,
			plan.outcome(), c.lease.messageID, c.lease.token)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		// The customer's messages this turn's request held are answered by it: their own
		// tasks, if still to come, send nothing (turn.go). One it did not hold (a voice
		// note, one past the history's size) keeps its own turn.
		if len(c.covered) > 0 {
			if err := tx.Exec(`INSERT INTO prompt_replies (message_id, company_id, ticket_id, outcome)
				SELECT unnest(?::bigint[]), ?, ?, ? ON CONFLICT (message_id) DO NOTHING`,
				atdb.Int64s(c.covered), c.ticket.CompanyID, c.ticket.ID, outcomeCovered).Error; err != nil {
				return err
			}
		}
		written = true
		t, err := lockTicket(tx, c.ticket.ID)
		if err != nil {
			return err
		}
		var farewell []string
		if plan.transfer {
			if plan.transfer, err = transfer(ctx, tx, &t, c.prompt.QueueID); err != nil {
				return err
			}
		}
		if plan.transfer { // a queue that closes its tickets closes this one too (decision 6)
			if farewell, err = ticket.CloseIfQueueCloses(ctx, tx, &t, ticket.ConnectionOf(ctx, tx, t), r.Settings); err != nil {
				return err
			}
		}
		drafts, err := plan.drafts(tx, t)
		if err != nil {
			return err
		}
		for _, text := range farewell {
			drafts = append(drafts, message.Draft{Body: message.Marked(text)})
		}
		if plan.failed {
			if err := ticket.WriteLog(ctx, tx, t.ID, LogPromptError, nil, t.QueueID); err != nil {
				return err
			}
		}
		msgs, err = message.Write(ctx, tx, t, nil, drafts...)
		return err
	})
	if (err != nil || !written) && plan.audio != "" {
		_ = r.Media.Remove(plan.audio)
	}
	if err != nil || !written {
		return err
	}
	r.Messages.Dispatch(ctx, msgs)
	if plan.transfer {
		if t, err := ticket.Get(ctx, r.DB, c.ticket.ID); err == nil {
			ticket.PublishUpdate(ctx, r.Events, t, oldStatus)
		}
	}
	return nil
}

func (p reply) outcome() string {
	switch {
	case p.failed:
		return "failed"
	case p.transfer:
		return "transferred"
	}
	return "answered"
}

// drafts are the outgoing messages, in order: the transcript, the answer, the wait notice.
func (p reply) drafts(tx *gorm.DB, t ticket.Ticket) ([]message.Draft, error) {
	var out []message.Draft
	if p.echo != "" {
		out = append(out, message.Draft{Body: message.Marked(p.echo)})
	}
	for _, text := range p.texts {
		out = append(out, message.Draft{Body: message.Marked(text)})
	}
	if p.audio != "" {
		out = append(out, message.Draft{MediaPath: p.audio, MediaName: "resposta.ogg", MediaType: message.TypeAudio})
	}
	if p.transfer && t.Status == ticket.StatusPending { // a closed ticket waits for nobody
		var recent int64
		if err := tx.Raw(`SELECT count(*) FROM messages WHERE ticket_id = ? AND from_me AND body = ? AND created_at > ?`,
			t.ID, message.Marked(MsgWait), time.Now().Add(-WaitEvery)).Scan(&recent).Error; err != nil {
			return nil, err
		}
		if recent == 0 {
			out = append(out, message.Draft{Body: message.Marked(MsgWait)})
		}
	}
	return out, nil
}

func lockTicket(tx *gorm.DB, id int64) (ticket.Ticket, error) {
	var t ticket.Ticket
	err := tx.Raw("SELECT * FROM tickets WHERE id = ? FOR UPDATE", id).Scan(&t).Error
	return t, err
}

// transfer hands the ticket to the prompt's queue as pending (a human answers next), when
// that queue is still the company's; it reports whether it moved.
func transfer(ctx context.Context, tx *gorm.DB, t *ticket.Ticket, queueID *int64) (bool, error) {
	if queueID == nil || queue.Owned(tx, t.CompanyID, []int64{*queueID}) != nil {
		return false, nil
	}
	if t.Status != ticket.StatusPending && t.UserID == nil {
		if err := tx.Model(&ticket.Ticket{}).Where("id = ?", t.ID).
			Updates(map[string]any{"status": ticket.StatusPending, "updated_at": time.Now()}).Error; err != nil {
			return false, err
		}
		t.Status = ticket.StatusPending
		if err := ticket.WriteLog(ctx, tx, t.ID, ticket.LogPending, nil, t.QueueID); err != nil {
			return false, err
		}
	}
	if err := ticket.SetQueue(ctx, tx, t, *queueID); err != nil {
		return false, err
	}
	// A flow's openai node answers only while the ticket has no queue (BEHAVIOUR §9): its
	// wait ends here, so the customer's next message goes to the queue, not to the AI.
	return true, flowrun.EndWait(tx, t.ID, flowrun.WaitAI)
}
