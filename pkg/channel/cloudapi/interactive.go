package cloudapi

import (
	"atende/pkg/channel"
	"atende/pkg/menu"
)

// Limits of WhatsApp's interactive messages (Cloud API reference, "Interactive object").
const (
	maxButtons     = 3
	maxButtonTitle = 20
	maxRows        = 10
	maxRowTitle    = 24
	maxRowDesc     = 72
	maxBody        = 1024
	listButton     = "Opções" // the list's open button
	defaultBody    = "Escolha uma opção:"
)

// interactive is the bot menu as reply buttons or a list, or nil when it does not fit
// (more choices than the style takes, or a greeting longer than a body): the text goes then.
func interactive(m *channel.Menu) map[string]any {
	text := m.Text
	if text == "" {
		text = defaultBody
	}
	if len([]rune(text)) > maxBody {
		return nil
	}
	body := map[string]any{"text": text}
	switch {
	case m.Style == menu.StyleButton && len(m.Choices) <= maxButtons:
		buttons := make([]any, len(m.Choices))
		for i, c := range m.Choices {
			buttons[i] = map[string]any{"type": "reply", "reply": map[string]string{"id": c.ID, "title": cut(c.Title, maxButtonTitle)}}
		}
		return map[string]any{"type": "button", "body": body, "action": map[string]any{"buttons": buttons}}
	case m.Style == menu.StyleList && len(m.Choices) <= maxRows:
		rows := make([]any, len(m.Choices))
		for i, c := range m.Choices {
			row := map[string]string{"id": c.ID, "title": cut(c.Title, maxRowTitle)}
			if len([]rune(c.Title)) > maxRowTitle {
				row["description"] = cut(c.Title, maxRowDesc)
			}
			rows[i] = row
		}
		return map[string]any{"type": "list", "body": body, "action": map[string]any{"button": listButton,
			"sections": []any{map[string]any{"title": "Menu", "rows": rows}}}}
	}
	return nil
}

// cut shortens s to n characters, ending in "…" when it had more.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
