// Package menu is the bot's numbered menu as text, and the choices read back from that
// text. The bot always writes the text (every channel and the inbox show it); when the
// company's chatBotType is "list" or "button", the send worker reads the choices back
// (Parse) and a channel that has interactive messages sends them as a list or buttons
// whose ids are the numbers the customer would type (BEHAVIOUR §2b: "replies from
// lists/buttons carry the 1-based index as id").
package menu

import (
	"regexp"
	"strconv"
	"strings"
)

// The two fixed entries after the numbered ones.
const (
	BackID = "#"
	EndID  = "Sair"

	backTitle = "Voltar ao menu principal"
	endTitle  = "Encerrar atendimento"
)

// Styles of chatBotType.
const (
	StyleText   = "text"
	StyleList   = "list"
	StyleButton = "button"
)

// Choice is one entry: the id the customer's reply carries, and its title.
type Choice struct {
	ID    string
	Title string
}

// Format is a greeting followed by "*[ n ]* - entry" lines, then "[#] back" for an option
// level, and "[Sair] end".
func Format(greeting string, entries []string, back bool) string {
	var sb strings.Builder
	if greeting != "" {
		sb.WriteString(greeting)
		sb.WriteString("\n\n")
	}
	for i, e := range entries {
		sb.WriteString(line(strconv.Itoa(i+1), e))
	}
	if back {
		sb.WriteString(line(BackID, backTitle))
	}
	sb.WriteString(strings.TrimSuffix(line(EndID, endTitle), "\n"))
	return sb.String()
}

func line(id, title string) string { return "*[ " + id + " ]* - " + title + "\n" }

var entry = regexp.MustCompile(`^\*\[ ([0-9]+|#|Sair) \]\* - (.+)$`)

// Parse reads a text Format wrote: the greeting and the choices. ok is false for any other
// text (no entries, or lines that are not entries after the first one).
func Parse(text string) (greeting string, choices []Choice, ok bool) {
	lines := strings.Split(text, "\n")
	first := -1
	for i, l := range lines {
		if entry.MatchString(l) {
			first = i
			break
		}
	}
	if first < 0 {
		return "", nil, false
	}
	for _, l := range lines[first:] {
		m := entry.FindStringSubmatch(l)
		if m == nil {
			return "", nil, false
		}
		choices = append(choices, Choice{ID: m[1], Title: m[2]})
	}
	return strings.TrimSpace(strings.Join(lines[:first], "\n")), choices, true
}
