// Package mask hides personal data from viewers who may not see it (LGPD).
package mask

// Visible is how many trailing characters of a masked number stay readable.
const Visible = 2

// Number replaces every character of a phone number but the last two with '*'.
func Number(n string) string {
	r := []rune(n)
	for i := 0; i < len(r)-Visible; i++ {
		r[i] = '*'
	}
	return string(r)
}
