package inbound

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"slices"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// BatchSize is how many pending events one task may handle. A task holds the events one
// write stored together; under a backlog it takes on its neighbours' events too, up to
// this size, so one transaction, one claim and one real-time lookup per company serve them
// all.
const BatchSize = 32

// Process handles a task's stored events exactly once: claiming marks events processed
// inside the transaction that handles them, so a second delivery of a task (or the task of
// events a neighbour handled) finds nothing to do.
func (p Processor) Process(ctx context.Context, refs []tasks.InboundRef) error {
	refs = p.unprocessed(ctx, refs)
	if len(refs) == 0 {
		return nil
	}
	outs, own, err := p.run(ctx, refs, max(BatchSize, len(refs)))
	if err != nil {
		// One event broke the shared transaction (it is marked, so batches skip it now):
		// handle each event alone.
		outs, own, err = nil, nil, nil
		for _, r := range refs {
			o, ownOne, errOne := p.run(ctx, []tasks.InboundRef{r}, 1)
			outs, own, err = append(outs, o...), cmp.Or(own, ownOne), cmp.Or(err, errOne)
		}
	}
	p.publish(ctx, outs)
	return cmp.Or(err, own)
}

// unprocessed is the cheap check that lets the tasks of events a neighbour handled end at
// once; it keeps the refs whose event is stored for that company and still waiting.
func (p Processor) unprocessed(ctx context.Context, refs []tasks.InboundRef) []tasks.InboundRef {
	var waiting []tasks.InboundRef
	ids, companies := pairs(refs)
	p.DB.WithContext(ctx).Raw(`SELECT company_id, id AS event_id FROM inbound_events
		WHERE (id, company_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[])) AND processed_at IS NULL ORDER BY id`,
		ids, companies).Find(&waiting)
	return waiting
}

// pairs lists refs as two arrays, event ids and company ids, to unnest into pairs.
func pairs(refs []tasks.InboundRef) (ids, companies atdb.Int64s) {
	for _, r := range refs {
		ids, companies = append(ids, r.EventID), append(companies, r.CompanyID)
	}
	return ids, companies
}

// run claims the events (and up to limit in all with pending neighbours), handles them in
// one transaction and returns what to publish. own is the first soft failure of one of the
// task's own events (its target not known yet), to retry by the task; err is a failure of
// the transaction. Neighbours this batch gives back are queued again: their own tasks,
// finding them held, may have ended meanwhile.
func (p Processor) run(ctx context.Context, refs []tasks.InboundRef, limit int) (outs []announce, own, err error) {
	mine := map[int64]bool{}
	for _, r := range refs {
		mine[r.EventID] = true
	}
	var failed int64 // the event whose handling broke the transaction
	var neighbours, released []tasks.InboundRef
	err = p.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		events, err := claim(tx, refs, limit)
		if err != nil {
			return err
		}
		conns := map[int64]connection.Connection{}
		var arrivals, others []pending
		for _, e := range events {
			if !mine[e.ID] {
				neighbours = append(neighbours, tasks.InboundRef{CompanyID: e.CompanyID, EventID: e.ID})
			}
			if e.bad == nil && e.ev.Kind == channel.EventMessage {
				arrivals = append(arrivals, e)
			} else {
				others = append(others, e)
			}
		}
		// Messages first: an edit or delete of a message in the same batch then finds it.
		stored, culprit, err := p.storeMessages(ctx, tx, conns, arrivals)
		if err != nil {
			failed = culprit
			return err
		}
		outs = stored
		for _, e := range others {
			ref := tasks.InboundRef{CompanyID: e.CompanyID, EventID: e.ID}
			out, err := p.one(tenant.With(ctx, e.CompanyID), tx, conns, e)
			switch {
			case errors.Is(err, ErrTargetUnknown):
				// Its own task retries until the target is stored.
				if err := release(tx, e.ID, err.Error()); err != nil {
					return err
				}
				if mine[e.ID] {
					own = cmp.Or(own, err)
				} else {
					released = append(released, ref)
				}
			case err != nil:
				failed = e.ID
				return err
			case out != nil:
				outs = append(outs, *out)
			}
		}
		return nil
	})
	if err != nil {
		if failed != 0 {
			p.DB.WithContext(ctx).Table("inbound_events").Where("id = ?", failed).Update("error", err.Error())
		}
		p.requeue(ctx, neighbours)
		return nil, nil, err
	}
	p.requeue(ctx, released)
	return outs, own, nil
}

// requeue gives events back to their own tasks (a task still queued makes it a no-op; the
// reconciler covers a failure to enqueue).
func (p Processor) requeue(ctx context.Context, refs []tasks.InboundRef) {
	for _, r := range refs {
		if t, err := tasks.NewInboundProcess(r); err == nil && p.Queue != nil {
			_ = tasks.Enqueue(ctx, p.Queue, t)
		}
	}
}

// pending is a claimed event with its decoded payload.
type pending struct {
	row
	ev  channel.Event
	bad error
}

// senderKey names whose events must not be handled by two transactions at once: the
// sender's ticket and contact rows would make one wait for the other's whole batch.
const senderKey = `hashtextextended(connection_id::text || ':' ||
	coalesce(nullif(payload->>'from', ''), payload->>'targetId', ''), 0)`

