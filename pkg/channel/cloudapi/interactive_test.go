package cloudapi

import (
	"strings"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/menu"
)

func choices(n int, title string) []menu.Choice {
	out := make([]menu.Choice, n)
	for i := range out {
		out[i] = menu.Choice{ID: string(rune('1' + i)), Title: title}
	}
	return out
}

func TestInteractiveMenus(t *testing.T) {
	long := strings.Repeat("x", 30)
	for _, tc := range []struct {
		name  string
		menu  channel.Menu
		kind  string // "" = falls back to text
		check func(t *testing.T, it map[string]any)
	}{
		{"three buttons", channel.Menu{Style: menu.StyleButton, Text: "Oi", Choices: choices(3, "Vendas")}, "button", nil},
		{"four buttons go as text", channel.Menu{Style: menu.StyleButton, Choices: choices(4, "A")}, "", nil},
		{"list of ten", channel.Menu{Style: menu.StyleList, Choices: choices(10, long)}, "list",
			func(t *testing.T, it map[string]any) {
				rows := it["action"].(map[string]any)["sections"].([]any)[0].(map[string]any)["rows"].([]any)
				row := rows[0].(map[string]string)
				if len([]rune(row["title"])) != maxRowTitle || row["description"] != long {
					t.Fatalf("row %+v", row)
				}
				if it["body"].(map[string]any)["text"] != defaultBody {
					t.Fatalf("body %+v", it["body"])
				}
			}},
		{"list of eleven goes as text", channel.Menu{Style: menu.StyleList, Choices: choices(11, "A")}, "", nil},
		{"greeting longer than a body", channel.Menu{Style: menu.StyleList, Text: strings.Repeat("a", 1025), Choices: choices(2, "A")}, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			it := interactive(&tc.menu)
			if tc.kind == "" {
				if it != nil {
					t.Fatalf("got %+v, want text", it)
				}
				return
			}
			if it == nil || it["type"] != tc.kind {
				t.Fatalf("got %+v, want %s", it, tc.kind)
			}
			if tc.check != nil {
				tc.check(t, it)
			}
		})
	}
}
