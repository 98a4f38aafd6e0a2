package inbound

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/contact"
	atdb "atende/pkg/db"
	"atende/pkg/message"
	"atende/pkg/storage"
	"atende/pkg/tenant"
	"atende/pkg/ticket"
)

// arrival is a message event on its way to a ticket.
type arrival struct {
	pending
	conn    connection.Connection
	contact contact.Contact
	ticket  *ticket.Ticket // shared by the batch's messages on one ticket
	msg     message.Message
	created bool   // its message opened the ticket
	left    string // the status the bot moved its ticket from ("" when none)
}

// storeMessages handles a batch's message events together (BEHAVIOUR §1 skeleton: group
// gate, contact, ticket reuse or creation, store once, ticket preview and unread count).
// The common case, a customer we know writing on an active ticket, costs the batch one
// query for its contacts, one for its tickets, one insert and one update, whatever its size;
// new tickets cost one insert more, new or changed contacts an Upsert each. failed names
// the event that broke the batch, when one did.
func (p Processor) storeMessages(ctx context.Context, tx *gorm.DB, conns map[int64]connection.Connection, events []pending) (outs []announce, failed int64, err error) {
	if len(events) == 0 {
		return nil, 0, nil
	}
	arrivals, failed, err := p.withConnections(ctx, conns, events)
	if err != nil {
		return nil, failed, err
	}
	if failed, err = findContacts(ctx, tx, arrivals); err != nil {
		return nil, failed, err
	}
	if failed, err = findTickets(ctx, tx, arrivals); err != nil {
		return nil, failed, err
	}
	if err := quote(tx, arrivals); err != nil {
		return nil, 0, err
	}
	if err := insert(tx, arrivals); err != nil {
		return nil, 0, err
	}
	// The tickets are locked, so their new values are known here and the events are built
	// from them without reading the tickets again.
	newest := map[int64]*arrival{} // each ticket's newest message of the batch
	var changed []ticket.Preview
	for _, a := range arrivals {
		if a.msg.ID == 0 {
			continue // stored before: a duplicate
		}
		t := a.ticket
		t.UnreadMessages++
		if a.ev.FromMe {
			t.UnreadMessages = 0
		}
		t.UpdatedAt = time.Now()
		n, ok := newest[t.ID]
		if !ok {
			changed = append(changed, ticket.Preview{Ticket: t})
		}
		if !ok || a.msg.CreatedAt.After(n.msg.CreatedAt) || (a.msg.CreatedAt.Equal(n.msg.CreatedAt) && a.msg.ID > n.msg.ID) {
			newest[t.ID] = a
		}
	}
	for i := range changed {
		p := &changed[i]
		n := newest[p.Ticket.ID]
		p.Ticket.LastMessage, p.Ticket.FromMe = message.Preview(n.msg), n.ev.FromMe
		p.MessageID, p.MessageAt = n.msg.ID, n.msg.CreatedAt
	}
	// The bot answers in this transaction (bot.go); a ticket it answered is saved with its
	// reply as the preview, so its inbound preview is not written first.
	replies, answered, err := p.converse(ctx, tx, arrivals)
	if err != nil {
		return nil, 0, err
	}
	changed = slices.DeleteFunc(changed, func(p ticket.Preview) bool { return answered[p.Ticket.ID] })
	if err := ticket.SavePreviews(tx, changed); err != nil {
		return nil, 0, err
	}
	for _, a := range arrivals {
		if a.msg.ID != 0 {
			// Each announce carries the ticket as its last message left it.
			outs = append(outs, announce{action: "create", msg: a.msg, ticketID: a.ticket.ID,
				known: &known{ticket: *a.ticket, contact: a.contact, left: a.left}})
		}
	}
	return append(outs, replies...), 0, nil
}

// withConnections pairs each event with its connection and drops our own echoes and the
// group messages the connection does not take or the company ignores (CheckMsgIsGroup).
func (p Processor) withConnections(ctx context.Context, conns map[int64]connection.Connection, events []pending) ([]*arrival, int64, error) {
	arrivals := make([]*arrival, 0, len(events))
	for _, e := range events {
		conn, err := connectionOf(conns, e)
		if err != nil {
			return nil, e.ID, err
		}
		if echo(e.ev) || e.ev.IsGroup && (!conn.AllowGroup || p.ignoresGroups(ctx, conn.CompanyID)) {
			continue
		}
		arrivals = append(arrivals, &arrival{pending: e, conn: conn})
	}
	return arrivals, 0, nil
}

