package setting

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cache keeps each company's stored settings in memory: ticket rules, the inbound pipeline
// and real-time masking read them on every request and message, and they change rarely.
// A change drops the company's entry here and, through Redis pub/sub, in every other
// process; the TTL bounds staleness should a pub/sub message be lost.
type Cache struct {
	RDB *redis.Client
	TTL time.Duration

	mu      sync.Mutex
	entries map[int64]cached
	drops   map[int64]int // per company, how many times it was dropped
}

type cached struct {
	values map[string]Setting
	at     time.Time
}

// NewCache returns a cache whose entries live at most ttl.
func NewCache(rdb *redis.Client, ttl time.Duration) *Cache {
	return &Cache{RDB: rdb, TTL: ttl, entries: map[int64]cached{}, drops: map[int64]int{}}
}

func (c *Cache) channel() string {
	return fmt.Sprintf("atende:settings:%d", c.RDB.Options().DB)
}

// values returns the company's stored keys, loading them with load on a miss.
func (c *Cache) values(companyID int64, load func() (map[string]Setting, error)) (map[string]Setting, error) {
	c.mu.Lock()
	e, ok := c.entries[companyID]
	gen := c.drops[companyID]
	c.mu.Unlock()
	if ok && time.Since(e.at) < c.TTL {
		return e.values, nil
	}
	start := time.Now()
	v, err := load()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.drops[companyID] == gen { // a change announced while loading makes this load stale
		c.entries[companyID] = cached{values: v, at: start}
	}
	c.mu.Unlock()
	return v, nil
}

// Drop forgets a company's entry in this process only.
func (c *Cache) Drop(companyID int64) {
	c.mu.Lock()
	delete(c.entries, companyID)
	c.drops[companyID]++
	c.mu.Unlock()
}

// Changed drops the company's entry here and tells the other processes to.
func (c *Cache) Changed(ctx context.Context, companyID int64) {
	c.Drop(companyID)
	if err := c.RDB.Publish(ctx, c.channel(), strconv.FormatInt(companyID, 10)).Err(); err != nil {
		slog.Warn("settings: change not broadcast; other processes catch up within the TTL", "err", err)
	}
}

// Listen drops entries other processes announce, until ctx ends.
func (c *Cache) Listen(ctx context.Context) {
	sub := c.RDB.Subscribe(ctx, c.channel())
	defer sub.Close()
	for {
		select {
		case <-ctx.Done():
			return
		case m, ok := <-sub.Channel():
			if !ok {
				return
			}
			if id, err := strconv.ParseInt(m.Payload, 10, 64); err == nil {
				c.Drop(id)
			}
		}
	}
}
