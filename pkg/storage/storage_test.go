package storage

import (
	"bytes"
	"errors"
	"io"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

func TestSaveSignOpen(t *testing.T) {
	s := Store{Dir: t.TempDir(), Secret: []byte("k"), Prefix: "/media"}
	f, err := s.Save(3, "users", bytes.NewReader(png), 1<<20, "image/")
	if err != nil {
		t.Fatal(err)
	}
	rel := f.Path
	if f.MIME != "image/png" {
		t.Fatalf("sniffed %q, want image/png", f.MIME)
	}
	if !strings.HasPrefix(rel, "company3/users/") || !strings.HasSuffix(rel, ".png") {
		t.Fatalf("unexpected path %q", rel)
	}
	u, _ := url.Parse(s.URL(rel))
	exp, sig := QueryValues(u.Query())
	file, err := s.Open(strings.TrimPrefix(u.Path, "/media/"), exp, sig)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(file)
	file.Close()
	if !bytes.Equal(got, png) {
		t.Fatal("content differs")
	}
	for name, try := range map[string][3]string{
		"tampered signature": {rel, exp, strings.Repeat("0", 32)},
		"other file":         {"company4/users/x.png", exp, sig},
		"expired":            {rel, "1", sig},
		"path traversal":     {"../" + rel, exp, sig},
	} {
		if _, err := s.Open(try[0], try[1], try[2]); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}

func TestSaveRefusesTypeAndSize(t *testing.T) {
	s := Store{Dir: t.TempDir(), Secret: []byte("k")}
	if _, err := s.Save(1, "users", strings.NewReader("#!/bin/sh\necho hi"), 1<<20, "image/"); !errors.Is(err, ErrBadType) {
		t.Fatalf("script accepted as image: %v", err)
	}
	big := append(append([]byte{}, png...), bytes.Repeat([]byte{0}, 2048)...)
	if _, err := s.Save(1, "users", bytes.NewReader(big), 1024, "image/"); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("oversize accepted: %v", err)
	}
}

// A file's type is what its bytes say: HTML is never an image, SVG is never shown inline,
// and a list of prefixes never lets a page through.
func TestSaveSniffsTheBytes(t *testing.T) {
	s := Store{Dir: t.TempDir(), Secret: []byte("k")}
	html := "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"
	f, err := s.Save(1, "messages", strings.NewReader(html), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if f.MIME != "text/html" || Inline(f.MIME) || strings.HasSuffix(f.Path, ".pdf") {
		t.Fatalf("html stored as %+v (inline %v)", f, Inline(f.MIME))
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`
	for _, list := range [][]string{{"image/"}, {"application/"}, {"image/", "text/"}} {
		for _, body := range []string{svg, html} {
			if _, err := s.Save(1, "users", strings.NewReader(body), 1<<20, list...); !errors.Is(err, ErrBadType) {
				t.Errorf("%.20q accepted by %v: %v", body, list, err)
			}
		}
	}
	if f, err := s.Save(1, "quickMessage", strings.NewReader("nome,valor\nana,1\nbia,2\n"), 1<<20, "text/"); err != nil || f.MIME != "text/csv" {
		t.Errorf("csv refused by text/: %+v %v", f, err)
	}
	for ctype, want := range map[string]bool{"image/png": true, "image/svg+xml": false, "audio/ogg": true,
		"video/mp4": true, "application/pdf": true, "text/html": false, "application/xhtml+xml": false,
		"text/plain": false, "application/zip": false, "text/javascript": false} {
		if Inline(ctype) != want {
			t.Errorf("Inline(%q) = %v, want %v", ctype, !want, want)
		}
	}
}

func TestCleanName(t *testing.T) {
	long := strings.Repeat("é", 150) + ".pdf"
	for in, want := range map[string]string{
		"invoice.pdf":                       "invoice.pdf",
		"fatura\u202Efdp.exe":               "faturafdp.exe",
		"../../etc/passwd":                  "passwd",
		`..\..\windows\win.ini`:             "win.ini",
		"a\u2066b\u2069c\u200e\u200f\u061c": "abc",
		"..":                                "",
		"...hidden..tar.gz":                 "hidden.tar.gz",
		"line\nbreak\x00\x7f.txt":           "linebreak.txt",
		"bad\xffutf8.txt":                   "badutf8.txt",
		`what"is<this>?.txt`:                "what_is_this__.txt",
		"relatório de março.pdf":            "relatório de março.pdf",
		"zero\u200bwidth\ufeff.png":         "zerowidth.png",
		"x/y\u2028z.doc":                    "yz.doc",
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
	got := CleanName(long)
	if len(got) > MaxNameBytes || !strings.HasSuffix(got, ".pdf") || !utf8.ValidString(got) {
		t.Errorf("long name cut to %d bytes %q", len(got), got)
	}
}

func TestDisposition(t *testing.T) {
	for _, c := range []struct {
		inline bool
		name   string
		want   string
	}{
		{true, "foto.png", `inline; filename="foto.png"; filename*=UTF-8''foto.png`},
		{false, "relatório final.pdf", `attachment; filename="relat_rio final.pdf"; filename*=UTF-8''relat%C3%B3rio%20final.pdf`},
		{false, "fatura\u202Efdp.exe", `attachment; filename="faturafdp.exe"; filename*=UTF-8''faturafdp.exe`},
		{false, `50%"off".txt`, `attachment; filename="50__off_.txt"; filename*=UTF-8''50%25_off_.txt`},
		{false, "..", "attachment"},
	} {
		if got := Disposition(c.inline, c.name); got != c.want {
			t.Errorf("Disposition(%v, %q) = %s, want %s", c.inline, c.name, got, c.want)
		}
	}
}

func TestOwner(t *testing.T) {
	if id, folder, ok := Owner("company12/messages/ab.pdf"); !ok || id != 12 || folder != "messages" {
		t.Fatalf("got %d %q %v", id, folder, ok)
	}
	for _, rel := range []string{"company/messages/x", "companyx/messages/x", "company3/x", "users/x/y", "company-1/m/x"} {
		if _, _, ok := Owner(rel); ok {
			t.Errorf("%q: owned", rel)
		}
	}
}

func TestAudioOnly(t *testing.T) {
	cases := []struct{ sniffed, declared, want string }{
		{"video/webm", "audio/webm;codecs=opus", "audio/webm"},
		{"application/ogg", "audio/ogg", "audio/ogg"},
		{"video/mp4", "audio/mp4", "audio/mp4"},
		{"video/webm", "video/webm", "video/webm"},
		{"text/html", "audio/ogg", "text/html"}, // never a page turned into audio
		{"application/pdf", "audio/mpeg", "application/pdf"},
	}
	for _, c := range cases {
		if got := AudioOnly(c.sniffed, c.declared); got != c.want {
			t.Errorf("AudioOnly(%q, %q) = %q, want %q", c.sniffed, c.declared, got, c.want)
		}
	}
}
