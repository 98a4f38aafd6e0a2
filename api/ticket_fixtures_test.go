package api_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/user"
)

// desk is a company ready for ticket scenarios: two connections (the first is the
// default and connected), three queues, an admin in every queue, an attendant in q1 and
// q2, and a second attendant ("mate") in q1.
type desk struct {
	e *env
	testutil.Tenant
	conn, conn2          int64
	q1, q2, q3           int64
	mate                 user.User
	admin, agent, mateTk string
	seq                  int
}

func newDesk(e *env, name string) *desk {
	e.t.Helper()
	d := &desk{e: e, Tenant: testutil.NewTenant(e.t, e.App, name, 0)}
	cid := d.Company.ID
	d.conn = e.insertConnection(cid, "Loja "+name, true)
	d.conn2 = e.insertConnection(cid, "Suporte "+name, false)
	d.q1, d.q2, d.q3 = e.insertQueue(cid, "Vendas", "#111111"), e.insertQueue(cid, "Suporte", "#222222"),
		e.insertQueue(cid, "Financeiro", "#333333")
	d.mate = testutil.NewUser(e.t, e.App, cid, "mate@"+name+".test", user.ProfileUser, nil)
	e.setQueues(d.Admin.ID, cid, d.q1, d.q2, d.q3)
	e.setQueues(d.Attender.ID, cid, d.q1, d.q2)
	e.setQueues(d.mate.ID, cid, d.q1)
	d.admin, d.agent, d.mateTk = e.tokenOf(d.Admin), e.tokenOf(d.Attender), e.tokenOf(d.mate)
	return d
}

func (e *env) insertConnection(companyID int64, name string, isDefault bool) int64 {
	e.t.Helper()
	var id int64
	if err := e.App.DB.Raw(`INSERT INTO connections (company_id, name, status, is_default, token, complation_message)
		VALUES (?, ?, 'CONNECTED', ?, ?, 'Obrigado pelo contato, {{firstName}}! Protocolo {{protocol}}') RETURNING id`,
		companyID, name, isDefault, connection.NewToken()).Scan(&id).Error; err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) setQueues(userID, companyID int64, queues ...int64) {
	e.t.Helper()
	e.sql("DELETE FROM user_queues WHERE user_id = ?", userID)
	for _, q := range queues {
		e.sql("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES (?, ?, ?)", userID, q, companyID)
	}
}

// setUser changes one column of a user row.
func (e *env) setUser(id int64, col string, value any) {
	e.t.Helper()
	e.sql("UPDATE users SET "+col+" = ? WHERE id = ?", value, id)
}

// setSetting stores a company setting.
func (e *env) setSetting(companyID int64, key, value string) {
	e.t.Helper()
	testutil.SetSetting(e.t, e.App, companyID, key, value)
}

func (d *desk) contact(name, number string, group bool) int64 {
	d.e.t.Helper()
	var id int64
	if err := d.e.App.DB.Raw(`INSERT INTO contacts (company_id, name, number, is_group) VALUES (?, ?, ?, ?) RETURNING id`,
		d.Company.ID, name, number, group).Scan(&id).Error; err != nil {
		d.e.t.Fatal(err)
	}
	return id
}

func (d *desk) tag(name string, kanban int) int64 {
	d.e.t.Helper()
	var id int64
	if err := d.e.App.DB.Raw(`INSERT INTO tags (company_id, name, kanban) VALUES (?, ?, ?) RETURNING id`,
		d.Company.ID, name, kanban).Scan(&id).Error; err != nil {
		d.e.t.Fatal(err)
	}
	return id
}

// tk describes a ticket to insert; zero values take defaults (a new contact, the default
// connection, status pending, now).
type tk struct {
	name, number     string
	contact          int64
	conn             int64
	queue, user      int64
	status           string
	group            bool
	unread           int
	channel          string
	created, updated time.Time
}

type ticketRef struct {
	ID      int64
	UUID    string
	Contact int64
}

