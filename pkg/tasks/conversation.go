package tasks

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"atende/pkg/randhex"
)

// The conversation hand-offs of issue 14: the inbound bot (pkg/chatbot, §1 steps 16–20)
// decides in the inbound transaction that a customer's message belongs to a flow, an
// integration or an AI prompt, and pkg/inbound enqueues one of these after commit. The
// worker does the slow part (HTTP to Typebot, OpenAI…) outside the inbound batch.
const (
	// TypeFlowStep advances a ticket's flow run: a customer reply, an entry, or a wait's end.
	TypeFlowStep = "flow:step"
	// TypeIntegrationMessage hands one inbound message to a queue integration
	// (dialogflow, n8n, webhook, typebot).
	TypeIntegrationMessage = "integration:message"
	// TypePromptMessage has an AI prompt answer one inbound message.
	TypePromptMessage = "prompt:message"
)

// FlowStep names one step of a flow run. Entry starts a run ("phrase", "welcome",
// "notPhrase", "queue", "webhook", "simulate") of FlowID; an empty Entry resumes the
// ticket's active run with MessageID as the customer's reply, or (MessageID 0) after the
// wait of NodeID ends.
type FlowStep struct {
	CompanyID int64     `json:"companyId"`
	TicketID  int64     `json:"ticketId"`
	MessageID int64     `json:"messageId,omitempty"`
	FlowID    int64     `json:"flowId,omitempty"`
	Entry     string    `json:"entry,omitempty"`
	RunID     int64     `json:"runId,omitempty"`
	NodeID    string    `json:"nodeId,omitempty"`
	Step      int       `json:"step,omitempty"` // the run's step counter the wait belongs to
	At        time.Time `json:"at,omitempty"`
	// Vars: an entry's first variables (a webhook's payload fields, flow.WebhookVars).
	Vars map[string]string `json:"vars,omitempty"`
	// EntryKey names a start without a message (webhook, simulator), so that the task
	// delivered again finds the run it started (flow_runs.entry_key).
	EntryKey string `json:"entryKey,omitempty"`
}

// NewEntryKey is a fresh EntryKey.
func NewEntryKey() string { return randhex.String(16) }

// NewFlowStep: one task per message (a redelivered inbound batch enqueues it once) or per
// ticket and run wait (run, node, step) or entry, processed at p.At when set.
func NewFlowStep(p FlowStep) (*asynq.Task, error) {
	opts := []asynq.Option{asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Timeout(time.Minute), asynq.TaskID(p.id())}
	if !p.At.IsZero() {
		opts = append(opts, asynq.ProcessAt(p.At))
	}
	return newTask(TypeFlowStep, p, opts...)
}

func (p FlowStep) id() string {
	if p.MessageID == 0 {
		return fmt.Sprintf("%s:r:%d:%d:%s:%d:%d:%s", TypeFlowStep, p.TicketID, p.RunID, p.NodeID, p.Step, p.FlowID, p.Entry)
	}
	return fmt.Sprintf("%s:m:%d", TypeFlowStep, p.MessageID)
}

// IntegrationMessage hands message MessageID of TicketID to integration IntegrationID, or,
// for a flow's typebot node, to the node's own settings (Settings: the node's
// typebotIntegration object, same fields as a queue integration).
type IntegrationMessage struct {
	CompanyID     int64           `json:"companyId"`
	TicketID      int64           `json:"ticketId"`
	MessageID     int64           `json:"messageId"`
	IntegrationID int64           `json:"integrationId,omitempty"`
	Settings      json.RawMessage `json:"settings,omitempty"`
	// Due: Dialogflow's debounced query of the ticket's messages up to MessageID (its
	// half-second wait is over). Attempt: the task found another turn of the ticket
	// running and came back (pkg/integration/handoff).
	Due     bool `json:"due,omitempty"`
	Attempt int  `json:"attempt,omitempty"`
}

// NewIntegrationMessage: one task per message and integration; retried with backoff (an
// outside service that is down gets the message later, once).
func NewIntegrationMessage(p IntegrationMessage) (*asynq.Task, error) {
	return newTask(TypeIntegrationMessage, p, asynq.Queue(QueueDefault), asynq.MaxRetry(6), asynq.Timeout(time.Minute),
		asynq.TaskID(p.id()))
}

func (p IntegrationMessage) id() string {
	id := fmt.Sprintf("%s:%d:%d", TypeIntegrationMessage, p.MessageID, p.IntegrationID)
	if p.Due {
		id += ":due"
	}
	if p.Attempt > 0 {
		id += fmt.Sprintf(":a%d", p.Attempt)
	}
	return id
}

// PromptMessage has prompt PromptID (or, for a flow's openai node, Settings: the node's
// fields, same as a prompt's) answer message MessageID of TicketID.
type PromptMessage struct {
	CompanyID int64           `json:"companyId"`
	TicketID  int64           `json:"ticketId"`
	MessageID int64           `json:"messageId"`
	PromptID  int64           `json:"promptId,omitempty"`
	Settings  json.RawMessage `json:"settings,omitempty"`
	// Attempt: the task found another turn of the ticket running and came back (pkg/prompt).
	Attempt int `json:"attempt,omitempty"`
}

// NewPromptMessage: one task per message.
func NewPromptMessage(p PromptMessage) (*asynq.Task, error) {
	return newTask(TypePromptMessage, p, asynq.Queue(QueueDefault), asynq.MaxRetry(4), asynq.Timeout(2*time.Minute),
		asynq.TaskID(p.id()))
}

func (p PromptMessage) id() string {
	if p.Attempt > 0 {
		return fmt.Sprintf("%s:%d:a%d", TypePromptMessage, p.MessageID, p.Attempt)
	}
	return fmt.Sprintf("%s:%d", TypePromptMessage, p.MessageID)
}
