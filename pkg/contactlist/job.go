package contactlist

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/importjob"
	"atende/pkg/sheet"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/validate"
)

// batchSize is how many rows one statement writes (a variable for tests).
var batchSize = 2000

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
	r := newRun(ctx, s, im, check.formatOnly())
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return r.read(tx) })
	return importjob.Outcome{Name: "contact list import", ID: im.ID, GiveUp: ErrImportFailed, LastTry: lastTry,
		Failed: func(e *errs.Error) error { return s.importFailed(ctx, im, e) },
		Done:   func() error { return s.importRead(ctx, r, check) }}.Settle(err)
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
	upd := map[string]any{"status": status, "warning": warning, "percent": 100, "rows_read": r.b.RowsRead,
		"imported": r.imported, "merged": r.merged, "refused": r.b.Refused, "to_check": unchecked, "checked": 0,
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

	b                importjob.Batch[row]
	sh               sheet.Reader
	cols             columns
	imported, merged int
	startCount       int
}

func newRun(ctx context.Context, s Service, im Import, valid *bool) *run {
	r := &run{s: s, im: im, valid: valid}
	r.b = importjob.Batch[row]{Size: batchSize, Table: "contact_list_import_refusals", ImportID: im.ID,
		Merge:    mergeRow,
		Write:    r.write,
		Progress: func() { r.progress(ctx) }}
	return r
}

type row struct {
	Name   string `json:"name"`
	Number string `json:"number"`
	Email  string `json:"email"`
}

// mergeRow: the same number twice in a batch is one item, the later row's name and e-mail.
func mergeRow(into *row, later row) {
	into.Name = later.Name
	if later.Email != "" {
		into.Email = later.Email
	}
}

func (r *run) read(tx *gorm.DB) error {
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
	r.sh = sh
	if err := tx.Raw("SELECT contacts_count FROM contact_lists WHERE id = ? FOR UPDATE", r.im.ContactListID).Scan(&r.startCount).Error; err != nil {
		return err
	}
	if err := r.b.Begin(tx); err != nil {
		return err
	}
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
		if err := r.add(tx, sh.Row(), line); err != nil {
			return err
		}
	}
	if err := sh.Err(); err != nil {
		return ErrNotSpreadsheet
	}
	if line == 0 {
		return ErrWrongColumns
	}
	if err := r.b.Flush(tx); err != nil {
		return err
	}
	if r.b.RowsRead == 0 {
		return ErrNoRows
	}
	return nil
}

// add reads one row: blank rows are skipped, bad ones refused, good ones batched.
func (r *run) add(tx *gorm.DB, cells []string, line int) error {
	in, ok := r.cols.pick(cells)
	if !ok {
		return nil
	}
	it, reason := in.check()
	if reason != "" {
		return r.b.Refuse(tx, importjob.Refusal{Line: line, Name: in.Name, Number: in.Number, Email: in.Email, Reason: reason})
	}
	return r.b.Accept(tx, it.Number, it)
}

// write writes a batch's items; new items are what the list's count grew by, the other
// accepted rows were merged.
func (r *run) write(tx *gorm.DB, items []row) error {
	b, _ := json.Marshal(items)
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
	r.imported = count - r.startCount
	r.merged = r.b.RowsRead - r.b.Refused - r.imported
	return nil
}

// progress stores and publishes how far the reading is, outside the transaction.
func (r *run) progress(ctx context.Context) {
	total := max(r.sh.Total()-1, 0)
	r.s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", r.im.ID).Updates(map[string]any{
		"rows_read": r.b.RowsRead, "imported": r.imported, "merged": r.merged, "refused": r.b.Refused,
		"percent": min(r.sh.Percent(), 99), "total_rows": total, "updated_at": time.Now()})
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
