package mask

import "testing"

func TestNumber(t *testing.T) {
	for in, want := range map[string]string{
		"5511999998888": "***********88",
		"12":            "12",
		"1":             "1",
		"":              "",
		"123":           "*23",
	} {
		if got := Number(in); got != want {
			t.Errorf("Number(%q) = %q, want %q", in, got, want)
		}
	}
}
