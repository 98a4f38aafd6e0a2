// Package importjob is what the worker's spreadsheet imports share (contacts, issue 16;
// contact lists, issue 15): a reading written in batches inside one transaction, rows
// refused one by one with a reason into a refusals table, progress stored at most every
// ProgressEvery, the refused rows served as a spreadsheet, and the task's end settled the
// same way. What a row is and how a batch is written stay with each import.
package importjob

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/sheet"
)

// ProgressEvery throttles the progress written and published while reading.
const ProgressEvery = 300 * time.Millisecond

// ClipRefused bounds what a refused row keeps of a cell.
const ClipRefused = 200

// Refusal is one refused row: its row in the file, what it said, and why.
type Refusal struct {
	Line   int    `json:"line"`
	Name   string `json:"name"`
	Number string `json:"number"`
	Email  string `json:"email"`
	Reason string `json:"reason"`
}

// Batch is one reading's pending writes: accepted rows by number (a number met twice in a
// batch is one row, Merge folds the later into the earlier) and refusals. Both are written
// when either holds Size rows, and at the end (Flush).
type Batch[T any] struct {
	Size     int
	Table    string // the refusals table (import_id, row_number, name, number, email, reason)
	ImportID int64
	Merge    func(into *T, later T)
	Write    func(tx *gorm.DB, items []T) error
	Progress func() // stores and publishes the progress (outside the transaction)

	RowsRead, Refused int

	items        []T
	byNumber     map[string]int
	refusals     []Refusal
	lastProgress time.Time
}

// Begin drops the refusals of an earlier try: a retry reads the file again from the start.
func (b *Batch[T]) Begin(tx *gorm.DB) error {
	b.byNumber = map[string]int{}
	return tx.Exec("DELETE FROM "+b.Table+" WHERE import_id = ?", b.ImportID).Error
}

// Accept takes a good row.
func (b *Batch[T]) Accept(tx *gorm.DB, number string, it T) error {
	b.RowsRead++
	if i, dup := b.byNumber[number]; dup {
		b.Merge(&b.items[i], it)
	} else {
		b.byNumber[number] = len(b.items)
		b.items = append(b.items, it)
	}
	return b.flushFull(tx)
}

// Refuse takes a bad row with its reason; its cells are clipped.
func (b *Batch[T]) Refuse(tx *gorm.DB, r Refusal) error {
	b.RowsRead++
	b.Refused++
	r.Name, r.Number, r.Email = sheet.Clip(r.Name, ClipRefused), sheet.Clip(r.Number, ClipRefused), sheet.Clip(r.Email, ClipRefused)
	b.refusals = append(b.refusals, r)
	return b.flushFull(tx)
}

func (b *Batch[T]) flushFull(tx *gorm.DB) error {
	if len(b.items) >= b.Size || len(b.refusals) >= b.Size {
		return b.Flush(tx)
	}
	return nil
}

// Flush writes the batched rows and refusals and reports the progress.
func (b *Batch[T]) Flush(tx *gorm.DB) error {
	if len(b.items) > 0 {
		if err := b.Write(tx, b.items); err != nil {
			return err
		}
		b.items, b.byNumber = b.items[:0], map[string]int{}
	}
	if len(b.refusals) > 0 {
		j, _ := json.Marshal(b.refusals)
		err := tx.Exec(`INSERT INTO `+b.Table+` (import_id, row_number, name, number, email, reason)
			SELECT ?, x.line, x.name, x.number, x.email, x.reason
			FROM json_to_recordset(?::json) AS x(line int, name text, number text, email text, reason text)
			ON CONFLICT DO NOTHING`, b.ImportID, string(j)).Error
		if err != nil {
			return err
		}
		b.refusals = b.refusals[:0]
	}
	if time.Since(b.lastProgress) >= ProgressEvery {
		b.lastProgress = time.Now()
		b.Progress()
	}
	return nil
}

// Outcome is how an import task ends after its reading.
type Outcome struct {
	Name    string                    // for the log ("contact import")
	ID      int64                     // the import
	GiveUp  *errs.Error               // recorded when the last try fails too
	Failed  func(e *errs.Error) error // records a file-level error (nothing was written)
	Done    func() error              // records the committed reading
	LastTry bool
}

// Settle ends the task: a file-level error (an *errs.Error) is recorded as the import's
// error; any other error is returned for the task to be retried, but on the last try the
// import records GiveUp instead of staying in progress; no error records the reading done.
func (o Outcome) Settle(err error) error {
	if e, ok := errs.As(err); ok {
		return o.Failed(e)
	}
	if err != nil && o.LastTry {
		slog.Error(o.Name+" gave up", "import", o.ID, "err", err)
		return o.Failed(o.GiveUp)
	}
	if err != nil {
		return err
	}
	return o.Done()
}

// WriteRefusals writes an import's refused rows, in file order, as a spreadsheet streamed
// from its refusals table.
func WriteRefusals(ctx context.Context, db *gorm.DB, table string, importID int64, w io.Writer) error {
	rows, err := db.WithContext(ctx).Raw(`SELECT `+sheet.RefusalColumns+`
		FROM `+table+` WHERE import_id = ? ORDER BY row_number`, importID).Rows()
	if err != nil {
		return err
	}
	return sheet.WriteRefusals(w, rows)
}
