package api_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
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
