package validate

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Nullable is an optional request field that can also be cleared: absent (Set false),
// null or "" (Set, not Valid), or a value. Web forms send a cleared select or date as null
// or "", and a number as a string now and then; both read here.
type Nullable[T any] struct {
	Set   bool
	Valid bool
	Value T
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
	n.Set, n.Valid = true, false
	b = bytes.TrimSpace(b)
	if string(b) == "null" || string(b) == `""` {
		return nil
	}
	err := json.Unmarshal(b, &n.Value)
	if err != nil && len(b) > 1 && b[0] == '"' {
		// "12" for a number field
		if s, uerr := strconv.Unquote(string(b)); uerr == nil && json.Unmarshal([]byte(s), &n.Value) == nil {
			err = nil
		}
	}
	n.Valid = err == nil
	return err
}

// Of returns a pointer to the value, or nil when the field is null.
func (n Nullable[T]) Of() *T {
	if !n.Valid {
		return nil
	}
	v := n.Value
	return &v
}
