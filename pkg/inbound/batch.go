package inbound

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/metrics"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// BatchSize is how many stranded events the reconciler queues in one task. Live events
// come in the batches one write stored together (Store), which a task handles whole.
const BatchSize = 32

// Process handles a task's stored events exactly once: claiming marks events processed
// inside the transaction that handles them, so a second delivery of a task finds nothing
// to do. A task handles its own events only: taking on other tasks' waiting events made
// batches lock those events' senders too, and other batches queued behind those locks.
func (p Processor) Process(ctx context.Context, refs []tasks.InboundRef) error {
	outs, own, err := p.run(ctx, refs)
	if err != nil && len(refs) > 1 {
		// One event broke the shared transaction (it is marked): handle each event alone.
		outs, own, err = nil, nil, nil
		for _, r := range refs {
			o, ownOne, errOne := p.run(ctx, []tasks.InboundRef{r})
			outs, own, err = append(outs, o...), cmp.Or(own, ownOne), cmp.Or(err, errOne)
		}
	}
	due, rows := p.dispatch(ctx, outs)
	p.publish(ctx, outs)
	p.Delivery.SendNow(ctx, p.Queue, due, rows) // after the announces: a reply's "sent" follows its "created"
	return cmp.Or(err, own)
}

// pairs lists refs as two arrays, event ids and company ids, to unnest into pairs.
func pairs(refs []tasks.InboundRef) (ids, companies atdb.Int64s) {
	for _, r := range refs {
		ids, companies = append(ids, r.EventID), append(companies, r.CompanyID)
	}
	return ids, companies
}

// run claims the events, handles them in one transaction and returns what to publish. own
// is the first soft failure of an event (its target not known yet), to retry by the task;
// err is a failure of the transaction.
func (p Processor) run(ctx context.Context, refs []tasks.InboundRef) (outs []announce, own, err error) {
	var failed int64 // the event whose handling broke the transaction
	err = p.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		events, err := claim(tx, refs)
		if err != nil {
			return err
		}
		conns, err := p.connections(ctx, events)
		if err != nil {
			return err
		}
		if events, err = p.campaignEvents(ctx, tx, conns, events); err != nil {
			return err
		}
		var arrivals, others []pending
		for _, e := range events {
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
		acks, others := splitAcks(conns, others)
		receipts, missing, err := applyAcks(tx, acks)
		if err != nil {
			return err
		}
		if own, err = releaseMissing(tx, missing); err != nil {
			return err
		}
		outs = append(outs, receipts...)
		for _, e := range others {
			out, err := p.one(tenant.With(ctx, e.CompanyID), tx, conns, e)
			switch {
			case errors.Is(err, ErrTargetUnknown):
				// The task retries it until the target is stored.
				if err := release(tx, e.ID, err.Error()); err != nil {
					return err
				}
				own = cmp.Or(own, err)
			case err != nil:
				failed = e.ID
				return err
			case out != nil:
				outs = append(append(outs, *out), out.then...)
			}
		}
		lanes, err := p.keepLanes(ctx, tx, outs)
		outs = append(outs, lanes...)
		return err
	})
	if err != nil {
		if failed == 0 && len(refs) == 1 {
			failed = refs[0].EventID
		}
		if failed != 0 {
			err = p.noteFailure(ctx, failed, err, len(refs) == 1)
		}
		return nil, nil, err
	}
	return outs, own, nil
}

