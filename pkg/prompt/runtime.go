package prompt

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/storage"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// Texts the runtime sends or writes (BEHAVIOUR §10).
const (
	// TransferPhrase starts an answer that needs a human; the model is told to use it.
	TransferPhrase = "Ação: Transferir para o setor de atendimento"
	// MsgWait tells the customer a human takes over (at most once a minute).
	MsgWait = "Aguarde, em breve um de nossos atendentes irá atendê-lo."
	// MsgProviderError is what the customer reads when the AI provider failed.
	MsgProviderError = "Desculpe, não consegui responder agora. Um atendente vai continuar a conversa em breve."
	// LogPromptError is the ticket log entry of a provider failure.
	LogPromptError = "promptError"
)

// transferPhrases are the forms of the phrase a model writes back (the English one of the
// reference behaviour too); matched case-insensitively.
var transferPhrases = []string{TransferPhrase, "Action: transfer to the service department", "Ação: Transferir para o setor"}

// Media reads a customer's voice note and stores a synthesised one.
type Media interface {
	OpenLocal(rel string) (*os.File, error)
	Save(companyID int64, folder string, r io.Reader, maxBytes int64, allowed ...string) (storage.File, error)
	Remove(rel string) error
}

// Dispatcher queues the delivery of written messages and announces them.
type Dispatcher interface {
	Dispatch(ctx context.Context, msgs []message.Message)
}

// Runtime answers a ticket's customer with a prompt (the worker's prompt:message).
type Runtime struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Messages Dispatcher
	Media    Media
	AI       AI
	Speech   Speaker
	Settings ticket.Settings // the company's settings, for a close the transfer causes
	Queue    tasks.Enqueuer  // a busy turn's next attempt (turn.go)
}

// Answer handles one task. final is the task's last attempt: a provider failure that may
// pass (rate limit, outage) is retried until then, and then answered with MsgProviderError.
// The ticket answers one turn at a time (turn.go): a task finding another message's turn
// running comes back later as a scheduled copy of itself.
func (r Runtime) Answer(ctx context.Context, p tasks.PromptMessage, final bool) error {
	ctx = tenant.With(ctx, p.CompanyID)
	l, state, err := r.claim(ctx, p)
	switch {
	case err != nil || state == turnHandled:
		return err
	case state == turnBusy:
		return r.later(ctx, p, l)
	}
	c, err := r.load(ctx, p)
	if errors.Is(err, errSkip) {
		r.release(ctx, l)
		return nil
	}
	if err != nil {
		r.release(ctx, l)
		return err
	}
	c.lease = l
	plan, err := r.think(ctx, c)
	if err != nil {
		if Retryable(err) && !final {
			r.release(ctx, l)
			return err
		}
		slog.Warn("prompt: provider failed", "company", p.CompanyID, "ticket", p.TicketID, "err", err)
		plan = reply{failed: true, texts: []string{MsgProviderError}}
	}
	if err := r.write(ctx, c, plan); err != nil {
		r.release(ctx, l)
		return err
	}
	return nil
}

// reply is what the runtime decided to send and do.
type reply struct {
	echo     string // a voice note's transcript, echoed first
	texts    []string
	audio    string // a stored voice note answering instead of texts
	transfer bool
	failed   bool
}

// think asks the model, after transcribing a voice note; nothing is written yet.
func (r Runtime) think(ctx context.Context, c convo) (reply, error) {
	var out reply
	said := c.text
	if c.audio {
		t, err := r.transcribe(ctx, c)
		if err != nil {
			return reply{}, err
		}
		said, out.echo = t, t
	}
	answer, err := r.AI.Chat(ctx, Request{APIKey: c.prompt.APIKey, Model: c.prompt.Model, MaxTokens: c.prompt.MaxTokens,
		Temperature: c.prompt.Temperature, Turns: c.turns(said)})
	if err != nil {
		return reply{}, err
	}
	answer, out.transfer = stripTransfer(answer)
	if answer != "" {
		out.texts = []string{answer}
		if path := r.speak(ctx, c, answer); path != "" {
			out.texts, out.audio = nil, path
		}
	}
	return out, nil
}

// stripTransfer removes the transfer phrase (and the punctuation after it) from an answer.
func stripTransfer(answer string) (string, bool) {
	lower := strings.ToLower(answer)
	for _, p := range transferPhrases {
		if i := strings.Index(lower, strings.ToLower(p)); i >= 0 {
			rest := answer[:i] + answer[i+len(p):]
			return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(rest), ".:-–!")), true
		}
	}
	return strings.TrimSpace(answer), false
}

func (r Runtime) transcribe(ctx context.Context, c convo) (string, error) {
	f, err := r.Media.OpenLocal(c.msg.MediaPath)
	if err != nil {
		return "", err
	}
	defer f.Close()
	name := c.msg.MediaName
	if name == "" {
		name = "audio.ogg"
	}
	text, err := r.AI.Transcribe(ctx, c.prompt.APIKey, c.prompt.Model, f, name, "audio/ogg")
	return strings.TrimSpace(text), err
}

// speak stores the answer as a voice note when the prompt has a voice; "" answers in text
// (no voice, or the speech service failed: the customer still gets the answer).
func (r Runtime) speak(ctx context.Context, c convo, answer string) string {
	if c.prompt.Voice == VoiceText || c.prompt.Voice == "" || r.Speech == nil {
		return ""
	}
	audio, err := r.Speech.Speak(ctx, c.prompt.VoiceKey, c.prompt.VoiceRegion, c.prompt.Voice, answer)
	if err != nil {
		slog.Warn("prompt: speech failed, answering in text", "ticket", c.ticket.ID, "err", err)
		return ""
	}
	saved, err := r.Media.Save(c.ticket.CompanyID, "prompt", strings.NewReader(string(audio)), MaxSpeechBytes, "audio/")
	if err != nil {
		slog.Warn("prompt: storing the voice note failed, answering in text", "ticket", c.ticket.ID, "err", err)
		return ""
	}
	return saved.Path
}
