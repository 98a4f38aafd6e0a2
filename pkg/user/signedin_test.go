package user

import (
	"slices"
	"testing"
	"time"

	"atende/pkg/company"
)

func TestSignedInCache(t *testing.T) {
	acme, beta := company.Company{ID: 1}, company.Company{ID: 2}
	ana, bia, caio := User{ID: 10, CompanyID: 1}, User{ID: 11, CompanyID: 1}, User{ID: 20, CompanyID: 2}
	fill := func(c *SignedInCache) {
		for _, p := range []struct {
			u User
			c company.Company
		}{{ana, acme}, {bia, acme}, {caio, beta}} {
			_, _, gen, _ := c.Get(p.u.ID)
			c.Put(gen, p.u, p.c, time.Now())
		}
	}
	holds := func(c *SignedInCache) (ids []int64) {
		for _, id := range []int64{ana.ID, bia.ID, caio.ID} {
			if _, _, _, ok := c.Get(id); ok {
				ids = append(ids, id)
			}
		}
		return ids
	}
	cases := []struct {
		name string
		act  func(c *SignedInCache)
		want []int64
	}{
		{"all kept", func(*SignedInCache) {}, []int64{10, 11, 20}},
		{"a user dropped", func(c *SignedInCache) { c.Note("u:11") }, []int64{10, 20}},
		{"a company dropped", func(c *SignedInCache) { c.Note("c:1") }, []int64{20}},
		{"a plan drops everyone", func(c *SignedInCache) { c.Note("*") }, nil},
		{"a fence drops nobody", func(c *SignedInCache) { c.Note("fence:1") }, []int64{10, 11, 20}},
		{"listener lost", func(c *SignedInCache) { c.SetLive(false) }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewSignedInCache(time.Minute)
			c.SetLive(true)
			fill(c)
			tc.act(c)
			if got := holds(c); !slices.Equal(got, tc.want) {
				t.Fatalf("holds %v, want %v", got, tc.want)
			}
		})
	}

	t.Run("not live serves nothing", func(t *testing.T) {
		c := NewSignedInCache(time.Minute)
		fill(c)
		if got := holds(c); len(got) != 0 {
			t.Fatalf("holds %v before the listener is up", got)
		}
	})
	t.Run("a load that straddles a change is not kept", func(t *testing.T) {
		c := NewSignedInCache(time.Minute)
		c.SetLive(true)
		_, _, gen, _ := c.Get(ana.ID)
		c.Note("u:10") // committed while the load ran
		c.Put(gen, ana, acme, time.Now())
		if _, _, _, ok := c.Get(ana.ID); ok {
			t.Fatal("a stale load was kept")
		}
	})
	t.Run("entries expire", func(t *testing.T) {
		c := NewSignedInCache(time.Minute)
		c.SetLive(true)
		_, _, gen, _ := c.Get(ana.ID)
		c.Put(gen, ana, acme, time.Now().Add(-2*time.Minute))
		if _, _, _, ok := c.Get(ana.ID); ok {
			t.Fatal("an expired entry was served")
		}
	})
}
