package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atende/pkg/realtime"
)

// listed checks one field of the rows of a list answer: a JSON array, or an object holding
// the rows under key.
func listed[T any](key string, field func(T) string, want ...string) func(*testing.T, []byte) {
	return func(t *testing.T, body []byte) {
		t.Helper()
		raw := body
		if !strings.HasPrefix(string(body), "[") {
			raw = decode[map[string]json.RawMessage](t, body)[key]
		}
		got := []string{}
		for _, r := range decode[[]T](t, raw) {
			got = append(got, field(r))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s %v, want %v", key, got, want)
		}
	}
}

// merge returns base with over applied; a nil value in over removes the key.
func merge(base, over map[string]any) map[string]any {
	for k, v := range over {
		if v == nil {
			delete(base, k)
		} else {
			base[k] = v
		}
	}
	return base
}

// eventLog records every event published through Redis while a test runs.
type eventLog struct {
	mu  sync.Mutex
	got []realtime.Event
	raw []string
	pub realtime.Publisher // for none's marker
}

// watch subscribes to the real-time channel until the test ends.
func (e *env) watch() *eventLog {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ps := e.App.RDB.Subscribe(ctx, realtime.Channel(e.App.RDB))
	if _, err := ps.Receive(ctx); err != nil {
		e.t.Fatal(err)
	}
	l := &eventLog{pub: e.App.Events}
	go func() {
		for msg := range ps.Channel() {
			ev, _ := realtime.Decode([]byte(msg.Payload))
			l.mu.Lock()
			l.got, l.raw = append(l.got, ev), append(l.raw, msg.Payload)
			l.mu.Unlock()
		}
	}()
	e.t.Cleanup(func() { cancel(); ps.Close() })
	return l
}

// find returns the first event named name whose JSON contains every substring.
func (l *eventLog) find(name string, subs ...string) (realtime.Event, string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, ev := range l.got {
		ok := ev.Name == name
		for _, s := range subs {
			ok = ok && strings.Contains(l.raw[i], s)
		}
		if ok {
			return ev, l.raw[i], true
		}
	}
	return realtime.Event{}, "", false
}

// want waits for an event named name containing every substring and returns its JSON.
func (l *eventLog) want(t *testing.T, name string, subs ...string) string {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, raw, ok := l.find(name, subs...); ok {
			return raw
		}
	}
	t.Fatalf("no event %s with %v; got %v", name, subs, l.names())
	return ""
}

// none checks that no event named name contains every substring: it publishes a marker and
// waits for it, so every event published before it has been recorded by then.
func (l *eventLog) none(t *testing.T, name string, subs ...string) {
	t.Helper()
	marker := fmt.Sprintf("marker-%d", time.Now().UnixNano())
	if err := l.pub.Publish(context.Background(), realtime.Event{Rooms: []string{"test-marker"}, Name: marker, Data: 1}); err != nil {
		t.Fatal(err)
	}
	l.want(t, marker)
	if _, raw, ok := l.find(name, subs...); ok {
		t.Fatalf("unexpected event %s: %s", name, raw)
	}
}

func (l *eventLog) names() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, ev := range l.got {
		out = append(out, ev.Name)
	}
	return out
}
