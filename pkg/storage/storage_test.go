package storage

import (
	"bytes"
	"errors"
	"io"
	"net/url"
	"strings"
	"testing"
)

var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

func TestSaveSignOpen(t *testing.T) {
	s := Store{Dir: t.TempDir(), Secret: []byte("k"), Prefix: "/media"}
	rel, err := s.Save(3, "users", bytes.NewReader(png), 1<<20, "image/")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rel, "company3/users/") || !strings.HasSuffix(rel, ".png") {
		t.Fatalf("unexpected path %q", rel)
	}
	u, _ := url.Parse(s.URL(rel))
	exp, sig := QueryValues(u.Query())
	f, err := s.Open(strings.TrimPrefix(u.Path, "/media/"), exp, sig)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(f)
	f.Close()
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
