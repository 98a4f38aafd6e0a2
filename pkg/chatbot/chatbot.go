// Package chatbot is the conversation bot that runs between a customer's message and an
// attendant (BEHAVIOUR §1 steps after the message is stored, §2b, §2c, §3 reply side, §4,
// §5; Atende's decisions 2–5). It decides only: Decide reads the state the inbound batch
// already loaded (ticket, contact, connection, queues and their option trees, settings,
// company hours, the bot's clock) and returns an Outcome — replies to send, the ticket as
// the bot leaves it, log entries, tracking and contact changes, a rating, a close. It
// touches no database and no channel, so every rule is a table test; pkg/inbound writes
// the outcome in the event's transaction and sends after commit.
package chatbot

import (
	"math/rand/v2"
	"time"

	"atende/pkg/connection"
	"atende/pkg/contact"
	"atende/pkg/hours"
	"atende/pkg/ticket"
)

// Keys are the company settings the bot reads (Env.Settings). chatBotType is not among
// them: list and button menus fall back to numbered text, which every channel sends.
var Keys = []string{"scheduleType", "enableLGPD", "lgpdMessage", "lgpdLink", "lgpdConsent",
	"sendGreetingMessageOneQueues", "userRandom", "sendQueuePosition", "sendQueuePositionMessage",
	"acceptAudioMessageContact"}

// Settings are a company's setting values by key.
type Settings map[string]string

// On reports whether a toggle is enabled.
func (s Settings) On(key string) bool { return s[key] == "enabled" }

// Company is what the bot needs of the company: its name (variables), time zone and
// business hours (scheduleType "company").
type Company struct {
	Name      string
	Location  *time.Location
	Schedules hours.Schedules
	// The plan's useOpenAi and useIntegrations: without them a connection's prompt and
	// outside integrations (not flows) are skipped, and the bot goes on as if none were set.
	UseOpenAI, UseIntegrations bool
}

// File is one file of a file list.
type File struct {
	Name      string
	Path      string // storage path, as messages keep theirs
	MediaType string
}

// FileList is a list of files the bot sends with a queue or an option.
type FileList struct {
	ID    int64
	Files []File
}

// Option types (spec/2 "Chatbot option").
const (
	TypeText        = "text"
	TypeQueue       = "queue"
	TypeAttendant   = "attendent" // sic, the spec's value
	TypeIntegration = "integration"
	TypeFile        = "file"
)

// Option is one entry of a queue's option tree; Options are its sub-options, by id.
type Option struct {
	ID               int64
	QueueID          int64 // the root queue of its tree
	ParentID         *int64
	Name             string
	Greeting         string
	Type             string
	CloseTicket      bool
	OptQueueID       *int64
	OptUserID        *int64
	OptIntegrationID *int64
	OptFileID        *int64
	Options          []*Option
}

// Queue is a queue with what the bot does in it.
type Queue struct {
	ID            int64
	Name          string
	Greeting      string
	OutOfHours    string
	CloseTicket   bool
	Schedules     hours.Schedules
	IntegrationID *int64
	FileListID    *int64
	Options       []*Option // first level, by id
	byID          map[int64]*Option
}

// Index indexes the queue's tree by id; a queue shared by goroutines must be indexed
// before it is shared (Option indexes on first use otherwise).
func (q *Queue) Index() {
	q.byID = map[int64]*Option{}
	var walk func([]*Option)
	walk = func(os []*Option) {
		for _, o := range os {
			q.byID[o.ID] = o
			walk(o.Options)
		}
	}
	walk(q.Options)
}

// Option finds an option of the queue's tree by id.
func (q *Queue) Option(id int64) *Option {
	if q.byID == nil {
		q.Index()
	}
	return q.byID[id]
}

// Attendant is a user the bot may assign.
type Attendant struct {
	ID   int64
	Name string
}

// Env is what a batch loaded for one company: shared by its messages, and updated by the
// caller as outcomes are applied (Waiting).
type Env struct {
	Company  Company
	Settings Settings
	Queues   map[int64]*Queue  // every queue of the company, by id
	Links    map[int64][]int64 // each connection's queues, in order (orderQueue)
	Files    map[int64]*FileList
	Online   map[int64][]Attendant // online attendants of each queue (userRandom)
	Waiting  map[int64]int         // unassigned pending non-group tickets of each queue
	Users    map[int64]string      // names of users the bot may mention ({{userName}})
	Pick     func(n int) int       // a random index below n; rand.IntN when nil
	Handoffs *Handoffs             // flows, integrations (handoff.go); nil: none configured
}

// ConnQueues are a connection's queues, in order.
func (e *Env) ConnQueues(connID int64) []*Queue {
	var out []*Queue
	for _, id := range e.Links[connID] {
		if q := e.Queues[id]; q != nil {
			out = append(out, q)
		}
	}
	return out
}

func (e *Env) pick(n int) int {
	if e.Pick != nil {
		return e.Pick(n)
	}
	return rand.IntN(n)
}

// Message is the customer's message the bot answers.
type Message struct {
	ID        int64 // stored row, quoted by the audio refusal
	Body      string
	MediaType string
	IsGroup   bool
}

// Input is one customer message on its ticket.
type Input struct {
	Env     *Env
	Conn    connection.Connection
	Ticket  ticket.Ticket
	Contact contact.Contact
	Msg     Message
	Now     time.Time // the bot's clock: Conn.Now(real)
	Created bool      // the ticket was opened by this message
	// ChatbotAt is when the current service episode's bot started (tracking.chatbotAt).
	ChatbotAt *time.Time
	// SentToday are the bot's texts this ticket got today (loaded while a collective
	// vacation is on: its text goes once a day).
	SentToday []string
	// Run is the ticket's active flow run (nil: none); Returning: the contact had a ticket
	// on this connection before (the "no phrase" flow, not the welcome one).
	Run       *Run
	Returning bool
}

// Reply is one message the bot sends, Delay after the previous one (or now).
type Reply struct {
	Body      string
	MediaPath string
	MediaName string
	MediaType string
	Delay     time.Duration
	Quote     bool // quote the customer's message (Message.ID)
}

// Log is one ticket log entry to write.
type Log struct {
	Type    string
	UserID  *int64
	QueueID *int64
}

// Close asks the caller to close the ticket the system's way (ticket.CloseBySystem),
// Delay after the last reply.
type Close struct {
	Farewell   bool // the normal close: NPS branch, else the farewell
	Completion bool // the connection's completion message (LGPD refused, NPS answered)
	Delay      time.Duration
}

// Outcome is what the bot decided for one message.
type Outcome struct {
	Replies []Reply
	Ticket  ticket.Ticket // the ticket as the bot leaves it (before any close)
	Logs    []Log
	// ChatbotAt starts the episode's bot clock (tracking.chatbotAt) unless started.
	ChatbotAt bool
	// Queued is the queue the ticket entered (tracking queueId, queuedAt).
	Queued *int64
	// LgpdAccepted: the contact accepted the terms now (contact.lgpdAcceptedAt).
	LgpdAccepted bool
	Rating       *int
	Close        *Close
	Handoff      *Handoff // a flow, integration or prompt takes the message (handoff.go)
}

// Changed reports whether the outcome asks for anything at all.
func (o Outcome) Changed(before ticket.Ticket) bool {
	return len(o.Replies) > 0 || len(o.Logs) > 0 || o.ChatbotAt || o.Queued != nil || o.LgpdAccepted ||
		o.Rating != nil || o.Close != nil || o.Handoff != nil || Columns(before, o.Ticket) != nil
}
