package menu

import (
	"reflect"
	"testing"
)

func TestFormatReadsBack(t *testing.T) {
	for _, tc := range []struct {
		name     string
		greeting string
		entries  []string
		back     bool
		want     []Choice
	}{
		{"main menu", "Olá! Escolha:", []string{"Vendas", "Suporte"}, false,
			[]Choice{{"1", "Vendas"}, {"2", "Suporte"}, {EndID, endTitle}}},
		{"option level", "Financeiro\nescolha", []string{"Boleto"}, true,
			[]Choice{{"1", "Boleto"}, {BackID, backTitle}, {EndID, endTitle}}},
		{"no greeting", "", []string{"A"}, false, []Choice{{"1", "A"}, {EndID, endTitle}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := Format(tc.greeting, tc.entries, tc.back)
			greeting, choices, ok := Parse(text)
			if !ok || greeting != tc.greeting || !reflect.DeepEqual(choices, tc.want) {
				t.Fatalf("Parse(%q) = %q %v %v", text, greeting, choices, ok)
			}
		})
	}
	if got := Format("Oi", []string{"Vendas"}, false); got != "Oi\n\n*[ 1 ]* - Vendas\n*[ Sair ]* - Encerrar atendimento" {
		t.Fatalf("Format = %q", got)
	}
}

func TestParseRefusesOtherTexts(t *testing.T) {
	for _, text := range []string{"", "Olá, tudo bem?", "*[ 1 ]* - A\nthen a normal line", "*[ x ]* - A"} {
		if _, _, ok := Parse(text); ok {
			t.Errorf("Parse(%q) ok, want not a menu", text)
		}
	}
}