// claim marks the task's events processed but those another batch holds (that batch
// handles them or queues them again), waits for any batch handling the same senders (in
// key order, so two batches never wait for each other), and, when limit allows, claims the
// oldest other pending events nobody holds, none of which failed before, whose senders no
// other batch is handling: batches never queue behind one another's locks. Events come
// back in a fixed order (connection, sender, id).
func claim(tx *gorm.DB, refs []tasks.InboundRef, limit int) ([]pending, error) {
	var rows []row
	own, companies := pairs(refs)
	if err := tx.Raw(`UPDATE inbound_events SET processed_at = now(), error = '' WHERE id IN (
		SELECT id FROM inbound_events WHERE (id, company_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))
		  AND processed_at IS NULL FOR UPDATE SKIP LOCKED) RETURNING *`, own, companies).Find(&rows).Error; err != nil || len(rows) == 0 {
		return nil, err
	}
	ids := make(atdb.Int64s, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	if err := tx.Exec(`SELECT pg_advisory_xact_lock(k) FROM (
		SELECT DISTINCT `+senderKey+` AS k FROM inbound_events WHERE id = ANY(?::bigint[]) ORDER BY 1) senders`, ids).Error; err != nil {
		return nil, err
	}
	if limit > len(rows) {
		more, err := claimNeighbours(tx, ids, limit-len(rows))
		if err != nil {
			return nil, err
		}
		rows = append(rows, more...)
	}
	events := make([]pending, len(rows))
	for i, r := range rows {
		events[i].row = r
		events[i].bad = json.Unmarshal(r.Payload, &events[i].ev)
	}
	slices.SortFunc(events, func(a, b pending) int {
		return cmp.Or(cmp.Compare(a.ConnectionID, b.ConnectionID), cmp.Compare(a.ev.From, b.ev.From),
			cmp.Compare(a.ev.TargetID, b.ev.TargetID), cmp.Compare(a.ID, b.ID))
	})
	return events, nil
}

// claimNeighbours claims up to n of the oldest pending events. The candidates are read
// first, unlocked, so that the sender locks are tried on a handful of rows: tried in the
// scan of the whole queue, they would lock every waiting sender at once.
func claimNeighbours(tx *gorm.DB, claimed atdb.Int64s, n int) ([]row, error) {
	var candidates atdb.Int64s
	if err := tx.Raw(`SELECT id FROM inbound_events WHERE processed_at IS NULL AND error = '' AND id <> ALL(?::bigint[])
		ORDER BY id LIMIT ?`, claimed, 4*n).Find(&candidates).Error; err != nil || len(candidates) == 0 {
		return nil, err
	}
	var rows []row
	err := tx.Raw(`UPDATE inbound_events SET processed_at = now() WHERE id IN (
		SELECT id FROM inbound_events WHERE id = ANY(?::bigint[]) AND processed_at IS NULL
		  AND pg_try_advisory_xact_lock(`+senderKey+`)
		LIMIT ? FOR UPDATE SKIP LOCKED) RETURNING *`, candidates, n).Find(&rows).Error // no ORDER BY: a sort would try every candidate's lock
	return rows, err
}

// release gives a claimed event back, noting why.
func release(tx *gorm.DB, id int64, why string) error {
	return tx.Exec(`UPDATE inbound_events SET processed_at = NULL, error = ? WHERE id = ?`, why, id).Error
}

// one handles a claimed event in its company's context.
func (p Processor) one(ctx context.Context, tx *gorm.DB, conns map[int64]connection.Connection, e pending) (*announce, error) {
	if e.bad != nil {
		return nil, markProblem(tx, e.ID, "bad payload: "+e.bad.Error())
	}
	conn, ok := conns[e.ConnectionID]
	if !ok {
		var err error
		if conn, err = (connection.Store{DB: tx}).Get(ctx, e.ConnectionID); err != nil {
			return nil, err
		}
		conns[e.ConnectionID] = conn
	}
	return p.handle(ctx, tx, conn, e.ev)
}

// publish announces what a committed batch changed. The tickets messages landed on are
// decorated together in one query, and each gets one ticket event, after its last
// message.
func (p Processor) publish(ctx context.Context, outs []announce) {
	tickets := map[int64]*ticket.Ticket{} // latest state of each ticket
	last := map[int64]int{}               // index of each ticket's last message
	var changed []*ticket.Ticket
	for i, a := range outs {
		if a.known == nil {
			continue
		}
		t, ok := tickets[a.ticketID]
		if !ok {
			t = new(ticket.Ticket)
			tickets[a.ticketID] = t
			changed = append(changed, t)
		}
		*t = a.known.ticket
		c := a.known.contact
		t.Contact, last[a.ticketID] = &c, i
	}
	if len(changed) > 0 {
		if err := ticket.DecorateAcross(ctx, p.DB, changed); err != nil {
			return
		}
	}
	var events realtime.Collector // sent together at the end
	for i, a := range outs {
		cctx := tenant.With(ctx, a.msg.CompanyID)
		t, ok := tickets[a.ticketID]
		if !ok { // an ack, edit or delete: its ticket is read once per batch
			loaded, err := ticket.Get(cctx, p.DB, a.ticketID)
			if err != nil {
				continue
			}
			t = &loaded
			tickets[a.ticketID] = t
		}
		msgs := []message.Message{a.msg}
		if message.Decorate(cctx, p.DB, p.Media, msgs) == nil {
			message.Publish(cctx, &events, a.action, msgs[0], *t)
		}
		if a.known != nil && last[a.ticketID] == i {
			ticket.PublishUpdate(cctx, &events, *t, "")
		}
	}
	_ = realtime.PublishAll(ctx, p.Events, events.Events)
}
