// Package inbound is the inbound pipeline: a channel event is stored durably first
// (inbound_events, unique per connection and dedupe key, so a redelivered event is a no-op),
// then the inbound:process task turns it into contacts, tickets, messages and acks, once.
package inbound

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/tasks"
)

// Store records inbound events and queues their processing.
type Store struct {
	DB    *gorm.DB
	Queue tasks.Enqueuer
}

// row is one stored event.
type row struct {
	ID           int64
	CompanyID    int64
	ConnectionID int64
	DedupeKey    string
	Kind         string
	Payload      []byte `gorm:"type:jsonb"`
}

func (row) TableName() string { return "inbound_events" }

// Record stores ev for conn and enqueues its processing. A duplicate (same dedupe key)
// stores and enqueues nothing and reports duplicate. If enqueueing fails the event is
// still stored, and the reconciler queues it later.
func (s Store) Record(ctx context.Context, conn connection.Connection, ev channel.Event) (id int64, duplicate bool, err error) {
	payload, err := json.Marshal(ev)
	if err != nil {
		return 0, false, err
	}
	r := row{CompanyID: conn.CompanyID, ConnectionID: conn.ID, DedupeKey: ev.DedupeKey(), Kind: ev.Kind, Payload: payload}
	res := s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&r)
	if res.Error != nil {
		return 0, false, res.Error
	}
	if res.RowsAffected == 0 {
		return 0, true, nil
	}
	t, err := tasks.NewInboundProcess(conn.CompanyID, r.ID)
	if err != nil {
		return r.ID, false, err
	}
	return r.ID, false, tasks.Enqueue(ctx, s.Queue, t)
}

// Pending lists stored events not processed after grace, for the reconciler.
func Pending(ctx context.Context, db *gorm.DB, grace time.Duration) ([]tasks.InboundRef, error) {
	var refs []tasks.InboundRef
	err := db.WithContext(ctx).Table("inbound_events").Select("company_id, id AS event_id").
		Where("processed_at IS NULL AND received_at < ?", time.Now().Add(-grace)).
		Order("id").Limit(5000).Scan(&refs).Error
	return refs, err
}

// Settled reports whether every stored event of a connection has been processed.
func Settled(ctx context.Context, db *gorm.DB, connectionID int64) (bool, error) {
	var waiting bool
	err := db.WithContext(ctx).Raw(`SELECT EXISTS (SELECT 1 FROM inbound_events WHERE connection_id = ? AND processed_at IS NULL)`,
		connectionID).Scan(&waiting).Error
	return !waiting, err
}
