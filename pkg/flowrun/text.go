package flowrun

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"atende/pkg/vars"
)

var token = regexp.MustCompile(`\{\{\s*([^{}\s]+)\s*\}\}`)

// text renders a flow text: the run's variables ({{answerKey}}) first, then the standard
// ones (§11); an unknown {{…}} stays as written (decision 9).
func (s *stepper) text(t string) string {
	if !strings.Contains(t, "{{") {
		return t
	}
	t = token.ReplaceAllStringFunc(t, func(m string) string {
		if v, ok := s.out.State.Vars[token.FindStringSubmatch(m)[1]]; ok {
			return v
		}
		return m
	})
	return vars.Render(t, s.in.Values)
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
