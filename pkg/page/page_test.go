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
