// Package mask hides personal data from viewers who may not see it (LGPD) and secrets
// (API keys, service-account keys) from the forms that show them.
package mask

import "strings"

// SecretPrefix starts every masked secret: a form that sends it back keeps the stored one.
const SecretPrefix = "********"

// Secret shows a secret's last four characters only ("" stays "").
func Secret(secret string) string {
	if secret == "" {
		return ""
	}
	r := []rune(secret)
	if len(r) <= 8 {
		return SecretPrefix
	}
	return SecretPrefix + string(r[len(r)-4:])
}

// IsSecret reports whether s is what Secret (or a caller's own masked form) shows.
func IsSecret(s string) bool { return strings.HasPrefix(s, SecretPrefix) }

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
