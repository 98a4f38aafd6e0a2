package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// Typebot is a client of Typebot's chat API (v1): startChat opens a session of a
// published bot, continueChat answers it.
type Typebot struct{ HTTP *http.Client }

// TypebotReply is what a chat call answers: the session, the bot's bubbles in order and
// the input it now waits for.
type TypebotReply struct {
	SessionID string           `json:"sessionId"`
	Messages  []TypebotMessage `json:"messages"`
	Input     *TypebotInput    `json:"input"`
}

// TypebotMessage is one bubble: text (rich text) or a media URL.
type TypebotMessage struct {
	Type    string `json:"type"`
	Content struct {
		Type     string          `json:"type"`
		RichText json.RawMessage `json:"richText"`
		Markdown string          `json:"markdown"`
		URL      string          `json:"url"`
	} `json:"content"`
}

// TypebotInput is what the bot waits for; a choice input lists its buttons.
type TypebotInput struct {
	Type  string `json:"type"`
	Items []struct {
		Content string `json:"content"`
	} `json:"items"`
}

type typebotText struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// Start opens a chat with the bot slug at base with the prefilled variables (number,
// pushName, remoteJid). The customer's text is not sent along: it would answer the bot's
// first input before the customer saw its question.
func (c Typebot) Start(ctx context.Context, base, slug string, vars map[string]string) (TypebotReply, error) {
	body := map[string]any{"prefilledVariables": vars, "textBubbleContentFormat": "richText"}
	var r TypebotReply
	err := postJSON(ctx, c.HTTP, strings.TrimRight(base, "/")+"/api/v1/typebots/"+url.PathEscape(slug)+"/startChat", body, nil, &r)
	return r, err
}

// Continue sends the customer's text to an open session.
func (c Typebot) Continue(ctx context.Context, base, sessionID, text string) (TypebotReply, error) {
	body := map[string]any{"message": typebotText{Type: "text", Text: text}, "textBubbleContentFormat": "richText"}
	var r TypebotReply
	err := postJSON(ctx, c.HTTP, strings.TrimRight(base, "/")+"/api/v1/sessions/"+url.PathEscape(sessionID)+"/continueChat", body, nil, &r)
	return r, err
}

// Bubble is one message of a reply: a text in WhatsApp markup, or a media bubble's file
// to download (Kind: image, video, audio, embed or file).
type Bubble struct {
	Text     string
	MediaURL string
	Kind     string
}

// MaxBubbles bounds the bubbles taken from one Typebot reply. Every bubble becomes an
// outgoing message and a media bubble a download (up to MaxDownload): a bot, or whoever
// answers at its URL, listing thousands of bubbles in one reply (it may be 1 MiB long)
// would make as many downloads and messages to the customer. A conversation's turn never
// needs more; the rest is dropped (Dropped, logged by the worker).
const MaxBubbles = 20

// Dropped is how many of the reply's messages Bubbles leaves out (past MaxBubbles).
func (r TypebotReply) Dropped() int { return max(len(r.Messages)-MaxBubbles, 0) }

// Bubbles are a reply's messages in order, the first MaxBubbles of them: each bubble (a
// video hosted by YouTube or Vimeo stays its link), then a choice input's options as "▶️
// option" lines.
func (r TypebotReply) Bubbles() []Bubble {
	var out []Bubble
	for _, m := range r.Messages[:len(r.Messages)-r.Dropped()] {
		u := strings.TrimSpace(m.Content.URL)
		switch {
		case m.Type == "text" && len(m.Content.RichText) > 0:
			out = appendText(out, richText(m.Content.RichText))
		case m.Type == "text":
			out = appendText(out, m.Content.Markdown)
		case u == "":
		case m.Type == "video" && m.Content.Type != "" && m.Content.Type != "url":
			out = appendText(out, u)
		default:
			out = append(out, Bubble{MediaURL: u, Kind: m.Type})
		}
	}
	if r.Input != nil && r.Input.Type == "choice input" && len(r.Input.Items) > 0 {
		lines := make([]string, 0, len(r.Input.Items))
		for _, it := range r.Input.Items {
			lines = append(lines, "▶️ "+strings.TrimSpace(it.Content))
		}
		out = appendText(out, strings.Join(lines, "\n"))
	}
	return out
}

func appendText(out []Bubble, s string) []Bubble {
	if s = strings.TrimSpace(s); s != "" {
		out = append(out, Bubble{Text: s})
	}
	return out
}

// Texts turns a reply into WhatsApp texts, in order: each bubble's text, a media
// bubble as its URL (the worker sends media as files: Bubbles).
func (r TypebotReply) Texts() []string {
	var out []string
	for _, b := range r.Bubbles() {
		if b.MediaURL != "" {
			out = append(out, b.MediaURL)
		} else {
			out = append(out, b.Text)
		}
	}
	return out
}

// richNode is a node of Typebot's rich text (Slate): an element with children, or a leaf
// with text and marks.
type richNode struct {
	Type          string     `json:"type"`
	URL           string     `json:"url"`
	Text          *string    `json:"text"`
	Bold          bool       `json:"bold"`
	Italic        bool       `json:"italic"`
	Strikethrough bool       `json:"strikethrough"`
	Code          bool       `json:"code"`
	Children      []richNode `json:"children"`
}

// richText renders rich text as WhatsApp markup: bold *x*, italic _x_, strike ~x~, code
// ```x```, a link as "text (url)" unless the text is the url, one line per paragraph.
func richText(raw json.RawMessage) string {
	var nodes []richNode
	if json.Unmarshal(raw, &nodes) != nil {
		return ""
	}
	lines := make([]string, 0, len(nodes))
	for _, n := range nodes {
		lines = append(lines, renderRich(n))
	}
	return strings.Join(lines, "\n")
}

func renderRich(n richNode) string {
	if n.Text != nil {
		return markText(*n.Text, n)
	}
	var b strings.Builder
	for _, c := range n.Children {
		b.WriteString(renderRich(c))
	}
	s := b.String()
	if n.Type == "a" && n.URL != "" && strings.TrimSpace(s) != n.URL {
		if strings.TrimSpace(s) == "" {
			return n.URL
		}
		return s + " (" + n.URL + ")"
	}
	return s
}

// markText wraps the trimmed text in the marks, keeping its outer spaces outside (WhatsApp
// ignores "* x*").
func markText(s string, n richNode) string {
	core := strings.TrimSpace(s)
	if core == "" {
		return s
	}
	lead, trail := s[:strings.Index(s, core)], s[strings.Index(s, core)+len(core):]
	for _, m := range []struct {
		on   bool
		mark string
	}{{n.Code, "```"}, {n.Strikethrough, "~"}, {n.Italic, "_"}, {n.Bold, "*"}} {
		if m.on {
			core = m.mark + core + m.mark
		}
	}
	return lead + core + trail
}