// providerKey names a message the way its channel does: its connection and provider id.
type providerKey struct {
	conn int64
	id   string
}

// key names the arrival's own message; quotes, the message it replies to or is about ("" id
// when none).
func (a *arrival) key() providerKey { return providerKey{a.conn.ID, a.ev.ProviderID} }
func (a *arrival) quotes() providerKey {
	return providerKey{a.conn.ID, firstOf(a.ev.QuotedProviderID, a.ev.TargetID)}
}

func (a *arrival) inbound() contact.Inbound {
	return contact.Inbound{Number: a.ev.From, Name: a.ev.Name, Channel: a.conn.Channel, IsGroup: a.ev.IsGroup,
		URLPicture: a.ev.PictureURL, ConnectionID: a.conn.ID}
}

// findContacts reads the batch's known contacts in one query and saves the others (the
// missing, and those the message tells something new of) in one more, without reading
// them again.
func findContacts(ctx context.Context, tx *gorm.DB, arrivals []*arrival) (int64, error) {
	keys := make([]contact.Key, len(arrivals))
	for i, a := range arrivals {
		keys[i] = contact.Key{CompanyID: a.CompanyID, Channel: a.conn.Channel, Number: a.ev.From}
	}
	known, err := contact.Known(ctx, tx, keys)
	if err != nil {
		return 0, err
	}
	// The new or changed contacts, each once with what the batch's messages say of it.
	var saveKeys []contact.Key
	var ins []contact.Inbound
	var firsts []*arrival
	at := map[contact.Key]int{}
	for i, a := range arrivals {
		in := a.inbound()
		if c, ok := known[keys[i]]; ok && c.Current(in) {
			continue
		}
		if j, seen := at[keys[i]]; seen {
			ins[j] = newer(ins[j], in)
			continue
		}
		at[keys[i]] = len(ins)
		saveKeys, ins, firsts = append(saveKeys, keys[i]), append(ins, in), append(firsts, a)
	}
	if len(ins) > 0 {
		saved, failed, err := saveContacts(ctx, tx, saveKeys, ins, firsts)
		if err != nil {
			return failed, err
		}
		for k, c := range saved {
			known[k] = c
		}
	}
	for i, a := range arrivals {
		a.contact = known[keys[i]]
	}
	return 0, nil
}

// saveContacts writes the batch's new or changed contacts in one statement, in a savepoint:
// should it fail, each is saved alone so that the failing message is named (failed) and
// the rest of the batch goes on without it.
func saveContacts(ctx context.Context, tx *gorm.DB, keys []contact.Key, ins []contact.Inbound, firsts []*arrival) (map[contact.Key]contact.Contact, int64, error) {
	var saved map[contact.Key]contact.Contact
	err := tx.Transaction(func(sp *gorm.DB) error {
		var err error
		saved, err = contact.SaveMany(ctx, sp, keys, ins)
		return err
	})
	if err == nil {
		return saved, 0, nil
	}
	saved = make(map[contact.Key]contact.Contact, len(keys))
	for i, a := range firsts {
		c, err := contact.Save(tenant.With(ctx, a.CompanyID), tx, ins[i])
		if err != nil {
			return nil, a.ID, err
		}
		saved[keys[i]] = c
	}
	return saved, 0, nil
}

// newer is what two messages of the batch say of one contact: the later one's name and
// picture, the earlier one's where the later has none.
func newer(earlier, later contact.Inbound) contact.Inbound {
	if later.Name == "" {
		later.Name = earlier.Name
	}
	if later.URLPicture == "" {
		later.URLPicture = earlier.URLPicture
	}
	return later
}

