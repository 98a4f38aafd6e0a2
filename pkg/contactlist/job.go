package contactlist

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/sheet"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/validate"
)

// batchSize is how many rows one statement writes (a variable for tests).
var batchSize = 2000

// progressEvery throttles the progress written and published while reading.
const progressEvery = 300 * time.Millisecond

// Import runs an import task. The items are written in one transaction: a file that turns
// out broken (unreadable, too many rows, no rows) and a crash leave nothing, and a retried
// task starts over (upserts: nothing doubles). Rows are refused one by one with a reason;
// one bad row never stops the others. Progress is stored and published as it goes. The
// last try of an import that keeps failing (its file gone, the database refusing) records
// ErrImportFailed instead of leaving it running.
func (s Service) Import(ctx context.Context, p tasks.ContactListImport, lastTry bool) error {
	ctx = tenant.With(ctx, p.CompanyID)
	im, err := tenant.Get[Import](ctx, s.DB, p.ImportID, ErrImportNotFound)
	if errors.Is(err, ErrImportNotFound) {
		return nil // the list was deleted meanwhile
	}
	if err != nil || im.Status == StatusChecking || im.Status == StatusDone || im.Status == StatusFailed {
		return err // a duplicate delivery of a finished import: nothing to do
	}
	err = s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", im.ID).Updates(map[string]any{"status": StatusReading,
		"rows_read": 0, "imported": 0, "merged": 0, "refused": 0, "percent": 0, "updated_at": time.Now()}).Error
	if err != nil {
		return err
	}
	check := s.checker(ctx)
	r := &run{s: s, im: im, valid: check.formatOnly()}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return r.read(ctx, tx) })
	if e, ok := errs.As(err); ok {
		return s.importFailed(ctx, im, e)
	}
	if err != nil && lastTry {
		slog.Error("contact list import gave up", "import", im.ID, "err", err)
		return s.importFailed(ctx, im, ErrImportFailed)
	}
	if err != nil {
		return err // retried
	}
	return s.importRead(ctx, r, check)
}

// importFailed records a file-level error; nothing was written.
func (s Service) importFailed(ctx context.Context, im Import, e *errs.Error) error {
	err := s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", im.ID).Updates(map[string]any{"status": StatusFailed,
		"error": e.Code, "rows_read": 0, "imported": 0, "merged": 0, "refused": 0, "finished_at": time.Now(),
		"updated_at": time.Now()}).Error
	if err != nil {
		return err
	}
	_ = s.Files.Remove(im.FilePath)
	s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", im.ID).Update("file_path", "")
	s.announceImport(ctx, im.ID)
	return nil
}

// importRead records the committed import and has its numbers checked when a connection can.
func (s Service) importRead(ctx context.Context, r *run, check numberCheck) error {
	var unchecked int64
	s.DB.WithContext(ctx).Model(&Item{}).Where("contact_list_id = ? AND is_whatsapp_valid IS NULL", r.im.ContactListID).Count(&unchecked)
	status, warning := StatusDone, ""
	switch {
	case unchecked > 0 && check.conn != nil:
		status = StatusChecking
	case unchecked > 0:
		warning = check.warning
	}
	now := time.Now()
	upd := map[string]any{"status": status, "warning": warning, "percent": 100, "rows_read": r.rowsRead,
		"imported": r.imported, "merged": r.merged, "refused": r.refused, "to_check": unchecked, "checked": 0,
		"file_path": "", "updated_at": now}
	if status == StatusDone {
		upd["finished_at"] = now
	}
	if err := s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", r.im.ID).Updates(upd).Error; err != nil {
		return err
	}
	_ = s.Files.Remove(r.im.FilePath)
	if status == StatusChecking {
		if err := s.enqueueCheck(ctx, tasks.ContactListCheck{CompanyID: r.im.CompanyID, ContactListID: r.im.ContactListID,
			ConnectionID: check.conn.ID, ImportID: r.im.ID}); err != nil {
			return err
		}
	}
	s.announceImport(ctx, r.im.ID)
	s.publish(ctx, r.im.CompanyID, EventItem, map[string]any{"action": "reload", "contactListId": r.im.ContactListID})
	_, _ = s.announceList(ctx, r.im.ContactListID)
	return nil
}

// run is one reading of an import's file.
type run struct {
	s     Service
	im    Import
	valid *bool // what new items get: true when the format is all there is to check

	cols                                columns
	rowsRead, imported, merged, refused int
	startCount                          int
	items                               []row
	byNumber                            map[string]int
	refusals                            []refusal
	lastProgress                        time.Time
}

type row struct {
	Name   string `json:"name"`
	Number string `json:"number"`
	Email  string `json:"email"`
}

type refusal struct {
	Line   int    `json:"line"`
	Name   string `json:"name"`
	Number string `json:"number"`
	Email  string `json:"email"`
	Reason string `json:"reason"`
}

func (r *run) read(ctx context.Context, tx *gorm.DB) error {
	f, err := r.s.Files.OpenLocal(r.im.FilePath)
	if err != nil {
		return err
	}
	defer f.Close()
	sh, err := sheet.Open(r.im.FileType, f)
	if err != nil {
		return err
	}
	defer sh.Close()
	if err := tx.Raw("SELECT contacts_count FROM contact_lists WHERE id = ? FOR UPDATE", r.im.ContactListID).Scan(&r.startCount).Error; err != nil {
		return err
	}
	if err := tx.Exec("DELETE FROM contact_list_import_refusals WHERE import_id = ?", r.im.ID).Error; err != nil {
		return err
	}
	r.byNumber = map[string]int{}
	line := 0
	for sh.Next() {
		line++
		if line == 1 {
			if r.cols, err = mapColumns(sh.Row()); err != nil {
				return err
			}
			continue
		}
		if line-1 > MaxRows {
			return ErrTooManyRows
		}
		if err := r.add(ctx, tx, sh, line); err != nil {
			return err
		}
	}
	if err := sh.Err(); err != nil {
		return ErrNotSpreadsheet
	}
	if line == 0 {
		return ErrWrongColumns
	}
	if err := r.flush(ctx, tx, sh); err != nil {
		return err
	}
	if r.rowsRead == 0 {
		return ErrNoRows
	}
	return nil
}

