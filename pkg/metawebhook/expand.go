package metawebhook

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/channel/graph"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/metrics"
	"atende/pkg/tasks"
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
	Queue   tasks.Enqueuer // background retries of failed media downloads
	AppID   string         // META_APP_ID: echoes naming it are of messages we sent
	// Profile names a Messenger/Instagram sender (the webhook carries only its id).
	Profile func(ctx context.Context, conn connection.Connection, id string) (channel.Profile, error)
}

// Expand handles delivery id once: every item it carries is recorded for the connection
// its id names; ids no connection has are logged and skipped. One item never holds the
// others back: an item whose content can't be stored is set aside (logged, counted, noted
// on the delivery); one that failed otherwise (database or Graph unavailable) fails the
// expansion after the others were recorded, and the retry records it (recording is
// idempotent). final is the last attempt: what still fails is noted and the delivery closed.
func (x Expander) Expand(ctx context.Context, id int64, final bool) error {
	var d Delivery
	err := x.DB.WithContext(ctx).Where("id = ? AND processed_at IS NULL", id).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var env envelope
	var problems []string
	if err := json.Unmarshal(d.Body, &env); err != nil {
		problems = append(problems, "bad body: "+err.Error())
	}
	var retry error
	for _, e := range env.Entry {
		for _, err := range x.entry(ctx, env.Object, e) {
			if !final && !atdb.ContentError(err) {
				retry = cmp.Or(retry, err)
				continue
			}
			slog.Error("meta webhook: item set aside", "delivery", id, "err", err)
			metrics.InboundFailures.WithLabelValues("meta_webhook").Inc()
			problems = append(problems, err.Error())
		}
	}
	if retry != nil {
		return retry
	}
	problem := channel.Text(strings.Join(problems, "; "), 4000)
	return x.DB.WithContext(ctx).Model(&d).Updates(map[string]any{"processed_at": time.Now(), "error": problem}).Error
}

// entry records the items of one entry and returns the failures, one per failed item.
func (x Expander) entry(ctx context.Context, object string, e entry) []error {
	var failed []error
	record := func(conn connection.Connection, items ...built) {
		for _, b := range items {
			if err := x.record(ctx, conn, b); err != nil {
				failed = append(failed, err)
			}
		}
	}
	switch object {
	case ObjectWhatsApp:
		for _, c := range e.Changes {
			if c.Field != "messages" {
				continue
			}
			if conn, ok := x.connection(ctx, connection.ChannelWhatsAppAPI, c.Value.Metadata.PhoneNumberID); ok {
				record(conn, x.whatsapp(ctx, conn, c.Value)...)
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
			record(conn, x.messaging(ctx, conn, m))
		}
	default:
		slog.Warn("meta webhook: unknown object", "object", object)
	}
	return failed
}

// built is what one webhook item became: events, or why it failed.
type built struct {
	events []channel.Event
	err    error
}

// record stores an item's events; an event that fails does not stop the item's others.
func (x Expander) record(ctx context.Context, conn connection.Connection, b built) error {
	err := b.err
	ctx = tenant.With(ctx, conn.CompanyID)
	for _, ev := range b.events {
		if _, _, e := x.Inbound.Record(ctx, conn, ev); e != nil {
			err = cmp.Or(err, e)
		}
	}
	return err
}

// recorded reports an event already stored for conn (an expansion retried after a failure
// half-way): its media need not be downloaded again.
func (x Expander) recorded(ctx context.Context, conn connection.Connection, ev channel.Event) bool {
	var n int64
	x.DB.WithContext(ctx).Table("inbound_events").Where("connection_id = ? AND dedupe_key = ?", conn.ID, ev.DedupeKey()).
		Limit(1).Count(&n)
	return n > 0
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
