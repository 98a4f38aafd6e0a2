package integration

import (
	"encoding/json"
	"testing"

	"atende/pkg/errs"
)

// Typebot's rich text as WhatsApp reads it: marks around the trimmed text, links with their
// URL, one line per paragraph, media as its URL, choices as "▶️" lines.
func TestTypebotTexts(t *testing.T) {
	raw := `{"messages":[
	  {"type":"text","content":{"type":"richText","richText":[
	    {"type":"p","children":[{"text":"Oi "},{"text":"Maria ","bold":true,"italic":true},{"text":"velho","strikethrough":true}]},
	    {"type":"p","children":[{"type":"a","url":"https://loja.example","children":[{"text":"nossa loja"}]}]},
	    {"type":"p","children":[{"type":"a","url":"https://x.example","children":[{"text":"https://x.example"}]}]}]}},
	  {"type":"image","content":{"url":"https://cdn.example/a.png"}},
	  {"type":"text","content":{"type":"markdown","markdown":"   "}}],
	 "input":{"type":"choice input","items":[{"content":"Sim"},{"content":" Não "}]}}`
	var r TypebotReply
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	got := r.Texts()
	want := []string{"Oi *_Maria_* ~velho~\nnossa loja (https://loja.example)\nhttps://x.example", "https://cdn.example/a.png", "▶️ Sim\n▶️ Não"}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("text %d: got %q, want %q", i, got[i], want[i])
		}
	}
}

func TestValidationPerType(t *testing.T) {
	str := func(s string) *string { return &s }
	cases := []struct {
		in    Input
		field string
	}{
		{Input{Name: str("Bot"), Type: str("typebot"), URLN8N: str("https://t.example")}, "typebotSlug"},
		{Input{Name: str("Bot"), Type: str("typebot"), URLN8N: str("https://t.example"), TypebotSlug: str("a/b")}, "typebotSlug"},
		{Input{Name: str("Hook"), Type: str("webhook"), URLN8N: str("javascript:alert(1)")}, "urlN8N"},
		{Input{Name: str("Ag"), Type: str("dialogflow"), ProjectName: str("p"), JSONContent: str(`{"client_email":"a","private_key":"x"}`)}, "jsonContent"},
	}
	for _, c := range cases {
		it := Integration{}
		err := c.in.apply(&it, true)
		e, ok := errs.As(err)
		if !ok || e.Fields[c.field] == "" {
			t.Fatalf("%+v: %v, want an error on %s", c.in, err, c.field)
		}
	}
	ok := Integration{}
	if err := (Input{Name: str("Hook"), Type: str("n8n"), URLN8N: str("https://n8n.example/w"), JSONContent: str("x")}).apply(&ok, true); err != nil || ok.JSONContent != "" {
		t.Fatalf("n8n: %v %+v", err, ok)
	}
}
