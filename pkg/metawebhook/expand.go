package metawebhook

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/channel/graph"
	"atende/pkg/connection"
	"atende/pkg/tenant"
)

// Recorder stores an event of a connection durably and queues its processing (inbound.Store).
type Recorder interface {
	Record(ctx context.Context, conn connection.Connection, ev channel.Event) (int64, bool, error)
}

// Expander turns stored deliveries into inbound events.
type Expander struct {
	DB      *gorm.DB
	Graph   graph.Client
	Media   graph.Media
	Inbound Recorder
	// Profile names a Messenger/Instagram sender (the webhook carries only its id).
	Profile func(ctx context.Context, conn connection.Connection, id string) (channel.Profile, error)
}

// Expand handles delivery id once: every event it carries is recorded for the connection
// its id names; ids no connection has are logged and skipped. Recording is idempotent, so
// a retried expansion after a failure half-way records nothing twice.
func (x Expander) Expand(ctx context.Context, id int64) error {
	var d Delivery
	err := x.DB.WithContext(ctx).Where("id = ? AND processed_at IS NULL", id).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var env envelope
	problem := ""
	if err := json.Unmarshal(d.Body, &env); err != nil {
		problem = "bad body: " + err.Error()
	}
	for _, e := range env.Entry {
		if err := x.entry(ctx, env.Object, e); err != nil {
			return err
		}
	}
	return x.DB.WithContext(ctx).Model(&d).Updates(map[string]any{"processed_at": time.Now(), "error": problem}).Error
}

func (x Expander) entry(ctx context.Context, object string, e entry) error {
	switch object {
	case ObjectWhatsApp:
		for _, c := range e.Changes {
			if c.Field != "messages" {
				continue
			}
			conn, ok := x.connection(ctx, connection.ChannelWhatsAppAPI, c.Value.Metadata.PhoneNumberID)
			if !ok {
				continue
			}
			if err := x.record(ctx, conn, x.whatsapp(ctx, conn, c.Value)); err != nil {
				return err
			}
		}
	case ObjectPage, ObjectInstagram:
		ch := connection.ChannelFacebook
		if object == ObjectInstagram {
			ch = connection.ChannelInstagram
		}
		conn, ok := x.connection(ctx, ch, e.ID)
		if !ok {
			return nil
		}
		for _, m := range e.Messaging {
			if err := x.record(ctx, conn, x.messaging(ctx, conn, m)); err != nil {
				return err
			}
		}
	default:
		slog.Warn("meta webhook: unknown object", "object", object)
	}
	return nil
}

// built is what one webhook item became: events, or an error to retry the expansion with.
type built struct {
	events []channel.Event
	err    error
}

func (x Expander) record(ctx context.Context, conn connection.Connection, b built) error {
	if b.err != nil {
		return b.err
	}
	ctx = tenant.With(ctx, conn.CompanyID)
	for _, ev := range b.events {
		if _, _, err := x.Inbound.Record(ctx, conn, ev); err != nil {
			return err
		}
	}
	return nil
}

// connection finds the one connection of channel ch with external id id, across companies:
// the id, unique per channel, is what routes a delivery to its company.
func (x Expander) connection(ctx context.Context, ch, id string) (connection.Connection, bool) {
	var conns []connection.Connection
	if id != "" {
		x.DB.WithContext(ctx).Where("channel = ? AND external_id = ?", ch, id).Limit(2).Find(&conns)
	}
	if len(conns) != 1 {
		slog.Warn("meta webhook: no connection for id", "channel", ch, "id", id, "matches", len(conns))
		return connection.Connection{}, false
	}
	return conns[0], true
}
