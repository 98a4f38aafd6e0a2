package vars

import (
	"testing"
	"time"
)

func TestRender(t *testing.T) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	// 2025-03-09 02:05:07 UTC is 23:05:07 of the 8th in São Paulo.
	now := time.Date(2025, 3, 9, 2, 5, 7, 0, time.UTC)
	created := time.Date(2025, 1, 2, 1, 0, 0, 0, time.UTC) // 1 Jan 22:00 in São Paulo
	v := Values{ContactName: "Maria  da Silva", UserName: "Ana", Queue: "Vendas", Connection: "Loja",
		Company: "Acme & Filhos", TicketID: 42, TicketCreated: created, Now: now, Location: sp}
	cases := []struct{ in, want string }{
		{"Olá {{name}}", "Olá Maria  da Silva"},
		{"{{firstName}}, {{ms}}!", "Maria, Boa noite!"},
		{"{{ userName }} da fila {{queue}} ({{connection}})", "Ana da fila Vendas (Loja)"},
		{"{{date}} {{hour}}", "08-03-2025 23:05:07"},
		{"{{data_hora}}", "08-03-2025 às 23:05:07"},
		{"Protocolo {{protocol}} / #{{ticket_id}}", "Protocolo 2025010142 / #42"},
		{"{{name_company}} <b>", "Acme & Filhos <b>"}, // no HTML escaping
		{"{{unknown}} e {{ name", "{{unknown}} e {{ name"},
		{"sem variáveis", "sem variáveis"},
	}
	for _, c := range cases {
		if got := Render(c.in, v); got != c.want {
			t.Errorf("Render(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHourIsNotPaddedAndUTCByDefault(t *testing.T) {
	v := Values{Now: time.Date(2025, 5, 6, 7, 8, 9, 0, time.UTC)}
	if got := Render("{{hour}} {{ms}} {{protocol}}", v); got != "7:08:09 Bom dia {{protocol}}" {
		t.Fatalf("got %q", got)
	}
}

func TestGreetingBoundaries(t *testing.T) {
	want := map[int]string{0: "Boa madrugada", 5: "Boa madrugada", 6: "Bom dia", 11: "Bom dia",
		12: "Boa tarde", 17: "Boa tarde", 18: "Boa noite", 23: "Boa noite"}
	for h, w := range want {
		if g := Greeting(h); g != w {
			t.Errorf("Greeting(%d) = %q, want %q", h, g, w)
		}
	}
	if FirstName("   ") != "" || FirstName("João") != "João" {
		t.Error("FirstName")
	}
}

// Pattern matches the text however its variables render, and nothing else.
func TestPattern(t *testing.T) {
	re := Pattern("{{ms}}, {{ firstName }}! Férias (até 26) {{desconhecida}}")
	for s, want := range map[string]bool{
		"Bom dia, Maria! Férias (até 26) ":        true,
		"Boa noite, Ana Paula! Férias (até 26) ":  true,
		"Bom dia, Maria! Férias (até 27) ":        false,
		"Bom dia, Maria! Férias (até 26) x\nmais": true,
	} {
		if re.MatchString(s) != want {
			t.Errorf("%q: match %v, want %v", s, !want, want)
		}
	}
	if !Pattern("Sem variáveis (a.b)").MatchString("Sem variáveis (a.b)") || Pattern("a.b").MatchString("axb") {
		t.Error("fixed text must match as written")
	}
}
