package handoff

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/taskoutbox"
	"atende/pkg/tasks"
)

// Debounce is Dialogflow's wait (BEHAVIOUR §10): the customer's messages less than this
// apart are asked as one query.
const Debounce = 500 * time.Millisecond

// maxBatch bounds the messages one debounced turn takes along.
const maxBatch = 20

// debounce schedules the message's debounced turn, keyed by ticket and message: when it
// is due, a newer message of the customer means its own turn will take this one along.
func (r Runner) debounce(ctx context.Context, j job) error {
	if r.Queue == nil {
		return nil
	}
	p := j.p
	p.Due, p.Attempt = true, 0
	task, err := tasks.NewIntegrationMessage(p)
	if err != nil {
		return err
	}
	return taskoutbox.Later(ctx, r.DB, r.Queue, p.CompanyID, task, time.Now().Add(Debounce))
}

// newerMessage: the customer wrote again after j's message.
func (r Runner) newerMessage(ctx context.Context, j job) bool {
	var n int64
	_ = r.DB.WithContext(ctx).Raw(`SELECT count(*) FROM messages WHERE ticket_id = ? AND company_id = ? AND id > ?
		AND NOT from_me AND media_type <> ?`, j.p.TicketID, j.p.CompanyID, j.msg.ID, message.TypeReaction).Scan(&n).Error
	return n > 0
}

// turnMessage is a customer message a turn asks about.
type turnMessage struct {
	ID        int64
	Body      string
	MediaType string
	MediaPath string
}

// batch is what the customer said since the bot last heard them and our last message to
// them, up to the claim's message, oldest first. Oldest by the channel's time, not by id:
// two quick messages may reach two inbound batches, and the second can commit first.
func (r Runner) batch(ctx context.Context, c claim) ([]turnMessage, error) {
	var out []turnMessage
	err := r.DB.WithContext(ctx).Raw(`SELECT id, body, media_type, media_path FROM messages
		WHERE ticket_id = ? AND company_id = ? AND NOT from_me AND media_type <> ? AND id > ? AND id <= ?
		  AND id > (SELECT coalesce(max(id), 0) FROM messages WHERE ticket_id = ? AND from_me AND id < ?)
		ORDER BY created_at DESC, id DESC LIMIT ?`, c.s.TicketID, c.s.CompanyID, message.TypeReaction, c.s.LastMessageID, c.through,
		c.s.TicketID, c.through, maxBatch).Scan(&out).Error
	for i, k := 0, len(out)-1; i < k; i, k = i+1, k-1 {
		out[i], out[k] = out[k], out[i]
	}
	return out, err
}

// queries groups a batch: the texts in a row as one query (one line each), each voice
// message alone.
func (r Runner) queries(ctx context.Context, msgs []turnMessage) []integration.Query {
	var out []integration.Query
	var lines []string
	flush := func() {
		if len(lines) > 0 {
			out = append(out, integration.Query{Text: strings.Join(lines, "\n")})
			lines = nil
		}
	}
	for _, m := range msgs {
		if m.MediaType == message.TypeAudio && m.MediaPath != "" {
			audio, err := r.readAudio(m.MediaPath)
			if err == nil {
				flush()
				out = append(out, integration.Query{Audio: audio})
				continue
			}
			slog.WarnContext(ctx, "integration: voice message not read", "message_id", m.ID, "err", err)
		}
		if text := strings.TrimSpace(m.Body); text != "" {
			lines = append(lines, text)
		}
	}
	flush()
	return out
}

// readAudio reads a stored voice message, bounded.
func (r Runner) readAudio(rel string) ([]byte, error) {
	f, err := r.Media.OpenLocal(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, integration.MaxAudio+1))
	if err == nil && len(data) > integration.MaxAudio {
		err = integration.ErrAudioFormat
	}
	return data, err
}

// dialogflowTurn asks the agent (one session per ticket) about the customer's debounced
// messages; each answer's texts are sent, and its voice as a voice note. An intent that
// ends the interaction hands the ticket back. Runs outside any transaction.
func (r Runner) dialogflowTurn(ctx context.Context, j job, c claim) (outcome, error) {
	creds, err := integration.ParseCredentials(j.it.JSONContent)
	if err != nil {
		return outcome{}, err
	}
	lang := j.it.Language
	if lang == "" {
		lang = integration.Languages[0]
	}
	msgs, err := r.batch(ctx, c)
	if err != nil {
		return outcome{}, err
	}
	o := outcome{start: true}
	session := "ticket-" + strconv.FormatInt(c.t.ID, 10)
	for _, q := range r.queries(ctx, msgs) {
		res, err := r.Dialogflow.Detect(ctx, creds, j.it.ProjectName, session, lang, q)
		if err == integration.ErrAudioFormat {
			continue // a voice Dialogflow can't hear: nothing to ask
		}
		if err != nil {
			r.discard(o)
			return outcome{}, err
		}
		o.replies = append(o.replies, botTexts(res.Texts())...)
		if len(res.OutputAudio) > 0 {
			o.replies = append(o.replies, r.voice(ctx, c.t.CompanyID, res.OutputAudio)...)
		}
		if res.Intent != nil && res.Intent.EndInteraction {
			o.stop = true
			break
		}
	}
	return o, nil
}

// voice stores Dialogflow's spoken answer as a voice note.
func (r Runner) voice(ctx context.Context, companyID int64, audio []byte) []reply {
	f, err := r.Media.Save(companyID, MediaFolder, bytes.NewReader(audio), integration.MaxAudio, "audio/", "application/ogg")
	if err != nil {
		slog.WarnContext(ctx, "integration: dialogflow audio not stored", "err", err)
		return nil
	}
	return []reply{{mediaPath: f.Path, mediaName: "audio.ogg", mediaType: message.TypeAudio}}
}
