package channel

import "strings"

// Bounds of inbound text. A message body is cut at WhatsApp's own maximum (65,536
// characters); names at the contact name's 250 and file names at 255.
const (
	MaxBody     = 65536
	MaxName     = 250
	MaxFileName = 255
)

// Clean makes an inbound event storable whatever a channel delivered: every text loses NUL
// characters and invalid UTF-8 (PostgreSQL refuses both, and one such message used to fail
// its whole delivery forever), and the body, names and file name are bounded. The inbound
// store applies it to every event of every channel.
func (e Event) Clean() Event {
	for _, s := range []*string{&e.Kind, &e.ProviderID, &e.From, &e.PictureURL, &e.Participant, &e.MediaType,
		&e.MediaPath, &e.QuotedProviderID, &e.TargetID} {
		*s = Text(*s, 0)
	}
	e.Body, e.VCard = Text(e.Body, MaxBody), Text(e.VCard, MaxBody)
	e.Name, e.MediaName = Text(e.Name, MaxName), Text(e.MediaName, MaxFileName)
	return e
}

// Text drops NUL characters and invalid UTF-8 from s and cuts it at max characters (0: no
// limit).
func Text(s string, max int) string {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
	if max > 0 && len(s) > max { // bytes ≥ runes: only long texts are counted
		if len(s) > 4*max { // no rune is longer than 4 bytes: the rest can't be kept
			s = strings.ToValidUTF8(s[:4*max], "")
		}
		if r := []rune(s); len(r) > max {
			s = string(r[:max])
		}
	}
	return s
}
