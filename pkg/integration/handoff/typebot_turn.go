package handoff

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/ticket"
)

// typebotTurn is BEHAVIOUR §10's Typebot, for every customer message the turn covers
// (typebotBatch), one by one in the conversation's order, as separate turns would: two
// quick messages whose tasks ran out of order are both heard, the earlier first. Each
// message: the restart and finish keywords; otherwise a new chat (no session, another
// integration's, or silent for typebotExpires minutes) with the customer's prefilled
// variables, or the session continued with the text; the bot's bubbles (texts with their
// commands taken out, media as files) paced by the integration's delay; no bubble → the
// unknown-message text. It runs outside any transaction: the session it changes is
// returned in the outcome. A failure after some messages were answered returns those
// answers (outcome.done, the last message answered) with the error.
func (r Runner) typebotTurn(ctx context.Context, j job, c claim) (outcome, error) {
	msgs, err := r.typebotBatch(ctx, j, c)
	if err != nil {
		return outcome{}, err
	}
	s := c.s
	o := outcome{gap: time.Duration(j.it.TypebotDelayMessage) * time.Millisecond}
	for _, m := range msgs {
		if err := r.typebotStep(ctx, j.it, c.t, &s, strings.TrimSpace(m.Body), &o); err != nil {
			if o.done == 0 {
				r.discard(o)
				return outcome{}, err
			}
			return o, err
		}
		o.done = m.ID
		if o.stop || o.close {
			break // the bot handed the ticket back or it closes: the rest is not Typebot's
		}
	}
	return o, nil
}

// typebotStep is one customer message's exchange with Typebot, its answer added to o and
// the session's changes to s (o.session then points at s).
func (r Runner) typebotStep(ctx context.Context, it integration.Integration, t ticket.Ticket, s *session, text string, o *outcome) error {
	if kw := strings.TrimSpace(it.TypebotKeywordRestart); kw != "" && strings.EqualFold(text, kw) {
		s.TypebotSessionID, s.ActiveAt, o.session = "", nil, s
		o.replies = append(o.replies, texts(nonBlank(it.TypebotRestartMessage))...)
		return nil
	}
	if kw := strings.TrimSpace(it.TypebotKeywordFinish); kw != "" && strings.EqualFold(text, kw) {
		o.close, o.stop = true, true
		return nil
	}
	var res integration.TypebotReply
	var err error
	fresh := s.TypebotSessionID == "" || !sameIntegration(s.IntegrationID, it.ID) ||
		(it.TypebotExpires > 0 && s.ActiveAt != nil && r.now().Sub(*s.ActiveAt) > time.Duration(it.TypebotExpires)*time.Minute)
	if !fresh {
		res, err = r.Typebot.Continue(ctx, it.URLN8N, s.TypebotSessionID, text)
		var st *integration.StatusError
		fresh = errors.As(err, &st) && st.Status == 404 // integration.Typebot forgot the session
		if err == nil {
			now := r.now() // the session's clock restarts with every turn
			s.ActiveAt, o.session = &now, s
		}
	}
	if fresh {
		prefill, perr := r.prefill(ctx, t)
		if perr != nil {
			return perr
		}
		if res, err = r.Typebot.Start(ctx, it.URLN8N, it.TypebotSlug, prefill); err == nil {
			now := r.now()
			// the chat is this integration's from now on (later messages of the batch continue it)
			id := it.ID
			s.IntegrationID = &id
			if it.ID == 0 {
				s.IntegrationID = nil
			}
			s.TypebotSessionID, s.ActiveAt, o.start, o.session = res.SessionID, &now, true, s
		}
	}
	if err != nil {
		return err
	}
	replies := r.bubbles(ctx, t.CompanyID, it.URLN8N, res, o)
	if len(replies) == 0 && !o.stop {
		replies = texts(nonBlank(it.TypebotUnknownMessage))
	}
	o.replies = append(o.replies, replies...)
	return nil
}

