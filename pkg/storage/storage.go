// Package storage keeps uploaded and downloaded media on local disk, one folder per company,
// and hands them out only through signed, expiring URLs: there is no public folder listing,
// and a URL made for one company's file can't be turned into another's.
package storage

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gabriel-vasile/mimetype"

	"atende/pkg/errs"
	"atende/pkg/randhex"
)

// Store writes files under Dir and signs URLs with Secret.
type Store struct {
	Dir    string
	Secret []byte
	// Prefix is the URL path the api serves media from.
	Prefix string
}

// ErrBadType is returned for an upload whose content type isn't allowed.
var ErrBadType = errs.New(http.StatusBadRequest, "ERR_INVALID_FILE_TYPE", "Tipo de arquivo não permitido.")

// ErrTooLarge is returned for an upload over the size limit.
var ErrTooLarge = errs.New(http.StatusRequestEntityTooLarge, "ERR_FILE_TOO_LARGE", "Arquivo muito grande.")

// File is a stored file: its path under Dir and the type sniffed from its bytes.
type File struct {
	Path string
	MIME string
}

// Save stores r for companyID under folder. Its type is sniffed from its bytes (never the
// sender's word) and must start with one of allowed (e.g. "image/"; none: any type). The
// file is named at random with the extension of the sniffed type.
func (s Store) Save(companyID int64, folder string, r io.Reader, maxBytes int64, allowed ...string) (File, error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return File{}, err
	}
	head = head[:n]
	m := mimetype.Detect(head)
	ctype := baseType(m.String())
	if !Allowed(ctype, allowed...) {
		return File{}, ErrBadType
	}
	rel := filepath.Join(fmt.Sprintf("company%d", companyID), folder, randhex.String(16)+m.Extension())
	full := filepath.Join(s.Dir, rel)
	if err := os.MkdirAll(filepath.Dir(full), 0o750); err != nil {
		return File{}, err
	}
	f, err := os.CreateTemp(filepath.Dir(full), ".upload-*")
	if err != nil {
		return File{}, err
	}
	defer os.Remove(f.Name())
	written, err := io.Copy(f, io.LimitReader(io.MultiReader(bytes.NewReader(head), r), maxBytes+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return File{}, err
	}
	if written > maxBytes {
		return File{}, ErrTooLarge
	}
	return File{Path: filepath.ToSlash(rel), MIME: ctype}, os.Rename(f.Name(), full)
}

// sniffLen is how much of a file the type detection reads (mimetype's default limit).
const sniffLen = 3072

// Sniff names the type of the file r starts with, from its bytes.
func Sniff(r io.Reader) (string, error) {
	m, err := mimetype.DetectReader(io.LimitReader(r, sniffLen))
	if err != nil {
		return "", err
	}
	return baseType(m.String()), nil
}

// AudioOnly narrows a sniffed media container to audio when the client declared audio:
// the bytes of a WebM, Ogg or MP4 file name the container, not whether it holds a video
// track, and a browser's voice recording is such a container. Only a container that can
// carry audio alone is narrowed, so nothing but audio/video ever changes its kind.
func AudioOnly(sniffed, declared string) string {
	if !strings.HasPrefix(declared, "audio/") {
		return sniffed
	}
	switch sniffed {
	case "video/webm":
		return "audio/webm"
	case "application/ogg", "video/ogg":
		return "audio/ogg"
	case "video/mp4":
		return "audio/mp4"
	}
	return sniffed
}

// Allowed reports whether a sniffed type starts with one of allowed (none: any type).
// Types a browser would run as a page (HTML, XML, SVG, scripts) are never allowed by a
// list, whatever its prefixes.
func Allowed(ctype string, allowed ...string) bool {
	if len(allowed) == 0 {
		return true
	}
	if active(ctype) {
		return false
	}
	for _, a := range allowed {
		if strings.HasPrefix(ctype, a) {
			return true
		}
	}
	return false
}

// Inline reports whether a sniffed type is safe to show in the browser (images except
// SVG, audio, video, PDF); everything else is served as a download.
func Inline(ctype string) bool {
	switch {
	case active(ctype):
		return false
	case ctype == "application/pdf":
		return true
	}
	for _, p := range []string{"image/", "audio/", "video/"} {
		if strings.HasPrefix(ctype, p) {
			return true
		}
	}
	return false
}

// active: a type a browser could run as a document or script. Office files (zips named
// vnd.openxmlformats-…) are not XML documents to a browser.
func active(ctype string) bool {
	xml := strings.Contains(ctype, "xml") && !strings.Contains(ctype, "openxmlformats")
	return strings.Contains(ctype, "html") || xml || strings.Contains(ctype, "script")
}

func baseType(ctype string) string {
	return strings.ToLower(strings.TrimSpace(strings.SplitN(ctype, ";", 2)[0]))
}

// URL returns a signed URL for rel valid until the end of the next day (stable within a day,
// so browsers can cache it).
func (s Store) URL(rel string) string {
	if rel == "" {
		return ""
	}
	exp := time.Now().UTC().Truncate(24 * time.Hour).Add(48 * time.Hour).Unix()
	return fmt.Sprintf("%s/%s?exp=%d&sig=%s", s.Prefix, rel, exp, s.sign(rel, exp))
}

// Open verifies a signed request and opens the file.
func (s Store) Open(rel, exp, sig string) (*os.File, error) {
	e, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || time.Now().Unix() > e || !hmac.Equal([]byte(sig), []byte(s.sign(rel, e))) {
		return nil, errs.ErrNotFound
	}
	clean := filepath.Clean("/" + rel)
	f, err := os.Open(filepath.Join(s.Dir, clean))
	if err != nil {
		return nil, errs.ErrNotFound
	}
	return f, nil
}

// Remove deletes a stored file; a missing file is not an error.
func (s Store) Remove(rel string) error {
	if rel == "" {
		return nil
	}
	err := os.Remove(filepath.Join(s.Dir, filepath.Clean("/"+rel)))
	if os.IsNotExist(err) {
		return nil
	}
	return err
}

func (s Store) sign(rel string, exp int64) string {
	m := hmac.New(sha256.New, s.Secret)
	fmt.Fprintf(m, "%s|%d", rel, exp)
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// QueryValues is a helper for handlers: exp and sig from a URL query.
func QueryValues(q url.Values) (string, string) { return q.Get("exp"), q.Get("sig") }

// OpenLocal opens a stored file by its relative path, for server-side use (channels
// uploading an attachment); never hand it a path that came from a client.
func (s Store) OpenLocal(rel string) (*os.File, error) {
	return os.Open(filepath.Join(s.Dir, filepath.Clean("/"+rel)))
}
