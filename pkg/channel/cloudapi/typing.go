package cloudapi

import (
	"context"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

var _ channel.Typer = Channel{}

// Typing shows "typing…" the Cloud API's way: the read mark of the customer's last message
// with a typing_indicator. WhatsApp dismisses it when we answer or after 25 seconds; there
// is nothing to take back, and without a received message there is nothing to mark.
func (c Channel) Typing(ctx context.Context, conn connection.Connection, t channel.Typing) error {
	if !t.On || t.ReplyTo == "" {
		return nil
	}
	return c.Graph.Post(ctx, conn.AccessToken, "/"+conn.ExternalID+"/messages", map[string]any{
		"messaging_product": "whatsapp", "status": "read", "message_id": t.ReplyTo,
		"typing_indicator": map[string]string{"type": "text"}}, nil)
}
