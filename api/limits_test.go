package api_test

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"atende/api"
)

// probeBody puts a NUL in every string field any JSON route reads (status only on the
// ticket routes: elsewhere it is a boolean).
func probeBody(path string) string {
	fields := []string{"name", "email", "password", "number", "body", "note", "shortcode", "message", "color",
		"value", "column", "data", "companyName", "phone", "channel", "msgTransfer", "facebookUserId",
		"facebookUserToken", "greetingMessage", "outOfHoursMessage", "farewellMessage", "complationMessage",
		"vCard", "startWork", "provider", "externalId", "accessToken", "searchParam", "profile", "id"}
	if strings.HasPrefix(path, "/tickets") {
		fields = append(fields, "status")
	}
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = fmt.Sprintf(`%q:"a\u0000b"`, f)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// Every route of the table, called as a super admin (a connection's token where the route
// takes one) with a NUL or invalid UTF-8 in its query or path, a JSON body with a NUL in
// every string, or a huge pageNumber, answers 4xx or 2xx: never 5xx.
func TestEveryRouteRefusesBadInputWithout5xx(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "probe")
	e.setUser(d.Admin.ID, "super", true)
	sbx := e.insertConnection(d.Company.ID, "Sandbox probe", false)
	e.sql("UPDATE connections SET channel = 'sandbox' WHERE id = ?", sbx)
	var sbxToken string
	e.App.DB.Raw("SELECT token FROM connections WHERE id = ?", sbx).Scan(&sbxToken)
	tr := d.ticket(tk{})
	params := map[string]string{"ticketId": itoa(tr.ID), "id": itoa(tr.ID), "connectionId": itoa(sbx),
		"userId": itoa(d.Admin.ID), "contactId": itoa(tr.Contact), "tagId": itoa(d.tag("probe", 0)),
		"companyId": itoa(d.Company.ID), "messageId": "1", "uuid": tr.UUID, "number": "5511999999999",
		"key": "userRating", "email": "probe@example.com", "token": "123456", "password": "Probe123",
		"path": "company1/x.png"}
	queries := map[string]string{
		"NUL query":                    "searchParam=a%00b&pageNumber=1",
		"invalid UTF-8 query":          "searchParam=%FF%FE&status=%C3",
		"pageNumber past any int":      "pageNumber=99999999999999999999",
		"pageNumber at int64's edge":   "pageNumber=9223372036854775807",
		"pageNumber in exponent form":  "pageNumber=1e18",
		"NUL in a query parameter key": "a%00=1",
	}
	if status, body := e.call("GET", "/contacts?searchParam=probe", d.admin, nil, ""); status != 200 {
		t.Fatalf("the admin's token does not sign in: %d %s", status, body)
	}
	for _, rt := range e.API.TestRoutes() {
		token := d.admin
		if rt.ConnectionAuth {
			token = sbxToken
		}
		path := fillParams(rt.Path, params)
		for name, q := range queries {
			e.expectNo5xx(t, rt.Method, path+"?"+q, token, "", name)
		}
		if strings.Contains(rt.Path, ":") {
			e.expectNo5xx(t, rt.Method, fillParams(rt.Path, map[string]string{}), token, "", "NUL path parameter")
		}
		if rt.Method != "GET" {
			e.expectNo5xx(t, rt.Method, path, token, probeBody(rt.Path), "JSON with NUL strings")
		}
	}
}

// fillParams puts each :param's value (from vals; "a%00b" when missing) into a route path.
func fillParams(path string, vals map[string]string) string {
	segs := strings.Split(path, "/")
	for i, s := range segs {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			v, found := vals[name]
			if !found {
				v = "a%00b"
			}
			segs[i] = v
		} else if strings.HasPrefix(s, "*") {
			segs[i] = vals[s[1:]]
			if segs[i] == "" {
				segs[i] = "a%00b"
			}
		}
	}
	return strings.Join(segs, "/")
}

func (e *env) expectNo5xx(t *testing.T, method, target, token, body, what string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.Srv.URL+target, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode >= 500 {
		t.Errorf("%s %s (%s): %d %s", method, target, what, res.StatusCode, out)
	}
}

// chunked hides a body's length, so the server learns its size only by reading it.
type chunked struct{ io.Reader }

