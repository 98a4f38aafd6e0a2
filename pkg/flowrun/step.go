// Package flowrun runs flows (BEHAVIOUR §9, decision 9): Step is a pure function from a
// graph, a run's state and what happened (an entry, a customer reply, a wait's end) to
// intents — texts and media to send in order, variable writes, ticket changes,
// the next wait, a hand-off to Typebot or OpenAI, analytics events. The worker
// (engine.go) applies them in one transaction guarded by the run's step counter.
package flowrun

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"time"

	"atende/pkg/flow"
	"atende/pkg/vars"
)

// Run statuses and wait kinds (migration 00039).
const (
	StatusRunning = "running"
	StatusWaiting = "waiting"
	StatusDone    = "done"
	StatusStopped = "stopped"

	WaitReply    = "reply"
	WaitInterval = "interval"
	WaitAI       = "ai"
	WaitTypebot  = "typebot"
)

// StepLimit bounds the nodes one step walks: a loop without a wait stops there.
const StepLimit = 100

// MaxInterval bounds an interval. A step's messages go one after the other without a
// pause (one ordered task, tasks.MessagesSend): neither spec/3 nor decision 9 asks for one
// between plain texts, and an interval card or node is the flow's own wait.
const MaxInterval = 120 * time.Second

// Texts the engine sends itself.
const (
	TextInvalidOption = "Opção inválida, tente novamente."
	StopWord          = "parar"
)

// State is a run as stored.
type State struct {
	NodeID  string
	Vars    map[string]string
	Status  string
	Waiting string
	Element int // a content node waiting on its interval card: the card to go on from
}

// Input is what happened to the run.
type Input struct {
	Graph flow.Graph
	State State
	// Start begins the run at the start node; otherwise Reply (HasReply) or the end of an
	// interval wait resumes it at State.NodeID.
	Start    bool
	HasReply bool
	Reply    string
	Values   vars.Values // the standard variables of §11
	Rand     func() int  // 0–99 for the randomizer; rand.IntN(100) when nil
}

// Send is one message to write and send after the step's commit, in the step's order.
type Send struct {
	Body      string
	MediaName string // a stored flow file name ("flow/x.jpg")
	MediaType string // image, audio, video, document ("" for text)
	Voice     bool   // audio as a voice note
	Key       string // node and element: what the message is in the run
}

// Handoff gives the customer's reply to the node's Typebot or AI (Settings: the node's
// typebotIntegration object).
type Handoff struct {
	Kind     string // "typebot" or "openai"
	Settings json.RawMessage
}

// Event is one analytics row: a node entered, left by a handle, or stopped at.
type Event struct {
	NodeID, Kind, Handle, Target, EdgeID string
}

// Result is what the step decided.
type Result struct {
	State   State
	Sends   []Send
	QueueID *int64 // a ticket node: the ticket goes to this queue as pending
	// QueuedAt: how many of Sends came before the ticket node; the queue-position message
	// goes out there and, if the queue closes the ticket, the rest does not (EndAtQueue).
	QueuedAt int
	Close    bool // "parar": the ticket closes
	WakeIn   time.Duration
	Handoff  *Handoff
	Events   []Event
	Entered  []string // nodes entered, in order (real-time highlights)
	Changed  bool     // the run moved: the step counter advances

	// The ticket node and how many Events and Entered it ends: where EndAtQueue cuts.
	queueNode                   string
	queuedEvents, queuedEntered int
}

// EndAtQueue is r once its ticket node's queue closed the ticket (decision 6): the close
// stops the run at the ticket node, so what the walk did past it (messages, nodes entered,
// edges left, a wait, a hand-off) never happened and the analytics record the stop there.
func (r Result) EndAtQueue() Result {
	if r.QueueID == nil || r.queueNode == "" {
		return r
	}
	r.Sends = r.Sends[:r.QueuedAt:r.QueuedAt]
	r.Events = append(r.Events[:r.queuedEvents:r.queuedEvents], Event{NodeID: r.queueNode, Kind: "stop"})
	r.Entered = r.Entered[:r.queuedEntered:r.queuedEntered]
	r.State.NodeID, r.State.Status, r.State.Waiting, r.State.Element = r.queueNode, StatusStopped, "", 0
	r.WakeIn, r.Handoff = 0, nil
	return r
}

type stepper struct {
	in  Input
	out Result
}

// Step advances a run.
func Step(in Input) Result {
	s := &stepper{in: in}
	s.out.State = in.State
	if s.out.State.Vars == nil {
		s.out.State.Vars = map[string]string{}
	}
	s.out.State.Vars = cloneVars(s.out.State.Vars)
	switch {
	case in.Start:
		s.start()
	case in.HasReply:
		s.reply()
	case in.State.Status == StatusWaiting && in.State.Waiting == WaitInterval:
		s.out.Changed = true
		s.wake()
	}
	return s.out
}

