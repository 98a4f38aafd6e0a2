// Package inbound is the inbound pipeline: a channel event is stored durably first
// (inbound_events, unique per connection and dedupe key, so a redelivered event is a no-op),
// then the inbound:process task turns it into contacts, tickets, messages and acks, once.
package inbound

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/tasks"
)

// Store records inbound events and queues their processing.
type Store struct {
	DB    *gorm.DB
	Queue tasks.Enqueuer
	group *group // nil: every event is written on its own
}

// NewStore returns a store that writes concurrent events together (group commit). Once
// the pipeline is busy, each write waits up to linger for more events (0: never waits).
func NewStore(db *gorm.DB, q tasks.Enqueuer, linger time.Duration) Store {
	return Store{DB: db, Queue: q, group: newGroup(linger)}
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

// entry is one Record call waiting for its event to be written.
type entry struct {
	row
	duplicate bool
	err       error
	done      chan struct{}
}

// group gathers the events that arrive while a write is running, so that a burst of
// webhooks or sandbox posts costs one INSERT, one commit and one task per batch instead of
// per event. A quiet pipeline writes each event at once: no event waits for others.
//
// A busy one lingers: after a write of lingerAfter events or more, the next write waits up
// to linger (or until a full batch waits) before it takes its batch. A batch's fixed
// costs (its task, its transaction's twenty-odd statements, its publish and send tasks)
// were about 6 ms of CPU on a 2-core machine, a fifth of a bot turn's cost at the 27
// events a write gathered by itself at 2,500 messages a second. Waiting 10 ms doubled the
// batches and took the backlog, and its seconds of latency, away (docs/bench.md, tenth
// session): a few milliseconds spent waiting are paid back many times over in queueing.
type group struct {
	mu      sync.Mutex
	waiting []*entry
	busy    bool
	linger  time.Duration
	full    chan struct{} // a full batch waits: the linger ends early (a stale signal only ends one early too)
}

// maxGroup bounds one write and one task's batch; lingerAfter is the write size from which
// the next write lingers.
const (
	maxGroup    = 128
	lingerAfter = 8
)

// Record stores ev for conn, its text cleaned and bounded (channel.Event.Clean), and
// enqueues its processing. A duplicate (same dedupe key) stores and enqueues nothing and
// reports duplicate. If enqueueing fails the event is still stored, and the reconciler
// queues it later.
func (s Store) Record(ctx context.Context, conn connection.Connection, ev channel.Event) (id int64, duplicate bool, err error) {
	e, err := newEntry(conn, ev)
	if err != nil {
		return 0, false, err
	}
	if s.group == nil {
		s.write(ctx, []*entry{e})
		return e.ID, e.duplicate, e.err
	}
	if s.group.add(e) {
		// The writer outlives this request when others keep arriving; a cancelled request
		// must not cancel the write of its neighbours' events.
		go s.drain(context.WithoutCancel(ctx))
	}
	<-e.done
	return e.ID, e.duplicate, e.err
}

// newEntry is ev cleaned and bounded (channel.Event.Clean), the one boundary every
// channel's events cross, ready to write.
func newEntry(conn connection.Connection, ev channel.Event) (*entry, error) {
	ev = ev.Clean()
	payload, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	return &entry{row: row{CompanyID: conn.CompanyID, ConnectionID: conn.ID, DedupeKey: ev.DedupeKey(), Kind: ev.Kind,
		Payload: payload}, done: make(chan struct{})}, nil
}

func newGroup(linger time.Duration) *group {
	return &group{linger: linger, full: make(chan struct{}, 1)}
}

// add puts e in the next batch; lead tells that no writer is running, so the caller
// starts one.
func (g *group) add(e *entry) (lead bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.waiting = append(g.waiting, e)
	lead = !g.busy
	g.busy = true
	if len(g.waiting) == maxGroup {
		select {
		case g.full <- struct{}{}:
		default:
		}
	}
	return lead
}

// drain writes the waiting events, a batch at a time, until none are left.
func (s Store) drain(ctx context.Context) {
	g := s.group
	last := 0 // the previous write's size
	for {
		if last >= lingerAfter {
			g.wait()
		}
		g.mu.Lock()
		batch := g.waiting[:min(len(g.waiting), maxGroup)]
		g.waiting = g.waiting[len(batch):]
		if len(batch) == 0 {
			g.busy, g.waiting = false, nil
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		last = len(batch)
		s.write(ctx, batch)
	}
}

// wait lingers before a write: up to linger, less if a full batch is waiting already.
func (g *group) wait() {
	if g.linger <= 0 {
		return
	}
	g.mu.Lock()
	full := len(g.waiting) >= maxGroup
	g.mu.Unlock()
	if full {
		return
	}
	t := time.NewTimer(g.linger)
	defer t.Stop()
	select {
	case <-t.C:
	case <-g.full:
	}
}

// write inserts a batch in one statement and queues one task for the new events. If the
// batch fails (say one event's connection was deleted meanwhile), each event is written
// alone so that one bad event does not fail its neighbours.
func (s Store) write(ctx context.Context, batch []*entry) {
	defer func() {
		for _, e := range batch {
			close(e.done)
		}
	}()
	if err := s.insert(ctx, batch); err != nil {
		if len(batch) == 1 {
			batch[0].err = err
			return
		}
		for _, e := range batch {
			e.err = s.insert(ctx, []*entry{e})
		}
	}
	var refs []tasks.InboundRef
	for _, e := range batch {
		if e.err == nil && !e.duplicate {
			refs = append(refs, tasks.InboundRef{CompanyID: e.CompanyID, EventID: e.ID})
		}
	}
	if len(refs) == 0 {
		return
	}
	t, err := tasks.NewInboundProcess(refs...)
	if err == nil {
		err = tasks.Enqueue(ctx, s.Queue, t)
	}
	for _, e := range batch {
		if e.err == nil && !e.duplicate {
			e.err = err
		}
	}
}

// insert writes the batch; an event whose (connection, dedupe key) is stored already, or
// repeated within the batch, is marked duplicate.
func (s Store) insert(ctx context.Context, batch []*entry) error {
	var companies, conns atdb.Int64s
	var keys, kinds, payloads atdb.Texts
	for _, e := range batch {
		companies, conns = append(companies, e.CompanyID), append(conns, e.ConnectionID)
		keys, kinds, payloads = append(keys, e.DedupeKey), append(kinds, e.Kind), append(payloads, string(e.Payload))
	}
	var stored []row
	// Find, not Scan: gorm's Scan writes out every statement with its values for the
	// logger, even a silent one, which cost a twentieth of the worker's CPU.
	if err := s.DB.WithContext(ctx).Raw(`INSERT INTO inbound_events (company_id, connection_id, dedupe_key, kind, payload)
		SELECT c, n, d, k, p::jsonb FROM unnest(?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[]) AS e(c, n, d, k, p)
		ON CONFLICT (connection_id, dedupe_key) DO NOTHING RETURNING id, connection_id, dedupe_key`,
		companies, conns, keys, kinds, payloads).Find(&stored).Error; err != nil {
		return err
	}
	type key struct {
		conn  int64
		dedup string
	}
	ids := atdb.Returned[key]{}
	for _, r := range stored {
		ids[key{r.ConnectionID, r.DedupeKey}] = r.ID
	}
	for _, e := range batch {
		e.ID = ids.Take(key{e.ConnectionID, e.DedupeKey})
		e.duplicate = e.ID == 0
	}
	return nil
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
