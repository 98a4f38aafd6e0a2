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

func TestSecret(t *testing.T) {
	for in, want := range map[string]string{"": "", "curta": "********", "sk-1234567890abcd": "********abcd"} {
		if got := Secret(in); got != want || (in != "" && !IsSecret(got)) {
			t.Errorf("Secret(%q) = %q, want %q (masked)", in, got, want)
		}
	}
	if IsSecret("sk-real") {
		t.Error("a real key read as masked")
	}
}
