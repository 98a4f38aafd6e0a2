package whatsapp

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Leases say which worker process owns each connection's session: a Redis key holding the
// owner's id with a TTL. Only the holder extends or releases it (compare-and-act in Lua),
// so a worker that stalls past the TTL can't take back a session another worker claimed.
type Leases struct {
	RDB   *redis.Client
	Owner string // this process
	TTL   time.Duration
}

var (
	extendScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`)
	releaseScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1]) else return 0 end`)
)

func leaseKey(connID int64) string { return fmt.Sprintf("wa:lease:%d", connID) }

const workersKey = "wa:workers"

// Acquire takes the session of connID if nobody holds it.
func (l Leases) Acquire(ctx context.Context, connID int64) (bool, error) {
	return l.RDB.SetNX(ctx, leaseKey(connID), l.Owner, l.TTL).Result()
}

// Extend renews our lease; false means we no longer own the session. It is also the
// fencing check made right before connecting.
func (l Leases) Extend(ctx context.Context, connID int64) (bool, error) {
	n, err := extendScript.Run(ctx, l.RDB, []string{leaseKey(connID)}, l.Owner, l.TTL.Milliseconds()).Int()
	return n == 1, err
}

// Release gives the session up, if it is still ours.
func (l Leases) Release(ctx context.Context, connID int64) error {
	return releaseScript.Run(ctx, l.RDB, []string{leaseKey(connID)}, l.Owner).Err()
}

// OwnerOf returns the process owning connID's session ("" when none).
func (l Leases) OwnerOf(ctx context.Context, connID int64) (string, error) {
	v, err := l.RDB.Get(ctx, leaseKey(connID)).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	return v, err
}

// Heartbeat announces this process as a live session host.
func (l Leases) Heartbeat(ctx context.Context) error {
	now := time.Now()
	p := l.RDB.TxPipeline()
	p.ZAdd(ctx, workersKey, redis.Z{Score: float64(now.UnixMilli()), Member: l.Owner})
	p.ZRemRangeByScore(ctx, workersKey, "-inf", fmt.Sprint(now.Add(-l.TTL).UnixMilli()))
	_, err := p.Exec(ctx)
	return err
}

// Leave withdraws this process from the hosts.
func (l Leases) Leave(ctx context.Context) error { return l.RDB.ZRem(ctx, workersKey, l.Owner).Err() }

// Hosts counts the live session hosts (at least 1: this one).
func (l Leases) Hosts(ctx context.Context) (int, error) {
	n, err := l.RDB.ZCount(ctx, workersKey, fmt.Sprint(time.Now().Add(-l.TTL).UnixMilli()), "+inf").Result()
	return max(int(n), 1), err
}
