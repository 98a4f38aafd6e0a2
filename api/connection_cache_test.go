package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

// Token authentication and inbound batches read connection rows from memory
// (connection.Cache). Every change below is made with plain SQL, as another process or a
// writer that knows nothing of the cache would: the database's notifications must still
// reach it.
func TestConnectionCacheFollowsTheDatabase(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	conn := sandboxConn(t, e, acme)
	startWorker(t, e)
	post := func(token, id string) int {
		st, _ := e.call("POST", fmt.Sprintf("/sandbox/%d/inbound", conn.ID), token,
			map[string]string{"number": "5511999990001", "body": "oi " + id, "id": id}, "")
		return st
	}
	if st := post(conn.Token, "a1"); st != 202 {
		t.Fatalf("own token: %d", st)
	}

	// A new token replaces the old one at once, in every process.
	fresh := connection.NewToken()
	e.sql("UPDATE connections SET token = ? WHERE id = ?", fresh, conn.ID)
	if st := post(conn.Token, "a2"); st == 202 {
		t.Fatal("the replaced token still posts")
	}
	if st := post(fresh, "a3"); st != 202 {
		t.Fatalf("the new token: %d", st)
	}

	// A group message is dropped until the connection takes groups.
	ctx := tenant.With(context.Background(), acme.Company.ID)
	group := func(id string) {
		t.Helper()
		live, err := e.App.ConnectionCache.ByToken(ctx, fresh)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.App.InboundStore.Record(ctx, live, channel.Event{Kind: channel.EventMessage, ProviderID: id,
			From: "120363000000000001", IsGroup: true, Name: "Grupo", Body: "grupo " + id, Timestamp: time.Now()}); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the group event handled", func() bool {
			return count(e, "SELECT count(*) FROM inbound_events WHERE connection_id = ? AND processed_at IS NULL", conn.ID) == 0
		})
	}
	group("g1")
	if n := count(e, "SELECT count(*) FROM messages WHERE provider_id = 'g1'"); n != 0 {
		t.Fatal("a group message was stored on a connection that takes no groups")
	}
	e.sql("UPDATE connections SET allow_group = true WHERE id = ?", conn.ID)
	group("g2")
	if n := count(e, "SELECT count(*) FROM messages WHERE provider_id = 'g2'"); n != 1 {
		t.Fatal("the connection takes groups now, but its group message was dropped")
	}
	// The company's "ignore group messages" drops them on every connection.
	if _, err := e.App.Settings.Set(ctx, "CheckMsgIsGroup", "enabled", false); err != nil {
		t.Fatal(err)
	}
	group("g3")
	if n := count(e, "SELECT count(*) FROM messages WHERE provider_id = 'g3'"); n != 0 {
		t.Fatal("the company ignores group messages, but one was stored")
	}

	// A deleted connection's token stops at once.
	e.sql("UPDATE tickets SET connection_id = NULL WHERE connection_id = ?", conn.ID)
	e.sql("DELETE FROM connections WHERE id = ?", conn.ID)
	if st := post(fresh, "a4"); st == 202 {
		t.Fatal("a deleted connection's token still posts")
	}
}
