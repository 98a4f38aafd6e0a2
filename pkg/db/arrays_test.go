package db_test

import (
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
