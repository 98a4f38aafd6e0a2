package sheet

import (
	"strings"
	"unicode/utf8"
)

var unaccent = strings.NewReplacer("á", "a", "à", "a", "â", "a", "ã", "a", "é", "e", "ê", "e", "í", "i", "ó", "o",
	"ô", "o", "õ", "o", "ú", "u", "ü", "u", "ç", "c", "ñ", "n", "ı", "i", "ş", "s", "ğ", "g", "ö", "o")

// HeaderKey is a header cell as headers are looked up: lowercase, without accents, a BOM
// or a trailing colon.
func HeaderKey(h string) string {
	key := strings.TrimSpace(unaccent.Replace(strings.ToLower(strings.TrimSpace(h))))
	return strings.TrimSuffix(strings.TrimPrefix(key, "\ufeff"), ":")
}

// Clean makes a cell safe to store: valid UTF-8, no NUL, trimmed.
func Clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.TrimSpace(strings.ReplaceAll(s, "\x00", ""))
}

// Clip bounds what is kept of a cell to n runes.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		return string([]rune(s)[:n])
	}
	return s
}
