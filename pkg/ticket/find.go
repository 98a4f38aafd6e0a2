package ticket

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"atende/pkg/connection"
	"atende/pkg/contact"
	atdb "atende/pkg/db"
	"atende/pkg/tenant"
)

// FindOrCreate returns the ticket an inbound message of c on conn belongs to (BEHAVIOUR §2):
//  1. the contact's active ticket on this connection (unread count refreshed, isBot cleared);
//  2. else, within the connection's timeCreateNewTicket minutes, its most recently updated
//     ticket, set back to pending (agent and queue kept) unless it is waiting for NPS;
//  3. else a new ticket: pending for 1:1 chats or groups-as-tickets, group otherwise.
//
// It runs in tx; the partial unique index on active tickets settles a race between two
// messages: the loser re-reads the winner's ticket. created tells whether a ticket was made.
func FindOrCreate(ctx context.Context, tx *gorm.DB, c contact.Contact, conn connection.Connection, fromMe bool) (t Ticket, created bool, err error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Ticket{}, false, err
	}
	t, err = active(tx.WithContext(ctx), companyID, c.ID, conn.ID)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ReopenOrCreate(ctx, tx, c, conn, fromMe)
	}
	if err == nil && t.IsBot {
		t.IsBot = false
		err = tx.WithContext(ctx).Model(&Ticket{}).Where("id = ?", t.ID).Update("is_bot", false).Error
	}
	return t, false, err
}

// ReopenOrCreate is FindOrCreate for a contact known to have no active ticket on the
// connection (an inbound batch read them all at once): it reopens a recent ticket or
// creates one. Should another transaction have created it meanwhile, that one is read.
func ReopenOrCreate(ctx context.Context, tx *gorm.DB, c contact.Contact, conn connection.Connection, fromMe bool) (t Ticket, created bool, err error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Ticket{}, false, err
	}
	tx = tx.WithContext(ctx)
	if t, ok, err := reopenRecent(ctx, tx, companyID, c.ID, conn); err != nil || ok {
		return t, false, err
	}
	t = opening(c, conn, fromMe)
	res := tx.Clauses(onActiveConflict).Create(&t)
	if res.Error != nil {
		return Ticket{}, false, res.Error
	}
	if res.RowsAffected == 0 {
		t, err = active(tx, companyID, c.ID, conn.ID)
		return t, false, err
	}
	if err := openTrackings(tx, []int64{t.ID}); err != nil {
		return Ticket{}, false, err
	}
	return t, true, WriteLog(ctx, tx, t.ID, LogCreate, nil, nil)
}

// opening is the new ticket a contact's first message on a connection opens.
func opening(c contact.Contact, conn connection.Connection, fromMe bool) Ticket {
	t := Ticket{CompanyID: conn.CompanyID, ContactID: c.ID, ConnectionID: &conn.ID, Channel: conn.Channel,
		IsGroup: c.IsGroup, IsBot: !c.IsGroup, Status: StatusPending, FromMe: fromMe}
	if c.IsGroup && !conn.GroupsAsTickets() {
		t.Status = StatusGroup
	}
	return t
}

// onActiveConflict skips a new ticket when a concurrent first message created it already
// (tickets_one_active); nothing fails, so no savepoint is needed, and theirs is read.
var onActiveConflict = clause.OnConflict{Columns: []clause.Column{{Name: "contact_id"}, {Name: "connection_id"}},
	TargetWhere: clause.Where{Exprs: []clause.Expression{activePredicate}}, DoNothing: true}

// Opening is a contact with no active ticket on a connection, writing to it.
type Opening struct {
	Contact contact.Contact
	Conn    connection.Connection
	FromMe  bool
}

