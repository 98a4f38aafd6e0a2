package graph

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"atende/pkg/channel"
)

// Limiter caps sends per connection per second across every worker (a Redis counter per
// connection and second). A send over the cap waits for the next second, a few times, then
// hands the task back to the queue to retry shortly.
type Limiter struct {
	RDB *redis.Client
}

// Throughput caps in messages per second: Cloud API numbers start at 80/s; Messenger and
// Instagram pages are held lower.
const (
	CloudAPIPerSecond  = 80
	MessengerPerSecond = 20
)

// Wait takes one send slot of connection connID under perSecond.
func (l Limiter) Wait(ctx context.Context, connID int64, perSecond int) error {
	if l.RDB == nil {
		return nil
	}
	for range 3 {
		now := time.Now()
		key := fmt.Sprintf("graph:rate:%d:%d", connID, now.Unix())
		n, err := l.RDB.Incr(ctx, key).Result()
		if err != nil {
			return err
		}
		if n == 1 {
			l.RDB.Expire(ctx, key, 2*time.Second)
		}
		if n <= int64(perSecond) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(now.Truncate(time.Second).Add(time.Second).Sub(now)):
		}
	}
	return &channel.RetryLater{Delay: time.Second, Err: fmt.Errorf("graph: connection %d over %d msg/s", connID, perSecond)}
}

// Remembered returns the provider id a previous attempt got for message msgID, so a task
// retried after a crash between Graph's answer and our write does not send twice.
func (l Limiter) Remembered(ctx context.Context, connID, msgID int64) string {
	if l.RDB == nil || msgID == 0 {
		return ""
	}
	id, _ := l.RDB.Get(ctx, sentKey(connID, msgID)).Result()
	return id
}

// Remember records the provider id of message msgID for a day.
func (l Limiter) Remember(ctx context.Context, connID, msgID int64, providerID string) {
	if l.RDB != nil && msgID != 0 {
		l.RDB.Set(ctx, sentKey(connID, msgID), providerID, 24*time.Hour)
	}
}

func sentKey(connID, msgID int64) string { return fmt.Sprintf("graph:sent:%d:%d", connID, msgID) }

// SendClaim is how long one attempt holds a message it is posting (longer than a Graph
// call with an upload can take).
const SendClaim = 5 * time.Minute

// Send posts message msgID of connID once (post answers the provider id) under perSecond:
// the id an earlier attempt got is answered without posting; an attempt holds a claim on
// the message while it posts, so two tasks holding it at once (a send-all still retrying
// and the reconciler's send after an outage) never both post it — the second comes back
// later and finds the first one's id. A failed post lets go of the claim for the retry.
func (l Limiter) Send(ctx context.Context, connID, msgID int64, perSecond int, post func() (string, error)) (channel.Sent, error) {
	if id := l.Remembered(ctx, connID, msgID); id != "" {
		return channel.Sent{ProviderID: id, Ack: 1}, nil
	}
	claim := l.RDB != nil && msgID != 0
	if claim {
		ok, err := l.RDB.SetNX(ctx, claimKey(connID, msgID), 1, SendClaim).Result()
		if err != nil {
			return channel.Sent{}, err
		}
		if !ok {
			return channel.Sent{}, &channel.RetryLater{Delay: 5 * time.Second,
				Err: fmt.Errorf("graph: message %d is being sent by another attempt", msgID)}
		}
		if id := l.Remembered(ctx, connID, msgID); id != "" { // the other attempt finished meanwhile
			return channel.Sent{ProviderID: id, Ack: 1}, nil
		}
	}
	id, err := "", l.Wait(ctx, connID, perSecond)
	if err == nil {
		id, err = post()
	}
	if err != nil {
		if claim {
			l.RDB.Del(context.WithoutCancel(ctx), claimKey(connID, msgID))
		}
		return channel.Sent{}, err
	}
	l.Remember(ctx, connID, msgID, id)
	return channel.Sent{ProviderID: id, Ack: 1}, nil
}

func claimKey(connID, msgID int64) string { return fmt.Sprintf("graph:sending:%d:%d", connID, msgID) }
