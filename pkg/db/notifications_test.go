package db

import (
	"slices"
	"testing"
	"time"
)

// recorder is a subscriber that remembers what it was handed.
type recorder struct {
	notes []string
	live  []bool
}

func (r *recorder) Note(p string)     { r.notes = append(r.notes, p) }
func (r *recorder) SetLive(live bool) { r.live = append(r.live, live) }

func TestNotificationsFanOut(t *testing.T) {
	a, b := &recorder{}, &recorder{}
	n := NewNotifications(a, b)
	n.SetLive(true)
	n.Note("u:1")
	n.Note("fence:1") // a fence is the fan-out's own, never a cache's
	n.Note("k:2")
	n.SetLive(false)
	for _, r := range []*recorder{a, b} {
		if !slices.Equal(r.notes, []string{"u:1", "k:2"}) || !slices.Equal(r.live, []bool{true, false}) {
			t.Fatalf("a subscriber was handed %v, live %v", r.notes, r.live)
		}
	}
	if kind, id := NoteKind("k:42"); kind != "k" || id != 42 {
		t.Fatalf("NoteKind(k:42) = %q %d", kind, id)
	}
	if kind, _ := NoteKind("*"); kind != "*" {
		t.Fatalf("NoteKind(*) = %q", kind)
	}
}

// A subscriber added late learns whether notifications flow and gets the next ones.
func TestNotificationsAdd(t *testing.T) {
	a, late := &recorder{}, &recorder{}
	n := NewNotifications(a)
	n.SetLive(true)
	n.Add(late)
	n.Note("u:3")
	if !slices.Equal(late.live, []bool{true}) || !slices.Equal(late.notes, []string{"u:3"}) {
		t.Fatalf("late subscriber: notes %v, live %v", late.notes, late.live)
	}
	if !slices.Equal(a.notes, []string{"u:3"}) {
		t.Fatalf("first subscriber: %v", a.notes)
	}
}

func TestMemo(t *testing.T) {
	fill := func(m *Memo[int64, string]) {
		for _, k := range []int64{1, 2, 3} {
			_, gen, _ := m.Get(k)
			m.Put(gen, k, "v", time.Now())
		}
	}
	holds := func(m *Memo[int64, string]) (keys []int64) {
		for _, k := range []int64{1, 2, 3} {
			if _, _, ok := m.Get(k); ok {
				keys = append(keys, k)
			}
		}
		return keys
	}
	cases := []struct {
		name string
		act  func(m *Memo[int64, string])
		want []int64
	}{
		{"all kept", func(*Memo[int64, string]) {}, []int64{1, 2, 3}},
		{"one dropped", func(m *Memo[int64, string]) { m.DropKey(2) }, []int64{1, 3}},
		{"dropped by match", func(m *Memo[int64, string]) { m.Drop(func(k int64, _ string) bool { return k > 1 }) }, []int64{1}},
		{"all dropped", func(m *Memo[int64, string]) { m.Drop(nil) }, nil},
		{"notifications lost", func(m *Memo[int64, string]) { m.SetLive(false) }, nil},
		{"a load that straddles a drop is not kept", func(m *Memo[int64, string]) {
			m.DropKey(3)
			_, gen, _ := m.Get(3)
			m.DropKey(1) // committed while the load ran
			m.Put(gen, 3, "stale", time.Now())
		}, []int64{2}},
		{"entries expire", func(m *Memo[int64, string]) {
			_, gen, _ := m.Get(1)
			m.Put(gen, 1, "old", time.Now().Add(-2*time.Minute))
		}, []int64{2, 3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMemo[int64, string](time.Minute)
			m.SetLive(true)
			fill(m)
			tc.act(m)
			if got := holds(m); !slices.Equal(got, tc.want) {
				t.Fatalf("holds %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("not live serves nothing", func(t *testing.T) {
		m := NewMemo[int64, string](time.Minute)
		fill(m)
		if got := holds(m); len(got) != 0 {
			t.Fatalf("holds %v before the listener is up", got)
		}
	})
}
