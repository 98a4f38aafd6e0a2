package contactimport

import "atende/pkg/sheet"

// Mapping says which column (0-based) feeds each contact field; nil: none.
type Mapping struct {
	Name   *int `json:"name"`
	Number *int `json:"number"`
	Email  *int `json:"email"`
	Tags   *int `json:"tags"`
}

// Selection says which rows (spreadsheet rows: the header is row 1) are imported: all of
// them but ExceptRows, or only Rows.
type Selection struct {
	AllRows    bool  `json:"allRows"`
	Rows       []int `json:"rows"`
	ExceptRows []int `json:"exceptRows"`
}

// guess maps the columns whose header names a field (the first of each).
func guess(header []string) Mapping {
	var m Mapping
	for i, h := range header {
		col := i
		switch sheet.FieldOf(h) {
		case sheet.FieldName:
			m.Name = first(m.Name, &col)
		case sheet.FieldNumber:
			m.Number = first(m.Number, &col)
		case sheet.FieldEmail:
			m.Email = first(m.Email, &col)
		case sheet.FieldTags:
			m.Tags = first(m.Tags, &col)
		}
	}
	return m
}

func first(cur, col *int) *int {
	if cur != nil {
		return cur
	}
	return col
}

// check validates a mapping against a header of n columns (spec/2: name and number must be
// mapped, a column feeds one field only).
func (m Mapping) check(n int) error {
	switch {
	case m.Name == nil:
		return ErrNameNotMapped
	case m.Number == nil:
		return ErrNumNotMapped
	}
	seen := map[int]bool{}
	for _, c := range []*int{m.Name, m.Number, m.Email, m.Tags} {
		if c == nil {
			continue
		}
		if *c < 0 || *c >= n {
			return ErrBadColumn
		}
		if seen[*c] {
			return ErrColumnTwice
		}
		seen[*c] = true
	}
	return nil
}

// check validates a selection: at least one row, a bounded list.
func (s Selection) check() error {
	switch {
	case len(s.Rows)+len(s.ExceptRows) > MaxPicked:
		return ErrTooManyPicked
	case !s.AllRows && len(s.Rows) == 0:
		return ErrNoneSelected
	}
	return nil
}

// picks is a selection as a lookup.
type picks struct {
	all  bool
	rows map[int]bool
}

func (s Selection) picks() picks {
	p := picks{all: s.AllRows, rows: map[int]bool{}}
	list := s.Rows
	if s.AllRows {
		list = s.ExceptRows
	}
	for _, r := range list {
		p.rows[r] = true
	}
	return p
}

// has reports whether row line is selected.
func (p picks) has(line int) bool { return p.all != p.rows[line] }

// cell reads column c of a row ("" when unmapped or short).
func cell(cells []string, c *int) string {
	if c == nil || *c >= len(cells) {
		return ""
	}
	return sheet.Clean(cells[*c])
}