// wake ends an interval: a content node goes on from its next card, then the walk follows
// the node's edge.
func (s *stepper) wake() {
	id, from := s.in.State.NodeID, s.in.State.Element
	s.out.State.Element = 0
	if n, ok := s.in.Graph.Node(id); ok && n.Type == flow.KindSingleBlock && from > 0 {
		s.out.State.Status, s.out.State.Waiting = StatusRunning, ""
		d, _ := n.Parse()
		if !s.content(id, d, from) {
			return
		}
	}
	s.follow(id, "")
}

func cloneVars(v map[string]string) map[string]string {
	out := make(map[string]string, len(v))
	for k, x := range v {
		out[k] = x
	}
	return out
}

func (s *stepper) start() {
	s.out.Changed = true
	n, ok := s.in.Graph.Start()
	if !ok {
		s.out.State.Status = StatusStopped
		return
	}
	s.walk(n.ID)
}

// reply handles a customer message while the run waits.
func (s *stepper) reply() {
	st := s.in.State
	if st.Status != StatusWaiting {
		return
	}
	text := strings.TrimSpace(s.in.Reply)
	if strings.EqualFold(text, StopWord) {
		s.out.Changed, s.out.Close = true, true
		s.out.State.Status = StatusStopped
		s.stop(st.NodeID)
		return
	}
	n, ok := s.in.Graph.Node(st.NodeID)
	if !ok {
		s.out.Changed = true
		s.stop(st.NodeID)
		return
	}
	d, _ := n.Parse()
	switch {
	case st.Waiting == WaitReply && n.Type == flow.KindMenu:
		s.out.Changed = true
		s.menuReply(n, d, text)
	case st.Waiting == WaitReply && n.Type == flow.KindQuestion:
		s.out.Changed = true
		var q flow.Question
		_ = json.Unmarshal(d.Integration, &q)
		if q.AnswerKey != "" {
			s.out.State.Vars[q.AnswerKey] = s.in.Reply
		}
		s.follow(n.ID, "")
	case st.Waiting == WaitAI:
		s.out.Handoff = &Handoff{Kind: flow.KindOpenAI, Settings: d.Integration}
	case st.Waiting == WaitTypebot:
		s.out.Handoff = &Handoff{Kind: flow.KindTypebot, Settings: d.Integration}
	}
}

// menuReply follows the chosen option; anything else re-prompts (decision 9).
func (s *stepper) menuReply(n flow.Node, d flow.NodeData, text string) {
	for _, o := range d.ArrayOption {
		if text == itoa(o.Number) {
			if _, ok := s.edge(n.ID, "a"+text); ok {
				s.follow(n.ID, "a"+text)
				return
			}
		}
	}
	s.say(TextInvalidOption, n.ID+":invalid")
	s.say(s.menuText(d), n.ID+":menu")
}

// follow leaves node id by handle ("" for any) and walks on; no edge ends the run there.
func (s *stepper) follow(id, handle string) {
	e, ok := s.edge(id, handle)
	if !ok {
		s.stop(id)
		return
	}
	s.event(Event{NodeID: id, Kind: "leave", Handle: e.SourceHandle, Target: e.Target, EdgeID: e.ID})
	s.walk(e.Target)
}

func (s *stepper) edge(id, handle string) (flow.Edge, bool) {
	for _, e := range s.in.Graph.Connections {
		if e.Source == id && (handle == "" || e.SourceHandle == handle) {
			return e, true
		}
	}
	return flow.Edge{}, false
}

// stop ends the run at node id (done: the flow ran out of edges or "parar").
func (s *stepper) stop(id string) {
	s.event(Event{NodeID: id, Kind: "stop"})
	s.out.State.NodeID = id
	if s.out.State.Status != StatusStopped {
		s.out.State.Status = StatusDone
	}
	s.out.State.Waiting = ""
}

// walk enters nodes from id until one waits or the run ends, at most StepLimit nodes.
func (s *stepper) walk(id string) {
	for range StepLimit {
		n, ok := s.in.Graph.Node(id)
		if !ok {
			s.stop(id)
			return
		}
		s.event(Event{NodeID: id, Kind: "enter"})
		s.out.Entered = append(s.out.Entered, id)
		s.out.State.NodeID = id
		handle, next := s.enter(n)
		if !next {
			return
		}
		e, ok := s.edge(id, handle)
		if !ok {
			s.stop(id)
			return
		}
		s.event(Event{NodeID: id, Kind: "leave", Handle: e.SourceHandle, Target: e.Target, EdgeID: e.ID})
		id = e.Target
	}
	s.out.State.Status = StatusStopped // a loop without a wait: it stops at the last node it entered
	s.stop(s.out.State.NodeID)
}

