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
	rows, err := s.DB.WithContext(ctx).Raw(`SELECT row_number, name, number, email, reason
		FROM contact_import_refusals WHERE import_id = ? ORDER BY row_number`, id).Rows()
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
