package inbound

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

// Arrival is an event and the connection it came from.
type Arrival struct {
	Conn  connection.Connection
	Event channel.Event
}

// ApplyReceipts applies delivery receipts that our own channel produced (the sandbox's
// receipt rounds) in one transaction, without storing them as inbound events first: a
// provider's webhook must be kept before it is answered, our own rounds are re-read from
// their outbox until applied. Campaigns see them as they see a batch's events; each
// message's ack is raised once and announced. then, in the same transaction, gets
// missing: missing[i] tells that arrivals[i] names a message not stored yet (its send is
// not recorded), which the caller tries again later.
func (p Processor) ApplyReceipts(ctx context.Context, arrivals []Arrival, then func(tx *gorm.DB, missing []bool) error) error {
	events := make([]pending, len(arrivals))
	conns := make(map[int64]connection.Connection, 4)
	for i, a := range arrivals {
		events[i] = pending{row: row{ID: int64(i), CompanyID: a.Conn.CompanyID, ConnectionID: a.Conn.ID}, ev: a.Event}
		conns[a.Conn.ID] = a.Conn
	}
	var outs []announce
	missing := make([]bool, len(arrivals))
	err := p.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		kept, err := p.campaignEvents(ctx, tx, conns, events)
		if err != nil {
			return err
		}
		acks, rest := splitAcks(conns, kept)
		if len(rest) > 0 {
			return fmt.Errorf("inbound: %d receipts are not plain delivery receipts", len(rest))
		}
		applied, late, err := applyAcks(tx, acks)
		if err != nil {
			return err
		}
		for _, e := range late {
			missing[e.ID] = true
		}
		outs = applied
		return then(tx, missing)
	})
	if err != nil {
		return err
	}
	p.publish(ctx, outs)
	return nil
}
