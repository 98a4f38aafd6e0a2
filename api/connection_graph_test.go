package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/testutil"
	"atende/pkg/testutil/fakegraph"
)

// graphConn is the body of a Graph connection's POST /whatsapp.
func graphConn(name, ch, id, token string) map[string]any {
	b := map[string]any{"name": name, "channel": ch, "externalId": id}
	if token != "" {
		b["accessToken"] = token
	}
	return b
}

// refusedToken checks a 400 naming the access token, with message msg.
func refusedToken(msg string) func(t *testing.T, body []byte) {
	return func(t *testing.T, body []byte) {
		t.Helper()
		if !strings.Contains(string(body), `"accessToken"`) || !strings.Contains(string(body), msg) {
			t.Fatalf("want accessToken %q: %s", msg, body)
		}
	}
}

// A Graph connection's id is taken only with a token Graph says controls it (a page token
// is its page, and reaches the page's Instagram account; a Cloud API token reads its phone
// number): a public page id with any other token, or none, is refused and nothing is
// written, so nobody routes another business's webhooks to themselves or squats its id.
func TestGraphConnectionTokenMustOwnID(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{
		{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "loja"},
		{ID: "PAGE2", Name: "Concorrente", Token: "PAGE2-TOKEN", InstagramID: "IG2"},
	}
	m.fake.AddNumber("PN-OWN", "CLOUD-TOKEN")
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	admin := testutil.Token(t, m.App, acme.Admin)
	notOwner := refusedToken(connection.MsgTokenNotOwner)
	post := func(name string, body map[string]any, status int, code string, check func(*testing.T, []byte)) scenario {
		return scenario{name: name, method: "POST", path: "/whatsapp", token: admin, body: body, status: status, code: code, check: check}
	}
	m.run(t, []scenario{
		post("page id with a user's token", graphConn("Roubada", "facebook", "PAGE2", "x"), 400, "ERR_VALIDATION", notOwner),
		post("page id with another page's token", graphConn("Roubada", "facebook", "PAGE2", "PAGE1-TOKEN"), 400, "ERR_VALIDATION", notOwner),
		post("page id without a token", graphConn("Roubada", "facebook", "PAGE2", ""), 400, "ERR_VALIDATION",
			refusedToken("Obrigatório")),
		post("instagram id of another page", graphConn("Roubada", "instagram", "IG2", "PAGE1-TOKEN"), 400, "ERR_VALIDATION", notOwner),
		post("instagram id given a page id", graphConn("Roubada", "instagram", "PAGE1", "PAGE1-TOKEN"), 400, "ERR_VALIDATION", notOwner),
		post("phone number the token can't read", graphConn("Roubada", "whatsappapi", "PN-OTHER", "CLOUD-TOKEN"), 400, "ERR_VALIDATION", notOwner),
		post("phone number with another token", graphConn("Roubada", "whatsappapi", "PN-OWN", "x"), 400, "ERR_VALIDATION", notOwner),
	})
	if n := count(m.env, "SELECT count(*) FROM connections WHERE company_id = ?", acme.Company.ID); n != 0 {
		t.Fatalf("refused creations wrote %d connections", n)
	}

	ids := map[string]int64{}
	for _, c := range []struct{ ch, id, token string }{
		{"facebook", "PAGE1", "PAGE1-TOKEN"}, {"instagram", "IG1", "PAGE1-TOKEN"}, {"whatsappapi", "PN-OWN", "CLOUD-TOKEN"},
	} {
		st, body := m.call("POST", "/whatsapp", admin, graphConn("Conexão "+c.id, c.ch, c.id, c.token), "")
		if st != 201 {
			t.Fatalf("%s %s with its token: %d %s", c.ch, c.id, st, body)
		}
		got := decode[connection.Connection](t, body)
		if got.Status != connection.StatusConnected || got.ExternalID != c.id || strings.Contains(string(body), c.token) {
			t.Fatalf("%s %s: %s", c.ch, c.id, body)
		}
		ids[c.id] = got.ID
	}

	// An update moving the id, or changing the token, is proved the same way; a refused one
	// changes nothing.
	page := fmt.Sprintf("/whatsapp/%d", ids["PAGE1"])
	m.run(t, []scenario{
		{name: "move to another page keeping the token", method: "PUT", path: page, token: admin,
			body: map[string]any{"externalId": "PAGE2"}, status: 400, code: "ERR_VALIDATION", check: notOwner},
		{name: "a token of another page", method: "PUT", path: page, token: admin,
			body: map[string]any{"accessToken": "PAGE2-TOKEN"}, status: 400, code: "ERR_VALIDATION", check: notOwner},
		{name: "phone number moved to one the token can't read", method: "PUT", path: fmt.Sprintf("/whatsapp/%d", ids["PN-OWN"]),
			token: admin, body: map[string]any{"externalId": "PN-OTHER"}, status: 400, code: "ERR_VALIDATION", check: notOwner},
	})
	if n := count(m.env, "SELECT count(*) FROM connections WHERE id = ? AND external_id = 'PAGE1' AND access_token = 'PAGE1-TOKEN'",
		ids["PAGE1"]); n != 1 {
		t.Fatal("a refused update changed the page connection")
	}
	if n := count(m.env, "SELECT count(*) FROM connections WHERE external_id IN ('PAGE2', 'PN-OTHER')"); n != 0 {
		t.Fatal("a refused update took an id")
	}
	m.fake.Pages[1].Token = "PAGE2-NEW"
	m.run(t, []scenario{
		{name: "moved to another page with its token", method: "PUT", path: page, token: admin,
			body: map[string]any{"externalId": "PAGE2", "accessToken": "PAGE2-NEW"}, status: 200, contain: []string{`"externalId":"PAGE2"`}},
	})
	// Edits that change neither are not checked again: Graph is not asked.
	m.fake.Pages = nil
	m.run(t, []scenario{
		{name: "rename without Graph", method: "PUT", path: page, token: admin,
			body: map[string]any{"name": "Loja nova", "externalId": "PAGE2", "accessToken": ""}, status: 200, contain: []string{`"name":"Loja nova"`}},
	})
}

