package report

import (
	"atende/pkg/company"
	"context"
	"io"
	"time"

	"github.com/xuri/excelize/v2"
)

// ExportName is the spreadsheet's file name.
const ExportName = "relatorio-atendimentos.xlsx"

// Headers are the spreadsheet's first row (Portuguese, as the product).
var Headers = []any{"ID", "Conexão", "Contato", "Número", "Usuário", "Fila", "Status", "Última mensagem",
	"Aberto em", "Fechado em", "Tempo de atendimento", "NPS"}

// Export writes the whole filtered set (no pages) as .xlsx to w. Rows go from the database
// cursor through excelize's StreamWriter one at a time (it spills to a temporary file past
// its chunk size), so memory stays flat however many tickets match; the workbook is then
// zipped straight into w.
func (s Service) Export(ctx context.Context, f Filter, w io.Writer) error {
	base, args, err := s.where(ctx, f)
	if err != nil {
		return err
	}
	loc, err := company.TenantZone(ctx, s.DB)
	if err != nil {
		return err
	}
	rows, err := s.DB.WithContext(ctx).Raw(rowsSQL(base, ""), args...).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	file := excelize.NewFile()
	defer file.Close()
	sw, err := file.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	_ = sw.SetColWidth(1, 1, 10)
	_ = sw.SetColWidth(2, 8, 22)
	_ = sw.SetColWidth(8, 8, 40)
	_ = sw.SetColWidth(9, 11, 18)
	if err := sw.SetRow("A1", Headers); err != nil {
		return err
	}
	cell := make([]any, len(Headers))
	for n := 2; rows.Next(); n++ {
		var r Row
		if err := rows.Scan(&r.ID, &r.UUID, &r.Status, &r.LastMessage, &r.CreatedAt, &r.WhatsappName, &r.ContactName,
			&r.ContactNum, &r.UserName, &r.QueueName, &r.ClosedAt, &r.SupportTime, &r.NPS); err != nil {
			return err
		}
		fill(cell, r, loc)
		name, _ := excelize.CoordinatesToCellName(1, n)
		if err := sw.SetRow(name, cell); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return file.Write(w)
}

// fill lays a row out in the spreadsheet's columns.
func fill(cell []any, r Row, loc *time.Location) {
	text := func(s *string) any {
		if s == nil {
			return ""
		}
		return *s
	}
	stamp := func(t *time.Time) any {
		if t == nil {
			return ""
		}
		return t.In(loc).Format("02/01/2006 15:04")
	}
	cell[0], cell[1], cell[2], cell[3] = r.ID, text(r.WhatsappName), r.ContactName, r.ContactNum
	cell[4], cell[5], cell[6], cell[7] = text(r.UserName), text(r.QueueName), r.Status, r.LastMessage
	cell[8], cell[9], cell[10] = stamp(&r.CreatedAt), stamp(r.ClosedAt), Duration(r.SupportTime)
	cell[11] = ""
	if r.NPS != nil {
		cell[11] = *r.NPS
	}
}
