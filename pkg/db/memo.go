package db

import (
	"sync"
	"time"
)

// Memo is an in-memory copy of database rows that PostgreSQL notifications keep honest
// (see Notifications). It serves only while its notifications flow: SetLive(false) empties
// it and stops it serving until SetLive(true). A load that straddles a drop is not kept
// (Get hands out a generation that Put checks). The TTL only bounds what a bug could leave
// behind.
type Memo[K comparable, V any] struct {
	TTL time.Duration

	mu      sync.Mutex
	live    bool
	gen     uint64 // bumped by every drop: a load begun before one is not kept
	entries map[K]memoEntry[V]
}

type memoEntry[V any] struct {
	value V
	at    time.Time
}

// maxMemo bounds a memo; past it, it starts again empty.
const maxMemo = 100000

// NewMemo returns an empty memo that serves nothing until SetLive(true).
func NewMemo[K comparable, V any](ttl time.Duration) *Memo[K, V] {
	return &Memo[K, V]{TTL: ttl, entries: map[K]memoEntry[V]{}}
}

// Get returns the value kept for k. The generation is Put's argument.
func (m *Memo[K, V]) Get(k K) (V, uint64, bool) {
	var zero V
	if m == nil {
		return zero, 0, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[k]
	if !m.live || !ok || time.Since(e.at) >= m.TTL {
		return zero, m.gen, false
	}
	return e.value, m.gen, true
}

// Put keeps v, loaded at loadedAt while the memo was at generation gen.
func (m *Memo[K, V]) Put(gen uint64, k K, v V, loadedAt time.Time) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.live || m.gen != gen {
		return
	}
	if len(m.entries) >= maxMemo {
		clear(m.entries)
	}
	m.entries[k] = memoEntry[V]{value: v, at: loadedAt}
}

// Drop forgets the entries match names; a nil match forgets everything.
func (m *Memo[K, V]) Drop(match func(K, V) bool) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	if match == nil {
		clear(m.entries)
		return
	}
	for k, e := range m.entries {
		if match(k, e.value) {
			delete(m.entries, k)
		}
	}
}

// DropKey forgets one entry.
func (m *Memo[K, V]) DropKey(k K) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	delete(m.entries, k)
}

// SetLive turns serving on when notifications flow, and off (empty) when they may be missed.
func (m *Memo[K, V]) SetLive(live bool) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	clear(m.entries)
	m.live = live
}
