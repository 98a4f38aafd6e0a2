package flowrun

import (
	"strings"
	"testing"
	"unicode/utf8"

	"atende/pkg/connection"
	"atende/pkg/flow"
	"atende/pkg/vars"
)

// answerGraph asks a question saved as "resp", then a message node repeats it.
func answerGraph(label string) flow.Graph {
	return graph([]flow.Node{
		node("q", flow.KindQuestion, map[string]any{"typebotIntegration": map[string]any{"message": "Diga algo", "answerKey": "resp"}}),
		node("m", flow.KindMessage, map[string]any{"label": label})},
		edge("q", "a", "m"))
}

func answer(g flow.Graph, v vars.Values, reply string) Result {
	return Step(Input{Graph: g, Values: v, HasReply: true, Reply: reply,
		State: State{NodeID: "q", Status: StatusWaiting, Waiting: WaitReply}})
}

// A customer's answer is text, not a template: its {{…}} are sent as typed.
func TestAnswerIsNotRendered(t *testing.T) {
	v := values
	v.UserName, v.TicketID = "Ana", 7
	for reply, want := range map[string]string{
		"{{name}}": "Você disse: {{name}}",
		"{{userName}} {{name_company}} {{protocol}}": "Você disse: {{userName}} {{name_company}} {{protocol}}",
		"{{resp}}": "Você disse: {{resp}}",
	} {
		r := answer(answerGraph("Você disse: {{resp}}"), v, reply)
		if got := bodies(r); len(got) != 1 || got[0] != want {
			t.Errorf("reply %q: sends %q, want %q", reply, got, want)
		}
		if r.State.Vars["resp"] != reply {
			t.Errorf("stored %q, want %q", r.State.Vars["resp"], reply)
		}
	}
	// The admin's template still gets both kinds of variables; a run variable wins.
	r := answer(answerGraph("{{ firstName }}, {{resp}} ({{name_company}}) {{desconhecida}}"), v, "ok")
	if got := bodies(r); len(got) != 1 || got[0] != "Maria, ok (Acme) {{desconhecida}}" {
		t.Errorf("template: %q", got)
	}
	// Nor is a standard value rescanned for the run's variables (a contact named "{{resp}}").
	v.ContactName = "{{resp}}"
	if got := bodies(answer(answerGraph("{{name}}: {{resp}}"), v, "x")); len(got) != 1 || got[0] != "{{resp}}: x" {
		t.Errorf("contact name: %q", got)
	}
}

// A webhook's fields are the run's variables from the start: not templates either.
func TestWebhookVariablesAreNotRendered(t *testing.T) {
	g := graph([]flow.Node{node("s", flow.KindStart, nil), node("m", flow.KindMessage, map[string]any{"label": "Pedido de {{cliente}}"})},
		edge("s", "a", "m"))
	r := Step(Input{Graph: g, Values: values, Start: true,
		State: State{Vars: map[string]string{"cliente": "{{name}}{{name}}"}, Status: StatusRunning}})
	if got := bodies(r); len(got) != 1 || got[0] != "Pedido de {{name}}{{name}}" {
		t.Errorf("sends %q", got)
	}
}

// A long answer repeated by the template neither multiplies through the standard variables
// nor grows past what a channel takes; what is written is cut to the channel's limit.
func TestRenderedTextIsBounded(t *testing.T) {
	reply := strings.Repeat("{{name}}", 65536/8) // a 64 KB answer
	label := strings.Repeat("{{resp}}", 20)
	got := bodies(answer(answerGraph(label), values, reply))
	if len(got) != 1 {
		t.Fatalf("sends %d", len(got))
	}
	if len(got[0]) > maxRendered || strings.Contains(got[0], values.ContactName) {
		t.Fatalf("rendered %d bytes (limit %d), expanded: %v", len(got[0]), maxRendered, strings.Contains(got[0], values.ContactName))
	}
	for _, ch := range []string{connection.ChannelWhatsAppAPI, connection.ChannelFacebook, ""} {
		if n := utf8.RuneCountInString(fit(got[0], ch)); n != connection.MaxText(ch) {
			t.Errorf("%q: fit to %d characters, want %d", ch, n, connection.MaxText(ch))
		}
	}
	if s := fit(strings.Repeat("é", 5000), connection.ChannelWhatsAppAPI); !utf8.ValidString(s) || utf8.RuneCountInString(s) != 4096 {
		t.Errorf("fit cut %d characters, valid %v", utf8.RuneCountInString(s), utf8.ValidString(s))
	}
	if fit("curto", connection.ChannelFacebook) != "curto" {
		t.Error("a short text is kept")
	}
}
