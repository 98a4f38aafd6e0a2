package sheet_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"atende/pkg/sheet"
)

// workbook is a valid one-sheet .xlsx (sheet.Stream's) with rows rows of contacts.
func workbook(t *testing.T, rows int) []byte {
	t.Helper()
	var buf bytes.Buffer
	s, err := sheet.NewStream(&buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Row([]any{"name", "number", "email"}); err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := s.Row([]any{"Contato", 5511900000000 + int64(i), "contato@example.com"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// extra is a part added to a workbook: raw deflate data and what its header declares.
type extra struct {
	name       string
	data       []byte
	crc        uint32
	size       uint64
	compressed bool
}

// zeros is a part of n zero bytes, deflated at about 1000:1 without ever holding n bytes:
// one sync-flushed megabyte repeated (its back references reach zeros wherever it lands)
// and a final empty block.
func zeros(name string, n int64) extra {
	const mb = 1 << 20
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(make([]byte, mb))
	w.Flush()
	chunk := bytes.Clone(b.Bytes())
	var out bytes.Buffer
	crc := uint32(0)
	zero := make([]byte, mb)
	for left := n; left > 0; left -= mb {
		if left < mb {
			b.Reset()
			w, _ := flate.NewWriter(&b, flate.BestCompression)
			w.Write(zero[:left])
			w.Flush()
			out.Write(b.Bytes())
			crc = crc32.Update(crc, crc32.IEEETable, zero[:left])
			break
		}
		out.Write(chunk)
		crc = crc32.Update(crc, crc32.IEEETable, zero)
	}
	out.Write([]byte{0x03, 0x00}) // final fixed-Huffman block, end of block only
	return extra{name: name, data: out.Bytes(), crc: crc, size: uint64(n), compressed: true}
}

// text is a part holding s, deflated.
func text(name, s string) extra {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestSpeed)
	io.WriteString(w, s)
	w.Close()
	return extra{name: name, data: b.Bytes(), crc: crc32.ChecksumIEEE([]byte(s)), size: uint64(len(s)), compressed: true}
}

// withParts writes base's parts and the extras to a file and opens it.
func withParts(t *testing.T, base []byte, parts ...extra) *os.File {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "upload.xlsx")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(out)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range parts {
		w, err := zw.CreateRaw(&zip.FileHeader{Name: p.name, Method: zip.Deflate, CRC32: p.crc,
			CompressedSize64: uint64(len(p.data)), UncompressedSize64: p.size})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { out.Close() })
	return out
}

// readAll opens f as an .xlsx and reads its rows.
func readAll(f *os.File) (int, error) {
	r, err := sheet.Open(sheet.TypeXLSX, f)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	n := 0
	for r.Next() {
		n++
	}
	return n, r.Err()
}

// TestZerosIsWhatItDeclares: the parts the tests build inflate to what they declare.
func TestZerosIsWhatItDeclares(t *testing.T) {
	for _, n := range []int64{3 << 20, 3<<20 + 12345} {
		p := zeros("x", n)
		f := withParts(t, workbook(t, 1), p)
		st, _ := f.Stat()
		zr, _ := zip.NewReader(f, st.Size())
		for _, zf := range zr.File {
			if zf.Name != "x" {
				continue
			}
			rc, _ := zf.Open()
			got, err := io.ReadAll(rc)
			if err != nil || int64(len(got)) != n || bytes.ContainsFunc(got, func(r rune) bool { return r != 0 }) {
				t.Fatalf("%d zeros: read %d, %v", n, len(got), err)
			}
		}
	}
}

// TestZipBombRefused: a 1 MB upload with a part inflating to a gigabyte is refused from
// the zip's directory, at once and without allocating the part (excelize would read it
// whole into memory, preallocated to its declared size).
func TestZipBombRefused(t *testing.T) {
	bomb := zeros("docProps/custom.xml", 1<<30-1<<20) // under the former 1 GB limit
	f := withParts(t, workbook(t, 3), bomb)
	if st, _ := f.Stat(); st.Size() > 2<<20 {
		t.Fatalf("the bomb is %d bytes", st.Size())
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := sheet.Open(sheet.TypeXLSX, f)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, sheet.ErrUnreadable) {
		t.Fatalf("a zip bomb opened: %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Fatalf("refusing the bomb allocated %d MB", alloc>>20)
	}
	if took > 2*time.Second {
		t.Fatalf("refusing the bomb took %s", took)
	}
}

// TestZipLimits: what excelize would hold in memory, or inflate at all, is bounded by
// the declared sizes, and the parts it inflates to temporary files hold what they declare.
func TestZipLimits(t *testing.T) {
	base := workbook(t, 3)
	corrupt := zeros("xl/worksheets/sheet2.xml", sheet.MaxPart+1<<20)
	corrupt.crc++
	longer := zeros("xl/worksheets/sheet2.xml", 2*sheet.MaxPart) // declares half of it
	longer.size = sheet.MaxPart + 1<<20
	shorter := zeros("xl/worksheets/sheet2.xml", sheet.MaxPart+1<<20) // declares more
	shorter.size = 2 * sheet.MaxPart
	var many []extra
	for i := range sheet.MaxInMemory/sheet.MaxPart + 1 {
		many = append(many, zeros("xl/media/image"+string(rune('a'+i))+".png", sheet.MaxPart))
	}
	strs := func(n int, si string) extra {
		return text("xl/sharedStrings.xml", `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+
			strings.Repeat(si, n)+`</sst>`)
	}
	for _, c := range []struct {
		name  string
		parts []extra
		ok    bool
	}{
		{"the workbook alone", nil, true},
		{"a part held in memory over MaxPart", []extra{zeros("xl/media/image1.png", sheet.MaxPart+1)}, false},
		{"a part held in memory at MaxPart", []extra{zeros("xl/media/image1.png", sheet.MaxPart)}, true},
		{"parts held in memory over MaxInMemory together", many, false},
		{"a sheet inflated to a temporary file", []extra{zeros("xl/worksheets/sheet2.xml", sheet.MaxPart+1<<20)}, true},
		{"a sheet over MaxUnzipped", []extra{zeros("xl/worksheets/sheet2.xml", sheet.MaxUnzipped+1)}, false},
		{"sheets over MaxUnzipped together", []extra{zeros("xl/worksheets/sheet2.xml", sheet.MaxUnzipped/2),
			zeros("xl/worksheets/sheet3.xml", sheet.MaxUnzipped/2)}, false},
		{"a sheet with a wrong checksum", []extra{corrupt}, false},
		{"a sheet longer than it declares", []extra{longer}, false},
		{"a sheet shorter than it declares", []extra{shorter}, false},
		{"a part twice", []extra{zeros("xl/media/image1.png", 10), zeros("XL/media/image1.png", 10)}, false},
		{"shared strings", []extra{strs(1000, `<si><t>Ana</t></si>`)}, true},
		{"too many shared strings", []extra{strs(sheet.MaxSharedStrings+1, `<si/>`)}, false},
		{"too many shared strings behind a prefix", []extra{strs(sheet.MaxSharedStrings+1, `<x:si/>`)}, false},
		{"too many shared strings in UTF-16", []extra{text("xl/sharedStrings.xml", `<?xml version="1.0" encoding="UTF-16LE"?>`+
			utf16le(`<sst>`+strings.Repeat(`<si/>`, sheet.MaxSharedStrings+1)+`</sst>`))}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, err := readAll(withParts(t, base, c.parts...))
			switch {
			case c.ok && (err != nil || n != 4):
				t.Fatalf("refused: %d rows, %v", n, err)
			case !c.ok && !errors.Is(err, sheet.ErrUnreadable):
				t.Fatalf("opened: %d rows, %v", n, err)
			}
		})
	}
}

func utf16le(s string) string {
	b := make([]byte, 0, 2*len(s))
	for i := range len(s) {
		b = append(b, s[i], 0)
	}
	return string(b)
}

// TestLargeSheetReads: a sheet larger than MaxPart goes through the checks and reads
// whole, its dimension read from the zip.
func TestLargeSheetReads(t *testing.T) {
	base := workbook(t, 60_000)
	zr, _ := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" && f.UncompressedSize64 <= sheet.MaxPart {
			t.Fatalf("the sheet is %d bytes, not over MaxPart", f.UncompressedSize64)
		}
	}
	if n, err := readAll(withParts(t, base)); err != nil || n != 60_001 {
		t.Fatalf("%d rows, %v", n, err)
	}
}
