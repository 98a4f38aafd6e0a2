package channel_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/channel/cloudapi"
	"atende/pkg/channel/graph"
	"atende/pkg/channel/meta"
	"atende/pkg/connection"
	"atende/pkg/testutil/fakegraph"
)

// graphRecorder is the fake Graph API on loopback, keeping the bodies our client posted.
type graphRecorder struct {
	mu     sync.Mutex
	bodies []map[string]any
	paths  []string
}

func newGraph(t *testing.T) (*graphRecorder, graph.Client) {
	rec, fake := &graphRecorder{}, &fakegraph.Server{NoStatuses: true, Pages: []fakegraph.Page{{ID: "888", Token: "igtok"}}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		rec.mu.Lock()
		rec.bodies, rec.paths = append(rec.bodies, body), append(rec.paths, r.URL.Path)
		rec.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(raw))
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return rec, graph.Client{BaseURL: srv.URL + "/v19.0", HTTP: srv.Client()}
}

func (g *graphRecorder) got() ([]string, []map[string]any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.paths...), append([]map[string]any(nil), g.bodies...)
}

// The Cloud API shows "typing…" with the read mark of the customer's last message and has
// nothing to take back; Messenger and Instagram use the sender actions typing_on/off.
func TestGraphTyping(t *testing.T) {
	ctx := context.Background()
	rec, gc := newGraph(t)
	var cloud channel.Channel = cloudapi.Channel{Graph: gc}
	waConn := connection.Connection{ID: 1, Channel: connection.ChannelWhatsAppAPI, ExternalID: "1055", AccessToken: "tok"}
	typer := cloud.(channel.Typer)
	for _, tp := range []channel.Typing{{To: "5511911112222", On: true, ReplyTo: "wamid.IN1"},
		{To: "5511911112222", ReplyTo: "wamid.IN1"}, {To: "5511911112222", On: true}} {
		if err := typer.Typing(ctx, waConn, tp); err != nil {
			t.Fatal(err)
		}
	}
	paths, bodies := rec.got()
	if len(bodies) != 1 || paths[0] != "/v19.0/1055/messages" || bodies[0]["status"] != "read" ||
		bodies[0]["message_id"] != "wamid.IN1" || bodies[0]["typing_indicator"].(map[string]any)["type"] != "text" {
		t.Fatalf("cloud api calls %q %v", paths, bodies)
	}

	rec, gc = newGraph(t)
	var fb channel.Channel = meta.Channel{Graph: gc}
	typer = fb.(channel.Typer)
	page := connection.Connection{ID: 2, Channel: connection.ChannelFacebook, ExternalID: "777", AccessToken: "tok"}
	ig := connection.Connection{ID: 3, Channel: connection.ChannelInstagram, ExternalID: "888", AccessToken: "igtok"}
	for _, c := range []struct {
		conn connection.Connection
		on   bool
	}{{page, true}, {page, false}, {ig, true}} {
		if err := typer.Typing(ctx, c.conn, channel.Typing{To: "PSID9", On: c.on}); err != nil {
			t.Fatal(err)
		}
	}
	paths, bodies = rec.got()
	want := []struct{ path, action string }{{"/v19.0/777/messages", "typing_on"}, {"/v19.0/777/messages", "typing_off"},
		{"/v19.0/me/messages", "typing_on"}}
	if len(bodies) != len(want) {
		t.Fatalf("send api calls %q %v", paths, bodies)
	}
	for i, w := range want {
		to := bodies[i]["recipient"].(map[string]any)["id"]
		if paths[i] != w.path || bodies[i]["sender_action"] != w.action || to != "PSID9" || bodies[i]["message"] != nil {
			t.Fatalf("call %d: %s %v, want %+v", i, paths[i], bodies[i], w)
		}
	}
}
