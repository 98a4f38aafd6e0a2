package inbound

import (
	"cmp"
	"fmt"
	"slices"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/schedule"
	"atende/pkg/ticket"
)

// receipt names the message a delivery receipt is about.
type receipt struct {
	conn     int64
	provider string
}

// splitAcks takes out of others the plain delivery receipts (not failures) of known
// connections: every reply the bot sends comes back as two or three of them, so they are
// applied together (applyAcks) instead of one UPDATE each.
func splitAcks(conns map[int64]connection.Connection, others []pending) (acks, rest []pending) {
	for _, e := range others {
		if e.bad == nil && e.ev.Kind == channel.EventAck && e.ev.Ack != message.AckFailed {
			if _, err := connectionOf(conns, e); err == nil {
				acks = append(acks, e)
				continue
			}
		}
		rest = append(rest, e)
	}
	return acks, rest
}

// applyAcks raises the ack of every message the receipts name, in one statement: the
// highest receipt of a message wins, as GREATEST does one at a time. missing are the
// receipts whose message is not stored yet (the send worker has not recorded its provider
// id), or not recorded sent yet (a reply named ahead whose receipt beat our own record):
// their caller gives them back to be tried again. Only the send's record moves a message
// of ours from ack 0, because only it knows what was sent and so whether a delete or edit
// overtook the send (message.Delivery's recordSentAll queues that change's action again).
// A receipt raising it first hid that change for good.
func applyAcks(tx *gorm.DB, acks []pending) (outs []announce, missing []pending, err error) {
	if len(acks) == 0 {
		return nil, nil, nil
	}
	highest := map[receipt]int{}
	var order []receipt
	for _, e := range acks {
		k := receipt{e.ConnectionID, e.ev.TargetID}
		if v, seen := highest[k]; !seen {
			order = append(order, k)
			highest[k] = e.ev.Ack
		} else {
			highest[k] = max(v, e.ev.Ack)
		}
	}
	// In key order, so that two rounds raising the same messages lock them in one order.
	slices.SortFunc(order, func(a, b receipt) int {
		return cmp.Or(cmp.Compare(a.conn, b.conn), cmp.Compare(a.provider, b.provider))
	})
	var connIDs, values atdb.Int64s
	var providers atdb.Texts
	for _, k := range order {
		connIDs, providers, values = append(connIDs, k.conn), append(providers, k.provider), append(values, int64(highest[k]))
	}
	// With each message, its ticket's room, which announcing the change needs.
	var rows []struct {
		message.Message
		TicketUUID      string
		TicketCompanyID int64
	}
	if err := tx.Raw(`UPDATE messages m SET ack = GREATEST(m.ack, v.ack), updated_at = now()
		FROM unnest(?::bigint[], ?::text[], ?::int[]) AS v(conn, provider, ack), tickets t
		WHERE m.connection_id = v.conn AND m.provider_id = v.provider AND t.id = m.ticket_id AND NOT (`+message.Unrecorded+`)
		RETURNING m.*, t.uuid AS ticket_uuid, t.company_id AS ticket_company_id`, connIDs, providers, values).Find(&rows).Error; err != nil {
		return nil, nil, err
	}
	found := map[receipt]bool{}
	for _, r := range rows {
		m := r.Message
		found[receipt{*m.ConnectionID, *m.ProviderID}] = true
		room := ticket.Room{ID: m.TicketID, CompanyID: r.TicketCompanyID, UUID: r.TicketUUID}
		outs = append(outs, announce{action: "update", msg: m, ticketID: m.TicketID, room: &room})
	}
	for _, e := range acks {
		if found[receipt{e.ConnectionID, e.ev.TargetID}] || schedule.SentRaw(tx, e.CompanyID, e.ev.TargetID) {
			continue // a scheduled message sent without a ticket has nothing stored to change
		}
		missing = append(missing, e)
	}
	return outs, missing, nil
}

// releaseMissing gives the claimed receipts whose message is not stored yet back to their
// task's retry; own reports the first.
func releaseMissing(tx *gorm.DB, missing []pending) (own error, err error) {
	for _, e := range missing {
		why := fmt.Errorf("%w: %s", ErrTargetUnknown, e.ev.TargetID)
		if err := release(tx, e.ID, why.Error()); err != nil {
			return nil, err
		}
		own = cmp.Or(own, why)
	}
	return own, nil
}
