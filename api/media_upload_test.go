package api_test

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"atende/api"
	"atende/pkg/message"
	"atende/pkg/testutil"
)

// part is one field or file of a multipart body; a file's data may be given as a size
// (zeros after a PNG header) to stream a large file without holding it in memory.
type part struct {
	field, filename, ctype string
	data                   []byte
	size                   int64
}

// multipartBody streams a multipart body made of parts.
func multipartBody(parts ...part) (io.Reader, string) {
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	go func() {
		for _, p := range parts {
			if p.filename == "" {
				_ = w.WriteField(p.field, string(p.data))
				continue
			}
			h := textproto.MIMEHeader{}
			quote := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, p.field, quote.Replace(p.filename)))
			h.Set("Content-Type", p.ctype)
			dst, _ := w.CreatePart(h)
			_, _ = dst.Write(p.data)
			if p.size > int64(len(p.data)) {
				_, _ = io.CopyN(dst, zeros{}, p.size-int64(len(p.data)))
			}
		}
		pw.CloseWithError(w.Close())
	}()
	return pr, w.FormDataContentType()
}

type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

// served fetches a media URL and returns the answer's headers and body.
func served(t *testing.T, e *env, url string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(e.Srv.URL + url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

// withURL fills m's signed media URL from the ticket's message list.
func withURL(t *testing.T, e *env, token string, m message.Message) message.Message {
	t.Helper()
	_, out := e.call("GET", fmt.Sprintf("/messages/%d", m.TicketID), token, nil, "")
	for _, x := range decode[struct{ Messages []message.Message }](t, out).Messages {
		if x.ID == m.ID {
			return x
		}
	}
	t.Fatalf("message %d not listed: %s", m.ID, out)
	return m
}

// mustBeSandboxed checks the headers every media answer carries.
func mustBeSandboxed(t *testing.T, res *http.Response) {
	t.Helper()
	csp := res.Header.Get("Content-Security-Policy")
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "default-src 'none'") {
		t.Fatalf("media answer %d without nosniff or CSP sandbox: %v", res.StatusCode, res.Header)
	}
}

const htmlPayload = "<!DOCTYPE html><html><body><script>fetch('/auth/refresh_token',{method:'POST'}).then(r=>r.text()).then(alert)</script></body></html>"

// A customer's HTML declared as application/pdf and named invoice.pdf is a download, never
// a page of our origin; a real PNG declared as anything is an image shown inline; names
// lose bidi overrides and path parts.
func TestMediaServedBySniffedType(t *testing.T) {
	e, acme, _, conn, _ := twoSandboxes(t)
	ticketID, _ := customerWrites(t, e, conn, "5511900000010", "oi")
	admin := testutil.Token(t, e.App, acme.Admin)
	send := func(p part) message.Message {
		t.Helper()
		body, ctype := multipartBody(part{field: "body", data: []byte("segue")}, p)
		st, out := e.call("POST", fmt.Sprintf("/messages/%d", ticketID), admin, body, ctype)
		if st != 200 {
			t.Fatalf("send %s: %d %s", p.filename, st, out)
		}
		return withURL(t, e, admin, decode[message.Message](t, out))
	}

	html := send(part{field: "medias", filename: "invoice.pdf", ctype: "application/pdf", data: []byte(htmlPayload)})
	if html.MediaType != message.TypeDocument || html.MediaName != "invoice.pdf" || html.MediaURL == "" {
		t.Fatalf("html message: type %q name %q url %q", html.MediaType, html.MediaName, html.MediaURL)
	}
	res, got := served(t, e, html.MediaURL)
	mustBeSandboxed(t, res)
	if res.StatusCode != 200 || string(got) != htmlPayload {
		t.Fatalf("html file: %d, %d bytes", res.StatusCode, len(got))
	}
	if ct, cd := res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"); strings.Contains(ct, "html") ||
		strings.Contains(ct, "pdf") || !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, `filename*=UTF-8''invoice.pdf`) {
		t.Fatalf("html served as %q, %q", ct, cd)
	}

	// Declared as an image, HTML is still a document: the type comes from the bytes.
	fake := send(part{field: "medias", filename: "photo.png", ctype: "image/png", data: []byte(htmlPayload)})
	if fake.MediaType != message.TypeDocument {
		t.Fatalf("html declared image/png stored as mediaType %q", fake.MediaType)
	}
	svg := send(part{field: "medias", filename: "logo.svg", ctype: "image/svg+xml",
		data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>`)})
	res, _ = served(t, e, svg.MediaURL)
	if svg.MediaType != message.TypeDocument || res.Header.Get("Content-Type") == "image/svg+xml" ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("svg: mediaType %q served as %v", svg.MediaType, res.Header)
	}

	// A real PNG, declared as a binary blob under a spoofing name.
	pic := tinyPNG(t)
	png := send(part{field: "medias", filename: `..\..\fatura` + "\u202E" + `gnp.exe`, ctype: "application/octet-stream", data: pic})
	if png.MediaType != message.TypeImage || png.MediaName != "faturagnp.exe" {
		t.Fatalf("png message: type %q name %q", png.MediaType, png.MediaName)
	}
	res, got = served(t, e, png.MediaURL)
	mustBeSandboxed(t, res)
	if res.Header.Get("Content-Type") != "image/png" || string(got) != string(pic) ||
		res.Header.Get("Content-Disposition") != `inline; filename="faturagnp.exe"; filename*=UTF-8''faturagnp.exe` {
		t.Fatalf("png served as %v", res.Header)
	}
	_, list := e.call("GET", fmt.Sprintf("/messages/%d", ticketID), admin, nil, "")
	if strings.Contains(string(list), "\\u202e") || strings.Contains(string(list), "\u202E") || strings.Contains(string(list), `..\\`) {
		t.Fatalf("the list shows the raw name: %s", list)
	}
	var stored string
	e.App.DB.Raw("SELECT media_name FROM messages WHERE id = ?", png.ID).Scan(&stored)
	if stored != "faturagnp.exe" {
		t.Fatalf("stored name %q", stored)
	}

	// The same answers carry the headers when they refuse.
	res, _ = served(t, e, html.MediaURL[:strings.Index(html.MediaURL, "?")])
	mustBeSandboxed(t, res)
	if res.StatusCode != 404 {
		t.Fatalf("unsigned: %d", res.StatusCode)
	}
}

// A send refused for its second file (too large) stores no file, writes no message and
// queues nothing, through the attendant's route and the external API alike.
func TestMediaRefusedSendWritesNothing(t *testing.T) {
	e, acme, _, conn, _ := twoSandboxes(t)
	ticketID, _ := customerWrites(t, e, conn, "5511900000011", "oi")
	admin := testutil.Token(t, e.App, acme.Admin)
	before, queued := count(e, "SELECT count(*) FROM messages WHERE company_id = ?", acme.Company.ID), pendingSends(t, e)
	pic := tinyPNG(t)
	good := part{field: "medias", filename: "a.png", ctype: "image/png", data: pic}
	huge := part{field: "medias", filename: "b.png", ctype: "image/png", data: pic, size: api.MediaMaxBytes + 1}
	eleven := []part{{field: "number", data: []byte("5511900000011")}}
	for range 11 {
		eleven = append(eleven, good)
	}
	attendant := fmt.Sprintf("/messages/%d", ticketID)
	cases := []struct {
		name, path, token string
		parts             []part
		status            int
		code              string
	}{
		{"attendant: second file too large", attendant, admin, []part{{field: "body", data: []byte("x")}, good, huge}, 413, "ERR_FILE_TOO_LARGE"},
		{"attendant: eleven files", attendant, admin, eleven[1:], 400, "ERR_VALIDATION"},
		{"api: second file too large", sendPath, conn.Token, []part{{field: "number", data: []byte("5511900000011")}, good, huge}, 413, "ERR_FILE_TOO_LARGE"},
		{"api: eleven files", sendPath, conn.Token, eleven, 400, "ERR_VALIDATION"},
		{"api: bad number with a good file", sendPath, conn.Token, []part{{field: "number", data: []byte("12")}, good}, 400, "ERR_VALIDATION"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, ctype := multipartBody(c.parts...)
			st, out := e.call("POST", c.path, c.token, body, ctype)
			if st != c.status || !strings.Contains(string(out), c.code) {
				t.Fatalf("%d %s, want %d %s", st, out, c.status, c.code)
			}
			if n := count(e, "SELECT count(*) FROM messages WHERE company_id = ?", acme.Company.ID); n != before {
				t.Fatalf("%d messages written", n-before)
			}
			if n := pendingSends(t, e); n != queued {
				t.Fatalf("%d send tasks queued", n-queued)
			}
			if files := mediaFiles(t, e); len(files) != 0 {
				t.Fatalf("files left: %v", files)
			}
		})
	}

	// A refusal after the files were stored (a closed ticket) removes them.
	e.App.DB.Exec("UPDATE tickets SET status = 'closed' WHERE id = ?", ticketID)
	body, ctype := multipartBody(good, good)
	if st, out := e.call("POST", attendant, admin, body, ctype); st != 400 && st != 409 {
		t.Fatalf("closed ticket: %d %s", st, out)
	}
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("refused send left files: %v", files)
	}
}

// A refused sandbox inbound post leaves no file, and a repeated one keeps only the first
// post's file.
func TestSandboxInboundFiles(t *testing.T) {
	e, _, _, conn, _ := twoSandboxes(t)
	path := fmt.Sprintf("/sandbox/%d/inbound", conn.ID)
	pic := tinyPNG(t)
	post := func(parts ...part) (int, string) {
		body, ctype := multipartBody(parts...)
		st, out := e.call("POST", path, conn.Token, body, ctype)
		return st, string(out)
	}
	file := part{field: "media", filename: "foto.png", ctype: "image/png", data: pic}
	if st, out := post(part{field: "number", data: []byte("12")}, file); st != 400 || !strings.Contains(out, `"number"`) {
		t.Fatalf("bad number: %d %s", st, out)
	}
	if st, out := post(part{field: "number", data: []byte("5511900000012")},
		part{field: "media", filename: "big.png", ctype: "image/png", data: pic, size: api.MediaMaxBytes + 1}); st != 413 || !strings.Contains(out, "ERR_FILE_TOO_LARGE") {
		t.Fatalf("oversize: %d %s", st, out)
	}
	if files := mediaFiles(t, e); len(files) != 0 {
		t.Fatalf("refused posts left files: %v", files)
	}
	if n := count(e, "SELECT count(*) FROM inbound_events WHERE connection_id = ?", conn.ID); n != 0 {
		t.Fatalf("%d events recorded", n)
	}
	for i := range 2 {
		st, out := post(part{field: "number", data: []byte("5511900000012")}, part{field: "id", data: []byte("retry-1")}, file)
		if st != 202 || strings.Contains(out, `"duplicate":true`) != (i == 1) {
			t.Fatalf("post %d: %d %s", i, st, out)
		}
	}
	if files := mediaFiles(t, e); len(files) != 1 {
		t.Fatalf("a repeated post kept %d files: %v", len(files), files)
	}
	var payload string
	e.App.DB.Raw("SELECT payload->>'mediaType' FROM inbound_events WHERE connection_id = ?", conn.ID).Scan(&payload)
	if payload != message.TypeImage {
		t.Fatalf("event mediaType %q", payload)
	}
}

// Once a message is deleted its file is neither listed (messages, the sandbox's outbox)
// nor served. Its URL can't be moved to another company's folder either.
func TestMediaOfDeletedMessage(t *testing.T) {
	e, acme, bolt, conn, _ := twoSandboxes(t)
	ticketID, contactID := customerWrites(t, e, conn, "5511900000013", "oi")
	startWorker(t, e)
	admin := testutil.Token(t, e.App, acme.Admin)
	body, ctype := multipartBody(part{field: "medias", filename: "contrato.pdf", ctype: "application/pdf", data: []byte("%PDF-1.4\n%âãÏÓ\n")})
	st, out := e.call("POST", fmt.Sprintf("/messages/%d", ticketID), admin, body, ctype)
	if st != 200 {
		t.Fatalf("send: %d %s", st, out)
	}
	m := withURL(t, e, admin, decode[message.Message](t, out))
	outbound := fmt.Sprintf("/sandbox/%d/outbound?number=5511900000013", conn.ID)
	eventually(t, "the file delivered", func() bool {
		_, o := e.call("GET", outbound, conn.Token, nil, "")
		return strings.Contains(string(o), `"mediaUrl":"/media/`)
	})
	if res, _ := served(t, e, m.MediaURL); res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline;") {
		t.Fatalf("live file: %d %v", res.StatusCode, res.Header)
	}
	moved := strings.Replace(m.MediaURL, fmt.Sprintf("/company%d/", acme.Company.ID), fmt.Sprintf("/company%d/", bolt.Company.ID), 1)
	if res, _ := served(t, e, moved); res.StatusCode != 404 {
		t.Fatalf("URL moved to another company: %d", res.StatusCode)
	}

	if st, out := e.call("DELETE", fmt.Sprintf("/messages/%d", m.ID), admin, nil, ""); st != 200 {
		t.Fatalf("delete: %d %s", st, out)
	}
	res, _ := served(t, e, m.MediaURL)
	mustBeSandboxed(t, res)
	if res.StatusCode != 404 {
		t.Fatalf("deleted message's file served: %d", res.StatusCode)
	}
	_, list := e.call("GET", fmt.Sprintf("/messages/%d", ticketID), admin, nil, "")
	if strings.Contains(string(list), `"mediaUrl":"/media/`) {
		t.Fatalf("deleted message's file listed: %s", list)
	}
	eventually(t, "the outbox copy revoked", func() bool {
		_, o := e.call("GET", outbound, conn.Token, nil, "")
		return strings.Contains(string(o), `"kind":"revoked"`) && !strings.Contains(string(o), `"mediaUrl":"/media/`)
	})
	if st, out := e.call("POST", "/message/forward", admin, map[string]any{"messageId": m.ID, "contactId": contactID}, ""); st != 404 {
		t.Fatalf("a deleted message forwarded: %d %s", st, out)
	}
}
