package graph

import (
	"context"
	"io"
	"os"

	"atende/pkg/storage"
)

// Media reads and writes our stored files (storage.Store).
type Media interface {
	OpenLocal(rel string) (*os.File, error)
	Save(companyID int64, folder string, r io.Reader, maxBytes int64, allowed ...string) (storage.File, error)
}

// MaxMedia bounds a downloaded attachment (Cloud API's own cap is 100 MB for documents).
const MaxMedia = 100 << 20

// OpenFile opens a stored file and names its content type, sniffed from its bytes.
func OpenFile(m Media, rel string) (*os.File, string, error) {
	f, err := m.OpenLocal(rel)
	if err != nil {
		return nil, "", err
	}
	ctype, err := storage.Sniff(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, "", err
	}
	return f, ctype, nil
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
// content type sniffed from the bytes (what Meta or the sender declared is not trusted).
func (c Client) Fetch(ctx context.Context, m Media, companyID int64, token, u string) (string, string, error) {
	body, _, err := c.Download(ctx, token, u)
	if err != nil {
		return "", "", err
	}
	defer body.Close()
	f, err := m.Save(companyID, "messages", body, MaxMedia)
	return f.Path, f.MIME, err
}
