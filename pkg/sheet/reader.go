// Package sheet reads and writes the spreadsheets of imports and exports: .xlsx through
// excelize's row iterator and stream writer, .csv through encoding/csv, never whole in
// memory; and normalises the phone numbers they carry.
package sheet

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"atende/pkg/errs"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

// File types an import reads.
const (
	TypeXLSX = "xlsx"
	TypeCSV  = "csv"
)

// Reader reads a spreadsheet row by row, never whole: excelize's row iterator over the
// first sheet (large parts go to temporary files), or encoding/csv.
type Reader interface {
	// Next reads the next row; false at the end or on error (Err).
	Next() bool
	Row() []string
	Err() error
	// Percent is how far the reading is, when known (0 otherwise).
	Percent() int
	// Total is the number of rows the file announces, header included (0: unknown).
	Total() int
	Close() error
}

// ErrUnreadable: the file is not a spreadsheet this reads.
var ErrUnreadable = errs.New(http.StatusBadRequest, "ERR_IMPORT_NOT_SPREADSHEET", "O arquivo não é uma planilha .xlsx ou .csv legível.")

// Open reads f as fileType (TypeXLSX or TypeCSV).
func Open(fileType string, f *os.File) (Reader, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fileType == TypeXLSX {
		return openXLSX(f, st.Size())
	}
	return newCSV(f, st.Size()), nil
}

type xlsxSheet struct {
	f     *excelize.File
	rows  *excelize.Rows
	row   []string
	err   error
	total int
	read  int
}

// openXLSX opens the .xlsx in file (of size bytes) once its zip is within the limits of
// checkZip, which excelize then enforces as it inflates.
func openXLSX(file *os.File, size int64) (Reader, error) {
	zr, err := zip.NewReader(file, size)
	if err != nil {
		return nil, ErrUnreadable
	}
	if err := checkZip(zr); err != nil {
		return nil, err
	}
	f, err := excelize.OpenFile(file.Name(), excelize.Options{UnzipSizeLimit: MaxUnzipped, UnzipXMLSizeLimit: MaxPart})
	if err != nil {
		return nil, ErrUnreadable
	}
	list := f.GetSheetList()
	if len(list) == 0 {
		f.Close()
		return nil, ErrUnreadable
	}
	rows, err := f.Rows(list[0])
	if err != nil {
		f.Close()
		return nil, ErrUnreadable
	}
	return &xlsxSheet{f: f, rows: rows, total: xlsxDimension(zr)}, nil
}

func (s *xlsxSheet) Next() bool {
	if !s.rows.Next() {
		s.err = s.rows.Error()
		return false
	}
	s.read++
	s.row, s.err = s.rows.Columns(excelize.Options{RawCellValue: true})
	return s.err == nil
}

func (s *xlsxSheet) Row() []string { return s.row }
func (s *xlsxSheet) Err() error    { return s.err }
func (s *xlsxSheet) Total() int    { return s.total }

func (s *xlsxSheet) Percent() int {
	if s.total <= 0 {
		return 0
	}
	return min(100, s.read*100/s.total)
}

func (s *xlsxSheet) Close() error {
	s.rows.Close()
	return s.f.Close()
}

var dimensionRef = regexp.MustCompile(`<dimension ref="[A-Z]*\d*:?[A-Z]+(\d+)"`)

// xlsxDimension reads the row count the first sheet announces (its <dimension>, written
// by Excel, LibreOffice and excelize) from the first bytes of its XML; 0 when absent.
func xlsxDimension(zr *zip.Reader) int {
	target := firstSheetPath(zr)
	for _, zf := range zr.File {
		if zf.Name != target {
			continue
		}
		r, err := zf.Open()
		if err != nil {
			return 0
		}
		head := make([]byte, 2048)
		n, _ := io.ReadFull(r, head)
		r.Close()
		if m := dimensionRef.FindSubmatch(head[:n]); m != nil {
			total, _ := strconv.Atoi(string(m[1]))
			return total
		}
	}
	return 0
}

// firstSheetPath follows the workbook's first sheet to its part.
func firstSheetPath(zr *zip.Reader) string {
	var wb struct {
		Sheets []struct {
			ID string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rel []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if readZipXML(zr, "xl/workbook.xml", &wb) != nil || readZipXML(zr, "xl/_rels/workbook.xml.rels", &rels) != nil || len(wb.Sheets) == 0 {
		return "xl/worksheets/sheet1.xml"
	}
	for _, r := range rels.Rel {
		if r.ID == wb.Sheets[0].ID {
			if strings.HasPrefix(r.Target, "/") {
				return strings.TrimPrefix(r.Target, "/")
			}
			return path.Join("xl", r.Target)
		}
	}
	return "xl/worksheets/sheet1.xml"
}

func readZipXML(zr *zip.Reader, name string, dst any) error {
	f, err := zr.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return xml.NewDecoder(io.LimitReader(f, 4<<20)).Decode(dst)
}

// csvSheet reads a CSV file: comma, semicolon (Excel's in Brazil) or tab, in UTF-8 (a BOM
// is skipped) or, field by field when it isn't UTF-8, Windows-1252.
type csvSheet struct {
	r    *csv.Reader
	src  *counter
	size int64
	row  []string
	err  error
}

type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func newCSV(f io.Reader, size int64) *csvSheet {
	src := &counter{r: f}
	br := bufio.NewReaderSize(src, 64<<10)
	head, _ := br.Peek(4096)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	r := csv.NewReader(br)
	r.FieldsPerRecord, r.LazyQuotes, r.ReuseRecord = -1, true, true
	r.Comma = delimiter(head)
	return &csvSheet{r: r, src: src, size: size}
}

// delimiter picks the separator most used in the first line.
func delimiter(head []byte) rune {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	best, n := ',', bytes.Count(line, []byte(","))
	for _, d := range []rune{';', '\t'} {
		if c := bytes.Count(line, []byte(string(d))); c > n {
			best, n = d, c
		}
	}
	return best
}

var win1252 = charmap.Windows1252.NewDecoder()

func (s *csvSheet) Next() bool {
	row, err := s.r.Read()
	if errors.Is(err, io.EOF) {
		return false
	}
	if err != nil {
		s.err = ErrUnreadable
		return false
	}
	for i, v := range row {
		if !utf8.ValidString(v) {
			if d, err := win1252.String(v); err == nil {
				row[i] = d
			}
		}
	}
	s.row = row
	return true
}

func (s *csvSheet) Row() []string { return s.row }
func (s *csvSheet) Err() error    { return s.err }
func (s *csvSheet) Total() int    { return 0 }
func (s *csvSheet) Close() error  { return nil }

func (s *csvSheet) Percent() int {
	if s.size <= 0 {
		return 0
	}
	return int(min(100, s.src.n*100/s.size))
}
