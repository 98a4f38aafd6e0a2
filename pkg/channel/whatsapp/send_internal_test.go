package whatsapp

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"go.mau.fi/whatsmeow"

	"atende/pkg/channel"
)

// A failed SendMessage reads as the connection's (OfflineError: retried, never counted
// against the recipient), the recipient's for good (channel.ErrPermanent: a number with no
// WhatsApp account, an address WhatsApp can't send to), or neither (retried as it is).
func TestSendErrorClassifies(t *testing.T) {
	cases := []struct {
		name      string
		err       error
		offline   bool
		permanent bool
	}{
		{"websocket down", fmt.Errorf("failed to send message node: %w", whatsmeow.ErrNotConnected), true, false},
		{"logged out", whatsmeow.ErrNotLoggedIn, true, false},
		{"device list timed out", fmt.Errorf("failed to get device list: %w", whatsmeow.ErrIQTimedOut), true, false},
		{"no answer", whatsmeow.ErrMessageTimedOut, true, false},
		{"deadline", context.DeadlineExceeded, true, false},
		{"no account", errors.New("no LID found for 5511911112222@s.whatsapp.net from server"), false, true},
		{"unknown server", fmt.Errorf("%w %s", whatsmeow.ErrUnknownServer, "x.us"), false, true},
		{"device jid", whatsmeow.ErrRecipientADJID, false, true},
		{"server error 463", fmt.Errorf("%w %d", whatsmeow.ErrServerReturnedError, 463), false, false},
		{"user info failed", fmt.Errorf("failed to get user info for x to fill LID cache: %w", errors.New("boom")), false, false},
		{"no signal session", whatsmeow.ErrNoSession, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := sendError(c.err)
			var off *OfflineError
			if errors.As(got, &off) != c.offline || channel.Final(got) != c.permanent || !errors.Is(got, c.err) {
				t.Fatalf("sendError(%v) = %v: offline %v final %v, want %v %v", c.err, got, errors.As(got, &off),
					channel.Final(got), c.offline, c.permanent)
			}
			if c.offline && !off.Offline() {
				t.Fatal("OfflineError says it is not offline")
			}
		})
	}
}
