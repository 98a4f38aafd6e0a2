package chatbot

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"atende/pkg/hours"
	"atende/pkg/ticket"
	"atende/pkg/vars"
)

// turn is one message going through the steps.
type turn struct {
	in  Input
	env *Env
	t   ticket.Ticket
	out Outcome
	// consumed: the text already answered a question (LGPD "1"), it is no menu choice.
	consumed bool
	// menuTurn: the queue menu handled this message (chose, showed or entered a queue), so
	// the queue's own hours and options wait for the next message.
	menuTurn bool
}

// steps are BEHAVIOUR §1's steps after the message is stored, in order; a step returning
// true ends the turn. (The NPS reply comes first and ends every turn of a ticket in nps.)
var steps = []func(*turn) bool{
	(*turn).lgpd,         // §4
	(*turn).vacation,     // decision 5
	(*turn).companyHours, // §5, company / connection mode
	(*turn).handoff,      // §1 steps 16–20 (handoff.go)
	(*turn).queueMenu,    // §2b
	(*turn).audio,        // §1 step 23
	(*turn).queueHours,   // §5, queue mode
	(*turn).options,      // §2c
}

// Decide runs the bot for one customer message.
func Decide(in Input) Outcome {
	b := &turn{in: in, env: in.Env, t: in.Ticket}
	b.run()
	b.queueHandoff(in.Ticket)
	b.out.Ticket = b.t
	return b.out
}

func (b *turn) run() {
	if b.t.Status == ticket.StatusClosed {
		return
	}
	if b.t.Status == ticket.StatusNPS {
		b.nps()
		return
	}
	// Customer activity resets the inactivity warning. §6 does it only for tickets in a
	// queue (⚠ quirk): a warned ticket without one would expire with no second warning.
	b.t.SendInactiveMessage = false
	if b.in.Contact.DisableBot {
		return
	}
	for _, step := range steps {
		if step(b) {
			return
		}
	}
}

// group: groups never get bot conversations.
func (b *turn) group() bool { return b.t.IsGroup || b.in.Msg.IsGroup }

// nps handles a reply to the rating request (decision 3, the canonical loop): a number
// rates 0–10 and closes with the completion message; anything else re-asks while the
// connection allows, then is ignored.
func (b *turn) nps() {
	if b.group() {
		return
	}
	if n, err := strconv.Atoi(strings.TrimSpace(b.in.Msg.Body)); err == nil {
		n = min(max(n, 0), 10)
		b.out.Rating = &n
		b.t.AmountUsedBotQueues, b.t.AmountUsedBotQueuesNPS = 0, 0
		b.out.Close = &Close{Completion: true}
		return
	}
	if b.t.AmountUsedBotQueuesNPS < b.in.Conn.MaxUseBotQueuesNPS {
		b.say(TextInvalidOption)
		b.say(b.render(b.in.Conn.RatingMessage))
		b.t.AmountUsedBotQueuesNPS++
	}
}

// AsksConsent reports whether a ticket that has just opened waits for the LGPD consent
// first (§4, decision 4): the terms are on, it is a person's pending ticket, and the
// contact has not accepted them yet (or lgpdConsent asks on every ticket).
func AsksConsent(s Settings, t ticket.Ticket, contactAccepted bool) bool {
	return s.On("enableLGPD") && strings.TrimSpace(s["lgpdMessage"]) != "" && !t.IsGroup && !t.Imported &&
		t.Status == ticket.StatusPending && (s.On("lgpdConsent") || !contactAccepted)
}

// lgpd is the consent conversation of §4 (decision 4).
func (b *turn) lgpd() bool {
	s := b.env.Settings
	if !s.On("enableLGPD") || strings.TrimSpace(s["lgpdMessage"]) == "" || b.group() || b.t.Imported {
		return false
	}
	if b.in.Created && AsksConsent(s, b.t, b.in.Contact.LgpdAcceptedAt != nil) {
		b.t.Status = ticket.StatusLGPD
		b.log(ticket.LogLGPD, nil)
	}
	if b.t.Status != ticket.StatusLGPD {
		return false
	}
	limit := b.in.Conn.MaxUseBotQueues // 0: no limit
	switch {
	case b.t.LgpdSendMessageAt == nil: // terms not sent yet
		if limit == 0 || b.t.AmountUsedBotQueues <= limit {
			b.say(b.render(s["lgpdMessage"]))
			b.sayAfter(time.Second, b.render(s["lgpdLink"]))
			b.sayAfter(time.Second, TextLGPDQuestion)
			now := b.in.Now
			b.t.LgpdSendMessageAt = &now
			b.t.AmountUsedBotQueues++
		}
		return true
	case b.t.LgpdAcceptedAt != nil: // accepted, waiting for a queue
		return false
	}
	switch strings.TrimSpace(b.in.Msg.Body) {
	case "1":
		now := b.in.Now
		b.t.LgpdAcceptedAt, b.out.LgpdAccepted = &now, true
		b.t.AmountUsedBotQueues = 0
		if len(b.env.Links[b.in.Conn.ID]) == 0 && b.in.Conn.IntegrationID == nil && b.in.Conn.PromptID == nil {
			b.t.Status = ticket.StatusPending
		}
		b.consumed = true
		return false
	case "2":
		b.t.AmountUsedBotQueues = 0
		b.out.Close = &Close{Completion: true}
		return true
	}
	if limit == 0 || b.t.AmountUsedBotQueues < limit {
		b.t.AmountUsedBotQueues++
		b.t.LgpdSendMessageAt = nil // the terms go again with the next message
	}
	return true
}

