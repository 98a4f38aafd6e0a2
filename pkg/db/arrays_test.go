package db_test

import (
	"database/sql/driver"
	"testing"
	"time"

	atdb "atende/pkg/db"
	"atende/pkg/testutil"
)

// Whatever a customer types survives the trip through an array parameter.
func TestArraysRoundTrip(t *testing.T) {
	db := testutil.App(t).DB
	texts := atdb.Texts{`aspas "duplas"`, `barra \ invertida`, "vírgula, {chaves}", "linha\nnova", "", "NULL", "emoji 👍", `\"`}
	var gotTexts []string
	if err := db.Raw(`SELECT t FROM unnest(?::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n`, texts).Find(&gotTexts).Error; err != nil {
		t.Fatal(err)
	}
	for i := range texts {
		if gotTexts[i] != texts[i] {
			t.Errorf("text %d: %q, want %q", i, gotTexts[i], texts[i])
		}
	}
	one := int64(1)
	var nulls []struct{ N *int64 }
	if err := db.Raw(`SELECT n FROM unnest(?::bigint[]) WITH ORDINALITY AS x(n, i) ORDER BY i`, atdb.NullInt64s{&one, nil}).
		Find(&nulls).Error; err != nil || len(nulls) != 2 || nulls[0].N == nil || *nulls[0].N != 1 || nulls[1].N != nil {
		t.Fatalf("nullable ints: %+v, %v", nulls, err)
	}
	at := time.Date(2026, 11, 24, 10, 30, 15, 123456000, time.FixedZone("BRT", -3*3600))
	var times []time.Time
	if err := db.Raw(`SELECT unnest(?::timestamptz[])`, atdb.Times{at}).Find(&times).Error; err != nil || !times[0].Equal(at) {
		t.Fatalf("times: %v, %v", times, err)
	}
	var empty int64
	if err := db.Raw(`SELECT count(*) FROM unnest(?::bigint[])`, atdb.Int64s(nil)).Find(&empty).Error; err != nil || empty != 0 {
		t.Fatalf("empty: %d, %v", empty, err)
	}
}

// Value (gorm's marker for a single value, and what its logs show) is the array's text form.
func TestArraysValue(t *testing.T) {
	one := int64(1)
	for _, c := range []struct {
		v    interface{ Value() (driver.Value, error) }
		want string
	}{
		{atdb.Int64s{1, 2}, `{"1","2"}`},
		{atdb.NullInt64s{&one, nil}, `{1,NULL}`},
		{atdb.Texts{`a"b`, `c\d`}, `{"a\"b","c\\d"}`},
		{atdb.Times{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}, `{"2026-01-02T03:04:05Z"}`},
	} {
		if got, _ := c.v.Value(); got != c.want {
			t.Errorf("%T: %v, want %s", c.v, got, c.want)
		}
	}
}
