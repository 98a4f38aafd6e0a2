package user

import (
	"context"
	"strconv"
	"time"

	"gorm.io/gorm"

	"atende/pkg/company"
	"atende/pkg/db"
)

// SignedInCache keeps, per user, what every authenticated request reads before it can start:
// the user with their queue ids and the company with its plan. It saves a round trip on
// each request. Entries are dropped by the database's own notifications (triggers on users,
// user_queues, companies and plans, migration 00016), so no writer can forget to, in this
// process or another; while the notification connection is down nothing is served from
// memory (db.Memo, fed by db.Notifications).
type SignedInCache struct {
	memo *db.Memo[int64, signedIn]
}

type signedIn struct {
	user    User
	company company.Company
}

// NewSignedInCache returns an empty cache that serves nothing until SetLive(true).
func NewSignedInCache(ttl time.Duration) *SignedInCache {
	return &SignedInCache{memo: db.NewMemo[int64, signedIn](ttl)}
}

// Get returns the cached user and company of a user id. The generation is Put's argument.
func (c *SignedInCache) Get(userID int64) (User, company.Company, uint64, bool) {
	if c == nil {
		return User{}, company.Company{}, 0, false
	}
	e, gen, ok := c.memo.Get(userID)
	return e.user, e.company, gen, ok
}

// Put keeps a user and company loaded while the cache was at generation gen.
func (c *SignedInCache) Put(gen uint64, u User, comp company.Company, loadedAt time.Time) {
	if c != nil {
		c.memo.Put(gen, u.ID, signedIn{user: u, company: comp}, loadedAt)
	}
}

// Load returns a user id's user (with queue ids) and company, from memory or read and kept:
// for the sockets that follow a changed user (realtime.Hub), which hold no token to check.
// A deleted user is gorm.ErrRecordNotFound.
func (c *SignedInCache) Load(ctx context.Context, db *gorm.DB, userID int64) (User, company.Company, error) {
	u, comp, gen, ok := c.Get(userID)
	if ok {
		return u, comp, nil
	}
	loadedAt := time.Now()
	u, err := FindSignedIn(ctx, db, userID)
	if err != nil {
		return User{}, company.Company{}, err
	}
	if comp, err = (company.Store{DB: db}).GetWithPlan(ctx, u.CompanyID); err != nil {
		return User{}, company.Company{}, err
	}
	c.Put(gen, u, comp, loadedAt)
	return u, comp, nil
}

// Drop forgets one user at once, in this process, for the writers whose next request must
// not wait for the notification (a sign-out, a changed password).
func (c *SignedInCache) Drop(userID int64) {
	c.Note("u:" + strconv.FormatInt(userID, 10))
}

// Note applies one notification payload (db.Subscriber).
func (c *SignedInCache) Note(payload string) {
	if c == nil {
		return
	}
	switch kind, id := db.NoteKind(payload); kind {
	case "u":
		c.memo.DropKey(id)
	case "c":
		c.memo.Drop(func(_ int64, e signedIn) bool { return e.company.ID == id })
	case "*":
		c.memo.Drop(nil)
	}
}

// SetLive turns serving on when notifications flow, and off (empty) when they may be missed.
func (c *SignedInCache) SetLive(live bool) {
	if c != nil {
		c.memo.SetLive(live)
	}
}
