package auth_test

import (
	"testing"
	"time"

	"atende/pkg/auth"
	"atende/pkg/testutil"
)

// Each failure past the free ones doubles the pair's wait, up to the cap.
func TestAuthLimiterWaitDoubles(t *testing.T) {
	rdb := testutil.Redis(t)
	ctx := t.Context()
	l := auth.Limiter{RDB: rdb, Free: 2, Base: time.Hour, Cap: 4 * time.Hour, AddressMax: 100, Window: 24 * time.Hour}
	if err := l.Attempt(ctx, "192.0.2.1", "ana@x.test"); err != nil {
		t.Fatalf("first failure refused: %v", err)
	}
	for i, want := range []time.Duration{time.Hour, 2 * time.Hour, 4 * time.Hour, 4 * time.Hour} {
		if err := l.Attempt(ctx, "192.0.2.1", "ana@x.test"); err != nil {
			t.Fatalf("failure %d refused: %v", i+2, err)
		}
		if err := l.Attempt(ctx, "192.0.2.1", "ana@x.test"); err == nil {
			t.Fatalf("failure %d: no wait", i+2)
		}
		waits, _ := rdb.Keys(ctx, "auth:wait:*").Result()
		if len(waits) != 1 {
			t.Fatalf("wait keys %q", waits)
		}
		if left := rdb.PTTL(ctx, waits[0]).Val(); left > want || left < want-time.Minute {
			t.Fatalf("failure %d: waits %s, want %s", i+2, left, want)
		}
		rdb.Del(ctx, waits[0]) // as if the wait had passed
	}
	if err := l.Attempt(ctx, "192.0.2.2", "ana@x.test"); err != nil {
		t.Fatalf("the account from another address: %v", err)
	}
}
