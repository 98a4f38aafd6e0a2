package whatsapp

import (
	"context"

	"go.mau.fi/whatsmeow/types"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

var _ channel.Typer = Channel{}

// Typing sends the chat presence "composing" (or "paused") to the customer's chat through
// the owner's live client.
func (c Channel) Typing(ctx context.Context, conn connection.Connection, t channel.Typing) error {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return err
	}
	cli, _ := s.live()
	state := types.ChatPresencePaused
	if t.On {
		state = types.ChatPresenceComposing
	}
	return cli.SendChatPresence(ctx, JID(t.To, t.IsGroup), state, types.ChatPresenceMediaText)
}
