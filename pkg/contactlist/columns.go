package contactlist

import "atende/pkg/sheet"

// columns is where a sheet keeps each field (-1: absent).
type columns struct{ name, number, email int }

// mapColumns reads the header row: a number column is required.
func mapColumns(header []string) (columns, error) {
	c := columns{-1, -1, -1}
	for i, h := range header {
		switch sheet.FieldOf(h) {
		case "name":
			c.name = first(c.name, i)
		case "number":
			c.number = first(c.number, i)
		case "email":
			c.email = first(c.email, i)
		}
	}
	if c.number < 0 {
		return c, ErrWrongColumns
	}
	return c, nil
}

func first(cur, i int) int {
	if cur >= 0 {
		return cur
	}
	return i
}

// pick takes a row's fields; false for a blank row.
func (c columns) pick(cells []string) (row, bool) {
	cell := func(i int) string {
		if i < 0 || i >= len(cells) {
			return ""
		}
		return sheet.Clean(cells[i])
	}
	r := row{Name: cell(c.name), Number: cell(c.number), Email: cell(c.email)}
	return r, r.Name != "" || r.Number != "" || r.Email != ""
}
