package flowrun

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"atende/pkg/flow"
	"atende/pkg/vars"
)

func node(id, typ string, data any) flow.Node {
	b, _ := json.Marshal(data)
	return flow.Node{ID: id, Type: typ, Data: b}
}

func edge(src, handle, dst string) flow.Edge {
	return flow.Edge{ID: src + "-" + handle + "-" + dst, Source: src, SourceHandle: handle, Target: dst}
}

func graph(nodes []flow.Node, edges ...flow.Edge) flow.Graph {
	return flow.Graph{Nodes: nodes, Connections: edges}
}

var values = vars.Values{ContactName: "Maria Souza", Company: "Acme", Now: time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)}

func bodies(r Result) []string {
	var out []string
	for _, s := range r.Sends {
		if s.MediaName != "" {
			out = append(out, s.MediaType+":"+s.MediaName)
			continue
		}
		out = append(out, s.Body)
	}
	return out
}

var menuData = map[string]any{"message": "Olá {{firstName}}, escolha:", "arrayOption": []map[string]any{
	{"number": 1, "value": "Vendas"}, {"number": 2, "value": "Suporte"}}}

func TestStepNodeKinds(t *testing.T) {
	start := node("s", flow.KindStart, map[string]any{"label": "Início"})
	contentGraph := graph([]flow.Node{start, node("c", flow.KindSingleBlock, map[string]any{
		"seq": []string{"message0", "interval0", "img0", "audio0", "video0"},
		"elements": []map[string]any{
			{"type": "video", "value": "flow/v.mp4", "number": "video0"},
			{"type": "message", "value": "Olá {{firstName}} {{unknown}}", "number": "message0"},
			{"type": "interval", "value": "5", "number": "interval0"},
			{"type": "img", "value": "flow/i.jpg", "number": "img0"},
			{"type": "audio", "value": "flow/a.ogg", "number": "audio0", "record": true},
		}})}, edge("s", "a", "c"))
	cases := []struct {
		name   string
		g      flow.Graph
		in     Input
		sends  []string
		status string
		wait   string
		node   string
		check  func(*testing.T, Result)
	}{
		{name: "start then legacy message, no edge ends the run",
			g:     graph([]flow.Node{start, node("m", flow.KindMessage, map[string]any{"label": "Oi {{name}}"})}, edge("s", "a", "m")),
			in:    Input{Start: true},
			sends: []string{"Oi Maria Souza"}, status: StatusDone, node: "m"},
		{name: "content: text, then its interval card waits as a scheduled wake-up",
			g: contentGraph, in: Input{Start: true},
			sends: []string{"Olá Maria {{unknown}}"}, status: StatusWaiting, wait: WaitInterval, node: "c",
			check: func(t *testing.T, r Result) {
				if r.WakeIn != 5*time.Second || r.State.Element != 2 {
					t.Errorf("wake in %v from card %d", r.WakeIn, r.State.Element)
				}
			}},
		{name: "content: after its interval, the next cards (image, voice note, video), then the edge",
			g:      contentGraph,
			in:     Input{State: State{NodeID: "c", Status: StatusWaiting, Waiting: WaitInterval, Element: 2}},
			sends:  []string{"image:flow/i.jpg", "audio:flow/a.ogg", "video:flow/v.mp4"},
			status: StatusDone, node: "c",
			check: func(t *testing.T, r Result) {
				if r.Sends[0].Voice || !r.Sends[1].Voice || r.Sends[2].Voice || r.State.Element != 0 {
					t.Errorf("delays/voice: %+v", r)
				}
			}},
		{name: "menu sends numbered lines and waits",
			g:     graph([]flow.Node{start, node("menu", flow.KindMenu, menuData)}, edge("s", "a", "menu")),
			in:    Input{Start: true},
			sends: []string{"Olá Maria, escolha:\n[1] Vendas\n[2] Suporte"}, status: StatusWaiting, wait: WaitReply, node: "menu"},
		{name: "menu reply follows the option's handle",
			g: graph([]flow.Node{node("menu", flow.KindMenu, menuData), node("v", flow.KindMessage, map[string]any{"label": "Vendas!"}),
				node("x", flow.KindMessage, map[string]any{"label": "Suporte!"})}, edge("menu", "a1", "v"), edge("menu", "a2", "x")),
			in:    Input{HasReply: true, Reply: " 2 ", State: State{NodeID: "menu", Status: StatusWaiting, Waiting: WaitReply}},
			sends: []string{"Suporte!"}, status: StatusDone, node: "x"},
		{name: "menu invalid reply re-prompts",
			g:     graph([]flow.Node{node("menu", flow.KindMenu, menuData)}, edge("menu", "a1", "menu")),
			in:    Input{HasReply: true, Reply: "7", State: State{NodeID: "menu", Status: StatusWaiting, Waiting: WaitReply}},
			sends: []string{TextInvalidOption, "Olá Maria, escolha:\n[1] Vendas\n[2] Suporte"}, status: StatusWaiting, wait: WaitReply, node: "menu"},
		{name: "question asks and waits",
			g: graph([]flow.Node{start, node("q", flow.KindQuestion, map[string]any{"typebotIntegration": map[string]any{
				"message": "Seu e-mail?", "answerKey": "email"}})}, edge("s", "a", "q")),
			in:    Input{Start: true},
			sends: []string{"Seu e-mail?"}, status: StatusWaiting, wait: WaitReply, node: "q"},
		{name: "question stores the answer and the next text uses it",
			g: graph([]flow.Node{node("q", flow.KindQuestion, map[string]any{"typebotIntegration": map[string]any{
				"message": "Seu e-mail?", "answerKey": "email"}}), node("m", flow.KindMessage, map[string]any{"label": "Anotado: {{email}}"})},
				edge("q", "a", "m")),
			in: Input{HasReply: true, Reply: "a@b.com", State: State{NodeID: "q", Status: StatusWaiting, Waiting: WaitReply,
				Vars: map[string]string{"old": "1"}}},
			sends: []string{"Anotado: a@b.com"}, status: StatusDone, node: "m",
			check: func(t *testing.T, r Result) {
				if !reflect.DeepEqual(r.State.Vars, map[string]string{"old": "1", "email": "a@b.com"}) {
					t.Errorf("vars %v", r.State.Vars)
				}
			}},
		{name: "question without an edge ends the run, ticket untouched",
			g: graph([]flow.Node{node("q", flow.KindQuestion, map[string]any{"typebotIntegration": map[string]any{
				"message": "?", "answerKey": "k"}})}),
			in:     Input{HasReply: true, Reply: "x", State: State{NodeID: "q", Status: StatusWaiting, Waiting: WaitReply}},
			status: StatusDone, node: "q",
			check: func(t *testing.T, r Result) {
				if r.Close || r.QueueID != nil {
					t.Errorf("ticket changed: %+v", r)
				}
			}},
		{name: "randomizer follows a below percent",
			g: graph([]flow.Node{start, node("r", flow.KindRandomizer, map[string]any{"percent": 30}),
				node("A", flow.KindMessage, map[string]any{"label": "A"}), node("B", flow.KindMessage, map[string]any{"label": "B"})},
				edge("s", "a", "r"), edge("r", "a", "A"), edge("r", "b", "B")),
			in:    Input{Start: true, Rand: func() int { return 29 }},
			sends: []string{"A"}, status: StatusDone, node: "A"},
		{name: "randomizer follows b otherwise",
			g: graph([]flow.Node{start, node("r", flow.KindRandomizer, map[string]any{"percent": 30}),
				node("A", flow.KindMessage, map[string]any{"label": "A"}), node("B", flow.KindMessage, map[string]any{"label": "B"})},
				edge("s", "a", "r"), edge("r", "a", "A"), edge("r", "b", "B")),
			in:    Input{Start: true, Rand: func() int { return 30 }},
			sends: []string{"B"}, status: StatusDone, node: "B"},
		{name: "interval waits as a scheduled wake-up",
			g: graph([]flow.Node{start, node("m", flow.KindMessage, map[string]any{"label": "1"}), node("i", flow.KindInterval, map[string]any{"sec": 10})},
				edge("s", "a", "m"), edge("m", "a", "i")),
			in:    Input{Start: true},
			sends: []string{"1"}, status: StatusWaiting, wait: WaitInterval, node: "i",
			check: func(t *testing.T, r Result) {
				if r.WakeIn != 10*time.Second {
					t.Errorf("wake in %v", r.WakeIn)
				}
			}},
		{name: "interval's end follows its edge",
			g:     graph([]flow.Node{node("i", flow.KindInterval, map[string]any{"sec": 10}), node("m", flow.KindMessage, map[string]any{"label": "2"})}, edge("i", "a", "m")),
			in:    Input{State: State{NodeID: "i", Status: StatusWaiting, Waiting: WaitInterval}},
			sends: []string{"2"}, status: StatusDone, node: "m"},
		{name: "condition true handle",
			g: graph([]flow.Node{node("c", flow.KindCondition, map[string]any{"key": "idade", "condition": ">=", "value": "18"}),
				node("T", flow.KindMessage, map[string]any{"label": "adulto"}), node("F", flow.KindMessage, map[string]any{"label": "menor"})},
				edge("c", "true", "T"), edge("c", "false", "F"), edge("q", "a", "c"),
			),
			in: Input{HasReply: true, Reply: "30", State: State{NodeID: "q", Status: StatusWaiting, Waiting: WaitReply}},
			// q is missing from the graph: the reply ends the run there.
			status: StatusDone, node: "q"},
		{name: "ticket node: queue, the flow continues (§9)",
			g: graph([]flow.Node{start, node("hi", flow.KindMessage, map[string]any{"label": "antes"}),
				node("t", flow.KindTicket, map[string]any{"queueId": 9, "name": "Suporte"}),
				node("x", flow.KindMessage, map[string]any{"label": "Você foi transferido"})},
				edge("s", "a", "hi"), edge("hi", "a", "t"), edge("t", "a", "x")),
			in:     Input{Start: true},
			sends:  []string{"antes", "Você foi transferido"},
			status: StatusDone, node: "x",
			check: func(t *testing.T, r Result) {
				if r.QueueID == nil || *r.QueueID != 9 || r.QueuedAt != 1 {
					t.Errorf("queue %v at %d", r.QueueID, r.QueuedAt)
				}
			}},
		{name: "ticket node into a queue that closes: EndAtQueue stops the run at the ticket node",
			g: graph([]flow.Node{start, node("hi", flow.KindMessage, map[string]any{"label": "antes"}),
				node("t", flow.KindTicket, map[string]any{"queueId": 9, "name": "Suporte"}),
				node("x", flow.KindMessage, map[string]any{"label": "depois"}), node("menu", flow.KindMenu, menuData)},
				edge("s", "a", "hi"), edge("hi", "a", "t"), edge("t", "a", "x"), edge("x", "a", "menu")),
			in:     Input{Start: true},
			sends:  []string{"antes", "depois", "Olá Maria, escolha:\n[1] Vendas\n[2] Suporte"},
			status: StatusWaiting, wait: WaitReply, node: "menu",
			check: func(t *testing.T, r Result) {
				c := r.EndAtQueue()
				var evs []string
				for _, e := range c.Events {
					evs = append(evs, e.Kind+":"+e.NodeID)
				}
				want := []string{"enter:s", "leave:s", "enter:hi", "leave:hi", "enter:t", "stop:t"}
				if !reflect.DeepEqual(evs, want) || !reflect.DeepEqual(c.Entered, []string{"s", "hi", "t"}) ||
					!reflect.DeepEqual(bodies(c), []string{"antes"}) || c.QueueID == nil || *c.QueueID != 9 {
					t.Errorf("cut: events %v entered %v sends %q", evs, c.Entered, bodies(c))
				}
				if c.State.NodeID != "t" || c.State.Status != StatusStopped || c.State.Waiting != "" {
					t.Errorf("cut state %+v, want stopped at t", c.State)
				}
				if len(r.Events) != 9 || r.State.NodeID != "menu" { // r itself is left as it was
					t.Errorf("EndAtQueue changed its result: %d events at %s", len(r.Events), r.State.NodeID)
				}
			}},
		{name: "ticket node without edges: queue, run ends",
			g:      graph([]flow.Node{start, node("t", flow.KindTicket, map[string]any{"queueId": 9, "name": "Suporte"})}, edge("s", "a", "t")),
			in:     Input{Start: true},
			status: StatusDone, node: "t",
			check: func(t *testing.T, r Result) {
				if r.QueueID == nil || *r.QueueID != 9 {
					t.Errorf("queue %v", r.QueueID)
				}
			}},
		{name: "typebot node hands off with its settings and waits",
			g:      graph([]flow.Node{start, node("tb", flow.KindTypebot, map[string]any{"typebotIntegration": map[string]any{"typebotSlug": "x"}})}, edge("s", "a", "tb")),
			in:     Input{Start: true},
			status: StatusWaiting, wait: WaitTypebot, node: "tb",
			check: func(t *testing.T, r Result) {
				if r.Handoff == nil || r.Handoff.Kind != flow.KindTypebot || !strings.Contains(string(r.Handoff.Settings), "typebotSlug") {
					t.Errorf("handoff %+v", r.Handoff)
				}
			}},
		{name: "openai node: every reply goes to the AI",
			g:      graph([]flow.Node{node("ai", flow.KindOpenAI, map[string]any{"typebotIntegration": map[string]any{"name": "Bot", "model": "gpt-4o-mini"}})}),
			in:     Input{HasReply: true, Reply: "oi", State: State{NodeID: "ai", Status: StatusWaiting, Waiting: WaitAI}},
			status: StatusWaiting, wait: WaitAI, node: "ai",
			check: func(t *testing.T, r Result) {
				if r.Handoff == nil || r.Handoff.Kind != flow.KindOpenAI || r.Changed {
					t.Errorf("handoff %+v changed %v", r.Handoff, r.Changed)
				}
			}},
		{name: "parar closes the ticket",
			g:      graph([]flow.Node{node("menu", flow.KindMenu, menuData)}),
			in:     Input{HasReply: true, Reply: " Parar ", State: State{NodeID: "menu", Status: StatusWaiting, Waiting: WaitReply}},
			status: StatusStopped, node: "menu",
			check: func(t *testing.T, r Result) {
				if !r.Close {
					t.Error("not closed")
				}
			}},
		{name: "a loop without a wait stops at the step limit, at the last node it entered",
			g: graph([]flow.Node{start, node("a", flow.KindRandomizer, map[string]any{"percent": 100}),
				node("b", flow.KindRandomizer, map[string]any{"percent": 100})},
				edge("s", "a", "a"), edge("a", "a", "b"), edge("b", "a", "a")),
			in:     Input{Start: true},
			status: StatusStopped, node: "a", // s, then a and b in turn: the 100th entered is a
			check: func(t *testing.T, r Result) {
				last := r.Events[len(r.Events)-1]
				if len(r.Entered) != StepLimit || r.Entered[len(r.Entered)-1] != "a" || last.Kind != "stop" || last.NodeID != "a" {
					t.Errorf("entered %d nodes, last %q; last event %+v", len(r.Entered), r.Entered[len(r.Entered)-1], last)
				}
			}},
		{name: "no start node: stopped",
			g:      graph([]flow.Node{node("m", flow.KindMessage, map[string]any{"label": "x"})}),
			in:     Input{Start: true},
			status: StatusStopped},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := c.in
			in.Graph, in.Values = c.g, values
			r := Step(in)
			if got := bodies(r); !reflect.DeepEqual(got, c.sends) {
				t.Errorf("sends %q, want %q", got, c.sends)
			}
			if r.State.Status != c.status || r.State.Waiting != c.wait || r.State.NodeID != c.node {
				t.Errorf("state %+v, want %s/%s at %s", r.State, c.status, c.wait, c.node)
			}
			if c.check != nil {
				c.check(t, r)
			}
		})
	}
}