// A body past the route's limit is answered 413 ERR_REQUEST_TOO_LARGE and writes nothing,
// whether its length is announced or not; an upload route takes what it declares.
func TestBodiesAreLimitedBeforeTheyAreRead(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "sizes")
	big := `{"name":"Cliente grande","number":"5511988887777","email":"` + strings.Repeat("a", 2<<20) + `@x.com"}`
	for _, body := range []io.Reader{strings.NewReader(big), chunked{strings.NewReader(big)}} {
		status, out := e.call("POST", "/contacts", d.admin, body, "application/json")
		if status != http.StatusRequestEntityTooLarge || !strings.Contains(string(out), "ERR_REQUEST_TOO_LARGE") {
			t.Fatalf("2 MB contact: %d %s", status, out)
		}
		status, out = e.call("POST", "/auth/login", "", chunked{strings.NewReader(`{"email":"` + strings.Repeat("x", 2<<20) + `"}`)}, "application/json")
		if status != http.StatusRequestEntityTooLarge {
			t.Fatalf("2 MB login: %d %s", status, out)
		}
	}
	if n := e.countRows("SELECT count(*) FROM contacts WHERE number = '5511988887777'"); n != 0 {
		t.Fatalf("%d contacts written by refused bodies", n)
	}
	// A route that takes uploads reads a JSON body at the JSON limit, not at its uploads'.
	bigJSON := `{"shortcode":"grande","message":"` + strings.Repeat("a", 2<<20) + `"}`
	for _, body := range []io.Reader{strings.NewReader(bigJSON), chunked{strings.NewReader(bigJSON)}} {
		if status, out := e.call("POST", "/quick-messages", d.admin, body, "application/json"); status != http.StatusRequestEntityTooLarge {
			t.Fatalf("2 MB of JSON to an upload route: %d %s", status, out)
		}
	}
	status, out := e.call("POST", "/quick-messages", d.admin, map[string]any{"shortcode": "oi", "message": "Olá"}, "")
	if status != 201 && status != 200 {
		t.Fatalf("quick message: %d %s", status, out)
	}
	id := itoa(decode[struct{ ID int64 }](t, out).ID)
	upload := func(size int) (int, []byte) {
		var buf strings.Builder
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", "notes.txt")
		fw.Write([]byte(strings.Repeat("a", size)))
		mw.Close()
		return e.call("POST", "/quick-messages/"+id+"/media-upload", d.admin, strings.NewReader(buf.String()), mw.FormDataContentType())
	}
	if status, out := upload(3 << 20); status != 200 {
		t.Fatalf("3 MB upload under the route's limit: %d %s", status, out)
	}
	if status, out := upload(api.QuickMediaMaxBytes + 2<<20); status != http.StatusRequestEntityTooLarge {
		t.Fatalf("upload past the route's limit: %d %s", status, out)
	}
}

// Outbound text is bounded by the ticket's channel; e-mails by their RFC length.
func TestTextIsBoundedByTheChannel(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "texts")
	fb := d.ticket(tk{channel: "facebook", status: "open", user: d.Admin.ID})
	wa := d.ticket(tk{status: "open", user: d.Admin.ID})
	e.run(t, []scenario{
		{name: "Messenger takes 2000 characters", method: "POST", path: "/messages/" + itoa(fb.ID), token: d.admin,
			body: map[string]any{"body": strings.Repeat("a", 2001)}, status: 400, code: "ERR_VALIDATION", contain: []string{"2000"}},
		{name: "whatsmeow takes 65536", method: "POST", path: "/messages/" + itoa(wa.ID), token: d.admin,
			body: map[string]any{"body": strings.Repeat("a", 65537)}, status: 400, code: "ERR_VALIDATION", contain: []string{"65536"}},
		{name: "a private note is never delivered: the longest any channel takes", method: "POST", path: "/messages/" + itoa(fb.ID),
			token: d.admin, body: map[string]any{"body": strings.Repeat("a", 3000), "isPrivate": true}, status: 200},
		{name: "an e-mail past 254 characters", method: "POST", path: "/contacts", token: d.admin,
			body:   map[string]any{"name": "Ana", "number": "5511977776666", "email": strings.Repeat("a", 250) + "@x.com"},
			status: 400, code: "ERR_VALIDATION"},
	})
	if n := e.countRows("SELECT count(*) FROM messages WHERE ticket_id IN (?, ?) AND length(body) > 2000 AND NOT is_private", fb.ID, wa.ID); n != 0 {
		t.Fatalf("%d over-long messages stored", n)
	}
}

// Half of a UTF-16 surrogate pair, escaped in a JSON string, is refused as invalid input
// (PostgreSQL's jsonb refuses it: a flow node's data, kept raw, answered 500); a whole
// pair, an emoji, is taken.
func TestLoneSurrogatesAreRefused(t *testing.T) {
	e := newEnv(t)
	d := newDesk(e, "acme")
	st, body := e.call("POST", "/flowbuilder", d.admin, map[string]any{"name": "Boas-vindas"}, "")
	if st != 200 && st != 201 {
		t.Fatalf("create flow: %d %s", st, body)
	}
	var flowID int64
	e.App.DB.Raw("SELECT id FROM flows WHERE company_id = ?", d.Company.ID).Scan(&flowID)
	graph := func(label string) string {
		return fmt.Sprintf(`{"idFlow":%d,"nodes":[{"id":"s1","type":"start","position":{"x":0,"y":0},"data":{"label":"%s"}}],"connections":[]}`,
			flowID, label)
	}
	for label, want := range map[string]int{`\ud800`: 400, `a\udc00`: 400, `\ud800\u0041`: 400, `\\ud800`: 200, `\ud83d\ude00`: 200} {
		if st, body := e.call("POST", "/flowbuilder/flow", d.admin, strings.NewReader(graph(label)), "application/json"); st != want {
			t.Errorf("label %s: %d %s, want %d", label, st, body, want)
		}
	}
}
