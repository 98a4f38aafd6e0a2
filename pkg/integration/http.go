package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Timeout bounds every call to an outside service; MaxResponse bounds what we read back.
const (
	Timeout     = 15 * time.Second
	MaxResponse = 1 << 20
)

// DefaultHTTP is the client the services use unless given one.
var DefaultHTTP = &http.Client{Timeout: Timeout}

// StatusError is an outside service's refusal (non-2xx answer).
type StatusError struct {
	URL    string
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("integration: %s answered %d: %s", e.URL, e.Status, e.Body)
}

// postJSON posts body as JSON with extra headers and decodes a 2xx JSON answer into out
// (nil: the answer is read and dropped).
func postJSON(ctx context.Context, hc *http.Client, url string, body any, headers map[string]string, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return postRaw(ctx, hc, url, "application/json", raw, headers, out)
}

func postRaw(ctx context.Context, hc *http.Client, url, ctype string, raw []byte, headers map[string]string, out any) error {
	if hc == nil {
		hc = DefaultHTTP
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", ctype)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, MaxResponse))
	if err != nil {
		return err
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return &StatusError{URL: url, Status: res.StatusCode, Body: string(data[:min(len(data), 300)])}
	}
	if out == nil || len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	return json.Unmarshal(data, out)
}
