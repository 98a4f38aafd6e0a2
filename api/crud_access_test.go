package api_test

import (
	"fmt"
	"sync"
	"testing"

	"atende/pkg/testutil"
	"atende/pkg/user"
)

func TestCrudAccessMatrix(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	power := testutil.NewUser(t, e.App, acme.Company.ID, "power@acme.test", user.ProfileUser, func(u *user.User) {
		u.AllowConnections, u.AllowRealTime, u.ShowDashboard, u.AllUserChat = "enabled", "enabled", "enabled", "enabled"
	})
	empty := map[string]any{}
	// Bodies are invalid and ids unknown, so an allowed call answers 400 or 404 and writes nothing.
	gates := []gate{
		{"GET", "/contacts", nil, []int{200, 200, 200}},
		{"GET", "/contacts/list", nil, []int{200, 200, 200}},
		{"GET", "/contacts/999999", nil, []int{404, 404, 404}},
		{"GET", "/contacts/profile/5511", nil, []int{200, 200, 200}},
		{"POST", "/contacts", empty, []int{400, 400, 400}},
		{"PUT", "/contacts/999999", empty, []int{404, 404, 404}},
		{"DELETE", "/contacts/999999", nil, []int{403, 403, 404}},
		{"PUT", "/contacts/block/999999", map[string]bool{"active": true}, []int{404, 404, 404}},
		{"PUT", "/contacts/toggleAcceptAudio/999999", nil, []int{404, 404, 404}},
		{"PUT", "/contacts/toggleDisableBot/999999", nil, []int{404, 404, 404}},
		{"GET", "/contactTags/999999", nil, []int{404, 404, 404}},
		{"GET", "/tags", nil, []int{200, 200, 200}},
		{"GET", "/tags/list", nil, []int{200, 200, 200}},
		{"GET", "/tags/999999", nil, []int{404, 404, 404}},
		{"POST", "/tags", empty, []int{400, 400, 400}},
		{"POST", "/tags/sync", empty, []int{404, 404, 404}},
		{"PUT", "/tags/999999", empty, []int{404, 404, 404}},
		{"DELETE", "/tags/999999", nil, []int{403, 403, 404}},
		{"GET", "/queue", nil, []int{200, 200, 200}},
		{"GET", "/queue/999999", nil, []int{403, 403, 404}},
		{"POST", "/queue", empty, []int{403, 403, 400}},
		{"PUT", "/queue/999999", empty, []int{403, 403, 404}},
		{"DELETE", "/queue/999999", nil, []int{403, 403, 404}},
		{"GET", "/quick-messages", nil, []int{200, 200, 200}},
		{"GET", "/quick-messages/list", nil, []int{200, 200, 200}},
		{"GET", "/quick-messages/999999", nil, []int{404, 404, 404}},
		{"POST", "/quick-messages", empty, []int{400, 400, 400}},
		{"PUT", "/quick-messages/999999", empty, []int{404, 404, 404}},
		{"DELETE", "/quick-messages/999999", nil, []int{404, 404, 404}},
		{"POST", "/quick-messages/999999/media-upload", nil, []int{404, 404, 404}},
		{"DELETE", "/quick-messages/999999/media-upload", nil, []int{404, 404, 404}},
		{"GET", "/whatsapp", nil, []int{200, 200, 200}},
		{"GET", "/whatsapp/999999", nil, []int{403, 404, 404}},
		{"POST", "/whatsapp", empty, []int{403, 400, 400}},
		{"PUT", "/whatsapp/999999", empty, []int{403, 404, 404}},
		{"DELETE", "/whatsapp/999999", nil, []int{403, 404, 404}},
	}
	// columns: 0 profile user, 1 profile user with allowConnections, 2 admin
	rows := e.matrix([]accessCaller{{"profile user", acme.Attender, 0},
		{"profile user with allowConnections", power, 1}, {"admin", acme.Admin, 2}}, gates)
	rows = append(rows, scenario{name: "signed out", method: "GET", path: "/contacts", status: 401, code: "ERR_SESSION_EXPIRED"})
	e.run(t, rows)
	for _, table := range []string{"contacts", "tags", "queues", "quick_messages", "connections"} {
		if n := e.countRows("SELECT count(*) FROM " + table); n != 0 {
			t.Errorf("%s: %d rows written", table, n)
		}
	}
}

// Concurrent writes of one company are serialised: one default connection, queue limit kept.
func TestCrudConcurrentWrites(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	e.sql("UPDATE plans SET queues = 3 WHERE id = ?", acme.Company.PlanID)
	admin := e.tokenOf(acme.Admin)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			e.call("POST", "/whatsapp", admin, map[string]any{"name": fmt.Sprintf("Conexão %d", i), "isDefault": i%2 == 0}, "")
		}()
		go func() {
			defer wg.Done()
			e.call("POST", "/queue", admin, queueBody(fmt.Sprintf("Fila %d", i), fmt.Sprintf("#%06d", i), nil), "")
		}()
	}
	wg.Wait()
	if n := e.countRows("SELECT count(*) FROM connections WHERE is_default"); n != 1 {
		t.Errorf("%d default connections", n)
	}
	if n := e.countRows("SELECT count(*) FROM connections"); n != 6 {
		t.Errorf("%d connections", n)
	}
	if n := e.countRows("SELECT count(*) FROM queues"); n != 3 {
		t.Errorf("%d queues, plan allows 3", n)
	}
}
