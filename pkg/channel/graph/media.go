package graph

import (
	"context"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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
		head := make([]byte, 512)
		n, _ := io.ReadFull(f, head)
		ctype = http.DetectContentType(head[:n])
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			f.Close()
			return nil, "", err
		}
	}
	return f, strings.SplitN(ctype, ";", 2)[0], nil
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
