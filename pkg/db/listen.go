package db

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listener follows one PostgreSQL notification channel on a connection of its own (LISTEN
// holds its connection, so it can't come from the pool).
type Listener struct {
	URL     string
	Channel string
	// Live is called with true once the channel is listened to, and with false when the
	// connection is lost: notifications sent in between are missed, so whatever they would
	// have kept fresh must not be trusted until the next true.
	Live func(bool)
	// Note is called with each notification's payload.
	Note func(payload string)
}

// Run listens until ctx ends, reconnecting after a failure.
func (l Listener) Run(ctx context.Context) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := l.once(ctx)
		l.Live(false)
		if ctx.Err() != nil {
			return
		}
		slog.Warn("db: notification listener lost its connection; reconnecting", "channel", l.Channel, "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

func (l Listener) once(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, l.URL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{l.Channel}.Sanitize()); err != nil {
		return err
	}
	l.Live(true)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		l.Note(n.Payload)
	}
}
