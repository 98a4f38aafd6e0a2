package sandbox

import (
	"reflect"
	"strings"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/menu"
)

// A bot menu for a list or buttons is recorded as such, when it fits WhatsApp's interactive
// messages, and its choices are read back from the text it keeps; anything else keeps its kind.
func TestSandboxMenuKinds(t *testing.T) {
	text := menu.Format("Olá!", []string{"Vendas", "Suporte"}, false)
	_, choices, _ := menu.Parse(text)
	out := func(style string, n int) channel.Outgoing {
		return channel.Outgoing{Kind: channel.KindText, Body: systemMark + text,
			Menu: &channel.Menu{Style: style, Text: "Olá!", Choices: make([]menu.Choice, n)}}
	}
	for _, c := range []struct {
		name string
		out  channel.Outgoing
		want string
	}{
		{"buttons", out(menu.StyleButton, 3), KindButton},
		{"too many buttons go as text", out(menu.StyleButton, 4), channel.KindText},
		{"list", out(menu.StyleList, 10), KindList},
		{"too many rows go as text", out(menu.StyleList, 11), channel.KindText},
		{"no menu", channel.Outgoing{Kind: channel.KindText, Body: "Oi"}, channel.KindText},
		{"greeting too long", channel.Outgoing{Kind: channel.KindText,
			Menu: &channel.Menu{Style: menu.StyleList, Text: strings.Repeat("a", maxMenuBody+1), Choices: choices}}, channel.KindText},
	} {
		if got := kindOf(c.out); got != c.want {
			t.Errorf("%s: kind %q, want %q", c.name, got, c.want)
		}
	}

	got := menuOf(KindButton, systemMark+text)
	want := &Menu{Style: KindButton, Text: "Olá!", Choices: []Choice{{"1", "Vendas"}, {"2", "Suporte"}, {"Sair", "Encerrar atendimento"}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("menu %+v, want %+v", got, want)
	}
	// No greeting: the mark opens the first entry's line.
	if m := menuOf(KindList, systemMark+menu.Format("", []string{"Vendas"}, true)); m == nil || m.Text != "" ||
		len(m.Choices) != 3 || m.Choices[1].ID != menu.BackID {
		t.Fatalf("menu without greeting: %+v", m)
	}
	if menuOf(channel.KindText, text) != nil || menuOf(KindList, "edited away") != nil {
		t.Fatal("a text, or a menu edited into a text, has no choices")
	}
}
