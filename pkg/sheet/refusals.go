package sheet

import (
	"database/sql"
	"io"
)

// RefusalColumns are the columns an import's refusals table is read with, in
// WriteRefusals's order.
const RefusalColumns = "row_number, name, number, email, reason"

// WriteRefusals writes the rows an import refused (rows: RefusalColumns, in file order) as
// a spreadsheet: their row in the file, what it said, and why it was refused. It streams,
// so a file with many refusals never sits whole in memory; it closes rows.
func WriteRefusals(w io.Writer, rows *sql.Rows) error {
	defer rows.Close()
	return Write(w, []any{"linha", "name", "number", "email", "motivo"}, func(add func([]any) error) error {
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
