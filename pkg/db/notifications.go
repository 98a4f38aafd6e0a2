package db

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"gorm.io/gorm"
)

// CacheChannel is the notification channel that triggers on cached tables write to, on
// commit, whoever writes (migrations 00016 and 00019). Payloads: "u:<user id>",
// "c:<company id>", "k:<connection id>", "*" (everything) and "fence:<n>" (Fence). It is
// named after its first use; renaming it would leave running processes of the previous
// release deaf during a deploy.
const CacheChannel = "atende_signed_in"

// Subscriber is an in-memory cache fed by one notification channel.
type Subscriber interface {
	// Note applies one payload; a cache ignores the kinds it does not hold.
	Note(payload string)
	// SetLive(false) empties the cache and stops it serving; SetLive(true) starts it again.
	SetLive(live bool)
}

// Notifications hands one channel's notifications to every cache it feeds, in order, from
// one Listener, and lets a writer wait until its earlier commits have reached them (Fence).
type Notifications struct {
	subs []Subscriber
	feed sync.Mutex // SetLive and Add in turn: a subscriber added is never told a stale state

	mu     sync.Mutex
	live   bool
	fences map[string]chan struct{}
	fenced int
}

// NewNotifications feeds subs.
func NewNotifications(subs ...Subscriber) *Notifications {
	return &Notifications{subs: subs, fences: map[string]chan struct{}{}}
}

// Add feeds one more subscriber from now on, e.g. a component built after the caches
// (the api's socket hub). It is told at once whether notifications flow.
func (n *Notifications) Add(s Subscriber) {
	n.feed.Lock()
	defer n.feed.Unlock()
	n.mu.Lock()
	n.subs = append(n.subs[:len(n.subs):len(n.subs)], s)
	live := n.live
	n.mu.Unlock()
	s.SetLive(live)
}

// subscribers is the current list; Add never changes a list already handed out.
func (n *Notifications) subscribers() []Subscriber {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.subs
}

// Listener follows CacheChannel for the subscribers on a connection of its own.
func (n *Notifications) Listener(url string) Listener {
	return Listener{URL: url, Channel: CacheChannel, Live: n.SetLive, Note: n.Note}
}

// Note hands a payload to every subscriber, or ends the fence it names.
func (n *Notifications) Note(payload string) {
	if strings.HasPrefix(payload, "fence:") {
		n.mu.Lock()
		defer n.mu.Unlock()
		if done, ok := n.fences[payload]; ok {
			delete(n.fences, payload)
			close(done)
		}
		return
	}
	for _, s := range n.subscribers() {
		s.Note(payload)
	}
}

// SetLive tells every subscriber whether notifications flow.
func (n *Notifications) SetLive(live bool) {
	n.feed.Lock()
	defer n.feed.Unlock()
	for _, s := range n.subscribers() {
		s.SetLive(live)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.live = live
	for marker, done := range n.fences { // the caches are empty: nothing stale can be served
		delete(n.fences, marker)
		close(done)
	}
}

// Fence returns once every change committed before it has reached the caches: PostgreSQL
// delivers notifications in commit order, so seeing one's own marker means every earlier
// one was handed out. For tests and tools that write cached rows with plain SQL and then
// act on them at once.
func (n *Notifications) Fence(ctx context.Context, db *gorm.DB) error {
	n.mu.Lock()
	if !n.live { // nothing is served from memory, so nothing can be stale
		n.mu.Unlock()
		return nil
	}
	n.fenced++
	marker := "fence:" + strconv.Itoa(n.fenced)
	done := make(chan struct{})
	n.fences[marker] = done
	n.mu.Unlock()
	if err := db.WithContext(ctx).Exec("SELECT pg_notify(?, ?)", CacheChannel, marker).Error; err != nil {
		return err
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// NoteKind splits a payload into its kind and id ("u:12" → "u", 12); "*" has kind "*".
func NoteKind(payload string) (kind string, id int64) {
	kind, idText, _ := strings.Cut(payload, ":")
	id, _ = strconv.ParseInt(idText, 10, 64)
	return kind, id
}
