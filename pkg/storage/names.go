package storage

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameBytes bounds a file's name as we keep and show it (file systems allow 255).
const MaxNameBytes = 200

// CleanName is a sender's file name made safe to store, show and offer as a download: the
// last path element only, without control and format characters (the bidi overrides
// U+202A–U+202E and U+2066–U+2069, marks such as U+200E/U+200F, zero widths), without
// leading dots or "..", at most MaxNameBytes long with its extension kept. It may be "".
func CleanName(name string) string {
	name = strings.ToValidUTF8(name, "")
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r):
			return -1
		case strings.ContainsRune(`<>:"|?*`, r):
			return '_'
		}
		return r
	}, name)
	for strings.Contains(name, "..") {
		name = strings.ReplaceAll(name, "..", ".")
	}
	name = strings.TrimLeft(strings.TrimSpace(name), ". ")
	if len(name) <= MaxNameBytes {
		return name
	}
	ext := ""
	if i := strings.LastIndexByte(name, '.'); i > 0 && len(name)-i <= 16 {
		name, ext = name[:i], name[i:]
	}
	name = name[:MaxNameBytes-len(ext)]
	for !utf8.ValidString(name) { // cut inside a rune
		name = name[:len(name)-1]
	}
	return name + ext
}

// Disposition is the Content-Disposition of a served file (RFC 6266): inline or
// attachment, with the cleaned name as an ASCII fallback and in full as UTF-8 (filename*).
func Disposition(inline bool, name string) string {
	kind := "attachment"
	if inline {
		kind = "inline"
	}
	if name = CleanName(name); name == "" {
		return kind
	}
	var ascii, enc strings.Builder
	for _, r := range name {
		if r < 0x80 && r != '"' && r != '\\' && r != '%' {
			ascii.WriteRune(r)
		} else {
			ascii.WriteByte('_')
		}
	}
	for _, b := range []byte(name) {
		if attrChar(b) {
			enc.WriteByte(b)
		} else {
			enc.WriteString("%" + strings.ToUpper(strconv.FormatInt(int64(b)|0x100, 16)[1:]))
		}
	}
	return kind + `; filename="` + ascii.String() + `"; filename*=UTF-8''` + enc.String()
}

// attrChar: the bytes RFC 8187 lets through unencoded.
func attrChar(b byte) bool {
	return b < 0x80 && (unicode.IsLetter(rune(b)) || unicode.IsDigit(rune(b)) || strings.IndexByte("!#$&+-.^_`|~", b) >= 0)
}

// Owner reads the company and folder a stored path belongs to ("company3/messages/x.pdf").
func Owner(rel string) (companyID int64, folder string, ok bool) {
	parts := strings.SplitN(strings.TrimPrefix(rel, "/"), "/", 3)
	if len(parts) < 3 || !strings.HasPrefix(parts[0], "company") {
		return 0, "", false
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(parts[0], "company"), 10, 64)
	return id, parts[1], err == nil && id > 0
}
