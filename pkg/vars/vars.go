// Package vars renders the message variables of BEHAVIOUR §11 ({{name}}, {{protocol}}, …)
// used by greetings, farewells, transfer and rating messages, flows and schedules.
// Rendering never HTML-escapes and runs in the company's time zone; an unknown token is
// left exactly as it was written.
package vars

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Values are what a message about one ticket can mention.
type Values struct {
	ContactName   string
	UserName      string
	Queue         string
	Connection    string
	Company       string
	TicketID      int64
	TicketCreated time.Time
	// Now is the moment of rendering; Location the company's time zone (UTC when nil).
	Now      time.Time
	Location *time.Location
}

var token = regexp.MustCompile(`\{\{\s*([A-Za-z_]+)\s*\}\}`)

// Pattern matches every rendering of text: its fixed parts as written, anything in place of
// each variable (their values change with the contact, the ticket and the hour), and blanks
// around it (texts are sent trimmed, whatever the form saved).
func Pattern(text string) *regexp.Regexp {
	text = strings.TrimSpace(text)
	var p strings.Builder
	p.WriteString(`(?s)^\s*`)
	last := 0
	for _, m := range token.FindAllStringIndex(text, -1) {
		p.WriteString(regexp.QuoteMeta(text[last:m[0]]) + `.*`)
		last = m[1]
	}
	p.WriteString(regexp.QuoteMeta(text[last:]) + `\s*$`)
	return regexp.MustCompile(p.String())
}

// Render replaces every known {{variable}} of text.
func Render(text string, v Values) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	table := v.table()
	return token.ReplaceAllStringFunc(text, func(m string) string {
		if val, ok := table[token.FindStringSubmatch(m)[1]]; ok {
			return val
		}
		return m
	})
}

func (v Values) table() map[string]string {
	loc := v.Location
	if loc == nil {
		loc = time.UTC
	}
	now := v.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = now.In(loc)
	date, hour := now.Format("02-01-2006"), fmt.Sprintf("%d:%02d:%02d", now.Hour(), now.Minute(), now.Second())
	t := map[string]string{
		"name":         v.ContactName,
		"firstName":    FirstName(v.ContactName),
		"userName":     v.UserName,
		"ms":           Greeting(now.Hour()),
		"date":         date,
		"hour":         hour,
		"data_hora":    date + " às " + hour,
		"queue":        v.Queue,
		"connection":   v.Connection,
		"name_company": v.Company,
	}
	if v.TicketID > 0 {
		t["ticket_id"] = strconv.FormatInt(v.TicketID, 10)
		t["protocol"] = Protocol(v.TicketCreated, v.TicketID, loc)
	}
	return t
}

// FirstName is the first word of a name.
func FirstName(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Greeting is the Portuguese greeting for an hour of the day (0–23).
func Greeting(hour int) string {
	switch {
	case hour < 6:
		return "Boa madrugada"
	case hour < 12:
		return "Bom dia"
	case hour < 18:
		return "Boa tarde"
	default:
		return "Boa noite"
	}
}

// Protocol is a ticket's fixed, unique protocol number: its creation date (yyyyMMdd, in
// the company's time zone) followed by its id (Atende's decision 10).
func Protocol(created time.Time, ticketID int64, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return created.In(loc).Format("20060102") + strconv.FormatInt(ticketID, 10)
}