func TestConditionFromQuestion(t *testing.T) {
	g := graph([]flow.Node{
		node("q", flow.KindQuestion, map[string]any{"typebotIntegration": map[string]any{"message": "Idade?", "answerKey": "idade"}}),
		node("c", flow.KindCondition, map[string]any{"key": "idade", "condition": ">=", "value": "18"}),
		node("T", flow.KindMessage, map[string]any{"label": "adulto"}), node("F", flow.KindMessage, map[string]any{"label": "menor"})},
		edge("q", "a", "c"), edge("c", "true", "T"), edge("c", "false", "F"))
	for reply, want := range map[string]string{"30": "adulto", "9": "menor", "18": "adulto"} {
		r := Step(Input{Graph: g, Values: values, HasReply: true, Reply: reply,
			State: State{NodeID: "q", Status: StatusWaiting, Waiting: WaitReply}})
		if got := bodies(r); len(got) != 1 || got[0] != want {
			t.Errorf("%s: %q", reply, got)
		}
		var left []string
		for _, e := range r.Events {
			if e.Kind == "leave" {
				left = append(left, e.NodeID+">"+e.Handle)
			}
		}
		if len(left) != 2 || left[0] != "q>a" {
			t.Errorf("events %v", r.Events)
		}
	}
}

func TestCompare(t *testing.T) {
	cases := []struct {
		l, op, r string
		want     bool
	}{
		{"10", ">", "9", true}, {"abc", "==", "ABC", true}, {"abc", "!=", "abd", true},
		{"Quero comprar", "contains", "COMPRAR", true}, {"oi", "notContains", "x", true},
		{"2,5", "<", "3", true}, {"b", ">=", "a", true}, {"1", "<=", "1", true}, {"1", "??", "1", false},
	}
	for _, c := range cases {
		if got := Compare(c.l, c.op, c.r); got != c.want {
			t.Errorf("%s %s %s = %v", c.l, c.op, c.r, got)
		}
	}
}
