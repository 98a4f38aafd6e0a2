package contactlist

import (
	"context"
	"io"

	"atende/pkg/sheet"
)

// XLSXType is the content type of the spreadsheets served.
const XLSXType = sheet.XLSXType

// WriteExample writes the example spreadsheet of an import: the columns it reads and two
// rows to copy.
func WriteExample(w io.Writer) error {
	return sheet.Write(w, []any{"name", "number", "email"}, func(add func([]any) error) error {
		if err := add([]any{"Maria Silva", "5511999990001", "maria@exemplo.com.br"}); err != nil {
			return err
		}
		return add([]any{"João Souza", "(21) 98888-0002", ""})
	})
}

// WriteRefusals writes the rows an import refused, with their row in the file and the
// reason, streaming them from the database.
func (s Service) WriteRefusals(ctx context.Context, listID, importID int64, w io.Writer) error {
	if _, err := s.GetImport(ctx, listID, importID); err != nil {
		return err
	}
	rows, err := s.DB.WithContext(ctx).Raw(`SELECT row_number, name, number, email, reason
		FROM contact_list_import_refusals WHERE import_id = ? ORDER BY row_number`, importID).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	return sheet.Write(w, []any{"linha", "name", "number", "email", "motivo"}, func(add func([]any) error) error {
		for rows.Next() {
			var line int
			var name, number, email, reason string
			if err := rows.Scan(&line, &name, &number, &email, &reason); err != nil {
				return err
			}
			if err := add([]any{line, name, number, email, reason}); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}
