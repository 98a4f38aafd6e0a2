package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"atende/pkg/quickmessage"
	"atende/pkg/realtime"
	"atende/pkg/testutil"
	"atende/pkg/user"
)

// shortcodes checks the shortcodes of a /quick-messages page or a /quick-messages/list array.
func shortcodes(want ...string) func(*testing.T, []byte) {
	return listed("records", func(m quickmessage.QuickMessage) string { return m.Shortcode }, want...)
}

// quickFixture is a company whose attendant, a colleague and nobody own quick messages.
type quickFixture struct {
	testutil.Tenant
	mate                                         user.User
	shared, viewable, private, mine, orphan, off quickmessage.QuickMessage
}

func newQuickFixture(t *testing.T, e *env, name string) quickFixture {
	f := quickFixture{Tenant: testutil.NewTenant(t, e.App, name, 0)}
	f.mate = testutil.NewUser(t, e.App, f.Company.ID, "mate@"+name+".test", user.ProfileUser, nil)
	cid, mate, me := f.Company.ID, &f.mate.ID, &f.Attender.ID
	f.shared = testutil.NewQuickMessage(t, e.App, cid, mate, "geral", true, true)
	f.viewable = testutil.NewQuickMessage(t, e.App, cid, mate, "ver", false, true)
	f.private = testutil.NewQuickMessage(t, e.App, cid, mate, "priv", false, false)
	f.mine = testutil.NewQuickMessage(t, e.App, cid, me, "meu", false, false)
	f.orphan = testutil.NewQuickMessage(t, e.App, cid, nil, "orfa", false, true)
	f.off = testutil.NewQuickMessage(t, e.App, cid, mate, "off", true, false)
	e.sql("UPDATE quick_messages SET status = false WHERE id = ?", f.off.ID)
	return f
}

