package contact

import (
	"strings"
	"unicode"

	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/validate"
)

// ExtraInfoInput is one custom field in a contact form.
type ExtraInfoInput struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Input is the contact form. Nil fields are kept (update) or defaulted (create); extraInfo
// and tags, when present, replace the contact's whole set. channel is read on create only.
type Input struct {
	Name      *string           `json:"name"`
	Number    *string           `json:"number"`
	Email     *string           `json:"email"`
	Channel   *string           `json:"channel"`
	ExtraInfo *[]ExtraInfoInput `json:"extraInfo"`
	Tags      *[]TagRef         `json:"tags"`
}

// apply validates in onto c. masked says the viewer sees masked numbers: a masked number
// sent back unchanged keeps the stored one.
func (in Input) apply(c *Contact, creating, masked bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		c.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", c.Name, 2, 250)
	}
	if in.Number != nil && !(masked && strings.Contains(*in.Number, "*")) || creating {
		c.Number = Digits(validate.Deref(in.Number))
		checkNumber(v, validate.Deref(in.Number), c.Number)
	}
	if in.Email != nil {
		c.Email = strings.TrimSpace(*in.Email)
		if c.Email != "" {
			validate.Email(v, "email", c.Email)
		}
	}
	if creating && in.Channel != nil {
		c.Channel = *in.Channel
		validate.OneOf(v, "channel", c.Channel, connection.Channels...)
	}
	if in.ExtraInfo != nil {
		for _, x := range *in.ExtraInfo {
			validate.Length(v, "extraInfo", x.Name, 1, 100)
			validate.Length(v, "extraInfo", x.Value, 0, validate.MaxText)
		}
	}
	return v.Err()
}

// MsgBadNumber says a filled number is no phone number (letters in it, or not one digit).
const MsgBadNumber = "Número inválido"

// checkNumber checks a number as typed (raw) and as kept (its digits, 8 to 50): a filled field
// that is no number is invalid, not missing.
func checkNumber(v errs.Validation, raw, digits string) {
	if strings.TrimSpace(raw) != "" && (digits == "" || strings.ContainsFunc(raw, unicode.IsLetter)) {
		v.Add("number", MsgBadNumber)
		return
	}
	validate.Length(v, "number", digits, 8, 50)
}

// Digits keeps only the digits of a phone number.
func Digits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) && r < 128 {
			return r
		}
		return -1
	}, s)
}
