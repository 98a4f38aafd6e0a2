// Package graph is the small Graph API client the Meta channels share (WhatsApp Cloud API,
// Messenger, Instagram): JSON and multipart calls with a connection's token, Graph's error
// shape (rate limits become channel.RetryLater), media download, and a per-connection
// throughput limiter. The base URL is configuration, so tests point it at a fake server.
package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"atende/pkg/channel"
)

// Client calls one Graph API (BaseURL includes the version, e.g. https://graph.facebook.com/v13.0).
type Client struct {
	BaseURL string
	HTTP    *http.Client
}

// RateLimitDelay is how long a rate-limited call waits before its task retries.
var RateLimitDelay = 30 * time.Second

// rateLimitCodes are Graph's throttling error codes (app, user, page, account and the
// WhatsApp pair/number limits).
var rateLimitCodes = []int{4, 17, 32, 613, 80007, 130429, 131048, 131056}

// Error is Graph's error object.
type Error struct {
	Status  int    `json:"-"`
	Message string `json:"message"`
	Type    string `json:"type"`
	Code    int    `json:"code"`
	Subcode int    `json:"error_subcode"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("graph: %d %s (code %d/%d)", e.Status, e.Message, e.Code, e.Subcode)
}

// RateLimited reports a throttling answer.
func (e *Error) RateLimited() bool { return slices.Contains(rateLimitCodes, e.Code) || e.Status == 429 }

func (c Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 30 * time.Second}
}

// URL joins the base URL and a path ("/123/messages").
func (c Client) URL(path string) string { return strings.TrimRight(c.BaseURL, "/") + path }

// Get calls GET path?query and decodes the JSON answer into out.
func (c Client) Get(ctx context.Context, token, path string, query url.Values, out any) error {
	u := c.URL(path)
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	return c.do(req, token, out)
}

// Post sends body as JSON to path and decodes the answer into out.
func (c Client) Post(ctx context.Context, token, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL(path), bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	return c.do(req, token, out)
}

// File is a file part of a multipart upload.
type File struct {
	Field, Name, Type string
	Body              io.Reader
}

// Upload posts fields and one file as multipart/form-data to path.
func (c Client) Upload(ctx context.Context, token, path string, fields map[string]string, f File, out any) error {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			return err
		}
	}
	h := make(map[string][]string)
	h["Content-Disposition"] = []string{fmt.Sprintf(`form-data; name=%q; filename=%q`, f.Field, f.Name)}
	h["Content-Type"] = []string{f.Type}
	part, err := w.CreatePart(h)
	if err == nil {
		_, err = io.Copy(part, f.Body)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL(path), &buf)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	return c.do(req, token, out)
}

// Download fetches a media URL (with the token when given); the caller closes the body.
func (c Client) Download(ctx context.Context, token, u string) (io.ReadCloser, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http().Do(req)
	if err != nil {
		return nil, "", err
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		return nil, "", fmt.Errorf("graph: download %s: status %d", u, res.StatusCode)
	}
	return res.Body, res.Header.Get("Content-Type"), nil
}

func (c Client) do(req *http.Request, token string, out any) error {
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http().Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return err
	}
	if res.StatusCode >= 300 {
		return classify(res.StatusCode, body)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(body, out)
}

// classify turns an error answer into *Error, wrapped as RetryLater when throttled and as
// permanent when Graph refused the request itself (4xx other than throttling and auth).
func classify(status int, body []byte) error {
	var env struct {
		Error Error `json:"error"`
	}
	_ = json.Unmarshal(body, &env)
	e := &env.Error
	e.Status = status
	if e.Message == "" {
		e.Message = strings.TrimSpace(string(body))
	}
	switch {
	case e.RateLimited():
		return &channel.RetryLater{Delay: RateLimitDelay, Err: e}
	case status == http.StatusBadRequest && e.Code == 100:
		return fmt.Errorf("%w: %w", channel.ErrPermanent, e)
	}
	return e
}

// AsError extracts a Graph error from err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
