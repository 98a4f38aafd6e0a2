package sheet

import (
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// DefaultRegion is where a number written without its country code is taken to be.
const DefaultRegion = "BR"

// brazil is Brazil's country calling code.
const brazil = 55

// Normalise returns a number as digits with its country code (5511999990001), or false
// when it is not a valid phone number. A number with + or 00 is international; one without
// is read as Brazilian first, then as already carrying its country code. A Brazilian mobile
// written as before its 9th digit (an area code and 8 digits from 6 to 9) gets the 9
// (addNinthDigit).
func Normalise(s string) (string, bool) {
	s = strings.TrimSpace(s)
	digits := Digits(s)
	if len(digits) < 8 || len(digits) > 15+2 {
		return "", false
	}
	intl := strings.HasPrefix(s, "+") || strings.HasPrefix(digits, "00")
	digits = strings.TrimPrefix(digits, "00")
	if !intl {
		if n, ok := parse(digits, DefaultRegion); ok {
			return n, true
		}
	}
	return parse("+"+digits, "")
}

func parse(s, region string) (string, bool) {
	num, err := phonenumbers.Parse(s, region)
	if err != nil {
		return "", false
	}
	if !phonenumbers.IsValidNumber(num) {
		if num, err = addNinthDigit(num); err != nil || num == nil {
			return "", false
		}
	}
	return strings.TrimPrefix(phonenumbers.Format(num, phonenumbers.E164), "+"), true
}

// addNinthDigit: Brazil's mobiles took a 9 in front of their 8 digits (2012–2016), so a
// number people still write the old way (DDD + 8 digits starting 6–9, invalid today) is
// that mobile with the 9. It answers nil when num is not such a number; a fixed line
// (8 digits starting 2–5) never changes.
func addNinthDigit(num *phonenumbers.PhoneNumber) (*phonenumbers.PhoneNumber, error) {
	national := strconv.FormatUint(num.GetNationalNumber(), 10)
	if num.GetCountryCode() != brazil || len(national) != 10 || national[2] < '6' {
		return nil, nil
	}
	fixed, err := phonenumbers.Parse("+55"+national[:2]+"9"+national[2:], "")
	if err != nil || !phonenumbers.IsValidNumber(fixed) || phonenumbers.GetNumberType(fixed) != phonenumbers.MOBILE {
		return nil, err
	}
	return fixed, nil
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