// Deleting a Messenger or Instagram connection unsubscribes its page from the app once
// nothing else reads the page's webhooks (its Instagram account's arrive through the same
// subscription); a page Graph refuses to unsubscribe does not stop the delete.
func TestGraphConnectionDeleteUnsubscribesPage(t *testing.T) {
	m := newMetaEnv(t)
	m.fake.Pages = []fakegraph.Page{
		{ID: "PAGE1", Name: "Loja", Token: "PAGE1-TOKEN", InstagramID: "IG1", InstagramUsername: "loja"},
		{ID: "PAGE3", Name: "Outra", Token: "PAGE3-TOKEN"},
	}
	acme := testutil.NewTenant(t, m.App, "acme", 0)
	admin := testutil.Token(t, m.App, acme.Admin)
	// The company's default connection, which stays (a default can't go while others remain).
	testutil.NewConnection(t, m.App, acme.Company.ID, "Padrão", func(c *connection.Connection) { c.IsDefault = true })
	if st, body := m.call("POST", "/facebook", admin, linkBody(), ""); st != 200 {
		t.Fatalf("link: %d %s", st, body)
	}
	id := func(ch, ext string) int64 {
		var c connection.Connection
		if err := m.App.DB.Where("channel = ? AND external_id = ?", ch, ext).Take(&c).Error; err != nil {
			t.Fatalf("%s %s: %v", ch, ext, err)
		}
		return c.ID
	}
	del := func(name string, connID int64) scenario {
		return scenario{name: name, method: "DELETE", path: fmt.Sprintf("/whatsapp/%d", connID), token: admin, status: 200}
	}
	m.run(t, []scenario{del("instagram while the page's connection remains", id("instagram", "IG1"))})
	if u := m.fake.Unsubscribed(); len(u) != 0 {
		t.Fatalf("page unsubscribed while its connection remains: %v", u)
	}
	m.run(t, []scenario{del("the page's last connection", id("facebook", "PAGE1"))})
	if u := m.fake.Unsubscribed(); !slices.Equal(u, []string{"PAGE1"}) {
		t.Fatalf("unsubscribed %v, want [PAGE1]", u)
	}

	// Graph refusing the token (revoked) is logged; the connection is deleted all the same.
	page3 := id("facebook", "PAGE3")
	m.fake.Pages[1].Token = "REVOKED"
	m.run(t, []scenario{del("page whose token was revoked", page3)})
	if n := count(m.env, "SELECT count(*) FROM connections WHERE id = ?", page3); n != 0 {
		t.Fatal("connection not deleted")
	}
	if u := m.fake.Unsubscribed(); !slices.Equal(u, []string{"PAGE1"}) {
		t.Fatalf("unsubscribed %v", u)
	}
}
