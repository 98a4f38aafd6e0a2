package contactlist

import (
	"context"
	"io"

	"atende/pkg/importjob"
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
	return importjob.WriteRefusals(ctx, s.DB, "contact_list_import_refusals", importID, w)
}
