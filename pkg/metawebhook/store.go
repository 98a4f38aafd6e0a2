// Package metawebhook receives the Graph API channels' webhooks (WhatsApp Cloud API,
// Messenger, Instagram): the api verifies the signature and stores the raw delivery at
// once (meta_webhooks, deduplicated by a hash of the body), and the meta:webhook task
// expands it into channel events of the connection its phone-number / page / account id
// names, recorded through the inbound pipeline.
package metawebhook

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/tasks"
)

// Delivery is one stored webhook body.
type Delivery struct {
	ID          int64
	BodyHash    string
	Object      string
	Body        []byte
	ReceivedAt  time.Time `gorm:"default:now()"`
	ProcessedAt *time.Time
	Error       string
}

// TableName is the deliveries table.
func (Delivery) TableName() string { return "meta_webhooks" }

// Store keeps deliveries and queues their expansion.
type Store struct {
	DB    *gorm.DB
	Queue tasks.Enqueuer
}

// ValidSignature checks X-Hub-Signature-256 ("sha256=<hex HMAC of the raw body>").
func ValidSignature(secret string, body []byte, header string) bool {
	sig, ok := strings.CutPrefix(header, "sha256=")
	if !ok || secret == "" {
		return false
	}
	got, err := hex.DecodeString(sig)
	if err != nil {
		return false
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}

// Sign returns the X-Hub-Signature-256 value of body (the fake Graph server signs with it).
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Receive stores a verified body once and queues its expansion. If queueing fails the
// row stays and the reconciler queues it.
func (s Store) Receive(ctx context.Context, body []byte) error {
	sum := sha256.Sum256(body)
	var env struct {
		Object string `json:"object"`
	}
	_ = json.Unmarshal(body, &env)
	d := Delivery{BodyHash: hex.EncodeToString(sum[:]), Object: env.Object, Body: body}
	res := s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&d)
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error // a redelivered body is already stored
	}
	return s.enqueue(ctx, d.ID)
}

func (s Store) enqueue(ctx context.Context, id int64) error {
	t, err := tasks.NewMetaWebhook(id)
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.Queue, t)
}

// Requeue queues the expansion of deliveries still waiting after grace (the reconciler).
func (s Store) Requeue(ctx context.Context, grace time.Duration) error {
	var ids []int64
	err := s.DB.WithContext(ctx).Model(&Delivery{}).Where("processed_at IS NULL AND received_at < ?", time.Now().Add(-grace)).
		Order("received_at").Limit(5000).Pluck("id", &ids).Error
	for _, id := range ids {
		if err == nil {
			err = s.enqueue(ctx, id)
		}
	}
	return err
}
