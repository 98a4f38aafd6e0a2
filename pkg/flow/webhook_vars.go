package flow

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Bounds of the variables a webhook payload gives its run: a caller can't grow a run's
// state (stored with every step) beyond a few hundred kilobytes.
const (
	WebhookMaxVars     = 200  // variables taken, in key order
	WebhookMaxDepth    = 5    // levels of nesting followed ("a.b.c.d.e")
	WebhookMaxKeyBytes = 100  // a flattened key longer than this is dropped
	WebhookMaxValue    = 1000 // runes of a value kept
)

// WebhookVars flattens a webhook payload into flow variables: nested keys joined by dots
// ("lead.name", "items.0.sku"), scalars as text (null as ""), usable as {{lead.name}} in
// the flow's texts and conditions. Keys a {{…}} token can't name (spaces, braces) and
// anything past the bounds are left out.
func WebhookVars(doc map[string]any) map[string]string {
	out := map[string]string{}
	flatten(out, "", doc, 0)
	return out
}

func flatten(out map[string]string, prefix string, v any, depth int) {
	if len(out) >= WebhookMaxVars {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if depth >= WebhookMaxDepth {
			return
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if usableKey(k) {
				flatten(out, join(prefix, k), x[k], depth+1)
			}
		}
	case []any:
		if depth >= WebhookMaxDepth {
			return
		}
		for i, e := range x {
			flatten(out, join(prefix, strconv.Itoa(i)), e, depth+1)
		}
	default:
		if prefix == "" || len(prefix) > WebhookMaxKeyBytes {
			return
		}
		out[prefix] = scalar(x)
	}
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// usableKey: a key that a {{…}} token can name.
func usableKey(k string) bool {
	if k == "" || strings.ContainsAny(k, "{}.") {
		return false
	}
	return !strings.ContainsFunc(k, unicode.IsSpace)
}

// scalar is a JSON scalar as text, cut to WebhookMaxValue runes.
func scalar(v any) string {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		s = strconv.FormatBool(x)
	}
	if r := []rune(s); len(r) > WebhookMaxValue {
		s = string(r[:WebhookMaxValue])
	}
	return s
}
