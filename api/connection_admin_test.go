package api_test

import (
	"fmt"
	"strings"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/testutil"
)

type connRow struct {
	ID        int64
	Name      string
	CompanyID int64
	Token     string
	Company   *struct{ Name string }
}

func connNames(want ...string) func(*testing.T, []byte) {
	return listed("", func(c connRow) string { return c.Name }, want...)
}

// The operator's calls: every company's connections, only for super users.
func TestConnectionsOperatorCalls(t *testing.T) {
	e := newEnv(t)
	wa := withFakeWhatsApp(e)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	a1 := testutil.NewConnection(t, e.App, acme.Company.ID, "A-zap", func(c *connection.Connection) { c.IsDefault = true })
	b1 := testutil.NewConnection(t, e.App, beta.Company.ID, "B-zap", func(c *connection.Connection) { c.IsDefault = true })
	b2 := testutil.NewConnection(t, e.App, beta.Company.ID, "B-face", func(c *connection.Connection) { c.Channel = connection.ChannelFacebook })
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	admin := e.tokenOf(acme.Admin)
	e.sql("UPDATE users SET allow_connections = 'enabled' WHERE id = ?", acme.Attender.ID)
	manager := e.tokenOf(acme.Attender)
	e.run(t, []scenario{
		get("all: a company admin can't", "/whatsapp/all", admin, 403, nil),
		get("all: allowConnections isn't enough", "/whatsapp/all/", manager, 403, nil),
		get("all: the operator sees every company", "/whatsapp/all/?session=0", super, 200, func(t *testing.T, b []byte) {
			rows := decode[[]connRow](t, b)
			if len(rows) != 3 || rows[0].Company == nil || rows[0].Company.Name != "acme" || rows[2].Company.Name != "beta" {
				t.Fatalf("rows %s", b)
			}
		}, `"companyId":`+itoa(beta.Company.ID)),
		{name: "all: no tokens", method: "GET", path: "/whatsapp/all", token: super, status: 200, absent: []string{a1.Token, b1.Token, `"token"`}},
		get("admin get: a company admin can't", "/whatsapp-admin/"+itoa(b1.ID), admin, 403, nil),
		get("admin get: the operator reads another company's", "/whatsapp-admin/"+itoa(b1.ID), super, 200, nil,
			`"name":"B-zap"`, `"companyId":`+itoa(beta.Company.ID)),
		get("admin get: unknown", "/whatsapp-admin/999999", super, 404, nil),
		{name: "admin put: a company admin can't", method: "PUT", path: "/whatsapp-admin/" + itoa(b1.ID), token: admin,
			body: map[string]any{"name": "Tomada"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "admin put: the operator edits in the owner's company", method: "PUT", path: "/whatsapp-admin/" + itoa(b2.ID), token: super,
			body: map[string]any{"name": "B-face2", "isDefault": true}, status: 200, contain: []string{`"isDefault":true`}},
		{name: "admin delete: a company admin can't", method: "DELETE", path: "/whatsapp-admin/" + itoa(b1.ID), token: admin, status: 403},
		{name: "admin delete: the operator deletes", method: "DELETE", path: "/whatsapp-admin/" + itoa(b1.ID), token: super, status: 200},
	})
	if def, _ := e.connectionRow(b2.ID); !def {
		t.Fatal("the operator's default change was not applied in beta")
	}
	if def, _ := e.connectionRow(a1.ID); !def {
		t.Fatal("beta's new default touched acme's")
	}
	if n := e.countRows("SELECT count(*) FROM connections WHERE id = ?", b1.ID); n != 0 {
		t.Fatal("not deleted")
	}
	if calls := wa.took(); len(calls) != 1 || calls[0] != "stop "+itoa(b1.ID) {
		t.Fatalf("session calls %v", calls)
	}
}

// GET /whatsapp/filter lists one channel of the caller's company.
func TestConnectionsFilter(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	testutil.NewConnection(t, e.App, acme.Company.ID, "Zap", func(c *connection.Connection) { c.IsDefault = true })
	face := testutil.NewConnection(t, e.App, acme.Company.ID, "Face", func(c *connection.Connection) { c.Channel = connection.ChannelFacebook })
	testutil.NewConnection(t, e.App, beta.Company.ID, "Zap deles", nil)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	e.run(t, []scenario{
		get("by channel", "/whatsapp/filter?session=0&channel=whatsapp", admin, 200, connNames("Zap"), `"token":"`),
		get("every channel", "/whatsapp/filter", admin, 200, connNames("Face", "Zap")),
		get("a plain user: no tokens", "/whatsapp/filter?channel=facebook", agent, 200, connNames("Face")),
		{name: "a plain user: token absent", method: "GET", path: "/whatsapp/filter", token: agent, status: 200, absent: []string{face.Token}},
		get("unknown channel", "/whatsapp/filter?channel=telegram", admin, 200, connNames()),
		get("companyId of another company is ignored", fmt.Sprintf("/whatsapp/filter?companyId=%d", beta.Company.ID), admin, 200,
			connNames("Face", "Zap")),
	})
}

// The greeting's media file: stored behind a signed URL, replaced, removed; only the
// company's managers.
func TestConnectionGreetingMedia(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	conn := testutil.NewConnection(t, e.App, acme.Company.ID, "Zap", func(c *connection.Connection) { c.IsDefault = true })
	admin, other, agent := e.tokenOf(acme.Admin), e.tokenOf(beta.Admin), e.tokenOf(acme.Attender)
	path := "/whatsapp/" + itoa(conn.ID) + "/media-upload"
	upload := func(name, token, filename string, data []byte, status int, code string, contain ...string) scenario {
		body, ctype := avatarForm(t, "file", filename, data)
		return scenario{name: name, method: "POST", path: path, token: token, body: body, ctype: ctype, status: status, code: code, contain: contain}
	}
	ev := e.watch()
	e.run(t, []scenario{
		upload("another company can't", other, "a.png", tinyPNG(t), 404, "ERR_NO_WAPP_FOUND"),
		upload("a plain user can't", agent, "a.png", tinyPNG(t), 403, "ERR_NO_PERMISSION"),
		upload("html refused", admin, "x.html", []byte("<html><script>alert(1)</script></html>"), 400, "ERR_INVALID_FILE_TYPE"),
		upload("image stored", admin, "boas-vindas.png", tinyPNG(t), 200, "", `"greetingMediaAttachment":"boas-vindas.png"`,
			`"greetingMediaUrl":"/media/`),
	})
	ev.want(t, fmt.Sprintf("company-%d-whatsapp", acme.Company.ID), "boas-vindas.png")
	_, body := e.call("GET", "/whatsapp/"+itoa(conn.ID), admin, nil, "")
	signed := decode[struct{ GreetingMediaURL string }](t, body).GreetingMediaURL
	if st, b := e.call("GET", signed, "", nil, ""); st != 200 || len(b) != len(tinyPNG(t)) {
		t.Fatalf("signed media: %d", st)
	}
	e.run(t, []scenario{upload("replaced", admin, "menu.pdf", []byte("%PDF-1.4 test"), 200, "", `"greetingMediaAttachment":"menu.pdf"`)})
	if files := mediaFiles(t, e); len(files) != 1 || !strings.Contains(files[0], "greeting") {
		t.Fatalf("stored files %v", files)
	}
	e.run(t, []scenario{
		{name: "another company can't remove it", method: "DELETE", path: path, token: other, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "removed", method: "DELETE", path: path, token: admin, status: 200,
			contain: []string{`"greetingMediaAttachment":""`, `"greetingMediaUrl":""`}},
	})
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("file left behind: %v", files)
	}
}