func TestQuickMessagesVisibility(t *testing.T) {
	e := newEnv(t)
	f := newQuickFixture(t, e, "acme")
	agent, admin, mate := e.tokenOf(f.Attender), e.tokenOf(f.Admin), e.tokenOf(f.mate)
	path := func(m quickmessage.QuickMessage) string { return "/quick-messages/" + itoa(m.ID) }
	put := func(name, tok string, m quickmessage.QuickMessage, status int, code string) scenario {
		return scenario{name: name, method: "PUT", path: path(m), token: tok, body: map[string]string{"message": "editada"},
			status: status, code: code}
	}
	e.run(t, []scenario{
		get("management list: shared, viewable and own", "/quick-messages", agent, 200, shortcodes("geral", "meu", "off", "orfa", "ver"), `"hasMore":false`),
		get("search", "/quick-messages/?searchParam=MENSAGEM%20ME", agent, 200, shortcodes("meu")),
		get("picker: active shared ones and own", "/quick-messages/list?companyId=999&userId="+itoa(f.mate.ID), agent, 200, shortcodes("geral", "meu")),
		get("colleague's picker", "/quick-messages/list", mate, 200, shortcodes("geral", "priv", "ver")),
		get("read a viewable one", path(f.viewable), agent, 200, nil, `"shortcode":"ver"`, `"isMedia":false`),
		get("someone's private one is hidden", path(f.private), agent, 404, nil, "ERR_QUICKMESSAGE_NOT_FOUND"),
		put("viewable: only the owner edits", agent, f.viewable, 403, "ERR_NO_PERMISSION"),
		put("an admin isn't the owner either", admin, f.viewable, 403, "ERR_NO_PERMISSION"),
		put("private of another", agent, f.private, 404, "ERR_QUICKMESSAGE_NOT_FOUND"),
		put("shared: anyone edits", agent, f.shared, 200, ""),
		put("own", agent, f.mine, 200, ""),
		put("the owner edits", mate, f.viewable, 200, ""),
		put("ownerless: a user can't", agent, f.orphan, 403, "ERR_NO_PERMISSION"),
		put("ownerless: an admin can", admin, f.orphan, 200, ""),
		{name: "shortcode can't be emptied", method: "PUT", path: path(f.mine), token: agent, body: map[string]string{"shortcode": " "},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"shortcode":"Obrigatório"`}},
		{name: "delete a viewable one of another", method: "DELETE", path: path(f.viewable), token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "the owner deletes", method: "DELETE", path: path(f.viewable), token: mate, status: 200},
		get("deleted is gone", path(f.viewable), mate, 404, nil, "ERR_QUICKMESSAGE_NOT_FOUND"),
	})
	if e.countRows("SELECT count(*) FROM quick_messages WHERE message = 'editada'") != 3 {
		t.Fatal("edits written: want shared, own and orphan (the owner's was then deleted)")
	}
}

func TestQuickMessageCreateAndPages(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	agent := e.tokenOf(acme.Attender)
	ev := e.watch()
	e.run(t, []scenario{
		{name: "shortcode required", method: "POST", path: "/quick-messages", token: agent, body: map[string]any{"message": "Oi"},
			status: 400, code: "ERR_VALIDATION", contain: []string{`"shortcode":"Obrigatório"`}},
		{name: "message too long", method: "POST", path: "/quick-messages", token: agent,
			body: map[string]any{"shortcode": "x", "message": strings.Repeat("m", 4001)}, status: 400, code: "ERR_VALIDATION"},
		{name: "create: owned, viewable, active", method: "POST", path: "/quick-messages", token: agent,
			body: map[string]any{"shortcode": "ola", "message": "Olá!", "geral": true}, status: 201,
			contain: []string{`"userId":` + itoa(acme.Attender.ID), `"geral":true`, `"visao":true`, `"status":true`, `"mediaPath":""`}},
		{name: "create private", method: "POST", path: "/quick-messages", token: agent,
			body: map[string]any{"shortcode": "segredo", "message": "só meu", "visao": false}, status: 201},
	})
	ev.want(t, fmt.Sprintf("company-%d-quickemessage", acme.Company.ID), `"action":"create"`, `"shortcode":"ola"`)
	ev.want(t, fmt.Sprintf("company-%d-quickemessage", acme.Company.ID), "segredo")
	priv, _, _ := ev.find(fmt.Sprintf("company-%d-quickemessage", acme.Company.ID), "segredo")
	if !slices.Equal(priv.Rooms, []string{realtime.UserRoom(acme.Attender.ID)}) {
		t.Fatalf("private quick message announced to %v", priv.Rooms)
	}
	for i := range 22 {
		testutil.NewQuickMessage(t, e.App, acme.Company.ID, &acme.Attender.ID, fmt.Sprintf("z%02d", i), false, true)
	}
	e.run(t, []scenario{
		get("page 1", "/quick-messages?pageNumber=1", agent, 200, nil, `"hasMore":true`),
		get("page 2", "/quick-messages?pageNumber=2", agent, 200, shortcodes("z18", "z19", "z20", "z21"), `"hasMore":false`),
	})
}

func TestQuickMessageMedia(t *testing.T) {
	e := newEnv(t)
	f := newQuickFixture(t, e, "acme")
	agent := e.tokenOf(f.Attender)
	upload := func(name string, m quickmessage.QuickMessage, filename string, data []byte, status int, code string, contain ...string) scenario {
		body, ctype := avatarForm(t, "file", filename, data)
		return scenario{name: name, method: "POST", path: "/quick-messages/" + itoa(m.ID) + "/media-upload", token: agent,
			body: body, ctype: ctype, status: status, code: code, contain: contain}
	}
	var signed string
	e.run(t, []scenario{
		upload("someone else's viewable one", f.viewable, "a.png", tinyPNG(t), 403, "ERR_NO_PERMISSION"),
		upload("html is refused", f.mine, "x.html", []byte("<html><script>alert(1)</script></html>"), 400, "ERR_INVALID_FILE_TYPE"),
		{name: "no file", method: "POST", path: "/quick-messages/" + itoa(f.mine.ID) + "/media-upload", token: agent,
			body: strings.NewReader("--x--\r\n"), ctype: "multipart/form-data; boundary=x", status: 400, code: "ERR_VALIDATION"},
		{name: "a form without a file, NUL in the shortcode", method: "POST", path: "/quick-messages", token: agent,
			body:  strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"shortcode\"\r\n\r\na\x00b\r\n--x--\r\n"),
			ctype: "multipart/form-data; boundary=x", status: 400, code: "ERR_INVALID_INPUT"},
		upload("own: image stored", f.mine, "promo.png", tinyPNG(t), 200, "", `"isMedia":true`, `"mediaName":"promo.png"`, `"mediaUrl":"/media/`),
		get("read answers the signed URL", "/quick-messages/"+itoa(f.mine.ID), agent, 200, func(t *testing.T, b []byte) {
			signed = decode[struct{ MediaPath string }](t, b).MediaPath
		}, "sig="),
	})
	if st, body := e.call("GET", signed, "", nil, ""); st != 200 || len(body) != len(tinyPNG(t)) {
		t.Fatalf("signed media: %d (%d bytes)", st, len(body))
	}
	e.run(t, []scenario{
		upload("replacing removes the old file", f.mine, "doc.pdf", []byte("%PDF-1.4 test"), 200, "", `"mediaName":"doc.pdf"`),
	})
	if files := mediaFiles(t, e); len(files) != 1 || !strings.Contains(files[0], "quickMessage") {
		t.Fatalf("stored files: %v", files)
	}
	e.run(t, []scenario{
		{name: "someone else's file can't be removed", method: "DELETE", path: "/quick-messages/" + itoa(f.viewable.ID) + "/media-upload",
			token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "remove the file", method: "DELETE", path: "/quick-messages/" + itoa(f.mine.ID) + "/media-upload", token: agent,
			status: 200, contain: []string{`"isMedia":false`, `"mediaName":""`}},
	})
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("file left behind: %v", files)
	}
}

// Company B's admin can't see or touch company A's quick messages.
func TestQuickMessagesCrossTenant(t *testing.T) {
	e := newEnv(t)
	f := newQuickFixture(t, e, "acme")
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	other, path := e.tokenOf(beta.Admin), "/quick-messages/"+itoa(f.shared.ID)
	img, ctype := avatarForm(t, "file", "a.png", tinyPNG(t))
	notFound := func(name, method, path string, body any, ctype string) scenario {
		return scenario{name: name, method: method, path: path, token: other, body: body, ctype: ctype,
			status: 404, code: "ERR_QUICKMESSAGE_NOT_FOUND"}
	}
	e.run(t, []scenario{
		notFound("get", "GET", path, nil, ""),
		notFound("update", "PUT", path, map[string]string{"message": "owned"}, ""),
		notFound("delete", "DELETE", path, nil, ""),
		notFound("media upload", "POST", path+"/media-upload", img, ctype),
		notFound("media delete", "DELETE", path+"/media-upload", nil, ""),
		get("list", "/quick-messages", other, 200, shortcodes()),
		get("picker", "/quick-messages/list?companyId="+itoa(f.Company.ID), other, 200, shortcodes()),
	})
	if e.countRows("SELECT count(*) FROM quick_messages WHERE id = ? AND message = 'Mensagem geral'", f.shared.ID) != 1 {
		t.Fatal("A's quick message changed")
	}
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("refused upload left files: %v", files)
	}
}
