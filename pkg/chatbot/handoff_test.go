package chatbot

import (
	"reflect"
	"testing"
)

// handoffs: integration 8 runs flows (flowbuilder), 9 is a webhook, 11 a flowbuilder with
// its own flow 500; connection 7 has phrase campaigns (one inactive campaign is simply not
// loaded), a welcome flow 100 and a "no phrase" flow 200.
func handoffs(in *Input) {
	in.Env.Handoffs = &Handoffs{HasFlows: true,
		Integrations: map[int64]Integration{8: {ID: 8, Type: IntegrationFlowbuilder}, 9: {ID: 9, Type: "webhook"},
			11: {ID: 11, Type: IntegrationFlowbuilder, FlowID: 500}},
		Phrases: []Phrase{{FlowID: 300, ConnectionID: 7, Phrase: " Promoção ", MatchType: "exact"},
			{FlowID: 400, ConnectionID: 7, Phrase: "boleto", MatchType: "contains"},
			{FlowID: 999, ConnectionID: 8, Phrase: "outra", MatchType: "exact"}}}
	in.Conn.FlowIDWelcome, in.Conn.FlowIDNotPhrase = id(100), id(200)
}

func flowBuilder(in *Input) { handoffs(in); in.Conn.IntegrationID = id(8) }

func wantHandoff(h Handoff) func(*testing.T, Outcome) {
	return func(t *testing.T, o Outcome) {
		t.Helper()
		if o.Handoff == nil || !reflect.DeepEqual(*o.Handoff, h) {
			t.Fatalf("handoff %+v, want %+v", o.Handoff, h)
		}
	}
}

