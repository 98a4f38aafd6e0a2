package sheet

import (
	"io"

	"github.com/xuri/excelize/v2"
)

// XLSXType is the content type of the spreadsheets served.
const XLSXType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Write streams a one-sheet workbook: a header and the rows fill gives.
func Write(w io.Writer, header []any, fill func(add func([]any) error) error) error {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	n := 1
	add := func(cells []any) error {
		cell, _ := excelize.CoordinatesToCellName(1, n)
		n++
		return sw.SetRow(cell, cells)
	}
	if err := add(header); err != nil {
		return err
	}
	if err := fill(add); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return f.Write(w)
}
