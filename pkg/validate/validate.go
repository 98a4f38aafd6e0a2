// Package validate has the small checks the spec's forms need, writing into an errs.Validation.
package validate

import (
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"atende/pkg/errs"
)

// Messages the spec uses for its forms.
const (
	MsgRequired  = "Obrigatório"
	MsgTooShort  = "Too Short!"
	MsgTooLong   = "Too Long!"
	MsgBadEmail  = "Email inválido"
	MsgBadOption = "Opção inválida"
	MsgBadTime   = "Horário inválido (HH:mm)"
	MsgNegative  = "Informe um número inteiro não negativo"
)

// MaxText bounds free-text fields (messages a queue or connection sends).
const MaxText = 4000

// MaxEmail is the longest e-mail address (RFC 5321's path limit).
const MaxEmail = 254

// Length checks that s (trimmed) has between min and max characters; min > 0 means required.
func Length(v errs.Validation, field, s string, min, max int) {
	n := utf8.RuneCountInString(strings.TrimSpace(s))
	switch {
	case n == 0 && min > 0:
		v.Add(field, MsgRequired)
	case n < min:
		v.Add(field, MsgTooShort)
	case n > max:
		v.Add(field, MsgTooLong)
	}
}

// Email checks a required e-mail address.
func Email(v errs.Validation, field, s string) {
	s = strings.TrimSpace(s)
	if s == "" {
		v.Add(field, MsgRequired)
		return
	}
	if len(s) > MaxEmail {
		v.Add(field, MsgTooLong)
		return
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndex(s, "@"):], ".") {
		v.Add(field, MsgBadEmail)
	}
}

// OneOf checks that s is one of allowed.
func OneOf(v errs.Validation, field, s string, allowed ...string) {
	if !slices.Contains(allowed, s) {
		v.Add(field, MsgBadOption)
	}
}

var hhmm = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)

// Time checks an HH:mm time of day.
func Time(v errs.Validation, field, s string) {
	if !hhmm.MatchString(s) {
		v.Add(field, MsgBadTime)
	}
}

// NonNegative checks that n is zero or more, and at most MaxNumber.
func NonNegative(v errs.Validation, field string, n int) {
	switch {
	case n < 0:
		v.Add(field, MsgNegative)
	case n > MaxNumber:
		v.Add(field, MsgTooLarge)
	}
}

// MaxNumber bounds counts, orders and minutes: their columns are 32-bit and a number of
// minutes must stay a time.Duration.
const MaxNumber = 100_000_000

// MsgTooLarge refuses a number past MaxNumber.
var MsgTooLarge = fmt.Sprintf("Informe um número de até %d", MaxNumber)

// SetText copies an optional free-text field onto dst (nil leaves dst) and checks MaxText.
func SetText(v errs.Validation, field string, dst *string, src *string) {
	Each(map[string]Pair[string]{field: {Dst: dst, Src: src}}, TextCheck(v))
}

// TextCheck is an Each check of free text (at most MaxText characters).
func TextCheck(v errs.Validation) func(string, string) {
	return func(field, s string) { Length(v, field, s, 0, MaxText) }
}

// OptionCheck is an Each check that the value is one of allowed.
func OptionCheck(v errs.Validation, allowed ...string) func(string, string) {
	return func(field, s string) { OneOf(v, field, s, allowed...) }
}

// Deref returns *s, or "" for nil.
func Deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// Pair is an optional request field and where it goes.
type Pair[T any] struct {
	Dst *T
	Src *T
}

// Each copies every present (non-nil) source onto its destination and runs check, when
// given, on the field name and value.
func Each[T any](pairs map[string]Pair[T], check func(field string, value T)) {
	for field, p := range pairs {
		if p.Src == nil {
			continue
		}
		*p.Dst = *p.Src
		if check != nil {
			check(field, *p.Dst)
		}
	}
}