func (d *desk) ticket(s tk) ticketRef {
	d.e.t.Helper()
	d.seq++
	if s.name == "" {
		s.name = fmt.Sprintf("Cliente %s %d", d.Company.Name, d.seq)
	}
	if s.number == "" {
		s.number = fmt.Sprintf("55119%08d", d.Company.ID*1000+int64(d.seq))
	}
	if s.contact == 0 {
		s.contact = d.contact(s.name, s.number, s.group)
	}
	s.conn = cmp(s.conn, d.conn)
	if s.status == "" {
		s.status = "pending"
	}
	if s.channel == "" {
		s.channel = "whatsapp"
	}
	now := time.Now()
	if s.created.IsZero() {
		s.created = now.Add(-time.Duration(1000-d.seq) * time.Second)
	}
	if s.updated.IsZero() {
		s.updated = s.created
	}
	var r ticketRef
	err := d.e.App.DB.Raw(`INSERT INTO tickets (company_id, contact_id, connection_id, queue_id, user_id, status,
		is_group, unread_messages, channel, created_at, updated_at)
		VALUES (?, ?, ?, NULLIF(?, 0), NULLIF(?, 0), ?, ?, ?, ?, ?, ?) RETURNING id, uuid::text AS uuid, contact_id AS contact`,
		d.Company.ID, s.contact, s.conn, s.queue, s.user, s.status, s.group, s.unread, s.channel, s.created, s.updated).
		Scan(&r).Error
	if err != nil {
		d.e.t.Fatal(err)
	}
	return r
}

func cmp(v, def int64) int64 {
	if v == 0 {
		return def
	}
	return v
}

// listPage is a GET /tickets answer.
type listPage struct {
	Tickets []struct {
		ID      int64
		UUID    string
		Status  string
		Contact struct{ Name, Number string }
		Tags    []struct{ ID int64 }
	}
	HasMore bool
	Count   int
}

// listed checks a GET /tickets answer: exactly want, in any order, and count = len(want).
func ticketsListed(want ...ticketRef) func(*testing.T, []byte) { return listCheck(false, want) }

// inOrder checks the ids and their order.
func inOrder(want ...ticketRef) func(*testing.T, []byte) { return listCheck(true, want) }

func listCheck(ordered bool, want []ticketRef) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		t.Helper()
		p := decode[listPage](t, body)
		var got, exp []int64
		for _, tk := range p.Tickets {
			got = append(got, tk.ID)
		}
		for _, w := range want {
			exp = append(exp, w.ID)
		}
		if !ordered {
			slices.Sort(got)
			slices.Sort(exp)
			if p.Count != len(want) {
				t.Errorf("count %d, want %d", p.Count, len(want))
			}
		}
		if !slices.Equal(got, exp) {
			t.Errorf("tickets %v, want %v (ordered: %v)", got, exp, ordered)
		}
	}
}

// ticketField reads one column of a ticket row as text ("" for NULL).
func (e *env) ticketField(id int64, col string) string {
	e.t.Helper()
	var v *string
	if err := e.App.DB.Raw("SELECT "+col+"::text FROM tickets WHERE id = ?", id).Scan(&v).Error; err != nil {
		e.t.Fatal(err)
	}
	if v == nil {
		return ""
	}
	return *v
}

// logTypes lists a ticket's log types, oldest first.
func (e *env) logTypes(ticketID int64) []string {
	e.t.Helper()
	var out []string
	if err := e.App.DB.Raw("SELECT type FROM ticket_logs WHERE ticket_id = ? ORDER BY created_at, id", ticketID).
		Scan(&out).Error; err != nil {
		e.t.Fatal(err)
	}
	return out
}

// messageBodies lists a ticket's message bodies with (private) marks, oldest first.
func (e *env) messageBodies(ticketID int64) []string {
	e.t.Helper()
	var rows []struct {
		Body      string
		IsPrivate bool
	}
	if err := e.App.DB.Raw("SELECT body, is_private FROM messages WHERE ticket_id = ? ORDER BY id", ticketID).
		Scan(&rows).Error; err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		if r.IsPrivate {
			r.Body = "(private) " + r.Body
		}
		out = append(out, r.Body)
	}
	return out
}
