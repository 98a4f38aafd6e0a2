package metawebhook

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

// The Cloud API message kinds that need no download become the events the pipeline knows.
func TestWhatsAppMessageKinds(t *testing.T) {
	cases := []struct {
		name  string
		msg   map[string]any
		check func(ev channel.Event) bool
	}{
		{"reply keeps the quoted id", map[string]any{"type": "text", "text": map[string]string{"body": "sim"},
			"context": map[string]string{"from": "1555", "id": "wamid.Q"}},
			func(ev channel.Event) bool { return ev.Body == "sim" && ev.QuotedProviderID == "wamid.Q" }},
		{"location", map[string]any{"type": "location", "location": map[string]any{"latitude": -23.5, "longitude": -46.6, "name": "Loja"}},
			func(ev channel.Event) bool {
				return ev.MediaType == "locationMessage" && strings.HasPrefix(ev.Body, "-23.5,-46.6")
			}},
		{"contacts", map[string]any{"type": "contacts", "contacts": []any{map[string]any{
			"name": map[string]string{"formatted_name": "Ana Lima"}, "phones": []any{map[string]string{"phone": "+55 11 98888-7777"}}}}},
			func(ev channel.Event) bool {
				return ev.Body == "Ana Lima" && strings.Contains(ev.VCard, "FN:Ana Lima") && strings.Contains(ev.VCard, "waid=5511988887777")
			}},
		{"reaction", map[string]any{"type": "reaction", "reaction": map[string]string{"message_id": "wamid.OUT", "emoji": "👍"}},
			func(ev channel.Event) bool {
				return ev.Kind == channel.EventReaction && ev.TargetID == "wamid.OUT" && ev.Body == "👍"
			}},
		{"button reply", map[string]any{"type": "button", "button": map[string]string{"text": "Quero"}},
			func(ev channel.Event) bool { return ev.Body == "Quero" }},
		{"unsupported kind is skipped", map[string]any{"type": "unsupported"},
			func(ev channel.Event) bool { return ev.Kind == "" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.msg["from"], c.msg["id"], c.msg["timestamp"] = "5511999990001", "wamid.X", "1700000000"
			var m waMessage
			b, _ := json.Marshal(c.msg)
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			ev := Expander{}.waMessage(context.Background(), connection.Connection{}, m)
			if !c.check(ev) {
				t.Fatalf("event %+v", ev)
			}
		})
	}
}

func statusValue(status string) waValue {
	var v waValue
	b, _ := json.Marshal(map[string]any{"statuses": []any{map[string]string{"id": "wamid.S", "status": status,
		"timestamp": "1700000000", "recipient_id": "5511"}}})
	_ = json.Unmarshal(b, &v)
	return v
}

func TestStatusesBecomeAcks(t *testing.T) {
	for status, ack := range map[string]int{"sent": 1, "delivered": 2, "read": 3} {
		b := Expander{}.whatsapp(context.Background(), connection.Connection{}, statusValue(status))
		if len(b) != 1 || len(b[0].events) != 1 || b[0].events[0].Kind != channel.EventAck || b[0].events[0].Ack != ack ||
			b[0].events[0].TargetID != "wamid.S" {
			t.Fatalf("%s: %+v", status, b)
		}
	}
	b := Expander{}.whatsapp(context.Background(), connection.Connection{}, statusValue("failed"))
	if len(b) != 1 || len(b[0].events) != 1 || b[0].events[0].Ack != -1 {
		t.Fatalf("failed status: %+v", b)
	}
}
