package handoff_test

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
	"atende/pkg/connection"
	"atende/pkg/integration/handoff"
	"atende/pkg/message"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
	"atende/pkg/ticket"
)

// On a Cloud API connection "typing…" rides on the read mark of the customer's last
// message; once the announced reply is sent, nothing more is shown; another company's
// message id announces nothing.
func TestTypistCloudAPI(t *testing.T) {
	a := testutil.App(t)
	ten := testutil.NewTenant(t, a, "acme", 0)
	cid := ten.Company.ID
	var mu sync.Mutex
	var bodies []map[string]any
	fake := &fakegraph.Server{NoStatuses: true}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var b map[string]any
		_ = json.Unmarshal(raw, &b)
		mu.Lock()
		bodies = append(bodies, b)
		mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(raw))
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	conn := testutil.NewConnection(t, a, cid, "Cloud", func(c *connection.Connection) {
		c.Channel, c.Status, c.ExternalID, c.AccessToken = connection.ChannelWhatsAppAPI, connection.StatusConnected, "1055", "tok"
	})
	cust := testutil.NewContact(t, a, cid, "Maria", "5511999990000", nil)
	tk := ticket.Ticket{CompanyID: cid, ContactID: cust.ID, ConnectionID: &conn.ID, Status: ticket.StatusPending,
		Channel: connection.ChannelWhatsAppAPI}
	if err := a.DB.Create(&tk).Error; err != nil {
		t.Fatal(err)
	}
	msg := func(fromMe bool, provider string) message.Message {
		m := message.Message{CompanyID: cid, TicketID: tk.ID, ContactID: &cust.ID, ConnectionID: &conn.ID, FromMe: fromMe,
			Body: "x", MediaType: message.TypeChat}
		if provider != "" {
			m.ProviderID = &provider
		}
		if err := a.DB.Create(&m).Error; err != nil {
			t.Fatal(err)
		}
		return m
	}
	msg(false, "wamid.IN0")
	msg(false, "wamid.IN1")
	reply := msg(true, "")
	ty := handoff.Typist{DB: a.DB, Channels: channel.Registry{connection.ChannelWhatsAppAPI: cloudapi.Channel{
		Graph: graph.Client{BaseURL: srv.URL + "/v19.0", HTTP: srv.Client()}}}}
	ctx := context.Background()

	ty.Announce(ctx, cid, reply.ID)
	other := testutil.NewTenant(t, a, "other", 0)
	ty.Announce(ctx, other.Company.ID, reply.ID)
	a.DB.Model(&message.Message{}).Where("id = ?", reply.ID).Updates(map[string]any{"provider_id": "wamid.OUT", "ack": 1})
	ty.Announce(ctx, cid, reply.ID)

	mu.Lock()
	defer mu.Unlock()
	if len(bodies) != 1 || bodies[0]["message_id"] != "wamid.IN1" || bodies[0]["status"] != "read" ||
		bodies[0]["typing_indicator"] == nil {
		t.Fatalf("graph calls %v, want one typing indicator on wamid.IN1", bodies)
	}
}