// enter performs a node; next reports whether the walk goes on, by handle.
func (s *stepper) enter(n flow.Node) (handle string, next bool) {
	d, _ := n.Parse()
	switch n.Type {
	case flow.KindStart:
	case flow.KindMessage:
		s.say(s.text(firstOf(d.Label, d.Message)), n.ID)
	case flow.KindImage, flow.KindAudio, flow.KindVideo:
		s.media(n.Type, d.URL, d.Record, n.ID)
	case flow.KindSingleBlock:
		if !s.content(n.ID, d, 0) {
			return "", false
		}
	case flow.KindInterval:
		s.wait(WaitInterval)
		s.out.WakeIn = seconds(d.Sec)
		return "", false
	case flow.KindMenu:
		s.say(s.menuText(d), n.ID)
		s.wait(WaitReply)
		return "", false
	case flow.KindQuestion:
		var q flow.Question
		_ = json.Unmarshal(d.Integration, &q)
		s.say(s.text(q.Message), n.ID)
		s.wait(WaitReply)
		return "", false
	case flow.KindRandomizer:
		if s.rand() < int(num(d.Percent)) {
			return flow.HandleRandomA, true
		}
		return flow.HandleRandomB, true
	case flow.KindCondition:
		if Compare(s.lookup(d.Key), d.Condition, s.text(d.Value)) {
			return flow.HandleTrue, true
		}
		return flow.HandleFalse, true
	case flow.KindTicket: // §9: the ticket joins the queue and the flow continues
		if d.QueueID > 0 {
			q := d.QueueID
			s.out.QueueID, s.out.QueuedAt = &q, len(s.out.Sends)
			s.out.queueNode, s.out.queuedEvents, s.out.queuedEntered = n.ID, len(s.out.Events), len(s.out.Entered)
		}
	case flow.KindTypebot:
		s.out.Handoff = &Handoff{Kind: flow.KindTypebot, Settings: d.Integration}
		s.wait(WaitTypebot)
		return "", false
	case flow.KindOpenAI:
		s.out.Handoff = &Handoff{Kind: flow.KindOpenAI, Settings: d.Integration}
		s.wait(WaitAI)
		return "", false
	}
	return "", true
}

func (s *stepper) wait(kind string) {
	s.out.State.Status, s.out.State.Waiting = StatusWaiting, kind
}

// content sends a content node's elements in their order (seq) from card from; an interval
// card makes the run wait (a scheduled wake-up) and done is false.
func (s *stepper) content(id string, d flow.NodeData, from int) (done bool) {
	byNumber := map[string]flow.Element{}
	for _, e := range d.Elements {
		byNumber[e.Number] = e
	}
	order := d.Seq
	if len(order) == 0 {
		for _, e := range d.Elements {
			order = append(order, e.Number)
		}
	}
	for i := from; i < len(order); i++ {
		key := order[i]
		e, ok := byNumber[key]
		if !ok {
			continue
		}
		switch e.Type {
		case flow.KindMessage:
			s.say(s.text(e.Value), id+":"+key)
		case flow.KindInterval:
			s.wait(WaitInterval)
			s.out.State.Element = i + 1
			s.out.WakeIn = seconds(json.Number(e.Value))
			return false
		case flow.KindImage, flow.KindAudio, flow.KindVideo, "file", "document":
			s.media(e.Type, e.Value, e.Record, id+":"+key)
		}
	}
	return true
}

// say queues a text after the step's previous message.
func (s *stepper) say(text, key string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	s.push(Send{Body: text, Key: key})
}

func (s *stepper) media(kind, name string, record bool, key string) {
	if name == "" {
		return
	}
	t := map[string]string{flow.KindImage: "image", flow.KindAudio: "audio", flow.KindVideo: "video"}[kind]
	if t == "" {
		t = "document"
	}
	s.push(Send{MediaName: name, MediaType: t, Voice: kind == flow.KindAudio && record, Key: key})
}

func (s *stepper) push(m Send) { s.out.Sends = append(s.out.Sends, m) }

func (s *stepper) event(e Event) { s.out.Events = append(s.out.Events, e) }

func (s *stepper) rand() int {
	if s.in.Rand != nil {
		return s.in.Rand()
	}
	return rand.IntN(100)
}

// menuText is the menu's message and one "[n] text" line per option.
func (s *stepper) menuText(d flow.NodeData) string {
	var sb strings.Builder
	sb.WriteString(s.text(d.Message))
	for _, o := range d.ArrayOption {
		if sb.Len() > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString("[" + itoa(o.Number) + "] " + s.text(o.Value))
	}
	return sb.String()
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
