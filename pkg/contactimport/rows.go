package contactimport

import (
	"strings"
	"unicode/utf8"

	"atende/pkg/errs"
	"atende/pkg/sheet"
	"atende/pkg/validate"
)

// rowIn is one row as read: its spreadsheet row and its mapped cells.
type rowIn struct {
	Line                     int
	Name, Number, Email, Tag string
}

// item is a row ready to write.
type item struct {
	Name   string   `json:"name"`
	Number string   `json:"number"`
	Email  string   `json:"email"`
	Tags   []string `json:"-"`
}

// Refusal reasons.
const (
	ReasonNoNumber   = "Número ausente"
	ReasonBadNumber  = "Número inválido"
	ReasonLongNumber = "Número muito longo"
	ReasonNoName     = "Nome ausente"
	ReasonShortName  = "Nome muito curto (mínimo 2 caracteres)"
	ReasonBadEmail   = "E-mail inválido"
)

// Bounds of a contact's fields (pkg/contact's form).
const (
	nameMin, nameMax = 2, 250
	numberMax        = 50
	tagMax           = 50
)

// check normalises a row into an item, or says why it is refused (spec/2: a row without a
// name or a number is not imported). A name past the limit is cut.
func (in rowIn) check() (item, string) {
	raw := strings.TrimSpace(in.Number)
	switch {
	case raw == "":
		return item{}, ReasonNoNumber
	case utf8.RuneCountInString(raw) > numberMax:
		return item{}, ReasonLongNumber
	}
	number, ok := sheet.Normalise(raw)
	if !ok {
		return item{}, ReasonBadNumber
	}
	name := strings.Join(strings.Fields(in.Name), " ")
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		return item{}, ReasonNoName
	case n < nameMin:
		return item{}, ReasonShortName
	}
	email := strings.TrimSpace(in.Email)
	if email != "" {
		v := errs.Validation{}
		if validate.Email(v, "email", email); len(v) > 0 {
			return item{}, ReasonBadEmail
		}
	}
	return item{Name: sheet.Clip(name, nameMax), Number: number, Email: email, Tags: splitTags(in.Tag)}, ""
}

// splitTags reads a tags cell: names separated by commas, semicolons or bars.
func splitTags(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '|' }) {
		t = sheet.Clip(strings.Join(strings.Fields(t), " "), tagMax)
		if t == "" || seen[strings.ToLower(t)] || len(out) == MaxTags {
			continue
		}
		seen[strings.ToLower(t)] = true
		out = append(out, t)
	}
	return out
}

// merge folds a later row with the same number into an earlier one: its name, its e-mail
// when it has one, and both rows' tags.
func (it *item) merge(later item) {
	it.Name = later.Name
	if later.Email != "" {
		it.Email = later.Email
	}
	for _, t := range later.Tags {
		if len(it.Tags) < MaxTags && !containsFold(it.Tags, t) {
			it.Tags = append(it.Tags, t)
		}
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