// OpenMany is ReopenOrCreate for many contacts of an inbound batch (each in its
// connection's company; one Opening per contact and connection): the new tickets and their
// log entries are written in one statement each. Connections that reopen recent tickets
// (timeCreateNewTicket) go one by one.
func OpenMany(ctx context.Context, tx *gorm.DB, openings []Opening) (tickets []Ticket, created []bool, err error) {
	tickets, created = make([]Ticket, len(openings)), make([]bool, len(openings))
	var rows []Ticket
	var at []int // rows[j] opens openings[at[j]]
	for i, o := range openings {
		if o.Contact.CompanyID != o.Conn.CompanyID {
			return nil, nil, ErrNotFound
		}
		if o.Conn.TimeCreateNewTicket > 0 {
			tickets[i], created[i], err = ReopenOrCreate(tenant.With(ctx, o.Conn.CompanyID), tx, o.Contact, o.Conn, o.FromMe)
			if err != nil {
				return nil, nil, err
			}
			continue
		}
		rows, at = append(rows, opening(o.Contact, o.Conn, o.FromMe)), append(at, i)
	}
	if len(rows) == 0 {
		return tickets, created, nil
	}
	var stored []Ticket
	if err := atdb.InsertReturning(tx.WithContext(ctx), &rows, onActiveConflict, &stored); err != nil {
		return nil, nil, err
	}
	byKey := make(map[ActiveKey]Ticket, len(stored))
	for _, t := range stored {
		byKey[ActiveKey{t.CompanyID, t.ContactID, *t.ConnectionID}] = t
	}
	var ids []int64
	for j, i := range at {
		k := ActiveKey{rows[j].CompanyID, rows[j].ContactID, *rows[j].ConnectionID}
		t, ok := byKey[k]
		if !ok { // a concurrent first message opened it
			if t, err = active(tx.WithContext(ctx), k.CompanyID, k.ContactID, k.ConnectionID); err != nil {
				return nil, nil, err
			}
		} else {
			ids = append(ids, t.ID)
		}
		tickets[i], created[i] = t, ok
	}
	return tickets, created, opened(tx.WithContext(ctx), ids, LogCreate)
}

// opened appends one entry of typ, by nobody, to each new ticket's log and starts its
// tracking episode (openTrackings), in one statement.
func opened(tx *gorm.DB, ticketIDs []int64, typ string) error {
	if len(ticketIDs) == 0 {
		return nil
	}
	return tx.Exec(`WITH logs AS (INSERT INTO ticket_logs (company_id, ticket_id, type)
			SELECT company_id, id, ? FROM tickets WHERE id IN ?) `+openTrackingsSQL, typ, ticketIDs, ticketIDs).Error
}

// activePredicate is tickets_one_active's predicate written out: PostgreSQL matches an
// ON CONFLICT target to a partial index only with literal values, not bind parameters.
var activePredicate = clause.Expr{SQL: "status IN ('" + strings.Join(ActiveStatuses, "', '") + "')"}

func active(tx *gorm.DB, companyID, contactID, connectionID int64) (Ticket, error) {
	var t Ticket
	err := tx.Where("company_id = ? AND contact_id = ? AND connection_id = ? AND status IN ?",
		companyID, contactID, connectionID, ActiveStatuses).
		Order("updated_at DESC").Clauses(lockForUpdate).Take(&t).Error
	return t, err
}

func reopenRecent(ctx context.Context, tx *gorm.DB, companyID, contactID int64, conn connection.Connection) (Ticket, bool, error) {
	if conn.TimeCreateNewTicket <= 0 {
		return Ticket{}, false, nil
	}
	var t Ticket
	err := tx.Where("company_id = ? AND contact_id = ? AND connection_id = ? AND updated_at > ?",
		companyID, contactID, conn.ID, time.Now().Add(-time.Duration(conn.TimeCreateNewTicket)*time.Minute)).
		Order("updated_at DESC").Clauses(lockForUpdate).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Ticket{}, false, nil
	}
	if err != nil {
		return Ticket{}, false, err
	}
	if t.Status != StatusNPS {
		t.Status = StatusPending
		if err := tx.Model(&t).Updates(map[string]any{"status": StatusPending, "updated_at": time.Now()}).Error; err != nil {
			return Ticket{}, false, err
		}
		if err := WriteLog(ctx, tx, t.ID, LogReopen, t.UserID, t.QueueID); err != nil {
			return Ticket{}, false, err
		}
		if err := openTrackings(tx, []int64{t.ID}); err != nil { // a new episode
			return Ticket{}, false, err
		}
	}
	return t, true, nil
}

