// Package sandbox is a real channel with no phone behind it: what it sends is recorded in
// sandbox_outbox (readable by the simulate-customer panel and GET /sandbox/{id}/outbound)
// and moves through acks 1 → 2 → 3 like a phone receiving and reading it. Inbound messages
// come from the panel or POST /sandbox/{id}/inbound. It is how people try Atende, train
// attendants and test bots before going live, and how the tests drive the whole pipeline.
package sandbox

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/tasks"
)

// Delivery timings of the pretend phone. Receipts go out in rounds, as a phone's do: every
// ReceiptTick a connection's deliveries that became due are reported together (receipts.go).
var (
	DeliveredAfter = 1 * time.Second
	ReadAfter      = 3 * time.Second
	ReceiptTick    = 250 * time.Millisecond
)

// Outbox is one delivered message.
type Outbox struct {
	ID           int64     `json:"id"`
	CompanyID    int64     `json:"-"`
	ConnectionID int64     `json:"connectionId"`
	ProviderID   string    `json:"providerId"`
	MessageID    int64     `json:"messageId"`
	Number       string    `json:"number"`
	Kind         string    `json:"kind"`
	Body         string    `json:"body"`
	MediaPath    string    `json:"-"`
	MediaName    string    `json:"mediaName"`
	MediaURL     string    `json:"mediaUrl" gorm:"-"`
	TargetID     string    `json:"targetId,omitempty"`      // a reaction's message (Body is the emoji)
	Menu         *Menu     `json:"menu,omitempty" gorm:"-"` // kinds list and button (menu.go)
	Ack          int       `json:"ack"`
	CreatedAt    time.Time `json:"createdAt"`
}

// TableName is the outbox table.
func (Outbox) TableName() string { return "sandbox_outbox" }

// Channel is the sandbox implementation of channel.Channel.
type Channel struct {
	DB     *gorm.DB
	Queue  tasks.Enqueuer
	rounds *rounds // receipt rounds this process queued already (nil: ask Redis each time)
}

// New returns the sandbox channel of a process.
func New(db *gorm.DB, q tasks.Enqueuer) Channel {
	return Channel{DB: db, Queue: q, rounds: &rounds{queued: map[roundKey]bool{}}}
}

// ProviderID names our message messageID as the simulated phone sees it (channel.Namer).
func (Channel) ProviderID(conn connection.Connection, messageID int64) string {
	return fmt.Sprintf("SBX%d-%d", conn.ID, messageID)
}

// Send records the message once per message id: asked again (a retried task after a crash),
// it returns the first delivery's provider id and records nothing new.
func (c Channel) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	sent, err := c.SendBatch(ctx, []channel.Delivery{{Conn: conn, Out: out}})
	if err != nil {
		return channel.Sent{}, err
	}
	return sent[0], nil
}

// SendBatch records many messages in one statement, each once per message id (Send).
func (c Channel) SendBatch(ctx context.Context, ds []channel.Delivery) ([]channel.Sent, error) {
	// PostgreSQL keeps microseconds, rounding: truncated here, the rows' tick (their receipt
	// round) is the same in Go and in the database.
	now := time.Now().Truncate(time.Microsecond)
	var companies, conns, messages atdb.Int64s
	var providers, numbers, kinds, bodies, paths, names, targets atdb.Texts
	sent := make([]channel.Sent, len(ds))
	for i, d := range ds {
		provider := c.ProviderID(d.Conn, d.Out.MessageID)
		companies, conns, messages = append(companies, d.Conn.CompanyID), append(conns, d.Conn.ID), append(messages, d.Out.MessageID)
		providers, numbers, kinds = append(providers, provider), append(numbers, d.Out.To), append(kinds, kindOf(d.Out))
		bodies, paths, names, targets = append(bodies, d.Out.Body), append(paths, d.Out.MediaPath), append(names, d.Out.MediaName), append(targets, d.Out.TargetID)
		sent[i] = channel.Sent{ProviderID: provider, Ack: 1}
	}
	// One statement text whatever the batch's size (atdb's arrays): a row list of the
	// batch's size was a statement of its own, planned on every call.
	res := c.DB.WithContext(ctx).Exec(`INSERT INTO sandbox_outbox (company_id, connection_id, message_id, provider_id, number,
		  kind, body, media_path, media_name, target_id, ack, created_at)
		SELECT c, n, m, p, nb, k, b, mp, mn, tg, 1, ? FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[],
		  ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS v(c, n, m, p, nb, k, b, mp, mn, tg)
		ON CONFLICT DO NOTHING`, now, companies, conns, messages, providers, numbers, kinds, bodies, paths, names, targets)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected > 0 { // one tick: its rounds cover every row written now
		if err := c.scheduleReceipts(ctx, now); err != nil {
			return nil, err
		}
	}
	return sent, nil
}

// Edit changes the delivered copy.
func (c Channel) Edit(ctx context.Context, conn connection.Connection, _, providerID, body string) error {
	return c.DB.WithContext(ctx).Model(&Outbox{}).Where("connection_id = ? AND provider_id = ?", conn.ID, providerID).
		Update("body", body).Error
}

// Delete marks the delivered copy as revoked; its file is no longer listed.
func (c Channel) Delete(ctx context.Context, conn connection.Connection, _, providerID string) error {
	return c.DB.WithContext(ctx).Model(&Outbox{}).Where("connection_id = ? AND provider_id = ?", conn.ID, providerID).
		Updates(map[string]any{"body": "", "kind": "revoked", "media_path": "", "media_name": ""}).Error
}

// MarkRead has nothing to tell a pretend phone.
func (c Channel) MarkRead(context.Context, connection.Connection, string, []string) error { return nil }

// Profile knows every number.
func (c Channel) Profile(_ context.Context, _ connection.Connection, number string) (channel.Profile, error) {
	return channel.Profile{Number: number, Name: number, Exists: true}, nil
}

// Outbound lists what the connection delivered after id afterID, oldest first (at most 200),
// optionally for one number.
func Outbound(ctx context.Context, db *gorm.DB, connectionID, afterID int64, number string) ([]Outbox, error) {
	q := db.WithContext(ctx).Where("connection_id = ? AND id > ?", connectionID, afterID)
	if number != "" {
		q = q.Where("number = ?", number)
	}
	var rows []Outbox
	if err := q.Order("id").Limit(200).Find(&rows).Error; err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].Menu = menuOf(rows[i].Kind, rows[i].Body)
	}
	return rows, nil
}
