package handoff

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"atende/pkg/integration"
	"atende/pkg/ticket"
)

// typebotTurn is BEHAVIOUR §10's Typebot: the restart and finish keywords; otherwise a
// new chat (no session, another integration's, or silent for typebotExpires minutes)
// with the customer's prefilled variables, or the session continued with the text; the
// bot's bubbles (texts with their commands taken out, media as files) paced by the
// integration's delay; no bubble → the unknown-message text. It runs outside any
// transaction: the session it changes is returned in the outcome.
func (r Runner) typebotTurn(ctx context.Context, j job, c claim) (outcome, error) {
	it, text, s := j.it, strings.TrimSpace(j.msg.Body), c.s
	if kw := strings.TrimSpace(it.TypebotKeywordRestart); kw != "" && strings.EqualFold(text, kw) {
		s.TypebotSessionID, s.ActiveAt = "", nil
		return outcome{replies: texts(nonBlank(it.TypebotRestartMessage)), session: &s}, nil
	}
	if kw := strings.TrimSpace(it.TypebotKeywordFinish); kw != "" && strings.EqualFold(text, kw) {
		return outcome{close: true, stop: true}, nil
	}
	o := outcome{gap: time.Duration(it.TypebotDelayMessage) * time.Millisecond}
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
			s.ActiveAt, o.session = &now, &s
		}
	}
	if fresh {
		prefill, perr := r.prefill(ctx, c.t)
		if perr != nil {
			return outcome{}, perr
		}
		if res, err = r.Typebot.Start(ctx, it.URLN8N, it.TypebotSlug, prefill); err == nil {
			now := r.now()
			s.TypebotSessionID, s.ActiveAt, o.start, o.session = res.SessionID, &now, true, &s
		}
	}
	if err != nil {
		return outcome{}, err
	}
	o.replies = r.bubbles(ctx, c.t.CompanyID, it.URLN8N, res, &o)
	if len(o.replies) == 0 && !o.stop {
		o.replies = texts(nonBlank(it.TypebotUnknownMessage))
	}
	return o, nil
}

// bubbles are the reply's messages in order: texts (commands taken out), media bubbles
// as stored files, a choice input's options last.
func (r Runner) bubbles(ctx context.Context, companyID int64, integrationURL string, res integration.TypebotReply, o *outcome) []reply {
	var out []reply
	for _, b := range res.Bubbles() {
		if b.MediaURL == "" {
			out = append(out, texts(commands([]string{b.Text}, o))...)
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
