package chatbot

import (
	"strconv"
	"time"

	"atende/pkg/ticket"
)

// queueMenu is §2b with decision 2, for a ticket without queue or attendant on a
// connection with queues. Groups never get menus.
func (b *turn) queueMenu() bool {
	qs := b.env.ConnQueues(b.in.Conn.ID)
	if b.t.QueueID != nil || b.t.UserID != nil || len(qs) == 0 || b.t.UseIntegration || b.group() {
		return false
	}
	b.menuTurn = true
	if len(qs) == 1 {
		b.single(qs[0])
		return false
	}
	if b.isWord("sair") {
		b.t.AmountUsedBotQueues = 0
		b.closeWith(Close{Farewell: true})
		return true
	}
	if i, ok := b.choice(len(qs)); ok {
		b.enter(qs[i-1])
		return false
	}
	b.mainMenu(false)
	return false
}

// single is a connection with one queue: no menu. A queue without options takes the ticket
// at once (the connection's greeting when sendGreetingMessageOneQueues, the queue's files,
// its integration, its close); a queue with options shows them.
func (b *turn) single(q *Queue) {
	if len(q.Options) > 0 {
		b.enter(q)
		return
	}
	if b.queueClosed(q) {
		b.assign(q, false)
		b.closedQueue(q)
		return
	}
	if q.IntegrationID != nil {
		b.t.IntegrationID, b.t.UseIntegration = q.IntegrationID, true
	}
	b.assign(q, true) // first, so that the greeting's {{queue}} and {{userName}} are this queue's
	if text := b.render(b.in.Conn.GreetingMessage); text != "" && b.env.Settings.On("sendGreetingMessageOneQueues") {
		b.greeting(text) // a non-empty greeting, with its media
	}
	b.files(q.FileListID)
	if q.CloseTicket {
		b.closeWith(Close{Farewell: true, Delay: b.gap(0)})
		return
	}
	b.position(q)
}

// enter puts the ticket in the queue the customer chose (§2b "Queue chosen").
func (b *turn) enter(q *Queue) {
	if b.queueClosed(q) {
		b.assign(q, false)
		b.closedQueue(q)
		return
	}
	b.assign(q, len(q.Options) == 0) // an attendant would end the options: none is drawn for them
	// The queue's integration takes the ticket (queueHandoff).
	if q.IntegrationID != nil && len(q.Options) == 0 {
		b.t.IntegrationID, b.t.UseIntegration = q.IntegrationID, true
	}
	// Options or greeting; then, either way, the queue's files and its close (§2b).
	if len(q.Options) > 0 {
		b.showOptions(q, nil)
	} else {
		b.say(b.render(q.Greeting))
	}
	b.files(q.FileListID)
	if q.CloseTicket {
		b.closeWith(Close{Farewell: true, Delay: 4 * time.Second})
		return
	}
	if len(q.Options) == 0 {
		b.position(q)
	}
}

// queueClosed: scheduleType "queue" and the queue's hours are closed now.
func (b *turn) queueClosed(q *Queue) bool {
	return b.env.Settings["scheduleType"] == "queue" && !q.Schedules.OpenAt(b.in.Now, b.loc())
}

// closedQueue answers a choice of a queue that is closed now: its out-of-hours text.
func (b *turn) closedQueue(q *Queue) {
	b.say(b.render(q.OutOfHours))
	b.t.IsOutOfHour = true
	b.t.AmountUsedBotQueues++
}

// assign puts the ticket in q (status lgpd becomes pending), and with userRandom gives it
// to a random online attendant of the queue.
func (b *turn) assign(q *Queue, random bool) {
	b.t.QueueID = &q.ID
	b.t.ChatbotOptionID = nil
	b.t.AmountUsedBotQueues = 0
	if b.t.Status == ticket.StatusLGPD {
		b.t.Status = ticket.StatusPending
	}
	b.log(ticket.LogQueue, &q.ID)
	b.out.Queued = &q.ID
	if random && b.t.UserID == nil && b.env.Settings.On("userRandom") {
		if online := b.env.Online[q.ID]; len(online) > 0 {
			u := online[b.env.pick(len(online))]
			b.t.UserID = &u.ID
		}
	}
}

// mainMenu sends the connection's greeting with the numbered queues (decision 2: within
// maxUseBotQueues and outside the silence window, unless the customer asked with "#").
func (b *turn) mainMenu(asked bool) {
	if !asked && b.silenced() {
		return
	}
	qs := b.env.ConnQueues(b.in.Conn.ID)
	names := make([]string, len(qs))
	for i, q := range qs {
		names[i] = q.Name
	}
	b.greeting(menuText(b.render(b.in.Conn.GreetingMessage), names, false))
	b.log(ticket.LogChatBot, nil)
	b.t.AmountUsedBotQueues++
	b.out.ChatbotAt = true
}

// greeting sends the connection's greeting text, with its media when it has one (the
// text then is the caption).
func (b *turn) greeting(text string) {
	c := b.in.Conn
	if c.GreetingMediaPath == "" {
		b.say(text)
		return
	}
	b.out.Replies = append(b.out.Replies, Reply{Body: text, MediaPath: c.GreetingMediaPath,
		MediaName: c.GreetingMediaAttachment, MediaType: mediaType("", c.GreetingMediaPath), Delay: b.gap(0)})
}

