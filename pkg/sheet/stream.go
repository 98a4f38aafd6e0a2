package sheet

import (
	"archive/zip"
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Stream writes a one-sheet .xlsx whose bytes leave as the rows come: the workbook's fixed
// parts first, then the sheet's XML row by row inside the zip (data descriptors, no sizes
// needed up front). excelize's stream writer keeps the sheet in a buffer or temporary file
// until the workbook is written, so nothing reaches the client before the last row; this
// sends the first bytes at once and holds one row in memory. Cells are inline strings,
// numbers and booleans, which every spreadsheet reads.
type Stream struct {
	zw    *zip.Writer
	w     *bufio.Writer
	row   int
	cols  []string
	flush func() error
}

// Column widths of a Stream (1-based columns).
type Width struct {
	From, To int
	Width    float64
}

// NewStream starts a workbook on w. flush, when not nil, pushes what was written to the
// client (an http.Flusher's Flush); Stream calls it every FlushEvery rows.
func NewStream(w io.Writer, flush func() error, widths ...Width) (*Stream, error) {
	zw := zip.NewWriter(w)
	for _, part := range fixedParts {
		f, err := zw.Create(part.name)
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(f, part.body); err != nil {
			return nil, err
		}
	}
	f, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return nil, err
	}
	s := &Stream{zw: zw, w: bufio.NewWriterSize(f, 32<<10), flush: flush}
	s.w.WriteString(xml.Header + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	if len(widths) > 0 {
		s.w.WriteString("<cols>")
		for _, c := range widths {
			fmt.Fprintf(s.w, `<col min="%d" max="%d" width="%g" customWidth="1"/>`, c.From, c.To, c.Width)
		}
		s.w.WriteString("</cols>")
	}
	s.w.WriteString("<sheetData>")
	return s, s.push()
}

// FlushEvery is how many rows go out between two pushes to the client.
const FlushEvery = 500

// Row appends a row: strings, integers, floats, booleans and times (RFC 3339 text).
func (s *Stream) Row(cells []any) error {
	s.row++
	r := strconv.Itoa(s.row)
	s.w.WriteString(`<row r="` + r + `">`)
	for i, v := range cells {
		if v == nil {
			continue
		}
		ref := s.col(i) + r
		switch x := v.(type) {
		case string:
			if x == "" {
				continue
			}
			s.w.WriteString(`<c r="` + ref + `" t="inlineStr"><is><t xml:space="preserve">`)
			escape(s.w, x)
			s.w.WriteString(`</t></is></c>`)
		case bool:
			b := "0"
			if x {
				b = "1"
			}
			s.w.WriteString(`<c r="` + ref + `" t="b"><v>` + b + `</v></c>`)
		case int:
			s.w.WriteString(`<c r="` + ref + `"><v>` + strconv.Itoa(x) + `</v></c>`)
		case int64:
			s.w.WriteString(`<c r="` + ref + `"><v>` + strconv.FormatInt(x, 10) + `</v></c>`)
		case float64:
			s.w.WriteString(`<c r="` + ref + `"><v>` + strconv.FormatFloat(x, 'f', -1, 64) + `</v></c>`)
		case time.Time:
			s.w.WriteString(`<c r="` + ref + `" t="inlineStr"><is><t>` + x.UTC().Format(time.RFC3339) + `</t></is></c>`)
		default:
			return fmt.Errorf("sheet: a cell of type %T", v)
		}
	}
	_, err := s.w.WriteString(`</row>`)
	if err == nil && s.row%FlushEvery == 0 {
		err = s.push()
	}
	return err
}

// col is column i's letters (0-based), computed once.
func (s *Stream) col(i int) string {
	for len(s.cols) <= i {
		name, _ := excelize.ColumnNumberToName(len(s.cols) + 1)
		s.cols = append(s.cols, name)
	}
	return s.cols[i]
}

// push sends what is buffered through the zip to the client.
func (s *Stream) push() error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	if err := s.zw.Flush(); err != nil {
		return err
	}
	if s.flush != nil {
		return s.flush()
	}
	return nil
}

// Close ends the sheet and the workbook.
func (s *Stream) Close() error {
	s.w.WriteString(`</sheetData></worksheet>`)
	if err := s.w.Flush(); err != nil {
		return err
	}
	if err := s.zw.Close(); err != nil {
		return err
	}
	if s.flush != nil {
		return s.flush()
	}
	return nil
}

// escape writes s as XML text, leaving out the characters XML 1.0 cannot carry.
func escape(w *bufio.Writer, s string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '&':
			w.WriteString("&amp;")
		case r == '<':
			w.WriteString("&lt;")
		case r == '>':
			w.WriteString("&gt;")
		case r == utf8.RuneError && size == 1:
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
		default:
			w.WriteRune(r)
		}
	}
}

type part struct{ name, body string }

// fixedParts are the workbook's parts besides the sheet.
var fixedParts = []part{
	{"[Content_Types].xml", xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
		`</Types>`},
	{"_rels/.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
		`</Relationships>`},
	{"xl/workbook.xml", xml.Header + `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
		`<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`},
	{"xl/_rels/workbook.xml.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
		`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
		`</Relationships>`},
	{"xl/styles.xml", xml.Header + `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
		`<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
		`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
		`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
		`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
		`<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
		`</styleSheet>`},
}
