package contactlist

import "testing"

// Numbers as people write them, normalised to digits with the country code; Brazil's
// mobiles written without their 9th digit get it, fixed lines and other countries don't.
func TestNormaliseNumber(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"11999990001", "5511999990001", true},
		{"(11) 99999-0001", "5511999990001", true},
		{"5511999990001", "5511999990001", true},
		{"+55 11 99999-0001", "5511999990001", true},
		{"0055 11 99999-0001", "5511999990001", true},
		// The 9th digit: a mobile written with 8 digits (6–9 first), with or without 55.
		{"1188880002", "5511988880002", true},
		{"11 8888-0002", "5511988880002", true},
		{"551188880002", "5511988880002", true},
		{"+55 81 8888-0002", "5581988880002", true},
		{"(21) 8777-0003", "5521987770003", true},
		// A number valid as written is kept (8 digits from 7: radio, not an old mobile).
		{"(21) 7777-0003", "552177770003", true},
		{"6196660004", "5561996660004", true},
		// Fixed lines (2–5 first) keep their 8 digits.
		{"1133330002", "551133330002", true},
		{"+55 11 3333-0002", "551133330002", true},
		{"4121210001", "554121210001", true},
		// Other countries are left as they are.
		{"+1 415 555 2671", "14155552671", true},
		{"+351 912 345 678", "351912345678", true},
		{"+54 9 11 2345-6789", "5491123456789", true},
		// Not numbers.
		{"123", "", false},
		{"1188", "", false},
		{"0088880002", "", false},
		{"+55 00 8888-0002", "", false},
		{"abc", "", false},
	} {
		got, ok := NormaliseNumber(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("NormaliseNumber(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
