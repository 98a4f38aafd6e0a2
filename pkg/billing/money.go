package billing

import (
	"database/sql/driver"
	"fmt"
	"strconv"
	"strings"
)

// Cents is an amount in BRL cents; it reads and writes the database's numeric(12,2) and
// JSON as a number with 2 decimals, so no float ever decides whether a payment matches.
type Cents int64

// String is "49.00".
func (c Cents) String() string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// MarshalJSON writes a number with 2 decimals.
func (c Cents) MarshalJSON() ([]byte, error) { return []byte(c.String()), nil }

// ParseCents reads "49", "49.5" or "49.00" (a provider's amount, a numeric column).
func ParseCents(s string) (Cents, error) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 || whole == "" || strings.HasPrefix(whole, "-") {
		return 0, fmt.Errorf("invalid amount %q", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid amount %q", s)
	}
	frac += strings.Repeat("0", 2-len(frac))
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid amount %q", s)
	}
	return Cents(w*100 + f), nil
}

// Value stores "49.00".
func (c Cents) Value() (driver.Value, error) { return c.String(), nil }

// Scan reads a numeric.
func (c *Cents) Scan(v any) error {
	var s string
	switch t := v.(type) {
	case string:
		s = t
	case []byte:
		s = string(t)
	case float64:
		s = strconv.FormatFloat(t, 'f', 2, 64)
	case int64:
		s = strconv.FormatInt(t, 10)
	default:
		return fmt.Errorf("cannot scan %T into Cents", v)
	}
	p, err := ParseCents(s)
	*c = p
	return err
}
