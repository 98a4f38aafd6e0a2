package sheet

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// What an .xlsx may unzip to. A small zip can declare, and inflate to, gigabytes: the
// limits are checked on the zip's directory before excelize opens the file (checkZip).
//
// excelize v2 inflates the worksheets and the shared strings larger than its
// UnzipXMLSizeLimit (MaxPart here) to temporary files and reads every other part whole
// into memory, preallocated to its declared size. So a part held in memory may declare
// MaxPart at most and all of them together MaxInMemory; the whole zip, temporary files
// included, MaxUnzipped. A declared size binds the real one: archive/zip fails a read past
// it. The parts bound for temporary files are inflated once here, whole, checking size and
// checksum, because excelize reads a part whose temporary file failed into memory instead.
// The shared strings are counted too: excelize keeps an entry per string, a few bytes of
// XML each (<si/>) but tens of bytes of memory.
const (
	MaxUnzipped      = 100 << 20
	MaxPart          = 4 << 20
	MaxInMemory      = 32 << 20
	MaxSharedStrings = 1_000_000
)

// checkZip refuses (ErrUnreadable) an .xlsx that is not a zip, or that would unzip past
// the limits above in excelize.
func checkZip(zr *zip.Reader) error {
	var total, inMemory uint64
	seen := make(map[string]bool, len(zr.File))
	var inflate []*zip.File
	for _, zf := range zr.File {
		// excelize's names: backslashes as slashes, some parts matched in any case.
		name := strings.ToLower(strings.ReplaceAll(zf.Name, `\`, "/"))
		if seen[name] {
			return ErrUnreadable // two parts of one name: excelize would keep one, leak the other
		}
		seen[name] = true
		size := zf.UncompressedSize64
		if size > MaxUnzipped || total+size > MaxUnzipped {
			return ErrUnreadable
		}
		total += size
		sst := name == "xl/sharedstrings.xml"
		toTemp := size > MaxPart && (sst || strings.HasPrefix(name, "xl/worksheets/sheet") && !zf.FileInfo().IsDir())
		if toTemp || sst {
			inflate = append(inflate, zf)
		}
		if toTemp {
			continue
		}
		if size > MaxPart || inMemory+size > MaxInMemory {
			return ErrUnreadable
		}
		inMemory += size
	}
	for _, zf := range inflate {
		if err := inflates(zf); err != nil {
			return ErrUnreadable
		}
	}
	return nil
}

// inflates reads a part whole: it must hold what it declares (size and checksum, checked
// by archive/zip), and the shared strings no more than MaxSharedStrings strings.
func inflates(zf *zip.File) error {
	rc, err := zf.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	if strings.EqualFold(strings.ReplaceAll(zf.Name, `\`, "/"), "xl/sharedStrings.xml") {
		if err := countStrings(rc); err != nil {
			return err
		}
	}
	_, err = io.Copy(io.Discard, rc)
	return err
}

// countStrings counts the <si> elements of a shared string table as excelize's decoder
// sees them (same decoder, same character sets; every start tag, so nothing it skips
// hides one) and fails past MaxSharedStrings. A table it cannot parse counts what came
// before the error, as excelize does.
func countStrings(r io.Reader) error {
	d := xml.NewDecoder(r)
	d.CharsetReader = func(label string, input io.Reader) (io.Reader, error) {
		e, err := htmlindex.Get(label) // what excelize's charset.NewReaderLabel looks up
		if err != nil {
			return nil, err
		}
		return transform.NewReader(input, e.NewDecoder()), nil
	}
	n := 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			return nil
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "si" {
			if n++; n > MaxSharedStrings {
				return fmt.Errorf("more than %d shared strings", MaxSharedStrings)
			}
		}
	}
}
