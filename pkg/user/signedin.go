package user

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
)

// SignedInChannel is the PostgreSQL notification channel that triggers on users,
// user_queues, companies and plans write to (migration 00016): "u:<user id>",
// "c:<company id>", or "*" for everything.
const SignedInChannel = "atende_signed_in"

// SignedInCache keeps, per user, what every authenticated request reads before it can start:
// the user with their queue ids and the company with its plan. It saves a round trip on
// each request. Entries are dropped by the database's own notifications, so no writer can
// forget to, in this process or another; while the notification connection is down nothing
// is served from memory. The TTL only bounds what a bug could leave behind.
type SignedInCache struct {
	TTL time.Duration

	mu      sync.Mutex
	live    bool
	gen     uint64 // bumped by every drop: a load begun before one is not kept
	entries map[int64]signedIn
	fences  map[string]chan struct{}
	fenced  int
}

type signedIn struct {
	user    User
	company company.Company
	at      time.Time
}

// NewSignedInCache returns an empty cache that serves nothing until SetLive(true).
func NewSignedInCache(ttl time.Duration) *SignedInCache {
	return &SignedInCache{TTL: ttl, entries: map[int64]signedIn{}, fences: map[string]chan struct{}{}}
}

// Get returns the cached user and company of a user id. The generation is Put's argument.
func (c *SignedInCache) Get(userID int64) (User, company.Company, uint64, bool) {
	if c == nil {
		return User{}, company.Company{}, 0, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[userID]
	if !c.live || !ok || time.Since(e.at) >= c.TTL {
		return User{}, company.Company{}, c.gen, false
	}
	return e.user, e.company, c.gen, true
}

// Put keeps a user and company loaded while the cache was at generation gen.
func (c *SignedInCache) Put(gen uint64, u User, comp company.Company, loadedAt time.Time) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.live && c.gen == gen {
		c.entries[u.ID] = signedIn{user: u, company: comp, at: loadedAt}
	}
}

// Drop forgets one user at once, in this process, for the writers whose next request must
// not wait for the notification (a sign-out, a changed password).
func (c *SignedInCache) Drop(userID int64) {
	c.Note("u:" + strconv.FormatInt(userID, 10))
}

// Note applies one notification payload.
func (c *SignedInCache) Note(payload string) {
	if c == nil {
		return
	}
	kind, idText, _ := strings.Cut(payload, ":")
	id, _ := strconv.ParseInt(idText, 10, 64)
	c.mu.Lock()
	defer c.mu.Unlock()
	if kind == "fence" {
		if done, ok := c.fences[payload]; ok {
			delete(c.fences, payload)
			close(done)
		}
		return
	}
	c.gen++
	switch kind {
	case "u":
		delete(c.entries, id)
	case "c":
		for uid, e := range c.entries {
			if e.company.ID == id {
				delete(c.entries, uid)
			}
		}
	default:
		clear(c.entries)
	}
}

// SetLive turns serving on when notifications flow, and off (empty) when they may be missed.
func (c *SignedInCache) SetLive(live bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.entries)
	c.live = live
	for marker, done := range c.fences { // nothing stale can be served while down
		delete(c.fences, marker)
		close(done)
	}
}

// Fence returns once every change committed before it has reached this cache: PostgreSQL
// delivers notifications in commit order, so seeing one's own marker means seeing all
// earlier ones. For tests and tools that write users or companies with plain SQL and then
// act as those users at once.
func (c *SignedInCache) Fence(ctx context.Context, db *gorm.DB) error {
	c.mu.Lock()
	if !c.live { // nothing is served from memory, so nothing can be stale
		c.mu.Unlock()
		return nil
	}
	c.fenced++
	marker := "fence:" + strconv.Itoa(c.fenced)
	done := make(chan struct{})
	c.fences[marker] = done
	c.mu.Unlock()
	if err := db.WithContext(ctx).Exec("SELECT pg_notify(?, ?)", SignedInChannel, marker).Error; err != nil {
		return err
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
