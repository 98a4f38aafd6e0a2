package flowrun

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"atende/pkg/connection"
	"atende/pkg/vars"
)

var token = regexp.MustCompile(`\{\{\s*([^{}\s]+)\s*\}\}`)

// maxRendered bounds a rendered flow text in bytes while it is built: no channel takes
// more than connection.MaxText("") characters (4 bytes each at most), so whatever passes
// it is cut anyway (fit), and a template repeating a long answer cannot grow to megabytes.
var maxRendered = 4 * connection.MaxText("")

// text renders a flow text in one pass over the admin's template: each {{key}} becomes the
// run's variable (a question's answer, a webhook's field) or else the standard one (§11);
// an unknown {{…}} stays as written (decision 9). Substituted values are never scanned
// again: an answer is what the customer typed, not a template, so "{{name}}" typed stays
// "{{name}}" and cannot pull in other variables or multiply itself.
func (s *stepper) text(t string) string {
	if !strings.Contains(t, "{{") {
		return t
	}
	var b strings.Builder
	last := 0
	for _, m := range token.FindAllStringSubmatchIndex(t, -1) {
		b.WriteString(t[last:m[0]])
		last = m[1]
		whole, key := t[m[0]:m[1]], t[m[2]:m[3]]
		if v, ok := s.out.State.Vars[key]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(vars.Render(whole, s.in.Values)) // one token: its value, or as written
		}
		if b.Len() > maxRendered {
			return b.String()[:maxRendered] // fit cuts it to the channel (and to whole runes)
		}
	}
	b.WriteString(t[last:])
	return b.String()
}

// fit cuts a flow text to what channel delivers (connection.MaxText, counted in characters
// as message.checkLength counts an attendant's text): a flow's message is the bot's, so it
// is cut rather than refused, which would stall the run.
func fit(body, channel string) string {
	limit := connection.MaxText(channel)
	if len(body) <= limit { // bytes ≥ characters
		return body
	}
	body = strings.ToValidUTF8(body, "")
	if r := []rune(body); len(r) > limit {
		body = string(r[:limit])
	}
	return body
}

// lookup is a condition's variable: the run's, else a standard one, else "".
func (s *stepper) lookup(key string) string {
	key = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(key), "{{"), "}}"))
	if v, ok := s.out.State.Vars[key]; ok {
		return v
	}
	if v := vars.Render("{{"+key+"}}", s.in.Values); v != "{{"+key+"}}" {
		return v
	}
	return ""
}

// Compare applies a condition operator (flow.Operators); numbers compare as numbers when
// both sides are numbers, texts case-insensitively.
func Compare(left, op, right string) bool {
	l, r := strings.TrimSpace(left), strings.TrimSpace(right)
	lf, lerr := strconv.ParseFloat(strings.ReplaceAll(l, ",", "."), 64)
	rf, rerr := strconv.ParseFloat(strings.ReplaceAll(r, ",", "."), 64)
	numeric := lerr == nil && rerr == nil
	cmp := strings.Compare(strings.ToLower(l), strings.ToLower(r))
	if numeric {
		cmp = 0
		if lf < rf {
			cmp = -1
		} else if lf > rf {
			cmp = 1
		}
	}
	switch op {
	case "==":
		return cmp == 0
	case "!=":
		return cmp != 0
	case "contains":
		return strings.Contains(strings.ToLower(l), strings.ToLower(r))
	case "notContains":
		return !strings.Contains(strings.ToLower(l), strings.ToLower(r))
	case ">":
		return cmp > 0
	case "<":
		return cmp < 0
	case ">=":
		return cmp >= 0
	case "<=":
		return cmp <= 0
	}
	return false
}

// seconds reads an interval, bounded by MaxInterval.
func seconds(n json.Number) time.Duration {
	d := time.Duration(num(n) * float64(time.Second))
	return min(max(d, 0), MaxInterval)
}

func num(n json.Number) float64 {
	f, _ := strconv.ParseFloat(strings.TrimSpace(string(n)), 64)
	return f
}

func itoa(n int) string { return strconv.Itoa(n) }
