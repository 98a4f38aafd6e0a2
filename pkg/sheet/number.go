package sheet

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// DefaultRegion is where a number written without its country code is taken to be.
const DefaultRegion = "BR"

// Normalise returns a number as digits with its country code (5511999990001), or
// false when it is not a valid phone number. A number with + or 00 is international; one
// without is read as Brazilian first, then as already carrying its country code.
func Normalise(s string) (string, bool) {
	s = strings.TrimSpace(s)
	digits := Digits(s)
	if len(digits) < 8 || len(digits) > 15+2 {
		return "", false
	}
	intl := strings.HasPrefix(s, "+") || strings.HasPrefix(digits, "00")
	if strings.HasPrefix(digits, "00") {
		digits = digits[2:]
	}
	if !intl {
		if n, ok := parse(digits, DefaultRegion); ok {
			return n, true
		}
	}
	return parse("+"+digits, "")
}

func parse(s, region string) (string, bool) {
	num, err := phonenumbers.Parse(s, region)
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", false
	}
	return strings.TrimPrefix(phonenumbers.Format(num, phonenumbers.E164), "+"), true
}

// Digits keeps a string's digits.
func Digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
