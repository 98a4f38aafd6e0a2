package channel

import (
	"context"
	"fmt"

	"atende/pkg/connection"
)

// Sessions controls the live session behind a connection: the connections admin calls it
// (POST/PUT/DELETE /whatsappsession/:id, /whatsapp-restart) and never talks to a channel
// library directly. WhatsApp (whatsmeow) has a real session owned by one worker process;
// the Graph channels and the sandbox have none and are simply CONNECTED once configured.
type Sessions interface {
	// Start connects (or reconnects) the connection: OPENING → qrcode/PAIRING → CONNECTED.
	Start(ctx context.Context, conn connection.Connection) error
	// NewQR drops the current pairing and asks for a fresh QR code.
	NewQR(ctx context.Context, conn connection.Connection) error
	// PairPhone drops the current pairing and pairs by phone number instead of a QR
	// scan: the session shows the code to type on that phone.
	PairPhone(ctx context.Context, conn connection.Connection, number string) error
	// Stop logs the session out (DISCONNECTED) and forgets its credentials.
	Stop(ctx context.Context, conn connection.Connection) error
}

// SessionRouter sends each call to the Sessions of the connection's channel; channels
// without a live session fall back to Sessionless.
type SessionRouter struct {
	ByChannel map[string]Sessions
	Fallback  Sessions
}

func (r SessionRouter) pick(conn connection.Connection) (Sessions, error) {
	if s, ok := r.ByChannel[conn.Channel]; ok {
		return s, nil
	}
	if r.Fallback != nil {
		return r.Fallback, nil
	}
	return nil, fmt.Errorf("%w: %s", ErrUnknownChannel, conn.Channel)
}

func (r SessionRouter) Start(ctx context.Context, conn connection.Connection) error {
	s, err := r.pick(conn)
	if err != nil {
		return err
	}
	return s.Start(ctx, conn)
}

func (r SessionRouter) NewQR(ctx context.Context, conn connection.Connection) error {
	s, err := r.pick(conn)
	if err != nil {
		return err
	}
	return s.NewQR(ctx, conn)
}

func (r SessionRouter) PairPhone(ctx context.Context, conn connection.Connection, number string) error {
	s, err := r.pick(conn)
	if err != nil {
		return err
	}
	return s.PairPhone(ctx, conn, number)
}

func (r SessionRouter) Stop(ctx context.Context, conn connection.Connection) error {
	s, err := r.pick(conn)
	if err != nil {
		return err
	}
	return s.Stop(ctx, conn)
}

// Sessionless is the Sessions of channels with nothing to keep open: starting marks the
// connection CONNECTED, stopping marks it DISCONNECTED.
type Sessionless struct {
	SetStatus func(ctx context.Context, conn connection.Connection, status string) error
}

func (s Sessionless) Start(ctx context.Context, conn connection.Connection) error {
	return s.SetStatus(ctx, conn, connection.StatusConnected)
}

func (s Sessionless) NewQR(ctx context.Context, conn connection.Connection) error {
	return s.SetStatus(ctx, conn, connection.StatusConnected)
}

// PairPhone: there is no phone to pair with.
func (s Sessionless) PairPhone(context.Context, connection.Connection, string) error {
	return fmt.Errorf("%w: pairing by phone number", ErrUnsupported)
}

func (s Sessionless) Stop(ctx context.Context, conn connection.Connection) error {
	return s.SetStatus(ctx, conn, connection.StatusDisconnected)
}
