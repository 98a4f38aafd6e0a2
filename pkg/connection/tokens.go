package connection

import (
	"context"
	"sync"
	"time"
)

// TokenCache remembers for a moment which connection a bearer token names. Sandbox posts
// and external API calls authenticate every request by token: at a thousand posts a second
// the lookup was a seventh of the api's work and a query per message. A changed or deleted
// connection is forgotten at once in the process that changed it, and within TTL in every
// other process (the only staleness: a revoked token works for up to TTL there).
type TokenCache struct {
	Store Store
	TTL   time.Duration

	mu      sync.Mutex
	entries map[string]tokenEntry
}

type tokenEntry struct {
	conn Connection
	at   time.Time
}

// maxTokens bounds the cache; past it, it starts again empty (tokens are few per company).
const maxTokens = 10000

// ByToken is Store.ByToken through the cache.
func (c *TokenCache) ByToken(ctx context.Context, token string) (Connection, error) {
	c.mu.Lock()
	e, ok := c.entries[token]
	c.mu.Unlock()
	if ok && time.Since(e.at) < c.TTL {
		return e.conn, nil
	}
	start := time.Now()
	conn, err := c.Store.ByToken(ctx, token)
	if err != nil {
		return conn, err
	}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= maxTokens {
		c.entries = map[string]tokenEntry{}
	}
	c.entries[token] = tokenEntry{conn: conn, at: start}
	c.mu.Unlock()
	return conn, nil
}

// Forget drops a connection's entries in this process.
func (c *TokenCache) Forget(id int64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for tok, e := range c.entries {
		if e.conn.ID == id {
			delete(c.entries, tok)
		}
	}
}

// ByToken finds a token's connection, through the cache when the service has one.
func (s Service) ByToken(ctx context.Context, token string) (Connection, error) {
	if s.Tokens != nil {
		return s.Tokens.ByToken(ctx, token)
	}
	return s.Store.ByToken(ctx, token)
}
