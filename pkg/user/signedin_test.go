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
		{"a connection drops nobody", func(c *SignedInCache) { c.Note("k:1") }, []int64{10, 11, 20}},
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

	// Serving only while live, stale loads and expiry are db.Memo's (TestMemo).
}