func TestHandoff(t *testing.T) {
	run(t, []row{
		{name: "16: mid-flow reply goes to the run", body: "1",
			setup: func(in *Input) { flowBuilder(in); in.Run = &Run{ID: 5, Step: 3} },
			check: wantHandoff(Handoff{Kind: HandoffFlow, RunID: 5, Step: 3})},
		{name: "16: a question after a ticket node still takes the reply in the queue", body: "Maria",
			setup: func(in *Input) { flowBuilder(in); in.Run, in.Ticket.QueueID = &Run{ID: 5, Step: 3}, id(1) },
			check: wantHandoff(Handoff{Kind: HandoffFlow, RunID: 5, Step: 3})},
		{name: "16: an AI wait ends at a queue: the queue's options run", body: "1",
			setup: func(in *Input) {
				flowBuilder(in)
				in.Run, in.Ticket.QueueID = &Run{ID: 5, Step: 3, OnAI: true}, id(1)
			},
			replies: []string{planosMenu}},
		{name: "16: an AI wait without a queue takes the message", body: "oi",
			setup: func(in *Input) { flowBuilder(in); in.Run = &Run{ID: 5, Step: 3, OnAI: true} },
			check: wantHandoff(Handoff{Kind: HandoffFlow, RunID: 5, Step: 3})},
		{name: "16: a run started earlier in the batch swallows the message", body: "oi",
			setup: func(in *Input) { flowBuilder(in); in.Run = &Run{Pending: true} },
			check: func(t *testing.T, o Outcome) {
				if o.Handoff != nil || o.Changed(fixture().Ticket) {
					t.Fatalf("outcome %+v", o)
				}
			}},
		{name: "16: an attendant's ticket: the run does not take the message", body: "1",
			setup: func(in *Input) {
				flowBuilder(in)
				in.Run, in.Ticket.UserID, in.Ticket.Status, in.Ticket.QueueID = &Run{ID: 5, Step: 3}, id(50), "open", id(2)
			}},
		{name: "17: connection prompt for a ticket without queue", body: "oi",
			setup: func(in *Input) { handoffs(in); in.Conn.PromptID = id(3) },
			check: wantHandoff(Handoff{Kind: HandoffPrompt, PromptID: 3})},
		{name: "17: no prompt once the ticket has a queue: the queue's options run", body: "1",
			setup:   func(in *Input) { handoffs(in); in.Conn.PromptID = id(3); in.Ticket.QueueID = id(1) },
			replies: []string{planosMenu}},
		{name: "18: exact phrase, trimmed and case-insensitive", body: "  PROMOÇÃO ",
			setup: flowBuilder, check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 300, Entry: EntryPhrase})},
		{name: "18: contains phrase", body: "quero meu Boleto hoje",
			setup: flowBuilder, check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 400, Entry: EntryPhrase})},
		{name: "18: another connection's phrase does not match; first contact gets the welcome flow", body: "outra",
			setup: flowBuilder, check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 100, Entry: EntryWelcome})},
		{name: "18: returning contact gets the no-phrase flow", body: "oi",
			setup: func(in *Input) { flowBuilder(in); in.Returning = true },
			check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 200, Entry: EntryNotPhrase})},
		{name: "18: no flow applies: the queue menu runs", body: "oi",
			setup: func(in *Input) {
				flowBuilder(in)
				in.Returning, in.Conn.FlowIDNotPhrase = true, nil
			},
			replies: []string{mainMenu}},
		{name: "18: a flowbuilder integration with its own flow", body: "oi",
			setup: func(in *Input) { handoffs(in); in.Conn.IntegrationID = id(11) },
			check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 500, Entry: EntryQueue})},
		{name: "18: other integration types take the ticket", body: "oi",
			setup: func(in *Input) { handoffs(in); in.Conn.IntegrationID = id(9) },
			check: func(t *testing.T, o Outcome) {
				wantHandoff(Handoff{Kind: HandoffIntegration, IntegrationID: 9})(t, o)
				if !o.Ticket.UseIntegration || o.Ticket.IntegrationID == nil || *o.Ticket.IntegrationID != 9 {
					t.Fatalf("ticket %+v", o.Ticket)
				}
			}},
		{name: "18: groups never", body: "oi",
			setup: func(in *Input) { flowBuilder(in); in.Msg.IsGroup = true }},
		{name: "19/20: the ticket's integration gets every message", body: "1",
			setup: func(in *Input) {
				handoffs(in)
				in.Ticket.UseIntegration, in.Ticket.IntegrationID, in.Ticket.QueueID = true, id(9), id(1)
			},
			check: wantHandoff(Handoff{Kind: HandoffIntegration, IntegrationID: 9})},
		{name: "19/20: not once an attendant holds it", body: "1",
			setup: func(in *Input) {
				handoffs(in)
				in.Ticket.UseIntegration, in.Ticket.IntegrationID, in.Ticket.UserID = true, id(9), id(50)
				in.Ticket.Status = "open"
			}},
		{name: "queue menu: entering a queue with an integration hands the message off", body: "2",
			setup:   func(in *Input) { handoffs(in); in.Env.Queues[2].IntegrationID = id(9) },
			replies: []string{"Suporte: aguarde, Maria", "catalogo.pdf"},
			check: func(t *testing.T, o Outcome) {
				wantHandoff(Handoff{Kind: HandoffIntegration, IntegrationID: 9})(t, o)
				if !o.Ticket.UseIntegration || queueOf(o) != 2 {
					t.Fatalf("ticket %+v", o.Ticket)
				}
			}},
		{name: "queue menu: a queue with a flowbuilder integration starts its flow", body: "2",
			setup:   func(in *Input) { handoffs(in); in.Env.Queues[2].IntegrationID = id(11) },
			replies: []string{"Suporte: aguarde, Maria", "catalogo.pdf"},
			check:   wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 500, Entry: EntryQueue})},
		{name: "option of type integration hands the message off", body: "5",
			setup: func(in *Input) { handoffs(in); in.Ticket.QueueID = id(1) },
			check: wantHandoff(Handoff{Kind: HandoffIntegration, IntegrationID: 9})},
		{name: "18: a phrase whose flow is switched off passes to the welcome flow", body: "promoção",
			setup: func(in *Input) { flowBuilder(in); in.Env.Handoffs.Inactive = map[int64]bool{300: true} },
			check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 100, Entry: EntryWelcome})},
		{name: "18: every flow switched off: the queue menu answers", body: "oi", replies: []string{mainMenu},
			setup: func(in *Input) { flowBuilder(in); in.Env.Handoffs.Inactive = map[int64]bool{100: true, 200: true} }},
		{name: "no configuration: nothing changes", body: "oi", replies: []string{mainMenu}},
		{name: "17: a plan without useOpenAi: the prompt is skipped, the menu runs", body: "oi",
			setup:   func(in *Input) { handoffs(in); in.Conn.PromptID = id(3); in.Env.Company.UseOpenAI = false },
			replies: []string{mainMenu}},
		{name: "18: a plan without useIntegrations: the webhook is skipped, the menu runs", body: "oi",
			setup: func(in *Input) {
				handoffs(in)
				in.Conn.IntegrationID, in.Env.Company.UseIntegrations = id(9), false
			},
			replies: []string{mainMenu}},
		{name: "19/20: a plan without useIntegrations: the queue's options run instead", body: "1",
			setup: func(in *Input) {
				handoffs(in)
				in.Ticket.UseIntegration, in.Ticket.IntegrationID, in.Ticket.QueueID = true, id(9), id(1)
				in.Env.Company.UseIntegrations = false
			},
			replies: []string{planosMenu}},
		{name: "18: a plan without useIntegrations still runs flows", body: "oi",
			setup: func(in *Input) { flowBuilder(in); in.Env.Company.UseIntegrations = false },
			check: wantHandoff(Handoff{Kind: HandoffFlow, FlowID: 100, Entry: EntryWelcome})},
	})
}
