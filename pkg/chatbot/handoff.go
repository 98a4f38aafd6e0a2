package chatbot

import (
	"strconv"
	"strings"

	"atende/pkg/ticket"
)

// The conversation hand-offs of issue 14 (BEHAVIOUR §1 steps 16–20, §9 entry, §10): the
// bot decides that a message belongs to a flow, an integration or an AI prompt; the caller
// enqueues the hand-off after its commit and the worker does the slow part.

// Hand-off kinds.
const (
	HandoffFlow        = "flow"
	HandoffIntegration = "integration"
	HandoffPrompt      = "prompt"
)

// Flow entries (tasks.FlowStep.Entry).
const (
	EntryPhrase    = "phrase"
	EntryWelcome   = "welcome"
	EntryNotPhrase = "notPhrase"
	EntryQueue     = "queue"
)

// IntegrationFlowbuilder is the queue integration type that runs a flow.
const IntegrationFlowbuilder = "flowbuilder"

// Handoff is where the message goes: a flow (an entry of FlowID, or the ticket's run
// RunID at Step), an integration, or a prompt.
type Handoff struct {
	Kind          string
	FlowID        int64
	Entry         string
	RunID         int64
	Step          int
	IntegrationID int64
	PromptID      int64
}

// Phrase is an active phrase campaign (decision 9: trimmed, case-insensitive).
type Phrase struct {
	FlowID       int64
	ConnectionID int64
	Phrase       string
	MatchType    string // exact or contains
}

// Integration is a queue integration as the bot needs it.
type Integration struct {
	ID   int64
	Type string
	// FlowID: a flowbuilder integration's own flow (its projectName holds the flow id);
	// 0 uses the connection's entry rules.
	FlowID int64
}

// Handoffs is a company's hand-off configuration (nil when it has none: no step runs).
type Handoffs struct {
	Phrases      []Phrase
	Integrations map[int64]Integration
	HasFlows     bool           // runs can exist (simulator, webhooks): the batch loads them
	Inactive     map[int64]bool // flows switched off: no entry starts them
}

// Run is the ticket's active flow run. OnAI: it waits on an openai node, which answers only
// while the ticket has no queue (BEHAVIOUR §1 step 16, §9). Relays: it waits on an openai
// or typebot node, which takes every message the customer sends. Pending: a run the batch
// itself started or moved, not committed yet: the ticket's further messages of the batch
// wait for it.
type Run struct {
	ID      int64
	Step    int
	OnAI    bool
	Relays  bool
	Pending bool
}

// FlowID reads a flowbuilder integration's flow from its projectName.
func FlowID(projectName string) int64 {
	id, _ := strconv.ParseInt(strings.TrimSpace(projectName), 10, 64)
	return max(id, 0)
}

// handoff is §1 steps 16–20.
func (b *turn) handoff() bool {
	if b.group() || b.t.Imported {
		return false
	}
	// 16: mid-flow, the run decides (not once an attendant holds the ticket, nor an AI wait
	// once the ticket has a queue: the queue logic has it)
	if r := b.in.Run; r != nil && b.t.UserID == nil && !(r.OnAI && b.t.QueueID != nil) {
		if !r.Pending {
			b.out.Handoff = &Handoff{Kind: HandoffFlow, RunID: r.ID, Step: r.Step}
		}
		return true
	}
	free := b.t.QueueID == nil && b.t.UserID == nil
	if free && b.in.Conn.PromptID != nil && b.env.Company.UseOpenAI { // 17 (stops: chatia's fall-through ⚠ is not kept)
		b.out.Handoff = &Handoff{Kind: HandoffPrompt, PromptID: *b.in.Conn.PromptID}
		return true
	}
	if id := b.in.Conn.IntegrationID; id != nil && free && !b.t.UseIntegration { // 18
		if b.integrate(*id, "") {
			return true
		}
	}
	if b.t.UseIntegration && b.t.IntegrationID != nil && b.t.UserID == nil { // 19/20
		return b.integrate(*b.t.IntegrationID, EntryQueue)
	}
	return false
}

// integrate hands the message to integration id: a flowbuilder one starts a flow (when one
// applies), others get the message and the ticket uses them from now on. Either way the
// ticket leaves lgpd (§4: an integration is assigned).
func (b *turn) integrate(id int64, entry string) bool {
	in, ok := b.integration(id)
	if !ok {
		return false
	}
	if in.Type != IntegrationFlowbuilder {
		if !b.env.Company.UseIntegrations {
			return false // a plan without integrations: the bot goes on
		}
		b.t.UseIntegration, b.t.IntegrationID = true, &in.ID
		b.out.Handoff = &Handoff{Kind: HandoffIntegration, IntegrationID: in.ID}
		b.pending()
		return true
	}
	flowID, how := b.entry(in)
	if flowID == 0 {
		return false
	}
	if entry != "" && how != EntryPhrase {
		how = entry
	}
	b.out.Handoff = &Handoff{Kind: HandoffFlow, FlowID: flowID, Entry: how}
	b.pending()
	return true
}

func (b *turn) integration(id int64) (Integration, bool) {
	if b.env.Handoffs == nil {
		return Integration{}, false
	}
	in, ok := b.env.Handoffs.Integrations[id]
	return in, ok
}

// entry picks the flow a message starts (§9 entry, decision 9): a phrase campaign of this
// connection, else the integration's own flow, else the connection's welcome flow for a
// first contact or its "no phrase" flow for a returning one. A flow switched off is passed
// over, so that the next rule (at last the queue menu) answers instead of nothing.
func (b *turn) entry(in Integration) (int64, string) {
	h := b.env.Handoffs
	on := func(id int64) bool { return id != 0 && (h == nil || !h.Inactive[id]) }
	text := strings.ToLower(strings.TrimSpace(b.in.Msg.Body))
	if h != nil && text != "" {
		for _, p := range h.Phrases {
			phrase := strings.ToLower(strings.TrimSpace(p.Phrase))
			if p.ConnectionID != b.in.Conn.ID || phrase == "" || !on(p.FlowID) {
				continue
			}
			if (p.MatchType == "contains" && strings.Contains(text, phrase)) || (p.MatchType != "contains" && text == phrase) {
				return p.FlowID, EntryPhrase
			}
		}
	}
	if on(in.FlowID) {
		return in.FlowID, EntryQueue
	}
	c := b.in.Conn
	if !b.in.Returning && c.FlowIDWelcome != nil && on(*c.FlowIDWelcome) {
		return *c.FlowIDWelcome, EntryWelcome
	}
	if b.in.Returning && c.FlowIDNotPhrase != nil && on(*c.FlowIDNotPhrase) {
		return *c.FlowIDNotPhrase, EntryNotPhrase
	}
	return 0, ""
}

// queueHandoff: the queue menu put the ticket in a queue (or an option of type
// integration) whose integration is set; the message goes there the same way.
func (b *turn) queueHandoff(before ticket.Ticket) {
	if b.out.Handoff != nil || before.UseIntegration || !b.t.UseIntegration || b.t.IntegrationID == nil || b.group() {
		return
	}
	in, ok := b.integration(*b.t.IntegrationID)
	if !ok {
		return
	}
	if in.Type != IntegrationFlowbuilder {
		b.out.Handoff = &Handoff{Kind: HandoffIntegration, IntegrationID: in.ID}
		return
	}
	if flowID, _ := b.entry(in); flowID != 0 {
		b.out.Handoff = &Handoff{Kind: HandoffFlow, FlowID: flowID, Entry: EntryQueue}
	}
}