// typebotBatch is what a Typebot turn sends: the customer's messages after the session's
// last handled one and before the claim's, oldest first (the channel's time, as batch),
// then the claim's own message, so
// that one whose task lost the race to a later message's is sent by that turn, before
// it, instead of being dropped. Not further back than an attendant's last message (what
// the customer told them was not Typebot's) nor, with no chat to continue, than our last
// message of any kind (a new chat starts from there: the menu that led to the bot, the
// bot's goodbye); at most maxBatch in all.
func (r Runner) typebotBatch(ctx context.Context, j job, c claim) ([]turnMessage, error) {
	lastOurs := "from_me AND user_id IS NOT NULL"
	if c.s.TypebotSessionID == "" || !sameIntegration(c.s.IntegrationID, j.it.ID) {
		lastOurs = "from_me"
	}
	var out []turnMessage
	err := r.DB.WithContext(ctx).Raw(`SELECT id, body, media_type, media_path FROM messages
		WHERE ticket_id = ? AND company_id = ? AND NOT from_me AND media_type <> ? AND id > ? AND id < ?
		  AND id > (SELECT coalesce(max(id), 0) FROM messages WHERE ticket_id = ? AND `+lastOurs+` AND id < ?)
		ORDER BY created_at DESC, id DESC LIMIT ?`, c.s.TicketID, c.s.CompanyID, message.TypeReaction, c.s.LastMessageID, c.through,
		c.s.TicketID, c.through, maxBatch-1).Scan(&out).Error
	if err != nil {
		return nil, err
	}
	for i, k := 0, len(out)-1; i < k; i, k = i+1, k-1 {
		out[i], out[k] = out[k], out[i]
	}
	return append(out, turnMessage{ID: j.msg.ID, Body: j.msg.Body, MediaType: j.msg.MediaType, MediaPath: j.msg.MediaPath}), nil
}

// bubbles are the reply's messages in order (at most integration.MaxBubbles of them, the
// rest logged and dropped): texts (commands taken out), media bubbles as stored files, a
// choice input's options last. They are the bot's words, often echoing what the customer
// typed: sent as they came, never rendered as templates (literal).
func (r Runner) bubbles(ctx context.Context, companyID int64, integrationURL string, res integration.TypebotReply, o *outcome) []reply {
	if n := res.Dropped(); n > 0 {
		slog.WarnContext(ctx, "integration: typebot reply has too many bubbles, the rest dropped",
			"bubbles", len(res.Messages), "kept", integration.MaxBubbles, "dropped", n, "session", res.SessionID)
	}
	var out []reply
	for _, b := range res.Bubbles() {
		if b.MediaURL == "" {
			for _, s := range commands([]string{b.Text}, o) {
				out = append(out, reply{text: s}) // rendered (BEHAVIOUR §11), in one pass
			}
			continue
		}
		out = append(out, r.mediaBubble(ctx, companyID, integrationURL, b))
	}
	return out
}

func sameIntegration(stored *int64, id int64) bool {
	if stored == nil {
		return id == 0
	}
	return *stored == id
}

// prefill is the chat's prefilled variables: number, pushName, remoteJid.
func (r Runner) prefill(ctx context.Context, t ticket.Ticket) (map[string]string, error) {
	c, err := customer(ctx, r.DB, t)
	if err != nil {
		return nil, err
	}
	jid := c.Number + "@s.whatsapp.net"
	if c.IsGroup {
		jid = c.Number + "@g.us"
	}
	return map[string]string{"number": c.Number, "pushName": c.Name, "remoteJid": jid}, nil
}

// commands takes the bot's command texts out ('#' and a JSON object): stopBot hands the
// ticket back; queueId moves it to a queue, with userId to an attendant, and hands it back.
func commands(texts []string, o *outcome) []string {
	out := make([]string, 0, len(texts))
	for _, s := range texts {
		var c map[string]any
		if !strings.HasPrefix(s, "#") || json.Unmarshal([]byte(strings.TrimSpace(s[1:])), &c) != nil {
			out = append(out, s)
			continue
		}
		if stop, _ := c["stopBot"].(bool); stop {
			o.stop = true
		}
		if q, ok := number(c["queueId"]); ok {
			o.queueID, o.stop = &q, true
			if u, ok := number(c["userId"]); ok {
				o.userID = &u
			}
		}
	}
	return out
}

// number reads a positive id written as a JSON number or a string.
func number(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		return int64(x), x >= 1
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		return n, err == nil && n >= 1
	}
	return 0, false
}
