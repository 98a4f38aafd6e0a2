package sheet_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"atende/pkg/sheet"
)

// TestStreamReadsBack: what Stream writes opens in excelize with every value as written,
// XML's special and forbidden characters included, and its first bytes leave before the
// last row.
func TestStreamReadsBack(t *testing.T) {
	var buf bytes.Buffer
	flushed := 0
	s, err := sheet.NewStream(&buf, func() error { flushed++; return nil }, sheet.Width{From: 2, To: 2, Width: 30})
	if err != nil {
		t.Fatal(err)
	}
	if buf.Len() == 0 || flushed != 1 {
		t.Fatalf("nothing sent before the rows: %d bytes, %d flushes", buf.Len(), flushed)
	}
	when := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	rows := [][]any{{"id", "name", "active"}, {int64(7), "Ana & <Bia> \"x\"\x01\x0b", true}, {8, "", false}, {1.5, "ç 中文 😀", when}}
	for range sheet.FlushEvery {
		rows = append(rows, []any{int64(1), "x", true})
	}
	for _, r := range rows {
		if err := s.Row(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if flushed < 3 {
		t.Fatalf("%d flushes", flushed)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	want := "id|name|active;7|Ana & <Bia> \"x\"|TRUE;8||FALSE;1.5|ç 中文 😀|2026-11-25T10:00:00Z"
	var lines []string
	for _, r := range got[:4] {
		lines = append(lines, strings.Join(r, "|"))
	}
	if strings.Join(lines, ";") != want || len(got) != 4+sheet.FlushEvery {
		t.Fatalf("rows %q (%d)", lines, len(got))
	}
}
