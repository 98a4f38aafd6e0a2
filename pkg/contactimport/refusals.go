package contactimport

import (
	"context"
	"io"

	"atende/pkg/sheet"
)

// WriteRefusals writes the rows an import refused, with their row in the file and the
// reason, streaming them from the database.
func (s Service) WriteRefusals(ctx context.Context, id int64, w io.Writer) error {
	if _, err := s.Get(ctx, id); err != nil {
		return err
	}
	rows, err := s.DB.WithContext(ctx).Raw(`SELECT `+sheet.RefusalColumns+`
		FROM contact_import_refusals WHERE import_id = ? ORDER BY row_number`, id).Rows()
	if err != nil {
		return err
	}
	return sheet.WriteRefusals(w, rows)
}
