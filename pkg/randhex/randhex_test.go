package randhex

import (
	"encoding/hex"
	"testing"
)

// Every caller relies on the length (2n digits) and on two calls differing.
func TestString(t *testing.T) {
	for _, n := range []int{0, 8, 16, 24} {
		a, b := String(n), String(n)
		if len(a) != 2*n || len(b) != 2*n {
			t.Fatalf("String(%d): lengths %d %d, want %d", n, len(a), len(b), 2*n)
		}
		if _, err := hex.DecodeString(a); err != nil {
			t.Fatalf("String(%d) = %q: %v", n, a, err)
		}
		if n > 0 && a == b {
			t.Fatalf("String(%d) twice: %q", n, a)
		}
	}
}
