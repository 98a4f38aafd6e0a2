package auth

import (
	"context"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"atende/pkg/errs"
)

// Limiter counts failed sign-ins per client address and per e-mail in Redis, so the limit
// holds across api instances.
type Limiter struct {
	RDB *redis.Client
	// Max failures within Window before further attempts are refused.
	Max    int64
	Window time.Duration
}

func (l Limiter) keys(ip, email string) []string {
	return []string{"auth:fail:ip:" + ip, "auth:fail:email:" + email}
}

// Allow refuses when either counter reached the limit.
func (l Limiter) Allow(ctx context.Context, ip, email string) error {
	if l.RDB == nil || l.Max == 0 {
		return nil
	}
	vals, err := l.RDB.MGet(ctx, l.keys(ip, email)...).Result()
	if err != nil {
		return err
	}
	for i, v := range vals {
		limit := l.Max
		if i == 0 {
			limit = l.Max * 4 // one address may serve a whole office
		}
		if s, ok := v.(string); ok {
			if n, _ := strconv.ParseInt(s, 10, 64); n >= limit {
				return errs.ErrTooManyAttempts
			}
		}
	}
	return nil
}

// Fail records a failed attempt.
func (l Limiter) Fail(ctx context.Context, ip, email string) {
	if l.RDB == nil {
		return
	}
	pipe := l.RDB.TxPipeline()
	for _, k := range l.keys(ip, email) {
		pipe.Incr(ctx, k)
		pipe.Expire(ctx, k, l.Window)
	}
	_, _ = pipe.Exec(ctx)
}

// Reset clears the e-mail's counter after a successful sign-in.
func (l Limiter) Reset(ctx context.Context, ip, email string) {
	if l.RDB != nil {
		l.RDB.Del(ctx, l.keys(ip, email)[1])
	}
}
