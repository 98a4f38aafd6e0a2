package ticket

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"golang.org/x/sync/errgroup"
	"gorm.io/gorm"

	"atende/pkg/contact"
	atdb "atende/pkg/db"
	"atende/pkg/errs"
	"atende/pkg/tenant"
)

// ErrNotFound is the spec's missing-ticket error.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_TICKET_FOUND", "Nenhum ticket encontrado com este ID.")

// Get loads one ticket of the context's company with its contact, queue, user, connection
// and tags.
func Get(ctx context.Context, db *gorm.DB, id int64) (Ticket, error) {
	return getBy(ctx, db, "id = ?", id)
}

// GetByUUID is Get by the ticket's uuid.
func GetByUUID(ctx context.Context, db *gorm.DB, uuid string) (Ticket, error) {
	if len(uuid) != 36 {
		return Ticket{}, ErrNotFound
	}
	return getBy(ctx, db, "uuid = ?", uuid)
}

// Row loads one ticket of the context's company without what it points at, for callers
// that decorate it later, beside other work.
func Row(ctx context.Context, db *gorm.DB, id int64) (Ticket, error) {
	return row(ctx, db, "id = ?", id)
}

func row(ctx context.Context, db *gorm.DB, where string, arg any) (Ticket, error) {
	q, err := tenant.Scope(ctx, db)
	if err != nil {
		return Ticket{}, err
	}
	var t Ticket
	if err := q.Where(where, arg).Take(&t).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return Ticket{}, ErrNotFound
		}
		return Ticket{}, err
	}
	return t, nil
}

func getBy(ctx context.Context, db *gorm.DB, where string, arg any) (Ticket, error) {
	t, err := row(ctx, db, where, arg)
	if err != nil {
		return Ticket{}, err
	}
	list := []Ticket{t}
	if err := Decorate(ctx, db, list); err != nil {
		return Ticket{}, err
	}
	return list[0], nil
}

// Decorate fills contact, queue, user, connection and tags of tickets in two queries run
// side by side (the contacts, and every other shape in one UNION), whatever the page size:
// no N+1, and one round trip of waiting.
func Decorate(ctx context.Context, db *gorm.DB, tickets []Ticket) error {
	if len(tickets) == 0 {
		return nil
	}
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return err
	}
	db = db.WithContext(ctx)
	contactIDs := make([]int64, len(tickets))
	ptrs := make([]*Ticket, len(tickets))
	for i := range tickets {
		contactIDs[i], ptrs[i] = tickets[i].ContactID, &tickets[i]
	}
	var contacts []contact.Contact
	if err := sideBySide(db, func() error {
		return db.Where("company_id = ? AND id = ANY(?::bigint[])", companyID, atdb.Int64s(contactIDs)).Find(&contacts).Error
	}, func() error { return decorateRefs(db, []int64{companyID}, ptrs) }); err != nil {
		return err
	}
	byContact := index(contacts, func(c contact.Contact) int64 { return c.ID })
	for i := range tickets {
		if c, ok := byContact[tickets[i].ContactID]; ok {
			tickets[i].Contact = &c
		}
	}
	return nil
}

// DecorateAcross is Decorate for tickets whose contacts the caller already holds, of
// several companies (an inbound batch): one query for them all, each shape matched on its
// ticket's own company.
func DecorateAcross(ctx context.Context, db *gorm.DB, tickets []*Ticket) error {
	var companies []int64
	for _, t := range tickets {
		if !slices.Contains(companies, t.CompanyID) {
			companies = append(companies, t.CompanyID)
		}
	}
	return decorateRefs(db.WithContext(ctx), companies, tickets)
}

// decorateRefs fills queue, user, connection, tags and a closed ticket's rating from one
// UNION ALL round trip.
func decorateRefs(db *gorm.DB, companyIDs []int64, tickets []*Ticket) error {
	ids := make([]int64, len(tickets))
	var queueIDs, userIDs, connIDs, closedIDs []int64
	for i, t := range tickets {
		ids[i] = t.ID
		if t.Status == StatusClosed {
			closedIDs = append(closedIDs, t.ID)
		}
		if t.QueueID != nil {
			queueIDs = append(queueIDs, *t.QueueID)
		}
		if t.UserID != nil {
			userIDs = append(userIDs, *t.UserID)
		}
		if t.ConnectionID != nil {
			connIDs = append(connIDs, *t.ConnectionID)
		}
	}
	r, err := refs(db, companyIDs, ids, queueIDs, userIDs, connIDs, closedIDs)
	if err != nil {
		return err
	}
	for _, t := range tickets {
		t.Queue = lookup(r.queues, owned{t.CompanyID, t.QueueID})
		t.User = lookup(r.users, owned{t.CompanyID, t.UserID})
		t.Whatsapp = lookup(r.conns, owned{t.CompanyID, t.ConnectionID})
		t.Tags = r.tags[t.ID]
		if rate, ok := r.ratings[t.ID]; ok && t.Status == StatusClosed {
			t.UserRating = &Rating{Rate: rate}
		}
		if t.Tags == nil {
			t.Tags = []contact.TagRef{}
		}
	}
	return nil
}

// owned names a row by its company and id: a ticket's references are looked up in its own
// company only.
type owned struct {
	company int64
	id      *int64
}

// ref is a row's key in shapes: its company and id.
type ref struct{ company, id int64 }

// shapes are the short forms of what a page of tickets points at.
type shapes struct {
	queues  map[ref]QueueRef
	users   map[ref]UserRef
	conns   map[ref]ConnectionRef
	tags    map[int64][]contact.TagRef // by ticket, by name
	ratings map[int64]int              // by ticket: its latest rating
}