// WriteLog appends one entry to a ticket's log.
func WriteLog(ctx context.Context, db *gorm.DB, ticketID int64, typ string, userID, queueID *int64) error {
	return db.WithContext(ctx).Exec(`INSERT INTO ticket_logs (company_id, ticket_id, user_id, queue_id, type)
		SELECT company_id, id, ?, ?, ? FROM tickets WHERE id = ?`, userID, queueID, typ, ticketID).Error
}

// ActiveKey names the active ticket an inbound message looks for.
type ActiveKey struct {
	CompanyID, ContactID, ConnectionID int64
}

// LockActive reads and locks the active tickets of many inbound messages in one query
// (at most one each: tickets_one_active); the missing ones are left to OpenMany. A reused
// ticket is no longer the bot's fresh one (BEHAVIOUR §2 rule 1): IsBot comes back false,
// and SavePreviews writes it.
func LockActive(tx *gorm.DB, keys []ActiveKey) (map[ActiveKey]Ticket, error) {
	var companies, contacts, conns atdb.Int64s
	for _, k := range keys {
		companies, contacts, conns = append(companies, k.CompanyID), append(contacts, k.ContactID), append(conns, k.ConnectionID)
	}
	var found []Ticket
	err := tx.Where("(company_id, contact_id, connection_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[])) AND status IN ?",
		companies, contacts, conns, ActiveStatuses).Order("id").Clauses(lockForUpdate).Find(&found).Error
	if err != nil {
		return nil, err
	}
	out := make(map[ActiveKey]Ticket, len(found))
	for _, t := range found {
		if t.ConnectionID != nil {
			t.IsBot = false
			out[ActiveKey{t.CompanyID, t.ContactID, *t.ConnectionID}] = t
		}
	}
	return out, nil
}

// Preview is what a batch's messages change on one ticket: the newest of them (by the
// conversation's order, created_at then id) and the ticket's new unread count and time.
type Preview struct {
	Ticket    *Ticket // locked by the caller, with LastMessage, FromMe, UnreadMessages and UpdatedAt set
	MessageID int64
	MessageAt time.Time
}

// SavePreviews writes the previews of many tickets in one statement, with their isBot
// (cleared on reuse, LockActive). The last message and who wrote it change only if no
// message of the ticket is newer: two batches of one sender may commit out of order, and
// the older one must not take the preview back. The values kept are written back to the
// tickets.
func SavePreviews(tx *gorm.DB, ps []Preview) error {
	if len(ps) == 0 {
		return nil
	}
	var ids, unread, msgIDs atdb.Int64s
	var previews atdb.Texts
	var fromMe, isBot atdb.Bools
	var at, msgAt atdb.Times
	byID := make(map[int64]*Ticket, len(ps))
	for _, p := range ps {
		t := p.Ticket
		byID[t.ID] = t
		ids, previews, fromMe, at = append(ids, t.ID), append(previews, t.LastMessage), append(fromMe, t.FromMe), append(at, t.UpdatedAt)
		unread, msgIDs, msgAt = append(unread, int64(t.UnreadMessages)), append(msgIDs, p.MessageID), append(msgAt, p.MessageAt)
		isBot = append(isBot, t.IsBot)
	}
	var kept []struct {
		ID          int64
		LastMessage string
		FromMe      bool
	}
	err := tx.Raw(`UPDATE tickets t SET unread_messages = v.unread, updated_at = v.updated_at, is_bot = v.is_bot,
		last_message = CASE WHEN v.newest THEN v.last_message ELSE t.last_message END,
		from_me = CASE WHEN v.newest THEN v.from_me ELSE t.from_me END
		FROM (SELECT v.*, NOT EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = v.id
		        AND (m.created_at, m.id) > (v.msg_at, v.msg_id)) AS newest
		      FROM unnest(?::bigint[], ?::text[], ?::int[], ?::boolean[], ?::timestamptz[], ?::timestamptz[], ?::bigint[], ?::boolean[])
		        AS v(id, last_message, unread, from_me, updated_at, msg_at, msg_id, is_bot)) v
		WHERE t.id = v.id RETURNING t.id, t.last_message, t.from_me`,
		ids, previews, unread, fromMe, at, msgAt, msgIDs, isBot).Find(&kept).Error
	for _, k := range kept {
		if t := byID[k.ID]; t != nil {
			t.LastMessage, t.FromMe = k.LastMessage, k.FromMe
		}
	}
	return err
}
