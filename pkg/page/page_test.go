package page

import "testing"

func TestOffset(t *testing.T) {
	for _, c := range []struct{ page, want int }{{-1, 0}, {0, 0}, {1, 0}, {2, 20}, {3, 40}} {
		if got := Offset(c.page, Size); got != c.want {
			t.Errorf("Offset(%d) = %d, want %d", c.page, got, c.want)
		}
	}
}

func TestLikeEscapesWildcards(t *testing.T) {
	for in, want := range map[string]string{"ana": "%ana%", "50%": `%50\%%`, "a_b": `%a\_b%`, `c:\x`: `%c:\\x%`} {
		if got := Like(in); got != want {
			t.Errorf("Like(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumberClampsWhatAClientSends(t *testing.T) {
	for in, want := range map[string]int{"": 1, "abc": 1, "1e18": 1, "-3": 1, "0": 1, "1": 1, " 7 ": 7,
		"1000000": MaxNumber, "1000001": MaxNumber, "9223372036854775807": MaxNumber,
		"99999999999999999999": MaxNumber, "-99999999999999999999": 1} {
		if got := Number(in); got != want {
			t.Errorf("Number(%q) = %d, want %d", in, got, want)
		}
	}
	if got := Offset(9223372036854775807, Size); got != (MaxNumber-1)*Size {
		t.Errorf("Offset(MaxInt64) = %d, want %d", got, (MaxNumber-1)*Size)
	}
}