// refs loads the queue, user, connection and tag shapes of a page of tickets in one round
// trip (a UNION ALL): every list page and every ticket event needs them; and the latest
// rating of the closed ones (the emoji a closed ticket shows).
func refs(db *gorm.DB, companyIDs, ticketIDs, queueIDs, userIDs, connIDs, closedIDs []int64) (shapes, error) {
	var rows []struct {
		Kind, Name, A, B string
		Owner, ID        int64
	}
	in := func(ids []int64) atdb.Int64s { return atdb.Int64s(ids) }
	err := db.Raw(`SELECT 'q' AS kind, company_id AS owner, id, name, color AS a, '' AS b FROM queues
		  WHERE company_id = ANY(?::bigint[]) AND id = ANY(?::bigint[])
		UNION ALL SELECT 'u', company_id, id, name, '', '' FROM users WHERE company_id = ANY(?::bigint[]) AND id = ANY(?::bigint[])
		UNION ALL SELECT 'c', company_id, id, name, channel, group_as_ticket FROM connections
		  WHERE company_id = ANY(?::bigint[]) AND id = ANY(?::bigint[])
		UNION ALL SELECT 't', tt.ticket_id, t.id, t.name, t.color, t.kanban::text
		  FROM ticket_tags tt JOIN tags t ON t.id = tt.tag_id AND t.company_id = tt.company_id
		  WHERE tt.company_id = ANY(?::bigint[]) AND tt.ticket_id = ANY(?::bigint[])
		UNION ALL SELECT 'r', ticket_id, rate, '', '', '' FROM (SELECT DISTINCT ON (ticket_id) ticket_id, rate FROM user_ratings
		  WHERE company_id = ANY(?::bigint[]) AND ticket_id = ANY(?::bigint[]) ORDER BY ticket_id, created_at DESC, id DESC) r
		ORDER BY name`,
		in(companyIDs), in(queueIDs), in(companyIDs), in(userIDs), in(companyIDs), in(connIDs),
		in(companyIDs), in(ticketIDs), in(companyIDs), in(closedIDs)).Find(&rows).Error
	s := shapes{queues: map[ref]QueueRef{}, users: map[ref]UserRef{}, conns: map[ref]ConnectionRef{},
		tags: map[int64][]contact.TagRef{}, ratings: map[int64]int{}}
	for _, r := range rows {
		switch r.Kind {
		case "q":
			s.queues[ref{r.Owner, r.ID}] = QueueRef{ID: r.ID, Name: r.Name, Color: r.A}
		case "u":
			s.users[ref{r.Owner, r.ID}] = UserRef{ID: r.ID, Name: r.Name}
		case "c":
			s.conns[ref{r.Owner, r.ID}] = ConnectionRef{ID: r.ID, Name: r.Name, Channel: r.A, GroupAsTicket: r.B}
		case "t":
			kanban, _ := strconv.Atoi(r.B)
			s.tags[r.Owner] = append(s.tags[r.Owner], contact.TagRef{ID: r.ID, Name: r.Name, Color: r.A, Kanban: kanban})
		case "r":
			s.ratings[r.Owner] = int(r.ID)
		}
	}
	return s, err
}

func index[T any](items []T, key func(T) int64) map[int64]T {
	m := make(map[int64]T, len(items))
	for _, it := range items {
		m[key(it)] = it
	}
	return m
}

func lookup[T any](m map[ref]T, o owned) *T {
	if o.id == nil {
		return nil
	}
	if v, ok := m[ref{o.company, *o.id}]; ok {
		return &v
	}
	return nil
}

// nonEmpty keeps "IN ?" valid for an empty list.
func nonEmpty(ids []int64) []int64 {
	if len(ids) == 0 {
		return []int64{0}
	}
	return ids
}

// sideBySide runs the queries at once on a pool, and one after the other inside a
// transaction, whose single connection two goroutines must never share.
func sideBySide(db *gorm.DB, queries ...func() error) error {
	if _, inTx := db.Statement.ConnPool.(gorm.TxCommitter); inTx {
		for _, q := range queries {
			if err := q(); err != nil {
				return err
			}
		}
		return nil
	}
	var g errgroup.Group
	for _, q := range queries {
		g.Go(q)
	}
	return g.Wait()
}

// LoadAcross loads tickets of several companies by id with their contact, queue, user,
// connection and tags, in three queries however many: the tickets an inbound batch's
// receipts and edits touched. The ids come from rows the batch matched on its own
// connections, so no company scope is needed to keep tenants apart.
func LoadAcross(ctx context.Context, db *gorm.DB, ids []int64) (map[int64]*Ticket, error) {
	out := map[int64]*Ticket{}
	if len(ids) == 0 {
		return out, nil
	}
	db = db.WithContext(ctx)
	var rows []Ticket
	if err := db.Where("id = ANY(?::bigint[])", atdb.Int64s(ids)).Find(&rows).Error; err != nil {
		return nil, err
	}
	contactIDs := make([]int64, len(rows))
	ptrs := make([]*Ticket, len(rows))
	for i := range rows {
		contactIDs[i], ptrs[i] = rows[i].ContactID, &rows[i]
	}
	var contacts []contact.Contact
	if err := db.Where("id = ANY(?::bigint[])", atdb.Int64s(contactIDs)).Find(&contacts).Error; err != nil {
		return nil, err
	}
	byContact := index(contacts, func(c contact.Contact) int64 { return c.ID })
	for i := range rows {
		if c, ok := byContact[rows[i].ContactID]; ok && c.CompanyID == rows[i].CompanyID {
			rows[i].Contact = &c
		}
		out[rows[i].ID] = &rows[i]
	}
	return out, DecorateAcross(ctx, db, ptrs)
}
