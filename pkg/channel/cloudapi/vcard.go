package cloudapi

import (
	"regexp"
	"strings"
)

var telWaID = regexp.MustCompile(`waid=(\d+)`)

// ContactCard turns a vCard into the Cloud API contacts object (name and phones).
func ContactCard(vcard string) map[string]any {
	name := ""
	var phones []map[string]string
	for _, line := range strings.Split(strings.ReplaceAll(vcard, "\r\n", "\n"), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch {
		case strings.EqualFold(key, "FN"):
			name = strings.TrimSpace(value)
		case strings.HasPrefix(strings.ToUpper(key), "TEL"):
			p := map[string]string{"phone": strings.TrimSpace(value)}
			if m := telWaID.FindStringSubmatch(key); m != nil {
				p["wa_id"] = m[1]
			}
			phones = append(phones, p)
		}
	}
	first, _, _ := strings.Cut(name, " ")
	return map[string]any{"name": map[string]string{"formatted_name": name, "first_name": first}, "phones": phones}
}

// VCard turns a Cloud API contacts entry back into a vCard.
func VCard(name string, phones []string) string {
	var b strings.Builder
	b.WriteString("BEGIN:VCARD\nVERSION:3.0\nN:;" + name + ";;;\nFN:" + name + "\n")
	for _, p := range phones {
		d := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, p)
		b.WriteString("TEL;type=CELL;type=VOICE;waid=" + d + ":" + p + "\n")
	}
	b.WriteString("END:VCARD")
	return b.String()
}
