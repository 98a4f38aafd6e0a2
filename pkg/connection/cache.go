package connection

import (
	"context"
	"slices"
	"sync"
	"time"

	"atende/pkg/db"
)

// Cache keeps connection rows in memory for the paths that read one per event: the inbound
// pipeline (each batch's connections) and token authentication (every sandbox post and
// external API call). At a thousand messages a second those reads were a sixth of the Go
// process's work. A trigger on connections (migration 00019) notifies "k:<id>" on commit,
// whoever writes, and every process drops the row (db.Notifications); while that
// notification connection is down, nothing is served from memory.
type Cache struct {
	Store Store
	rows  *db.Memo[int64, Connection]

	mu     sync.Mutex
	tokens map[string]int64 // token → connection id; the row's own token is checked on use
}

// maxTokens bounds the token index; past it, it starts again empty.
const maxTokens = 10000

// NewCache returns an empty cache that serves nothing until SetLive(true).
func NewCache(store Store, ttl time.Duration) *Cache {
	return &Cache{Store: store, rows: db.NewMemo[int64, Connection](ttl), tokens: map[string]int64{}}
}

// ByToken finds a token's connection, in any company (Store.ByToken).
func (c *Cache) ByToken(ctx context.Context, token string) (Connection, error) {
	c.mu.Lock()
	id, known := c.tokens[token]
	c.mu.Unlock()
	conn, gen, ok := c.rows.Get(id)
	if known && ok && conn.Token == token {
		return conn, nil
	}
	start := time.Now()
	conn, err := c.Store.ByToken(ctx, token)
	if err != nil {
		return conn, err
	}
	c.rows.Put(gen, conn.ID, conn, start)
	c.mu.Lock()
	if len(c.tokens) >= maxTokens {
		clear(c.tokens)
	}
	c.tokens[token] = conn.ID
	c.mu.Unlock()
	return conn, nil
}

// Load returns the rows of ids, of any company (callers check the company they expect);
// ids with no row are missing from the map.
func (c *Cache) Load(ctx context.Context, ids []int64) (map[int64]Connection, error) {
	found := make(map[int64]Connection, len(ids))
	var missing []int64
	var gen uint64
	for _, id := range ids {
		if _, seen := found[id]; seen || slices.Contains(missing, id) {
			continue // a batch names few connections, each many times
		}
		conn, g, ok := c.rows.Get(id)
		if ok {
			found[id] = conn
		} else {
			missing, gen = append(missing, id), g
		}
	}
	if len(missing) == 0 {
		return found, nil
	}
	// gen is the newest seen before the query: a drop during it keeps the loaded rows out.
	start := time.Now()
	var rows []Connection
	if err := c.Store.DB.WithContext(ctx).Where("id IN ?", missing).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, conn := range rows {
		found[conn.ID] = conn
		c.rows.Put(gen, conn.ID, conn, start)
	}
	return found, nil
}

// Drop forgets a connection at once in this process, for the writer whose next request
// must not wait for the notification.
func (c *Cache) Drop(id int64) {
	if c != nil {
		c.rows.DropKey(id)
	}
}

// Note applies one notification payload (db.Subscriber): "k:<id>" drops a connection, "*"
// everything; the other kinds are not about connections.
func (c *Cache) Note(payload string) {
	switch kind, id := db.NoteKind(payload); kind {
	case "k":
		c.rows.DropKey(id)
	case "*":
		c.rows.Drop(nil)
	}
}

// SetLive turns serving on when notifications flow, and off (empty) when they may be missed.
func (c *Cache) SetLive(live bool) { c.rows.SetLive(live) }

// ByToken finds a token's connection, through the cache when the service has one.
func (s Service) ByToken(ctx context.Context, token string) (Connection, error) {
	if s.Cache != nil {
		return s.Cache.ByToken(ctx, token)
	}
	return s.Store.ByToken(ctx, token)
}
