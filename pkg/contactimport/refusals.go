package contactimport

import (
	"context"
	"io"

	"atende/pkg/importjob"
)

// WriteRefusals writes the rows an import refused, with their row in the file and the
// reason, streaming them from the database.
func (s Service) WriteRefusals(ctx context.Context, id int64, w io.Writer) error {
	if _, err := s.Get(ctx, id); err != nil {
		return err
	}
	return importjob.WriteRefusals(ctx, s.DB, "contact_import_refusals", id, w)
}