// vacation answers with the connection's collective vacation text during the vacation
// (decision 5: whole days from start to end in the company's zone, non-empty messages
// outside groups, at most once per ticket a day); nothing else runs meanwhile.
func (b *turn) vacation() bool {
	c := b.in.Conn
	if c.CollectiveVacationMessage == "" || c.CollectiveVacationStart == nil || c.CollectiveVacationEnd == nil ||
		b.group() || b.empty() {
		return false
	}
	y, m, d := b.in.Now.In(b.loc()).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if today.Before(c.CollectiveVacationStart.Time) || today.After(c.CollectiveVacationEnd.Time) {
		return false
	}
	// Once a day: matched by the text's pattern, since its variables render by the hour ({{ms}}).
	if !slices.ContainsFunc(b.in.SentToday, vars.Pattern(c.CollectiveVacationMessage).MatchString) {
		b.say(b.render(c.CollectiveVacationMessage))
	}
	return true
}

// empty: a message with neither text nor media.
func (b *turn) empty() bool {
	return strings.TrimSpace(b.in.Msg.Body) == "" && (b.in.Msg.MediaType == "" || b.in.Msg.MediaType == "chat")
}

// companyHours is §5's company / connection mode, for tickets no attendant holds.
func (b *turn) companyHours() bool {
	var table hours.Schedules
	switch b.env.Settings["scheduleType"] {
	case "company":
		table = b.env.Company.Schedules
	case "connection":
		table = b.in.Conn.Schedules
	default:
		return false
	}
	if b.t.Status == ticket.StatusOpen || b.t.Status == ticket.StatusGroup {
		return false
	}
	return b.outOfHours(table, b.in.Conn.OutOfHoursMessage)
}

// queueHours is §5's queue mode, for tickets in a queue no attendant holds.
func (b *turn) queueHours() bool {
	if b.menuTurn || b.env.Settings["scheduleType"] != "queue" || b.t.QueueID == nil ||
		b.t.Status == ticket.StatusOpen || b.t.Status == ticket.StatusGroup {
		return false
	}
	q := b.env.Queues[*b.t.QueueID]
	if q == nil {
		return false
	}
	return b.outOfHours(q.Schedules, q.OutOfHours)
}

// outOfHours: when table is closed now, the out-of-hours text (within the counters) and the
// turn ends; when it is open again, a ticket marked out of hours is unmarked and its counter
// starts over (decision 5).
func (b *turn) outOfHours(table hours.Schedules, text string) bool {
	if table.OpenAt(b.in.Now, b.loc()) {
		if b.t.IsOutOfHour {
			b.t.IsOutOfHour, b.t.AmountUsedBotQueues = false, 0
		}
		return false
	}
	if b.silenced() {
		return true
	}
	b.say(b.render(text))
	b.t.IsOutOfHour = true
	b.t.AmountUsedBotQueues++
	b.out.ChatbotAt = true
	return true
}

// silenced: the bot has said enough (maxUseBotQueues) or is inside the silence window
// (decision 2: now < chatbotAt + timeUseBotQueues minutes, once it spoke).
func (b *turn) silenced() bool {
	c := b.in.Conn
	if c.MaxUseBotQueues > 0 && b.t.AmountUsedBotQueues >= c.MaxUseBotQueues {
		return true
	}
	return c.TimeUseBotQueues != 0 && b.in.ChatbotAt != nil && b.t.AmountUsedBotQueues != 0 &&
		b.in.Now.Before(b.in.ChatbotAt.Add(time.Duration(c.TimeUseBotQueues)*time.Minute))
}

// audio refuses a voice message the contact or the company does not take (§1 step 23):
// the audio stays stored, the reply quotes it, and the turn goes on.
func (b *turn) audio() bool {
	if b.in.Msg.MediaType != "audio" || b.group() {
		return false
	}
	if b.in.Contact.AcceptAudioMessage && b.env.Settings["acceptAudioMessageContact"] != "disabled" {
		return false
	}
	b.out.Replies = append(b.out.Replies, Reply{Body: TextNoAudio, Quote: true, Delay: b.gap(0)})
	return false
}

func (b *turn) loc() *time.Location {
	if b.env.Company.Location != nil {
		return b.env.Company.Location
	}
	return time.UTC
}

func (b *turn) log(typ string, queueID *int64) {
	b.out.Logs = append(b.out.Logs, Log{Type: typ, UserID: b.t.UserID, QueueID: queueID})
}

// choice reads the text as a 1-based index below n+1.
func (b *turn) choice(n int) (int, bool) {
	if b.consumed {
		return 0, false
	}
	i, err := strconv.Atoi(strings.TrimSpace(b.in.Msg.Body))
	return i, err == nil && i >= 1 && i <= n
}

// isWord reports whether the text is w, case aside.
func (b *turn) isWord(w string) bool {
	return !b.consumed && strings.EqualFold(strings.TrimSpace(b.in.Msg.Body), w)
}

// closeWith asks for a system close, after the replies so far.
func (b *turn) closeWith(c Close) {
	b.out.Close = &c
}
