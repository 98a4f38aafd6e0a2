package sandbox

import (
	"strings"

	"atende/pkg/channel"
	"atende/pkg/menu"
)

// Outbox kinds of a bot menu the pretend phone shows as a list picker or reply buttons
// (chatBotType list or button). The row keeps the menu's numbered text, which the inbox
// shows too; GET /sandbox/{id}/outbound reads the choices back from it (Outbox.Menu).
const (
	KindList   = menu.StyleList
	KindButton = menu.StyleButton
)

// What fits WhatsApp's interactive messages, as the Cloud API channel sends them
// (cloudapi/interactive.go): a menu beyond these goes as text there, and so it shows here.
const (
	maxButtons  = 3
	maxListRows = 10
	maxMenuBody = 1024
)

// Menu is a delivered bot menu as the simulator shows it. A tap answers the choice's ID,
// what a phone's reply to our menu carries (metawebhook.replyText): the bot reads it as
// the number typed.
type Menu struct {
	Style   string   `json:"style"`
	Text    string   `json:"text"` // the greeting above the choices ("" for none)
	Choices []Choice `json:"choices"`
}

// Choice is one entry of a Menu.
type Choice struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// kindOf is the outbox kind of a message: a bot menu that fits an interactive message is
// a list or buttons, anything else keeps its own kind.
func kindOf(out channel.Outgoing) string {
	m := out.Menu
	if out.Kind != channel.KindText || m == nil || len([]rune(m.Text)) > maxMenuBody {
		return out.Kind
	}
	switch {
	case m.Style == menu.StyleButton && len(m.Choices) <= maxButtons:
		return KindButton
	case m.Style == menu.StyleList && len(m.Choices) <= maxListRows:
		return KindList
	}
	return out.Kind
}

// systemMark opens every text the bot writes (message.SystemMark; not imported: the
// channel stays below the message package).
const systemMark = "\u200e"

// menuOf reads a list's or buttons' choices back from the row's text; nil for other kinds
// or a text that is no menu any more (edited).
func menuOf(kind, body string) *Menu {
	if kind != KindList && kind != KindButton {
		return nil
	}
	greeting, choices, ok := menu.Parse(strings.TrimPrefix(body, systemMark))
	if !ok {
		return nil
	}
	m := &Menu{Style: kind, Text: greeting, Choices: make([]Choice, len(choices))}
	for i, c := range choices {
		m.Choices[i] = Choice{ID: c.ID, Title: c.Title}
	}
	return m
}