// findTickets reads and locks the batch's active tickets in one query and opens the others
// together; then builds each message on its ticket.
func findTickets(ctx context.Context, tx *gorm.DB, arrivals []*arrival) (int64, error) {
	keys := make([]ticket.ActiveKey, len(arrivals))
	for i, a := range arrivals {
		keys[i] = ticket.ActiveKey{CompanyID: a.CompanyID, ContactID: a.contact.ID, ConnectionID: a.conn.ID}
	}
	active, err := ticket.LockActive(tx, keys)
	if err != nil {
		return 0, err
	}
	byKey := map[ticket.ActiveKey]*ticket.Ticket{}
	var openings []ticket.Opening
	var opener []*arrival // the first message of each opening
	var openKeys []ticket.ActiveKey
	for i, a := range arrivals {
		if _, seen := byKey[keys[i]]; seen {
			continue // one ticket for all the batch's messages on it
		}
		if t, ok := active[keys[i]]; ok {
			byKey[keys[i]] = &t
			continue
		}
		byKey[keys[i]] = nil
		openings = append(openings, ticket.Opening{Contact: a.contact, Conn: a.conn, FromMe: a.ev.FromMe})
		opener, openKeys = append(opener, a), append(openKeys, keys[i])
	}
	opened, created, err := ticket.OpenMany(ctx, tx, openings)
	if err != nil {
		if len(opener) == 1 {
			return opener[0].ID, err
		}
		return 0, err
	}
	for j, a := range opener {
		t := opened[j]
		if created[j] && a.ev.Imported { // history import: marked, in the connection's import queue
			if err := markImported(tx, &t, a.conn); err != nil {
				return a.ID, err
			}
		}
		byKey[openKeys[j]] = &t
		a.created = created[j]
	}
	for i, a := range arrivals {
		a.ticket = byKey[keys[i]]
		a.msg = newMessage(a.conn, a.ev, a.ticket, a.contact.ID)
	}
	return 0, nil
}

// newMessage is the row an inbound (or phone-typed outbound) message is stored as.
func newMessage(conn connection.Connection, ev channel.Event, t *ticket.Ticket, contactID int64) message.Message {
	providerID := ev.ProviderID
	return message.Message{CompanyID: conn.CompanyID, TicketID: t.ID, ContactID: &contactID, ConnectionID: &conn.ID,
		QueueID: t.QueueID, ProviderID: &providerID, Body: ev.Body, FromMe: ev.FromMe,
		MediaType: mediaType(ev), MediaPath: ev.MediaPath, MediaName: storage.CleanName(ev.MediaName), VCard: ev.VCard,
		Participant: ev.Participant, Ack: ackOf(ev), CreatedAt: stamp(ev)}
}

// quote links replies to the messages they quote, read in one query for the batch.
func quote(tx *gorm.DB, arrivals []*arrival) error {
	var conns atdb.Int64s
	var refs atdb.Texts
	for _, a := range arrivals {
		if q := a.quotes(); q.id != "" {
			conns, refs = append(conns, q.conn), append(refs, q.id)
		}
	}
	if len(refs) == 0 {
		return nil
	}
	var quoted []message.Message
	if err := tx.Select("id, connection_id, provider_id").
		Where("(connection_id, provider_id) IN (SELECT * FROM unnest(?::bigint[], ?::text[]))", conns, refs).
		Find(&quoted).Error; err != nil {
		return err
	}
	ids := map[providerKey]int64{}
	for _, q := range quoted {
		ids[providerKey{*q.ConnectionID, *q.ProviderID}] = q.ID
	}
	for _, a := range arrivals {
		if id, ok := ids[a.quotes()]; ok {
			a.msg.QuotedMsgID = &id
		}
	}
	return nil
}

// insert stores the batch's messages in one statement, or in rounds when a message quotes
// another of the same batch: the quoted one is stored first, so the reply can name its id.
func insert(tx *gorm.DB, arrivals []*arrival) error {
	unstored := map[providerKey]bool{}
	for _, a := range arrivals {
		unstored[a.key()] = true
	}
	stored := map[providerKey]int64{}
	for rest := arrivals; len(rest) > 0; {
		var now, later []*arrival
		for _, a := range rest {
			if id := stored[a.quotes()]; id != 0 && a.msg.QuotedMsgID == nil {
				a.msg.QuotedMsgID = &id
			}
			if unstored[a.quotes()] && a.quotes() != a.key() {
				later = append(later, a)
			} else {
				now = append(now, a)
			}
		}
		if len(now) == 0 { // replies quoting each other: stored without the link
			now, later = later, nil
		}
		msgs := make([]*message.Message, len(now))
		for i, a := range now {
			msgs[i] = &a.msg
		}
		if err := message.InsertOnce(tx, msgs); err != nil {
			return err
		}
		for _, a := range now {
			delete(unstored, a.key())
			if a.msg.ID != 0 {
				stored[a.key()] = a.msg.ID
			}
		}
		rest = later
	}
	return nil
}

// ignoresGroups: the company's CheckMsgIsGroup ("ignore group messages") is on.
func (p Processor) ignoresGroups(ctx context.Context, companyID int64) bool {
	return p.Settings != nil && p.Settings.Value(tenant.With(ctx, companyID), "CheckMsgIsGroup") == "enabled"
}
