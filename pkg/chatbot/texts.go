package chatbot

import (
	"mime"
	"path/filepath"
	"strings"
	"time"

	"atende/pkg/menu"
	"atende/pkg/message"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// Fixed texts of the bot (Portuguese, as customers of this product read them).
const (
	TextInvalidOption = "Opção inválida, tente novamente."
	TextLGPDQuestion  = "Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[ 1 ]* - Sim\n*[ 2 ]* - Não"
	TextNoAudio       = "Infelizmente não conseguimos ouvir áudios por este canal. Por favor, envie sua mensagem em *texto*."
)

// Gap is the pause between two replies of one turn: sends are separate tasks, and a
// second apart they reach the customer in order (the "~1 s later" of §4).
const Gap = time.Second

// menuText is the numbered menu (pkg/menu): a channel with interactive messages sends it as
// a list or buttons when the company's chatBotType asks (the send worker reads it back).
func menuText(greeting string, entries []string, back bool) string {
	return menu.Format(greeting, entries, back)
}

// say queues a text after the replies so far (nothing for an empty text).
func (b *turn) say(text string) { b.sayAfter(0, text) }

// sayAfter queues a text at least d after the previous reply.
func (b *turn) sayAfter(d time.Duration, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	b.out.Replies = append(b.out.Replies, Reply{Body: text, Delay: b.gap(d)})
}

// gap is the delay of the next reply: d, and at least Gap after an earlier reply.
func (b *turn) gap(d time.Duration) time.Duration {
	if len(b.out.Replies) > 0 {
		return max(d, Gap)
	}
	return d
}

// render fills the message variables (§11, decision 10) from the ticket as it is now.
func (b *turn) render(text string) string {
	if text == "" {
		return ""
	}
	v := vars.Values{ContactName: b.in.Contact.Name, Connection: b.in.Conn.Name, Company: b.env.Company.Name,
		TicketID: b.t.ID, TicketCreated: b.t.CreatedAt, Now: b.in.Now, Location: b.loc()}
	if b.t.QueueID != nil {
		if q := b.env.Queues[*b.t.QueueID]; q != nil {
			v.Queue = q.Name
		}
	}
	if b.t.UserID != nil {
		v.UserName = b.env.Users[*b.t.UserID]
	}
	return strings.TrimSpace(vars.Render(strings.ReplaceAll(text, "${queue.name}", v.Queue), v))
}

// mediaType names a file's message type from its stored type (a MIME type or a message
// type) or, failing that, its name's extension.
func mediaType(stored, name string) string {
	switch {
	case strings.Contains(stored, "/"):
		return message.TypeFor(stored)
	case stored != "":
		return stored
	}
	if m := mime.TypeByExtension(strings.ToLower(filepath.Ext(name))); m != "" {
		return message.TypeFor(strings.SplitN(m, ";", 2)[0])
	}
	return message.TypeDocument
}

// Columns are the ticket columns the bot changed between before and after (nil: none).
func Columns(before, after ticket.Ticket) map[string]any {
	set := map[string]any{}
	put := func(changed bool, col string, v any) {
		if changed {
			set[col] = v
		}
	}
	put(before.Status != after.Status, "status", after.Status)
	put(!sameID(before.QueueID, after.QueueID), "queue_id", after.QueueID)
	put(!sameID(before.UserID, after.UserID), "user_id", after.UserID)
	put(before.AmountUsedBotQueues != after.AmountUsedBotQueues, "amount_used_bot_queues", after.AmountUsedBotQueues)
	put(before.AmountUsedBotQueuesNPS != after.AmountUsedBotQueuesNPS, "amount_used_bot_queues_nps", after.AmountUsedBotQueuesNPS)
	put(before.IsOutOfHour != after.IsOutOfHour, "is_out_of_hour", after.IsOutOfHour)
	put(before.SendInactiveMessage != after.SendInactiveMessage, "send_inactive_message", after.SendInactiveMessage)
	put(!sameID(before.ChatbotOptionID, after.ChatbotOptionID), "chatbot_option_id", after.ChatbotOptionID)
	put(!sameTime(before.LgpdSendMessageAt, after.LgpdSendMessageAt), "lgpd_send_message_at", after.LgpdSendMessageAt)
	put(!sameTime(before.LgpdAcceptedAt, after.LgpdAcceptedAt), "lgpd_accepted_at", after.LgpdAcceptedAt)
	put(!sameID(before.IntegrationID, after.IntegrationID), "integration_id", after.IntegrationID)
	put(before.UseIntegration != after.UseIntegration, "use_integration", after.UseIntegration)
	if len(set) == 0 {
		return nil
	}
	return set
}

func sameID(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func sameTime(a, b *time.Time) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(*b)) }
