package api_test

import (
	"context"
	"fmt"
	"testing"

	"atende/pkg/connection"
	"atende/pkg/contactlist"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
)

// "Re-check numbers": POST /contact-lists/{id}/check starts a job in the worker that asks
// again about every number of the list (a sandbox connection checks the format: valid),
// with its progress stored like an import's; bad requests write nothing; company B reaches
// neither A's list nor lends its connection; one job per list at a time.
func TestContactListRecheck(t *testing.T) {
	e, acme, beta, connA, connB := twoSandboxes(t)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	vip := e.newContactList(acme.Company.ID, "VIP", "11999990001", "11999990002", "11999990003")
	empty := e.newContactList(acme.Company.ID, "Vazia")
	// Marks of an older check, now stale both ways.
	e.sql("UPDATE contact_list_items SET is_whatsapp_valid = false WHERE contact_list_id = ?", vip.ID)
	fb := testutil.NewConnection(t, e.App, acme.Company.ID, "Página", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelFacebook, connection.StatusConnected
	})
	path := fmt.Sprintf("/contact-lists/%d/check", vip.ID)
	jobs := func() int64 { return count(e, "SELECT count(*) FROM contact_list_imports WHERE kind = 'check'") }
	var job contactlist.Import
	e.run(t, []scenario{
		{name: "company B can't re-check A's list", method: "POST", path: path, token: other, status: 404},
		{name: "a profile user can't", method: "POST", path: path, token: agent, status: 403},
		{name: "B's connection is not A's", method: "POST", path: path, token: admin, body: map[string]any{"connectionId": connB.ID},
			status: 400, code: "ERR_CHECK_NO_CONNECTION"},
		{name: "a Messenger page checks no numbers", method: "POST", path: path, token: admin, body: map[string]any{"connectionId": fb.ID},
			status: 400, code: "ERR_CHECK_NO_CONNECTION"},
		{name: "a bad body", method: "POST", path: path, token: admin, body: map[string]any{"connectionId": "x"}, status: 400},
		{name: "an empty list", method: "POST", path: fmt.Sprintf("/contact-lists/%d/check", empty.ID), token: admin, status: 400,
			code: "ERR_CHECK_EMPTY_LIST"},
	})
	if jobs() != 0 {
		t.Fatal("a refused re-check wrote a job")
	}
	e.run(t, []scenario{
		{name: "started through the default connection", method: "POST", path: path, token: admin, status: 201,
			contain: []string{`"kind":"check"`, `"status":"checking"`, `"toCheck":3`, `"checked":0`, fmt.Sprintf(`"connectionId":%d`, connA.ID)},
			check:   func(t *testing.T, b []byte) { job = decode[contactlist.Import](t, b) }},
		{name: "one job per list at a time", method: "POST", path: path, token: admin, status: 409, code: "ERR_CHECK_RUNNING"},
	})
	queued := pendingTasks[tasks.ContactListCheck](e, tasks.QueueLow, tasks.TypeContactListCheck)
	want := tasks.ContactListCheck{CompanyID: acme.Company.ID, ContactListID: vip.ID, ConnectionID: connA.ID, ImportID: job.ID, Recheck: true}
	if len(queued) != 1 || queued[0] != want {
		t.Fatalf("queued %+v, want %+v", queued, want)
	}
	// The items keep their marks until their batch is asked (campaigns go on using them).
	if n := count(e, "SELECT count(*) FROM contact_list_items WHERE contact_list_id = ? AND is_whatsapp_valid IS NULL", vip.ID); n != 0 {
		t.Fatalf("%d items lost their mark before the check", n)
	}
	for range 2 { // the worker runs it; a redelivered task counts nothing twice
		if err := e.App.ContactLists.Check(context.Background(), queued[0], false); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(e, "SELECT count(*) FROM contact_list_items WHERE contact_list_id = ? AND is_whatsapp_valid", vip.ID); n != 3 {
		t.Fatalf("%d of 3 numbers valid after a format check", n)
	}
	imports := fmt.Sprintf("/contact-lists/%d/imports", vip.ID)
	e.run(t, []scenario{
		get("the job's outcome", imports, admin, 200, nil, `"kind":"check"`, `"status":"done"`, `"checked":3`),
		{name: "B can't see it", method: "GET", path: imports, token: other, status: 404},
	})
}
