package integration

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

// MaxDownload bounds a file a bot sends us (WhatsApp's own cap for video and audio).
const MaxDownload = 16 << 20

// Download fetches url, bounded by max bytes and Timeout; the caller sniffs and stores the
// bytes (storage.Save), never trusting the server's content type. The reader yields at
// most max+1 bytes, so the store sees an oversized file as one.
func Download(ctx context.Context, hc *http.Client, url string, max int64) (io.ReadCloser, error) {
	if hc == nil {
		hc = DefaultHTTP
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	res, err := hc.Do(req)
	if err != nil {
		cancel()
		return nil, err
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		res.Body.Close()
		cancel()
		return nil, &StatusError{URL: url, Status: res.StatusCode, Body: fmt.Sprint(res.ContentLength)}
	}
	if res.ContentLength > max {
		res.Body.Close()
		cancel()
		return nil, fmt.Errorf("integration: %s is %d bytes, over %d", url, res.ContentLength, max)
	}
	return body{io.LimitReader(res.Body, max+1), res.Body, cancel}, nil
}

// body closes the response and its deadline together.
type body struct {
	io.Reader
	c      io.Closer
	cancel context.CancelFunc
}

func (b body) Close() error {
	defer b.cancel()
	return b.c.Close()
}
