package api_test

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"atende/pkg/contact"
	"atende/pkg/testutil"
)

// exportRows downloads GET /contacts/export?query as token and returns its rows.
func (e *env) exportRows(t *testing.T, token, query string) [][]string {
	t.Helper()
	status, body := e.call("GET", "/contacts/export?"+query, token, nil, "")
	if status != 200 {
		t.Fatalf("export: %d %s", status, body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("not an xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestContactsExport(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	vip := testutil.NewTag(t, e.App, acme.Company.ID, "VIP", 0)
	ana := testutil.NewContact(t, e.App, acme.Company.ID, "Ana", "5511911112222", func(c *contact.Contact) { c.Email = "ana@x.com" })
	testutil.NewContact(t, e.App, acme.Company.ID, "Bruno", "5511933334444", nil)
	testutil.NewContact(t, e.App, beta.Company.ID, "Beta Cliente", "5511955556666", nil)
	testutil.TagContact(t, e.App, ana, vip.ID)
	e.App.DB.Exec("INSERT INTO contact_extra_info (contact_id, company_id, name, value) VALUES (?, ?, 'CPF', '123')", ana.ID, acme.Company.ID)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)

	rows := e.exportRows(t, admin, "")
	if len(rows) != 3 || strings.Join(rows[0], ",") != "id,name,number,email,channel,isGroup,active,whatsapp,urlPicture,tags,extraInfo,createdAt" {
		t.Fatalf("rows %v", rows)
	}
	if r := rows[1]; r[1] != "Ana" || r[2] != "5511911112222" || r[3] != "ana@x.com" || r[9] != "VIP" || r[10] != "CPF: 123" {
		t.Fatalf("Ana's row %v", r)
	}
	tagged := e.exportRows(t, admin, "contactTag="+url.QueryEscape("["+itoa(vip.ID)+"]"))
	if len(tagged) != 2 || tagged[1][1] != "Ana" {
		t.Fatalf("tag filter %v", tagged)
	}
	if s := e.exportRows(t, admin, "searchParam=bru"); len(s) != 2 || s[1][1] != "Bruno" {
		t.Fatalf("search filter %v", s)
	}
	// Another company's export holds only its own contacts, even with acme's tag.
	if b := e.exportRows(t, other, ""); len(b) != 2 || b[1][1] != "Beta Cliente" {
		t.Fatalf("cross-tenant %v", b)
	}
	if b := e.exportRows(t, other, "contactTag="+url.QueryEscape("["+itoa(vip.ID)+"]")); len(b) != 1 {
		t.Fatalf("cross-tenant tag %v", b)
	}
	// LGPD: profile users get masked numbers in the export too.
	testutil.SetSetting(t, e.App, acme.Company.ID, "lgpdHideNumber", "enabled")
	if m := e.exportRows(t, agent, ""); m[1][2] != "***********22" {
		t.Fatalf("profile user export not masked: %v", m[1])
	}
	if m := e.exportRows(t, admin, ""); m[1][2] != "5511911112222" {
		t.Fatalf("admin export masked: %v", m[1])
	}
	e.run(t, []scenario{
		{name: "bad tag filter", method: "GET", path: "/contacts/export?contactTag=x", token: admin, status: 400, code: "ERR_BAD_REQUEST"},
		{name: "anonymous", method: "GET", path: "/contacts/export", status: 401},
	})
}
