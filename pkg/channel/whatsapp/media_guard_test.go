package whatsapp

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A media response past the limit ends in an error, declared or streamed; one at the
// limit reads whole.
func TestCappedMediaTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := map[string]int{"/fits": 1024, "/over": 4096}[r.URL.Path]
		if r.URL.Query().Has("chunked") {
			w.(http.Flusher).Flush() // no Content-Length: the body must be cut while read
		}
		_, _ = io.WriteString(w, strings.Repeat("x", n))
	}))
	t.Cleanup(srv.Close)
	c := &http.Client{Transport: cappedTransport{base: http.DefaultTransport, max: 1024}}
	for _, tc := range []struct {
		path    string
		wantErr bool
	}{{"/fits", false}, {"/over", true}, {"/over?chunked", true}} {
		resp, err := c.Get(srv.URL + tc.path)
		var body []byte
		if err == nil {
			body, err = io.ReadAll(resp.Body)
			_ = resp.Body.Close()
		}
		if (err != nil) != tc.wantErr {
			t.Fatalf("%s: read %d bytes, err %v", tc.path, len(body), err)
		}
		var tooBig *http.MaxBytesError
		if tc.wantErr && !errors.Is(err, errMediaTooLarge) && !errors.As(err, &tooBig) {
			t.Fatalf("%s: %v, want the limit's error", tc.path, err)
		}
	}
}
