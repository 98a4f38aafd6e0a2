package dashboard

import (
	"context"
	"io"

	"github.com/xuri/excelize/v2"
)

// XLSXType is the content type of the attendants spreadsheet.
const XLSXType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// ExportHeader is the attendants spreadsheet's first row (the table's columns).
var ExportHeader = []any{"Nome", "Nota", "Atendimentos avaliados", "Total de atendimentos",
	"Tempo médio de espera (min)", "Tempo médio de atendimento (min)", "Status"}

// WriteAttendants streams the attendants table of r as a one-sheet workbook to w.
func (s Service) WriteAttendants(ctx context.Context, r Range, w io.Writer) error {
	rows, err := s.Attendants(ctx, r)
	if err != nil {
		return err
	}
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	if err := sw.SetRow("A1", ExportHeader); err != nil {
		return err
	}
	for i, a := range rows {
		status := "Offline"
		if a.Online {
			status = "Online"
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, []any{a.Name, orEmpty(a.Rating), a.CountRating, a.Tickets,
			orEmpty(a.AvgWaitTime), orEmpty(a.AvgSupportTime), status}); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}

func orEmpty(v *float64) any {
	if v == nil {
		return ""
	}
	return *v
}
