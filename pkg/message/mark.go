package message

import "strings"

// SystemMark starts every text the system sends by itself (bot, timers; BEHAVIOUR §1:
// U+200E), so that the phone's echo of it is recognised as ours and never handled as a
// message typed on the phone.
const SystemMark = "\u200e"

// Marked prefixes a system text with SystemMark, once; a blank text stays blank.
func Marked(text string) string {
	if text == "" || strings.HasPrefix(text, SystemMark) {
		return text
	}
	return SystemMark + text
}