// position tells a customer waiting in a queue how many are waiting (sendQueuePosition).
func (b *turn) position(q *Queue) {
	if !b.env.Settings.On("sendQueuePosition") || b.t.UserID != nil {
		return
	}
	text := b.render(b.env.Settings["sendQueuePositionMessage"])
	if text == "" {
		return
	}
	b.say(text + " " + strconv.Itoa(b.env.Waiting[q.ID]+1))
}

// files sends every file of a file list, each captioned with its name.
func (b *turn) files(listID *int64) {
	if listID == nil {
		return
	}
	list := b.env.Files[*listID]
	if list == nil {
		return
	}
	for _, f := range list.Files {
		b.out.Replies = append(b.out.Replies, Reply{Body: f.Name, MediaPath: f.Path, MediaName: f.Name,
			MediaType: mediaType(f.MediaType, f.Name), Delay: b.gap(0)})
	}
}

// options is §2c: the option tree of the ticket's queue, while no attendant holds it. The
// stage is the option shown last (ticket.chatbotOptionId; none = the queue's first level).
// "#" and "sair" work in any queue no attendant holds (§1 step 25), with options or not.
func (b *turn) options() bool {
	if b.menuTurn || b.t.QueueID == nil || b.t.UserID != nil || b.group() {
		return false
	}
	q := b.env.Queues[*b.t.QueueID]
	if q == nil {
		return false
	}
	if tree := b.stageTree(q); tree != nil {
		q = tree // a queue option moved the ticket and showed its sub-options: they answer in their tree
	}
	if b.isWord("#") && len(b.env.ConnQueues(b.in.Conn.ID)) > 0 { // a main menu to go back to
		b.t.QueueID, b.t.UserID, b.t.ChatbotOptionID = nil, nil, nil
		b.mainMenu(true)
		return true
	}
	if b.isWord("sair") {
		b.t.AmountUsedBotQueues = 0
		b.closeWith(Close{Farewell: true})
		return true
	}
	if len(q.Options) == 0 {
		return false // the customer talks while waiting
	}
	var stage *Option
	level := q.Options
	if b.t.ChatbotOptionID != nil {
		if stage = q.Option(*b.t.ChatbotOptionID); stage == nil {
			return false // an option of another queue's tree (a forward): conversation
		}
		level = stage.Options
	}
	if len(level) == 0 {
		return false // a leaf: the customer talks while waiting
	}
	i, ok := b.choice(len(level))
	if !ok {
		if !b.silenced() {
			b.showOptions(q, stage)
		}
		return true
	}
	b.pick(q, level[i-1], stage == nil)
	return true
}

// stageTree is the queue whose tree holds the ticket's stage when that is another queue
// than the ticket's q and the stage has sub-options to choose (the bot showed them); nil
// otherwise (a forward to a leaf: what follows is conversation).
func (b *turn) stageTree(q *Queue) *Queue {
	id := b.t.ChatbotOptionID
	if id == nil || q.Option(*id) != nil {
		return nil
	}
	for _, other := range b.env.Queues {
		if o := other.Option(*id); o != nil && len(o.Options) > 0 {
			return other
		}
	}
	return nil
}

// showOptions sends a level of the tree: the queue's (stage nil) or an option's greeting
// with its numbered sub-options, back and end. Like every menu it counts toward
// maxUseBotQueues (decision 2).
func (b *turn) showOptions(q *Queue, stage *Option) {
	text, level := q.Greeting, q.Options
	if stage != nil {
		text, level = stage.Greeting, stage.Options
	}
	names := make([]string, len(level))
	for i, o := range level {
		names[i] = o.Name
	}
	b.say(menuText(b.render(text), names, true))
	b.out.ChatbotAt = true
	b.t.AmountUsedBotQueues++
}

// pick acts on the option the customer chose and shows its level.
func (b *turn) pick(q *Queue, o *Option, first bool) {
	b.t.AmountUsedBotQueues = 0
	b.t.ChatbotOptionID = &o.ID
	closingQueue := false // the option moved the ticket into a queue that closes its tickets
	moveTo := func(queueID *int64) {
		if queueID == nil {
			return
		}
		b.t.QueueID = queueID
		b.log(ticket.LogQueue, queueID)
		b.out.Queued = queueID
		if q := b.env.Queues[*queueID]; q != nil && q.CloseTicket {
			closingQueue = true
		}
	}
	switch o.Type {
	case TypeQueue:
		moveTo(o.OptQueueID)
		b.pending()
	case TypeAttendant:
		moveTo(o.OptQueueID)
		if o.OptUserID != nil {
			b.t.UserID = o.OptUserID
		}
		b.pending()
	case TypeIntegration:
		if o.OptIntegrationID != nil {
			b.t.IntegrationID, b.t.UseIntegration = o.OptIntegrationID, true
			if first {
				b.t.QueueID = nil
			}
		}
		b.pending()
	}
	switch {
	case len(o.Options) > 0:
		b.showOptions(q, o)
	case o.Greeting != "": // a leaf's text, with back and end
		b.say(menuText(b.render(o.Greeting), nil, true))
	}
	if o.Type == TypeFile {
		b.files(o.OptFileID)
	}
	switch {
	case o.CloseTicket:
		b.closeWith(Close{Delay: 2 * time.Second})
	case closingQueue: // decision 6: the normal close, as when the menu enters such a queue
		b.closeWith(Close{Farewell: true, Delay: 4 * time.Second})
	}
}

// pending: a ticket the bot hands on waits as pending (out of lgpd).
func (b *turn) pending() {
	if b.t.Status == ticket.StatusLGPD {
		b.t.Status = ticket.StatusPending
	}
}
