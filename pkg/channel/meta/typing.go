package meta

import (
	"context"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

var _ channel.Typer = Channel{}

// Typing is the Send API's sender action typing_on (or typing_off). Messenger turns it off
// by itself when the page sends a message or after 20 seconds.
func (c Channel) Typing(ctx context.Context, conn connection.Connection, t channel.Typing) error {
	action := "typing_off"
	if t.On {
		action = "typing_on"
	}
	return c.Graph.Post(ctx, conn.AccessToken, sendPath(conn), map[string]any{
		"recipient": map[string]string{"id": t.To}, "sender_action": action}, nil)
}
