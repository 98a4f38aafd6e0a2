package graph_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"atende/pkg/channel"
	"atende/pkg/channel/graph"
	"atende/pkg/testutil"
)

// Two attempts holding the same message at once (a send-all still retrying and the
// reconciler's send after an outage) post it once: the second comes back later and finds
// the first one's id; a failed post lets the retry claim it again.
func TestSendPostsAMessageOnce(t *testing.T) {
	rdb := testutil.Redis(t)
	ctx := t.Context()
	l := graph.Limiter{RDB: rdb}
	var posts atomic.Int64
	inFlight, release := make(chan struct{}), make(chan struct{})
	post := func() (string, error) {
		posts.Add(1)
		close(inFlight)
		<-release
		return "wamid.1", nil
	}
	var wg sync.WaitGroup
	wg.Add(1)
	var first channel.Sent
	go func() {
		defer wg.Done()
		first, _ = l.Send(ctx, 7, 42, 80, post)
	}()
	<-inFlight
	_, err := l.Send(ctx, 7, 42, 80, func() (string, error) { posts.Add(1); return "wamid.2", nil })
	var later *channel.RetryLater
	if !errors.As(err, &later) {
		t.Fatalf("a second attempt while the first posts: %v, want a retry later", err)
	}
	close(release)
	wg.Wait()
	again, err := l.Send(ctx, 7, 42, 80, func() (string, error) { posts.Add(1); return "wamid.3", nil })
	if err != nil || again.ProviderID != "wamid.1" || first.ProviderID != "wamid.1" || posts.Load() != 1 {
		t.Fatalf("first %+v, retry %+v %v, %d posts; want wamid.1 once", first, again, err, posts.Load())
	}

	failing := errors.New("graph: 500")
	if _, err := l.Send(ctx, 7, 43, 80, func() (string, error) { return "", failing }); !errors.Is(err, failing) {
		t.Fatalf("failed post: %v", err)
	}
	if sent, err := l.Send(ctx, 7, 43, 80, func() (string, error) { return "wamid.4", nil }); err != nil || sent.ProviderID != "wamid.4" {
		t.Fatalf("the retry after a failed post: %+v %v", sent, err)
	}
}
