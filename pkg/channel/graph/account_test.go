package graph_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"atende/pkg/channel/graph"
	"atende/pkg/connection"
)

// Owns asks the call that proves each channel's id (a page token's /me and its Instagram
// account, a Cloud API phone number read with the token): an id the token does not reach,
// or a token Graph refuses, is not owned; Graph failing to answer is an error, not a "no".
func TestOwns(t *testing.T) {
	var calls []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, r.Method+" "+r.URL.Path+" "+r.URL.Query().Get("fields"))
		w.Header().Set("Content-Type", "application/json")
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		switch {
		case token == "down":
			w.WriteHeader(500)
			w.Write([]byte(`{"error":{"message":"An unknown error has occurred.","code":1}}`))
		case token == "busy":
			w.WriteHeader(400)
			w.Write([]byte(`{"error":{"message":"(#4) Application request limit reached","code":4}}`))
		case r.Method == "DELETE" && r.URL.Path == "/v13.0/PAGE1/subscribed_apps" && token == "PAGE-TOKEN":
			w.Write([]byte(`{"success":true}`))
		case r.URL.Path == "/v13.0/me" && token == "PAGE-TOKEN":
			w.Write([]byte(`{"id":"PAGE1","instagram_business_account":{"id":"IG1"}}`))
		case r.URL.Path == "/v13.0/me" && token == "USER-TOKEN":
			w.Write([]byte(`{"id":"USER1"}`))
		case r.URL.Path == "/v13.0/PN1" && token == "WABA-TOKEN":
			w.Write([]byte(`{"id":"PN1","display_phone_number":"+55 11 90000-0000"}`))
		case r.URL.Path == "/v13.0/PN1" || r.URL.Path == "/v13.0/PN2":
			w.WriteHeader(400)
			w.Write([]byte(`{"error":{"message":"Unsupported get request.","code":100,"error_subcode":33}}`))
		default:
			w.WriteHeader(400)
			w.Write([]byte(`{"error":{"message":"Invalid OAuth access token","code":190}}`))
		}
	}))
	defer srv.Close()
	c := graph.Client{BaseURL: srv.URL + "/v13.0"}
	for _, tc := range []struct {
		ch, id, token string
		owns, err     bool
	}{
		{connection.ChannelFacebook, "PAGE1", "PAGE-TOKEN", true, false},
		{connection.ChannelFacebook, "PAGE2", "PAGE-TOKEN", false, false},
		{connection.ChannelFacebook, "PAGE1", "USER-TOKEN", false, false},
		{connection.ChannelFacebook, "PAGE1", "bogus", false, false},
		{connection.ChannelFacebook, "PAGE1", "", false, false},
		{connection.ChannelInstagram, "IG1", "PAGE-TOKEN", true, false},
		{connection.ChannelInstagram, "PAGE1", "PAGE-TOKEN", false, false},
		{connection.ChannelInstagram, "IG1", "USER-TOKEN", false, false},
		{connection.ChannelWhatsAppAPI, "PN1", "WABA-TOKEN", true, false},
		{connection.ChannelWhatsAppAPI, "PN2", "WABA-TOKEN", false, false},
		{connection.ChannelWhatsAppAPI, "PN1", "bogus", false, false},
		{connection.ChannelFacebook, "PAGE1", "down", false, true},
		{connection.ChannelWhatsAppAPI, "PN1", "busy", false, true},
		{connection.ChannelWhatsApp, "5511", "x", false, true},
	} {
		owns, err := c.Owns(t.Context(), tc.ch, tc.id, tc.token)
		if owns != tc.owns || (err != nil) != tc.err {
			t.Errorf("Owns(%s, %s, %s) = %v, %v; want %v, error %v", tc.ch, tc.id, tc.token, owns, err, tc.owns, tc.err)
		}
	}
	for _, want := range []string{"GET /v13.0/me id,instagram_business_account{id}", "GET /v13.0/PN1 id,display_phone_number"} {
		found := false
		for _, c := range calls {
			found = found || c == want
		}
		if !found {
			t.Errorf("no call %q in %q", want, calls)
		}
	}

	calls = nil
	if err := c.Unsubscribe(t.Context(), "PAGE-TOKEN", "PAGE1"); err != nil || len(calls) != 1 || calls[0] != "DELETE /v13.0/PAGE1/subscribed_apps " {
		t.Fatalf("unsubscribe: %v %q", err, calls)
	}
	if err := c.Unsubscribe(t.Context(), "bogus", "PAGE1"); err == nil {
		t.Fatal("a refused unsubscribe is not an error")
	}
}
