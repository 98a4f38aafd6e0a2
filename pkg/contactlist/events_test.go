package contactlist_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/realtime"
)

type events struct {
	mu  sync.Mutex
	raw []string
}

// watch records the real-time events published while the test runs.
func watch(t *testing.T, a *app.App) *events {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ps := a.RDB.Subscribe(ctx, realtime.Channel(a.RDB))
	if _, err := ps.Receive(ctx); err != nil {
		t.Fatal(err)
	}
	l := &events{}
	go func() {
		for msg := range ps.Channel() {
			l.mu.Lock()
			l.raw = append(l.raw, msg.Payload)
			l.mu.Unlock()
		}
	}()
	t.Cleanup(func() { cancel(); ps.Close() })
	return l
}

// want waits for an event whose name ends with name and whose JSON holds sub.
func (l *events) want(t *testing.T, name, sub string) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		l.mu.Lock()
		for _, r := range l.raw {
			if strings.Contains(r, "-"+name+`"`) && strings.Contains(r, sub) {
				l.mu.Unlock()
				return
			}
		}
		l.mu.Unlock()
	}
	t.Fatalf("no event %s with %s", name, sub)
}
