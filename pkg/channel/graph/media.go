package graph

import (
	"context"
	"io"
	"mime"
	"os"
	"path/filepath"
	"strings"

	"github.com/gabriel-vasile/mimetype"
)

// Media reads and writes our stored files (storage.Store).
type Media interface {
	OpenLocal(rel string) (*os.File, error)
	Save(companyID int64, folder string, r io.Reader, maxBytes int64, allowed ...string) (string, error)
}

// MaxMedia bounds a downloaded attachment (Cloud API's own cap is 100 MB for documents).
const MaxMedia = 100 << 20

// OpenFile opens a stored file and names its content type (by extension, else sniffed).
func OpenFile(m Media, rel string) (*os.File, string, error) {
	f, err := m.OpenLocal(rel)
	if err != nil {
		return nil, "", err
	}
	ctype := mime.TypeByExtension(filepath.Ext(rel))
	if ctype == "" {
		mt, err := mimetype.DetectReader(f) // an Ogg with Opus inside is audio/ogg, not application/ogg
		if err == nil {
			ctype = mt.String()
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			f.Close()
			return nil, "", err
		}
	}
	return f, strings.SplitN(ctype, ";", 2)[0], nil
}

// SendType is the content type to declare for a file sent as our media type kind: a voice
// note is an Ogg (Opus) file, which Meta accepts as audio/ogg only (application/ogg,
// audio/opus and video/ogg are refused).
func SendType(kind, ctype string) string {
	switch ctype {
	case "application/ogg", "audio/opus", "video/ogg":
		if kind == "audio" {
			return "audio/ogg"
		}
	}
	return ctype
}

// Fetch downloads u into our storage for companyID and returns the stored path and the
// content type the server declared.
func (c Client) Fetch(ctx context.Context, m Media, companyID int64, token, u string) (string, string, error) {
	body, ctype, err := c.Download(ctx, token, u)
	if err != nil {
		return "", "", err
	}
	defer body.Close()
	rel, err := m.Save(companyID, "messages", body, MaxMedia)
	return rel, ctype, err
}