// noteFailure records why an event broke its transaction. An event that fails alone on its
// content (atdb.ContentError: no retry can store it) is set aside for good, marked
// processed with its error, so that it neither fails its task again nor comes back from
// the reconciler every minute; anything else stays waiting for a retry.
func (p Processor) noteFailure(ctx context.Context, id int64, err error, alone bool) error {
	set := map[string]any{"error": err.Error()}
	if alone && atdb.ContentError(err) {
		set["processed_at"] = gorm.Expr("now()")
		slog.Error("inbound: event set aside, its content can't be stored", "event_id", id, "err", err)
		metrics.InboundFailures.WithLabelValues("inbound_event").Inc()
		err = nil
	}
	p.DB.WithContext(ctx).Table("inbound_events").Where("id = ?", id).Updates(set)
	return err
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

// claim marks the task's events processed but those another transaction holds (a second
// delivery of the task, which handles them), and waits for any batch handling the same
// senders, in key order so that two batches never wait for each other. Events come back
// in a fixed order (connection, sender, id).
func claim(tx *gorm.DB, refs []tasks.InboundRef) ([]pending, error) {
	var rows []row
	own, companies := pairs(refs)
	// One statement, one round trip: the claim, then the claimed senders' locks in key
	// order (the count forces the locks before any row is returned). "id = ANY" gives the
	// pending index a key to probe: with the pairs alone, a planner that saw the queue empty
	// (its usual state) walked the whole pending index for each claim, and under a backlog
	// every claim read every waiting event (100 ms and a core at 2,500 messages a second).
	if err := tx.Raw(`WITH claimed AS (
		  UPDATE inbound_events SET processed_at = now(), error = '' WHERE id IN (
		    SELECT id FROM inbound_events WHERE id = ANY(?::bigint[])
		      AND (id, company_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))
		      AND processed_at IS NULL FOR UPDATE SKIP LOCKED) RETURNING *),
		locked AS (SELECT count(pg_advisory_xact_lock(k)) AS n FROM (
		  SELECT DISTINCT `+senderKey+` AS k FROM claimed ORDER BY 1) senders)
		SELECT claimed.* FROM claimed, locked`, own, own, companies).Find(&rows).Error; err != nil || len(rows) == 0 {
		return nil, err
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

// release gives a claimed event back, noting why.
func release(tx *gorm.DB, id int64, why string) error {
	return tx.Exec(`UPDATE inbound_events SET processed_at = NULL, error = ? WHERE id = ?`, why, id).Error
}

// connections reads the batch's connections, from memory where it can (connection.Cache).
func (p Processor) connections(ctx context.Context, events []pending) (map[int64]connection.Connection, error) {
	ids := make([]int64, len(events))
	for i, e := range events {
		ids[i] = e.ConnectionID
	}
	return p.Connections.Load(ctx, ids)
}

// connectionOf is the event's connection, which must be of the event's company.
func connectionOf(conns map[int64]connection.Connection, e pending) (connection.Connection, error) {
	conn, ok := conns[e.ConnectionID]
	if !ok || conn.CompanyID != e.CompanyID {
		return conn, fmt.Errorf("inbound event %d: %w", e.ID, connection.ErrNotFound)
	}
	return conn, nil
}

// one handles a claimed event in its company's context.
func (p Processor) one(ctx context.Context, tx *gorm.DB, conns map[int64]connection.Connection, e pending) (*announce, error) {
	if e.bad != nil {
		return nil, markProblem(tx, e.ID, "bad payload: "+e.bad.Error())
	}
	conn, err := connectionOf(conns, e)
	if err != nil {
		return nil, err
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
	// A receipt, reaction or late media changes a message only: its conversation is told
	// (message.PublishChanges). A delete or a re-previewed edit reaches the lists too: its
	// ticket is read once per batch, all of them together.
	var changes []message.Message
	rooms := map[int64]ticket.Room{}
	var others []int64
	for _, a := range outs {
		_, loaded := tickets[a.ticketID]
		switch {
		case a.handoff != nil:
		case a.known == nil && a.action == "update":
			changes = append(changes, a.msg)
			if a.room != nil {
				rooms[a.ticketID] = *a.room
			}
		case !loaded && !slices.Contains(others, a.ticketID):
			others = append(others, a.ticketID)
		}
	}
	message.PublishChangesIn(ctx, p.DB, p.Media, p.Events, changes, rooms)
	if loaded, err := ticket.LoadAcross(ctx, p.DB, others); err == nil {
		maps.Copy(tickets, loaded)
	}
	var events realtime.Collector // sent together at the end
	for i, a := range outs {
		if a.handoff != nil || a.known == nil && a.action == "update" {
			continue // nothing to announce, or announced as a change
		}
		cctx := tenant.With(ctx, a.msg.CompanyID)
		t, ok := tickets[a.ticketID]
		if !ok || t.CompanyID != a.msg.CompanyID {
			continue
		}
		msgs := []message.Message{a.msg}
		if message.Decorate(cctx, p.DB, p.Media, msgs) == nil {
			message.Publish(cctx, &events, a.action, msgs[0], *t)
		}
		if a.known != nil && last[a.ticketID] == i {
			ticket.PublishUpdate(cctx, &events, *t, a.known.left)
		}
	}
	_ = realtime.PublishAll(ctx, p.Events, events.Events)
}
