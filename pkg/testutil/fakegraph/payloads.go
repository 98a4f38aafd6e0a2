package fakegraph

import (
	"encoding/json"
	"fmt"
	"time"
)

// Webhook bodies shaped like Meta's documented samples.

// WhatsAppMessage is a Cloud API "messages" webhook carrying one customer message; msg
// holds the type-specific part, e.g. {"type":"text","text":{"body":"oi"}}.
func WhatsAppMessage(phoneID, from, name, id string, msg map[string]any) []byte {
	msg["id"] = id
	return WhatsAppMessages(phoneID, from, name, msg)
}

// WhatsAppMessages is one Cloud API delivery carrying several messages of a customer, each
// with its "id" and type-specific part.
func WhatsAppMessages(phoneID, from, name string, msgs ...map[string]any) []byte {
	var list []any
	for _, msg := range msgs {
		m := map[string]any{"from": from, "timestamp": unixNow()}
		for k, v := range msg {
			m[k] = v
		}
		list = append(list, m)
	}
	return whatsapp(phoneID, map[string]any{
		"contacts": []any{map[string]any{"profile": map[string]string{"name": name}, "wa_id": from}},
		"messages": list})
}

// WhatsAppText is a customer text message.
func WhatsAppText(phoneID, from, name, id, body string) []byte {
	return WhatsAppMessage(phoneID, from, name, id, map[string]any{"type": "text", "text": map[string]string{"body": body}})
}

// WhatsAppStatus is a Cloud API status webhook (sent, delivered, read, failed).
func WhatsAppStatus(phoneID, wamid, status, recipient string) []byte {
	s := map[string]any{"id": wamid, "status": status, "timestamp": unixNow(), "recipient_id": recipient}
	if status == "failed" {
		s["errors"] = []any{map[string]any{"code": 131026, "title": "Message undeliverable"}}
	}
	return whatsapp(phoneID, map[string]any{"statuses": []any{s}})
}

func whatsapp(phoneID string, value map[string]any) []byte {
	value["messaging_product"] = "whatsapp"
	value["metadata"] = map[string]string{"display_phone_number": "15550000000", "phone_number_id": phoneID}
	b, _ := json.Marshal(map[string]any{"object": "whatsapp_business_account", "entry": []any{map[string]any{
		"id": "WABA-" + phoneID, "changes": []any{map[string]any{"field": "messages", "value": value}}}}})
	return b
}

// PageMessage is a Messenger ("page") or Instagram ("instagram") messaging webhook with
// one customer message; attachments are {"type": "image", "payload": {"url": …}} entries.
func PageMessage(object, pageID, psid, mid, text string, attachments ...map[string]any) []byte {
	msg := map[string]any{"mid": mid}
	if text != "" {
		msg["text"] = text
	}
	if len(attachments) > 0 {
		msg["attachments"] = attachments
	}
	return Messaging(object, pageID, map[string]any{"sender": map[string]string{"id": psid},
		"recipient": map[string]string{"id": pageID}, "timestamp": time.Now().UnixMilli(), "message": msg})
}

// Messaging wraps messaging items (message, echo, delivery, read, reaction) in an entry.
func Messaging(object, pageID string, items ...map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"object": object, "entry": []any{map[string]any{
		"id": pageID, "time": time.Now().UnixMilli(), "messaging": items}}})
	return b
}

// PageItem is a messaging item of a customer's message (for Messaging): msg holds the
// message's fields, e.g. {"mid": …, "text": …, "attachments": […]}.
func PageItem(pageID, psid string, msg map[string]any) map[string]any {
	return map[string]any{"sender": map[string]string{"id": psid}, "recipient": map[string]string{"id": pageID},
		"timestamp": time.Now().UnixMilli(), "message": msg}
}

// EchoItem is the echo of a message the page sent to psid: appID names the sending app,
// 0 for a reply a person typed in the Page inbox or the Instagram app (no app_id).
func EchoItem(pageID, psid, mid, text string, appID int64) map[string]any {
	msg := map[string]any{"mid": mid, "text": text, "is_echo": true}
	if appID != 0 {
		msg["app_id"] = appID
	}
	return map[string]any{"sender": map[string]string{"id": pageID}, "recipient": map[string]string{"id": psid},
		"timestamp": time.Now().UnixMilli(), "message": msg}
}

func unixNow() string { return fmt.Sprint(time.Now().Unix()) }
