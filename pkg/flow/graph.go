// Package flow is the flow builder's graph (spec/3 "Flow", "Node data"): the JSON the editor
// saves, its validation, and the store of flows and phrase campaigns. The engine that walks
// a graph for a ticket is pkg/flowrun.
package flow

import "encoding/json"

// Node kinds (spec/3 "Node kinds").
const (
	KindStart       = "start"
	KindMessage     = "message" // legacy plain text
	KindInterval    = "interval"
	KindCondition   = "condition"
	KindMenu        = "menu"
	KindImage       = "img"
	KindAudio       = "audio"
	KindVideo       = "video"
	KindRandomizer  = "randomizer"
	KindSingleBlock = "singleBlock" // "Conteúdo"
	KindTicket      = "ticket"
	KindTypebot     = "typebot"
	KindOpenAI      = "openai"
	KindQuestion    = "question"
)

// Source handles: a menu option n leaves by "a<n>", a randomizer by "a" (percent %) or "b",
// a condition by "true" or "false"; every other node by any handle (the editor uses "a").
const (
	HandleRandomA = "a"
	HandleRandomB = "b"
	HandleTrue    = "true"
	HandleFalse   = "false"
)

// Condition operators of the condition node (decision 9).
var Operators = []string{"==", "!=", "contains", "notContains", ">", "<", ">=", "<="}

// Position is where the editor draws a node.
type Position struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Node is one node as the editor saves it; Data's shape depends on Type (NodeData).
type Node struct {
	ID       string          `json:"id"` // 30 random alphanumerics
	Position Position        `json:"position"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data"`
}

// Edge is one connection between two nodes' handles.
type Edge struct {
	ID           string `json:"id,omitempty"`
	Source       string `json:"source"`
	SourceHandle string `json:"sourceHandle,omitempty"`
	Target       string `json:"target"`
	TargetHandle string `json:"targetHandle,omitempty"`
}

// Graph is a flow's nodes and connections.
type Graph struct {
	Nodes       []Node `json:"nodes"`
	Connections []Edge `json:"connections"`
}

// MenuOption is one numbered line of a menu.
type MenuOption struct {
	Number int    `json:"number"`
	Value  string `json:"value"`
}

// Element is one card of a content (singleBlock) node.
type Element struct {
	Type     string `json:"type"`   // message, interval, img, audio, video, file
	Value    string `json:"value"`  // text, seconds, or the stored media name
	Number   string `json:"number"` // its id in seq, e.g. "message0"
	Original string `json:"original,omitempty"`
	Record   bool   `json:"record,omitempty"` // audio: send as a voice note
}

// NodeData is the union of every node kind's data (spec/3 "Node data"); a kind reads its
// own fields. Integration holds the typebot, openai and question settings
// (typebotIntegration): the same fields as a queue integration or a prompt.
type NodeData struct {
	Label       string          `json:"label,omitempty"`
	Sec         json.Number     `json:"sec,omitempty"`
	Key         string          `json:"key,omitempty"`
	Condition   string          `json:"condition,omitempty"`
	Value       string          `json:"value,omitempty"`
	Message     string          `json:"message,omitempty"`
	ArrayOption []MenuOption    `json:"arrayOption,omitempty"`
	URL         string          `json:"url,omitempty"`
	Record      bool            `json:"record,omitempty"`
	Percent     json.Number     `json:"percent,omitempty"`
	Seq         []string        `json:"seq,omitempty"`
	Elements    []Element       `json:"elements,omitempty"`
	QueueID     int64           `json:"queueId,omitempty"` // ticket node
	Name        string          `json:"name,omitempty"`    // ticket node: the queue's name as shown
	Integration json.RawMessage `json:"typebotIntegration,omitempty"`
}

// Question is a question node's typebotIntegration.
type Question struct {
	Message   string `json:"message"`
	AnswerKey string `json:"answerKey"`
}

// Parse reads a node's data.
func (n Node) Parse() (NodeData, error) {
	var d NodeData
	if len(n.Data) == 0 {
		return d, nil
	}
	err := json.Unmarshal(n.Data, &d)
	return d, err
}

// Start is the node of type start (not nodes[0], BEHAVIOUR §9 ⚠).
func (g Graph) Start() (Node, bool) {
	for _, n := range g.Nodes {
		if n.Type == KindStart {
			return n, true
		}
	}
	return Node{}, false
}

// Node finds a node by id.
func (g Graph) Node(id string) (Node, bool) {
	for _, n := range g.Nodes {
		if n.ID == id {
			return n, true
		}
	}
	return Node{}, false
}

// Next is the target of the edge leaving node id by handle; an empty handle takes the
// node's first edge, whatever its handle.
func (g Graph) Next(id, handle string) (string, bool) {
	for _, e := range g.Connections {
		if e.Source == id && (handle == "" || e.SourceHandle == handle) {
			return e.Target, true
		}
	}
	return "", false
}
