package contactimport

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/errs"
	"atende/pkg/importjob"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// batchSize is how many rows one statement writes (a variable for tests).
var batchSize = 1000

// Run runs an import task. Everything is written in one transaction: a file that turns out
// broken (unreadable, too many rows, no rows) and a crash leave nothing, and a retry starts
// over (upserts: nothing doubles). Rows are refused one by one with a reason; one bad row
// never stops the others. The last try of an import that keeps failing records ErrFailed.
func (s Service) Run(ctx context.Context, p tasks.ContactImport, lastTry bool) error {
	ctx = tenant.With(ctx, p.CompanyID)
	im, err := s.Get(ctx, p.ImportID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil || (im.Status != StatusPending && im.Status != StatusReading) {
		return err // a duplicate delivery of a finished import: nothing to do
	}
	src, err := s.open(ctx, im)
	var elsewhere *channel.ElsewhereError
	if errors.As(err, &elsewhere) {
		return err // handed to the worker hosting the session
	}
	if err == nil {
		defer src.Close()
		err = s.reading(ctx, im)
	}
	r := newRun(ctx, s, im)
	if err == nil {
		err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return r.read(tx, src) })
	}
	return importjob.Outcome{Name: "contact import", ID: im.ID, GiveUp: ErrFailed, LastTry: lastTry,
		Failed: func(e *errs.Error) error { return s.failed(ctx, im, e) },
		Done:   func() error { return s.done(ctx, r) }}.Settle(err)
}

func (s Service) open(ctx context.Context, im Import) (source, error) {
	if im.Source == SourcePhone {
		return s.openPhone(ctx, im)
	}
	return s.openFile(im)
}

func (s Service) reading(ctx context.Context, im Import) error {
	return s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", im.ID).Updates(map[string]any{"status": StatusReading,
		"rows_read": 0, "created": 0, "updated": 0, "refused": 0, "percent": 0, "updated_at": time.Now()}).Error
}

// acceptAudio is what new contacts get (setting acceptAudioMessageContact, as pkg/contact).
func (s Service) acceptAudio(ctx context.Context) bool {
	return s.Settings == nil || s.Settings.Value(ctx, "acceptAudioMessageContact") != "disabled"
}

// failed records a file-level error; nothing was written.
func (s Service) failed(ctx context.Context, im Import, e *errs.Error) error {
	now := time.Now()
	err := s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", im.ID).Updates(map[string]any{"status": StatusFailed,
		"error": e.Code, "rows_read": 0, "created": 0, "updated": 0, "refused": 0, "file_path": "",
		"finished_at": now, "updated_at": now}).Error
	if err != nil {
		return err
	}
	s.removeFile(im)
	s.announce(ctx, im.ID)
	return nil
}

func (s Service) removeFile(im Import) {
	if im.FilePath != "" {
		_ = s.Files.Remove(im.FilePath)
	}
}

// done records the committed import and has the contact lists reloaded.
func (s Service) done(ctx context.Context, r *run) error {
	now := time.Now()
	err := s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", r.im.ID).Updates(map[string]any{"status": StatusDone,
		"percent": 100, "rows_read": r.b.RowsRead, "created": r.created, "updated": r.updated, "refused": r.b.Refused,
		"file_path": "", "finished_at": now, "updated_at": now}).Error
	if err != nil {
		return err
	}
	s.removeFile(r.im)
	s.announce(ctx, r.im.ID)
	s.publishContacts(ctx, r.im.CompanyID)
	return nil
}

// run is one reading of an import.
type run struct {
	s         Service
	im        Import
	keepNames bool // a contact's name is kept unless it is its number (phone imports)
	audio     bool

	b                importjob.Batch[item]
	src              source
	created, updated int
}

func newRun(ctx context.Context, s Service, im Import) *run {
	r := &run{s: s, im: im, keepNames: im.Source == SourcePhone, audio: s.acceptAudio(ctx)}
	r.b = importjob.Batch[item]{Size: batchSize, Table: "contact_import_refusals", ImportID: im.ID,
		Merge:    func(into *item, later item) { into.merge(later); r.updated++ },
		Write:    r.write,
		Progress: func() { r.progress(ctx) }}
	return r
}

