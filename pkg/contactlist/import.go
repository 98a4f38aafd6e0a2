package contactlist

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/importjob"
	"atende/pkg/sheet"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// Import is one uploaded spreadsheet, or one check of a list's numbers, and its progress
// (importjob.State: the file, its status and error — ERR_IMPORT_… —, rows read and refused
// one by one, downloaded as a spreadsheet); Imported and Merged count the items written.
type Import struct {
	ID              int64  `json:"id"`
	CompanyID       int64  `json:"companyId"`
	ContactListID   int64  `json:"contactListId"`
	UserID          *int64 `json:"userId"`
	Warning         string `json:"warning"`
	Imported        int    `json:"imported"`
	Merged          int    `json:"merged"`
	ToCheck         int    `json:"toCheck"`
	Checked         int    `json:"checked"`
	Kind            string `json:"kind" gorm:"default:import"` // KindImport or KindCheck
	ConnectionID    *int64 `json:"connectionId"`               // a check's connection
	CheckAfter      int64  `json:"-"`                          // a check's cursor: the last item checked
	importjob.State `gorm:"embedded"`
}

func (Import) TableName() string { return "contact_list_imports" }

// Import states.
const (
	StatusPending  = "pending"
	StatusReading  = "reading"
	StatusChecking = "checking"
	StatusDone     = "done"
	StatusFailed   = "failed"
)

// File types an import reads.
const (
	TypeXLSX = sheet.TypeXLSX
	TypeCSV  = sheet.TypeCSV
)

// MaxUnzipped bounds what an .xlsx may decompress to.
const MaxUnzipped = sheet.MaxUnzipped

// NormaliseNumber returns a number as digits with its country code, or false when it is not
// a valid phone number (sheet.Normalise).
func NormaliseNumber(s string) (string, bool) { return sheet.Normalise(s) }

// Limits of an import.
const (
	// UploadMaxBytes bounds the uploaded file (a 100,000-row sheet is about 4 MB).
	UploadMaxBytes = 10 << 20
)

// MaxRows bounds the rows of one file (a variable for tests).
var MaxRows = 200_000

// File-level errors: the import stops and writes nothing.
var (
	ErrNotSpreadsheet = sheet.ErrUnreadable
	ErrWrongColumns   = errs.New(http.StatusBadRequest, "ERR_IMPORT_WRONG_COLUMNS", "A primeira linha da planilha deve nomear as colunas: name (ou nome), number (ou numero, telefone) e email.")
	ErrNoRows         = errs.New(http.StatusBadRequest, "ERR_IMPORT_NO_ROWS", "A planilha não tem nenhuma linha de contato.")
	ErrTooManyRows    = errs.New(http.StatusBadRequest, "ERR_IMPORT_TOO_MANY_ROWS", "A planilha passa de 200.000 linhas.")
	ErrImportFailed   = errs.New(http.StatusInternalServerError, "ERR_IMPORT_FAILED", "A importação falhou. Envie a planilha de novo.")
	ErrImportRunning  = errs.New(http.StatusConflict, "ERR_IMPORT_RUNNING", "Esta lista já está importando uma planilha. Aguarde o fim.")
	ErrImportNotFound = errs.New(http.StatusNotFound, "ERR_IMPORT_NOT_FOUND", "Importação não encontrada.")
)

var fileErrors = importjob.MessagesOf(ErrNotSpreadsheet, ErrWrongColumns, ErrNoRows, ErrTooManyRows, ErrImportFailed)

// staleAfter: an import that has not moved for this long is taken for dead (its worker
// was killed and asynq has not retried it yet), so another may start.
const staleAfter = 5 * time.Minute

// StartImport records an uploaded spreadsheet (stored at rel) for list id and queues its
// import. One import per list runs at a time.
func (s Service) StartImport(ctx context.Context, userID, listID int64, rel, name, fileType string) (Import, error) {
	l, err := s.Get(ctx, listID)
	if err != nil {
		return Import{}, err
	}
	im := Import{CompanyID: l.CompanyID, ContactListID: l.ID,
		State: importjob.State{FilePath: rel, FileName: name, FileType: fileType, Status: StatusPending}}
	if userID > 0 {
		im.UserID = &userID
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// A lock of the list's uploads orders two at once: the second sees the first. (Not the
		// list's row: a running import holds it until it commits.)
		if err := tx.Exec("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "contact_list_upload:"+strconv.FormatInt(l.ID, 10)).Error; err != nil {
			return err
		}
		var running int64
		err := tx.Model(&Import{}).Where("contact_list_id = ? AND status IN ? AND updated_at > ?", l.ID,
			[]string{StatusPending, StatusReading}, time.Now().Add(-staleAfter)).Count(&running).Error
		if err == nil && running > 0 {
			err = ErrImportRunning
		}
		if err == nil {
			err = tx.Create(&im).Error
		}
		return err
	})
	if err != nil {
		return Import{}, err
	}
	t, err := tasks.NewContactListImport(im.CompanyID, im.ID)
	if err == nil {
		err = tasks.Enqueue(ctx, s.Queue, t)
	}
	if err != nil {
		s.DB.WithContext(ctx).Delete(&Import{}, im.ID)
		return Import{}, err
	}
	s.announceImport(ctx, im.ID)
	return im, nil
}

// Imports returns the list's latest imports, newest first.
func (s Service) Imports(ctx context.Context, listID int64) ([]Import, error) {
	if _, err := s.Get(ctx, listID); err != nil {
		return nil, err
	}
	out := []Import{}
	err := s.DB.WithContext(ctx).Where("contact_list_id = ?", listID).Order("id DESC").Limit(5).Find(&out).Error
	for i := range out {
		out[i].Explain(fileErrors)
	}
	return out, err
}

// GetImport returns one import of a list of the company.
func (s Service) GetImport(ctx context.Context, listID, id int64) (Import, error) {
	im, err := tenant.Get[Import](ctx, s.DB, id, ErrImportNotFound)
	if err == nil && im.ContactListID != listID {
		return Import{}, ErrImportNotFound
	}
	im.Explain(fileErrors)
	return im, err
}

// announceImport publishes an import's progress as stored.
func (s Service) announceImport(ctx context.Context, id int64) {
	var im Import
	if err := s.DB.WithContext(ctx).Take(&im, id).Error; err != nil {
		return
	}
	im.Explain(fileErrors)
	s.publish(ctx, im.CompanyID, EventImport, map[string]any{"action": "update", "record": im})
}

// Requeue queues again the imports a lost queue stranded: imports and checks that have not
// moved for grace (a running import reports several times a second). A task still known to
// asynq makes its re-enqueue a no-op.
func (s Service) Requeue(ctx context.Context, grace time.Duration) error {
	var ims []Import
	// A check waits in the low queue between its batches: it is given longer.
	err := s.DB.WithContext(ctx).Where("(status IN ? AND updated_at < ?) OR (status = ? AND updated_at < ?)",
		[]string{StatusPending, StatusReading}, time.Now().Add(-grace), StatusChecking, time.Now().Add(-max(grace, staleAfter))).
		Order("id").Limit(100).Find(&ims).Error
	for _, im := range ims {
		if im.Status != StatusChecking {
			if t, err := tasks.NewContactListImport(im.CompanyID, im.ID); err == nil {
				_ = tasks.Enqueue(ctx, s.Queue, t)
			}
			continue
		}
		s.requeueCheck(tenant.With(ctx, im.CompanyID), im)
	}
	return err
}
