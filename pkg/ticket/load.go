package ticket

import (
	"context"
	"errors"
	"net/http"

	"gorm.io/gorm"

	"atende/pkg/contact"
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

func getBy(ctx context.Context, db *gorm.DB, where string, arg any) (Ticket, error) {
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
	list := []Ticket{t}
	if err := Decorate(ctx, db, list); err != nil {
		return Ticket{}, err
	}
	return list[0], nil
}

// Decorate fills contact, queue, user, connection and tags of tickets with one query per
// kind (no N+1), all inside the tickets' company.
func Decorate(ctx context.Context, db *gorm.DB, tickets []Ticket) error {
	if len(tickets) == 0 {
		return nil
	}
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return err
	}
	db = db.WithContext(ctx)
	ids, contactIDs := make([]int64, len(tickets)), make([]int64, len(tickets))
	var queueIDs, userIDs, connIDs []int64
	for i, t := range tickets {
		ids[i], contactIDs[i] = t.ID, t.ContactID
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
	var contacts []contact.Contact
	if err := db.Where("company_id = ? AND id IN ?", companyID, contactIDs).Find(&contacts).Error; err != nil {
		return err
	}
	queues, users, conns, err := refs(db, companyID, queueIDs, userIDs, connIDs)
	if err != nil {
		return err
	}
	var tags []struct {
		TicketID int64
		contact.TagRef
	}
	if err := db.Table("ticket_tags tt").Select("tt.ticket_id, t.id, t.name, t.color, t.kanban").
		Joins("JOIN tags t ON t.id = tt.tag_id").Where("tt.company_id = ? AND tt.ticket_id IN ?", companyID, ids).
		Order("t.name").Scan(&tags).Error; err != nil {
		return err
	}
	byContact := index(contacts, func(c contact.Contact) int64 { return c.ID })
	byQueue := index(queues, func(q QueueRef) int64 { return q.ID })
	byUser := index(users, func(u UserRef) int64 { return u.ID })
	byConn := index(conns, func(c ConnectionRef) int64 { return c.ID })
	for i := range tickets {
		t := &tickets[i]
		if c, ok := byContact[t.ContactID]; ok {
			t.Contact = &c
		}
		t.Queue = lookup(byQueue, t.QueueID)
		t.User = lookup(byUser, t.UserID)
		t.Whatsapp = lookup(byConn, t.ConnectionID)
		t.Tags = []contact.TagRef{}
		for _, tg := range tags {
			if tg.TicketID == t.ID {
				t.Tags = append(t.Tags, tg.TagRef)
			}
		}
	}
	return nil
}

// refs loads the queue, user and connection shapes of a page of tickets in one round trip
// (a UNION ALL): every list page and every ticket event needs them.
func refs(db *gorm.DB, companyID int64, queueIDs, userIDs, connIDs []int64) ([]QueueRef, []UserRef, []ConnectionRef, error) {
	var rows []struct {
		Kind, Name, A, B string
		ID               int64
	}
	err := db.Raw(`SELECT 'q' AS kind, id, name, color AS a, '' AS b FROM queues WHERE company_id = ? AND id IN ?
		UNION ALL SELECT 'u', id, name, '', '' FROM users WHERE company_id = ? AND id IN ?
		UNION ALL SELECT 'c', id, name, channel, group_as_ticket FROM connections WHERE company_id = ? AND id IN ?`,
		companyID, nonEmpty(queueIDs), companyID, nonEmpty(userIDs), companyID, nonEmpty(connIDs)).Scan(&rows).Error
	var queues []QueueRef
	var users []UserRef
	var conns []ConnectionRef
	for _, r := range rows {
		switch r.Kind {
		case "q":
			queues = append(queues, QueueRef{ID: r.ID, Name: r.Name, Color: r.A})
		case "u":
			users = append(users, UserRef{ID: r.ID, Name: r.Name})
		case "c":
			conns = append(conns, ConnectionRef{ID: r.ID, Name: r.Name, Channel: r.A, GroupAsTicket: r.B})
		}
	}
	return queues, users, conns, err
}

func index[T any](items []T, key func(T) int64) map[int64]T {
	m := make(map[int64]T, len(items))
	for _, it := range items {
		m[key(it)] = it
	}
	return m
}

func lookup[T any](m map[int64]T, id *int64) *T {
	if id == nil {
		return nil
	}
	if v, ok := m[*id]; ok {
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