func (r *run) read(tx *gorm.DB, src source) error {
	r.src = src
	if err := r.b.Begin(tx); err != nil {
		return err
	}
	for src.Next() {
		if err := r.add(tx, src.Row()); err != nil {
			return err
		}
	}
	if err := src.Err(); err != nil {
		return err
	}
	if err := r.b.Flush(tx); err != nil {
		return err
	}
	if r.b.RowsRead == 0 {
		return ErrNoRows
	}
	return nil
}

// add reads one row: a bad one is refused, good ones are batched (a number met twice in a
// batch is one contact).
func (r *run) add(tx *gorm.DB, in rowIn) error {
	it, reason := in.check()
	if reason != "" {
		return r.b.Refuse(tx, importjob.Refusal{Line: in.Line, Name: in.Name, Number: in.Number, Email: in.Email, Reason: reason})
	}
	return r.b.Accept(tx, it.Number, it)
}

// write writes a batch's contacts and their tags.
func (r *run) write(tx *gorm.DB, items []item) error {
	created, err := r.upsert(tx, items)
	if err != nil {
		return err
	}
	r.created += created
	r.updated += len(items) - created
	return r.tag(tx, items)
}

// upsert writes the batch's contacts: a number the company has is merged into its contact
// (name, and e-mail when the row has one). It answers how many were new.
func (r *run) upsert(tx *gorm.DB, items []item) (int, error) {
	b, _ := json.Marshal(items)
	var created int
	err := tx.Raw(`WITH up AS (
		INSERT INTO contacts (company_id, name, number, email, channel, accept_audio_message)
		SELECT ?, x.name, x.number, x.email, 'whatsapp', ? FROM json_to_recordset(?::json) AS x(name text, number text, email text)
		ON CONFLICT (company_id, channel, number) DO UPDATE SET
			name = CASE WHEN ? AND contacts.name <> contacts.number THEN contacts.name ELSE EXCLUDED.name END,
			email = CASE WHEN EXCLUDED.email <> '' THEN EXCLUDED.email ELSE contacts.email END,
			updated_at = now()
		RETURNING (xmax = 0) AS inserted)
		SELECT count(*) FILTER (WHERE inserted) FROM up`, r.im.CompanyID, r.audio, string(b), r.keepNames).Scan(&created).Error
	return created, err
}

// tag adds the batch's tags to its contacts, creating the tags the company lacks (a name
// matches whatever its case).
func (r *run) tag(tx *gorm.DB, items []item) error {
	type pair struct {
		Number string `json:"number"`
		Tag    string `json:"tag"`
	}
	var pairs []pair
	for _, it := range items {
		for _, t := range it.Tags {
			pairs = append(pairs, pair{it.Number, t})
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	b, _ := json.Marshal(pairs)
	err := tx.Exec(`INSERT INTO tags (company_id, name)
		SELECT DISTINCT ON (lower(x.tag)) ?, x.tag FROM json_to_recordset(?::json) AS x(number text, tag text)
		WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE t.company_id = ? AND lower(t.name) = lower(x.tag))
		ON CONFLICT (company_id, name) DO NOTHING`, r.im.CompanyID, string(b), r.im.CompanyID).Error
	if err != nil {
		return err
	}
	return tx.Exec(`INSERT INTO contact_tags (contact_id, tag_id, company_id)
		SELECT DISTINCT c.id, t.id, c.company_id FROM json_to_recordset(?::json) AS x(number text, tag text)
		JOIN contacts c ON c.company_id = ? AND c.channel = 'whatsapp' AND c.number = x.number
		JOIN tags t ON t.company_id = c.company_id AND lower(t.name) = lower(x.tag)
		ON CONFLICT DO NOTHING`, string(b), r.im.CompanyID).Error
}

// progress stores and publishes how far the reading is, outside the transaction.
func (r *run) progress(ctx context.Context) {
	r.s.DB.WithContext(ctx).Model(&Import{}).Where("id = ?", r.im.ID).Updates(map[string]any{
		"rows_read": r.b.RowsRead, "created": r.created, "updated": r.updated, "refused": r.b.Refused,
		"percent": min(r.src.Percent(), 99), "total_rows": r.src.Total(), "updated_at": time.Now()})
	r.s.announce(ctx, r.im.ID)
}