// POST /closedimported/{id} closes the imported tickets still waiting on the connection,
// without farewell, and tells the page.
func TestConnectionCloseImported(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	other := newDesk(e, "beta")
	imported := []ticketRef{d.ticket(tk{}), d.ticket(tk{})}
	openOne := d.ticket(tk{status: "open", user: d.Admin.ID})
	onOther := d.ticket(tk{conn: d.conn2})
	theirs := other.ticket(tk{})
	for _, r := range append(imported, openOne, onOther, theirs) {
		e.sql("UPDATE tickets SET imported = true WHERE id = ?", r.ID)
	}
	notImported := d.ticket(tk{})
	e.sql("UPDATE connections SET status_import_messages = 'renderButtonCloseTickets' WHERE id = ?", d.conn)
	ev := e.watch()
	path := "/closedimported/" + itoa(d.conn)
	e.run(t, []scenario{
		{name: "another company can't", method: "POST", path: path, token: other.admin, status: 404, code: "ERR_NO_WAPP_FOUND"},
		{name: "a plain user can't", method: "POST", path: path, token: d.agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "closes the waiting imported ones", method: "POST", path: path, token: d.admin, status: 200, contain: []string{`"closed":2`}},
	})
	for _, r := range imported {
		if n := e.countRows("SELECT count(*) FROM tickets WHERE id = ? AND status = 'closed'", r.ID); n != 1 {
			t.Fatalf("imported ticket %d not closed", r.ID)
		}
	}
	for _, r := range []ticketRef{openOne, onOther, theirs, notImported} {
		if n := e.countRows("SELECT count(*) FROM tickets WHERE id = ? AND status = 'closed'", r.ID); n != 0 {
			t.Fatalf("ticket %d closed", r.ID)
		}
	}
	if n := e.countRows("SELECT count(*) FROM messages"); n != 0 {
		t.Fatal("a farewell was sent")
	}
	if n := e.countRows("SELECT count(*) FROM ticket_logs WHERE type = 'closed'"); n != 2 {
		t.Fatalf("%d close logs", n)
	}
	if n := e.countRows("SELECT count(*) FROM connections WHERE id = ? AND status_import_messages = ''", d.conn); n != 1 {
		t.Fatal("import status kept")
	}
	ev.want(t, fmt.Sprintf("importMessages-%d", d.Company.ID), `"action":"refresh"`)
	ev.want(t, fmt.Sprintf("company-%d-ticket", d.Company.ID), `"status":"closed"`)
}

// Without a default connection an attendant's new ticket has nowhere to go.
func TestConnectionNoDefault(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin := e.tokenOf(acme.Admin)
	only := decode[connection.Connection](t, mustCall(t, e, "POST", "/whatsapp", admin, map[string]any{"name": "Única", "channel": "sandbox"}))
	q := testutil.NewQueue(t, e.App, acme.Company.ID, "Vendas", "#f00")
	c := testutil.NewContact(t, e.App, acme.Company.ID, "Maria", "5511999990000", nil)
	e.run(t, []scenario{
		{name: "the only connection is the default", method: "GET", path: "/whatsapp/" + itoa(only.ID), token: admin, status: 200,
			contain: []string{`"isDefault":true`}},
		{name: "it may go", method: "DELETE", path: "/whatsapp/" + itoa(only.ID), token: admin, status: 200},
		{name: "a ticket without connection finds no default", method: "POST", path: "/tickets", token: admin,
			body: map[string]any{"contactId": c.ID, "queueId": q.ID, "status": "open"}, status: 404, code: "ERR_NO_DEF_WAPP_FOUND"},
	})
}