// add reads one row: blank rows are skipped, bad ones refused, good ones batched.
func (r *run) add(ctx context.Context, tx *gorm.DB, sh sheet.Reader, line int) error {
	in, ok := r.cols.pick(sh.Row())
	if !ok {
		return nil
	}
	r.rowsRead++
	it, reason := in.check()
	if reason != "" {
		r.refused++
		r.refusals = append(r.refusals, refusal{Line: line, Name: clip(in.Name), Number: clip(in.Number), Email: clip(in.Email), Reason: reason})
	} else if i, dup := r.byNumber[it.Number]; dup {
		// The same number twice in a batch: one item, the later row's name and e-mail.
		r.items[i].Name = it.Name
		if it.Email != "" {
			r.items[i].Email = it.Email
		}
		r.merged++
	} else {
		r.byNumber[it.Number] = len(r.items)
		r.items = append(r.items, it)
	}
	if len(r.items) >= batchSize || len(r.refusals) >= batchSize {
		return r.flush(ctx, tx, sh)
	}
	return nil
}

// flush writes the batched items and refusals and reports the progress.
func (r *run) flush(ctx context.Context, tx *gorm.DB, sh sheet.Reader) error {
	if len(r.items) > 0 {
		b, _ := json.Marshal(r.items)
		err := tx.Exec(`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
			SELECT ?, ?, x.name, x.number, x.email, ? FROM json_to_recordset(?::json) AS x(name text, number text, email text)
			ON CONFLICT (contact_list_id, number) DO UPDATE SET name = EXCLUDED.name,
				email = CASE WHEN EXCLUDED.email <> '' THEN EXCLUDED.email ELSE contact_list_items.email END,
				is_whatsapp_valid = COALESCE(contact_list_items.is_whatsapp_valid, EXCLUDED.is_whatsapp_valid),
				updated_at = now()`, r.im.CompanyID, r.im.ContactListID, r.valid, string(b)).Error
		if err != nil {
			return err
		}
		var count int
		if err := tx.Raw("SELECT contacts_count FROM contact_lists WHERE id = ?", r.im.ContactListID).Scan(&count).Error; err != nil {
			return err
		}
		// New items are what the list's count grew by; the other accepted rows were merged.
		accepted := r.rowsRead - r.refused
		r.imported = count - r.startCount
		r.merged = accepted - r.imported
		r.items, r.byNumber = r.items[:0], map[string]int{}
	}
	if len(r.refusals) > 0 {
		b, _ := json.Marshal(r.refusals)
		err := tx.Exec(`INSERT INTO contact_list_import_refusals (import_id, row_number, name, number, email, reason)
			SELECT ?, x.line, x.name, x.number, x.email, x.reason
			FROM json_to_recordset(?::json) AS x(line int, name text, number text, email text, reason text)
			ON CONFLICT DO NOTHING`, r.im.ID, string(b)).Error
		if err != nil {
			return err
		}
		r.refusals = r.refusals[:0]
	}
	r.progress(ctx, sh)
	return nil
}

// progress stores and publishes how far the reading is, outside the transaction, at most
// every progressEvery.
func (r *run) progress(ctx context.Context, sh sheet.Reader) {
	if time.Since(r.lastProgress) < progressEvery {
		return
	}
	r.lastProgress = time.Now()
	total := max(sh.Total()-1, 0)
	r.s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", r.im.ID).Updates(map[string]any{
		"rows_read": r.rowsRead, "imported": r.imported, "merged": r.merged, "refused": r.refused,
		"percent": min(sh.Percent(), 99), "total_rows": total, "updated_at": time.Now()})
	r.s.announceImport(ctx, r.im.ID)
}

// Refusal reasons.
const (
	ReasonNoNumber   = "Número ausente"
	ReasonBadNumber  = "Número inválido"
	ReasonShortName  = "Nome muito curto (mínimo 2 caracteres)"
	ReasonBadEmail   = "E-mail inválido"
	ReasonLongNumber = "Número muito longo"
)

// check normalises a row into an item, or says why it is refused. A row without a name is
// named by its number; a name past the limit is cut.
func (in row) check() (row, string) {
	raw := strings.TrimSpace(in.Number)
	if raw == "" {
		return row{}, ReasonNoNumber
	}
	if utf8.RuneCountInString(raw) > NumberMax {
		return row{}, ReasonLongNumber
	}
	number, ok := sheet.Normalise(raw)
	if !ok {
		return row{}, ReasonBadNumber
	}
	name := strings.Join(strings.Fields(in.Name), " ")
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		name = number
	case n < NameMin:
		return row{}, ReasonShortName
	case n > NameMax:
		name = string([]rune(name)[:NameMax])
	}
	email := strings.TrimSpace(in.Email)
	if email != "" {
		v := errs.Validation{}
		if validate.Email(v, "email", email); len(v) > 0 {
			return row{}, ReasonBadEmail
		}
	}
	return row{Name: name, Number: number, Email: email}, ""
}

// clip bounds what a refused row keeps of a cell.
func clip(s string) string { return sheet.Clip(s, 200) }
