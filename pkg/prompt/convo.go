package prompt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"atende/pkg/flowrun"
	"atende/pkg/message"
	"atende/pkg/plan"
	"atende/pkg/tasks"
	"atende/pkg/ticket"
)

// errSkip: nothing to answer (bot disabled for the contact, a message that is not the
// customer's, a closed ticket).
var errSkip = errors.New("prompt: nothing to answer")

// convo is what one answer needs, loaded before anything is asked or written.
type convo struct {
	ticket  ticket.Ticket
	msg     message.Message
	contact string // the contact's name
	prompt  Prompt
	text    string
	audio   bool
	history []Turn  // the newest maxMessages text messages before msg's answer, oldest first
	covered []int64 // the customer's messages in history: this turn answers them too (turn.go)
	lease   lease   // the ticket's turn this answer holds (turn.go)
}

func (r Runtime) load(ctx context.Context, p tasks.PromptMessage) (convo, error) {
	t, err := ticket.Row(ctx, r.DB, p.TicketID)
	if errors.Is(err, ticket.ErrNotFound) {
		return convo{}, errSkip
	}
	if err != nil {
		return convo{}, err
	}
	c := convo{ticket: t}
	db := r.DB.WithContext(ctx)
	if err := db.Where("id = ? AND ticket_id = ?", p.MessageID, t.ID).Take(&c.msg).Error; err != nil {
		return convo{}, errSkip
	}
	var who struct {
		Name       string
		DisableBot bool
	}
	if err := db.Raw("SELECT name, disable_bot FROM contacts WHERE id = ?", t.ContactID).Scan(&who).Error; err != nil {
		return convo{}, err
	}
	if who.DisableBot || c.msg.FromMe || t.Status == ticket.StatusClosed {
		return convo{}, errSkip
	}
	// The plan's useOpenAi gates the AI wherever it runs (spec/3 §6): a connection's
	// prompt kept after a downgrade, a flow's openai node.
	allowed, err := plan.CompanyHas(ctx, db, t.CompanyID, "useOpenAi")
	if err != nil {
		return convo{}, err
	}
	if !allowed {
		if len(p.Settings) > 0 { // a flow's openai node: its run ends, the next message takes the queue path
			if err := flowrun.EndWait(db, t.ID, flowrun.WaitAI); err != nil {
				return convo{}, err
			}
		}
		return convo{}, errSkip
	}
	c.contact = who.Name
	if c.prompt, err = r.settingsOf(ctx, p); err != nil {
		if errors.Is(err, ErrNotFound) {
			return convo{}, errSkip // the prompt was deleted meanwhile
		}
		return convo{}, err
	}
	c.audio = c.msg.MediaType == message.TypeAudio && c.msg.MediaPath != ""
	c.text = strings.TrimSpace(c.msg.Body)
	if !c.audio && c.text == "" {
		return convo{}, errSkip
	}
	c.history, c.covered, err = r.history(ctx, t.ID, c.msg.ID, c.prompt.MaxMessages-1)
	return c, err
}

// history reads the newest n text messages of the ticket before the answered one (ours
// are the assistant's, the customer's the user's), oldest first. Private notes, deleted
// messages and files are not the conversation. Ours written since the answered message
// arrived count too (the previous turn's answer, when this turn waited for it: turn.go);
// the customer's later messages are their own turns'.
func (r Runtime) history(ctx context.Context, ticketID, answered int64, n int) (turns []Turn, customers []int64, err error) {
	if n <= 0 {
		return nil, nil, nil
	}
	var rows []struct {
		ID     int64
		Body   string
		FromMe bool
	}
	err = r.DB.WithContext(ctx).Raw(`SELECT id, body, from_me FROM messages
		WHERE ticket_id = ? AND id <> ? AND (id < ? OR from_me) AND NOT is_private AND NOT is_deleted AND media_type = ?
		AND body <> '' ORDER BY created_at DESC, id DESC LIMIT ?`, ticketID, answered, answered, message.TypeChat, n).Scan(&rows).Error
	turns = make([]Turn, 0, len(rows))
	for _, m := range slices.Backward(rows) {
		role := "user"
		if m.FromMe {
			role = "assistant"
		} else {
			customers = append(customers, m.ID)
		}
		turns = append(turns, Turn{Role: role, Content: strings.TrimPrefix(m.Body, message.SystemMark)})
	}
	return turns, customers, err
}

// turns is the request: the system preamble, the history, and what the customer said.
func (c convo) turns(said string) []Turn {
	out := make([]Turn, 0, len(c.history)+2)
	out = append(out, Turn{Role: "system", Content: preamble(c.contact, c.prompt)})
	out = append(out, c.history...)
	return append(out, Turn{Role: "user", Content: said})
}

// preamble asks the model to use the customer's first name and to start with the
// transfer phrase when a human is needed, then gives the company's prompt.
func preamble(name string, p Prompt) string {
	first := strings.Fields(name)
	who := "Amigo(a)"
	if len(first) > 0 && !strings.ContainsAny(first[0], "0123456789+@") {
		who = first[0]
	}
	return fmt.Sprintf("Nas respostas, chame o cliente pelo primeiro nome, %s, de forma educada e personalizada.\n"+
		"Sua resposta deve usar no máximo %d tokens; cuide para não truncar o final.\n"+
		"Quando a resposta exigir uma transferência para o setor de atendimento, comece sua resposta com '%s'.\n\n%s",
		who, p.MaxTokens, TransferPhrase, p.Prompt)
}
