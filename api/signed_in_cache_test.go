package api_test

import (
	"testing"
	"time"

	"atende/pkg/testutil"
)

// The signed-in cache spares each request the user and company reads. Every change below is
// made with plain SQL, as another process or a writer that knows nothing of the cache would:
// the database's notifications must still reach the cache.
func TestSignedInCacheFollowsTheDatabase(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	cache := e.App.Users.SignedIn
	tok := e.tokenOf(acme.Attender)
	raw := func(query string, args ...any) {
		t.Helper()
		if err := e.App.DB.Exec(query, args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	cached := func() bool { _, _, _, ok := cache.Get(acme.Attender.ID); return ok }
	eventually := func(what string, status int, path string) {
		t.Helper()
		for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			st, body := e.call("GET", path, tok, nil, "")
			if st == status {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: GET %s answers %d, want %d: %s", what, path, st, status, body)
			}
		}
	}

	waitLive(t, e, tok, cached)
	if st, _ := e.call("GET", "/users/", tok, nil, ""); st != 403 {
		t.Fatalf("an attendant lists users: %d", st)
	}
	raw("UPDATE users SET profile = 'admin' WHERE id = ?", acme.Attender.ID)
	eventually("promoted to admin", 200, "/users/")

	raw("UPDATE users SET online = true, last_seen_at = now() WHERE id = ?", acme.Attender.ID)
	if !cached() {
		t.Fatal("a presence update dropped the user; it changes nothing a request is authorised with")
	}

	raw("UPDATE plans SET users = users WHERE id = ?", acme.Company.PlanID)
	eventually("plan changed", 200, "/users/")

	raw("UPDATE companies SET due_date = current_date - 3 WHERE id = ?", acme.Company.ID)
	eventually("subscription expired", 402, "/users/")
	raw("UPDATE companies SET due_date = NULL WHERE id = ?", acme.Company.ID)
	eventually("subscription renewed", 200, "/users/")

	raw("UPDATE users SET token_version = token_version + 1 WHERE id = ?", acme.Attender.ID)
	eventually("token revoked", 401, "/users/")
}

// A lost notification connection empties the cache and stops it serving until it is back.
func TestSignedInCacheSurvivesALostListener(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	tok := e.tokenOf(acme.Admin)
	cached := func() bool { _, _, _, ok := e.App.Users.SignedIn.Get(acme.Admin.ID); return ok }
	waitLive(t, e, tok, cached)
	if err := e.App.DB.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%'`).Error; err != nil {
		t.Fatal(err)
	}
	// The lost connection empties the cache once the listener sees it. Until then a change's
	// notification may be lost with the connection while the cache still serves: a window as
	// short as the loss takes to see, which the test waits out rather than writes into.
	for deadline := time.Now().Add(10 * time.Second); cached(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the cache kept serving after its notification connection was lost")
		}
	}
	// Reconnected, the cache fills again; a change made meanwhile is seen.
	if err := e.App.DB.Exec("UPDATE users SET profile = 'user' WHERE id = ?", acme.Admin.ID).Error; err != nil {
		t.Fatal(err)
	}
	waitLive(t, e, tok, cached)
	if st, _ := e.call("GET", "/users/", tok, nil, ""); st != 403 {
		t.Fatalf("a demoted admin still lists users: %d", st)
	}
}

// waitLive makes requests until one has been answered from a cache that holds the user.
func waitLive(t *testing.T, e *env, tok string, cached func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cached(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the signed-in cache never filled: is the notification listener running?")
		}
		e.call("GET", "/auth/me", tok, nil, "")
	}
}
