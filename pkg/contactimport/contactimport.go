// Package contactimport imports contacts into the company's address book (spec/2 "Contacts
// import/export"): a spreadsheet uploaded on /contacts/import, previewed, mapped to the
// contact's fields and run by the worker; or the phone's contacts of a whatsmeow connection.
// Numbers are normalised (pkg/sheet), a number already known is merged into its contact,
// and a bad row is refused with its reason without stopping the others.
package contactimport

import (
	"context"
	"net/http"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/importjob"
	"atende/pkg/realtime"
	"atende/pkg/tasks"
)

// Import is one import and its progress (importjob.State: the file, its status and error,
// rows read and refused one by one); Created and Updated count the contacts written.
type Import struct {
	ID              int64     `json:"id"`
	CompanyID       int64     `json:"companyId"`
	UserID          *int64    `json:"userId"`
	Source          string    `json:"source"`
	ConnectionID    *int64    `json:"connectionId"`
	Header          []string  `json:"header" gorm:"serializer:json"`
	Mapping         Mapping   `json:"mapping" gorm:"serializer:json"`
	Selection       Selection `json:"selection" gorm:"serializer:json"`
	Created         int       `json:"created"`
	Updated         int       `json:"updated"`
	importjob.State `gorm:"embedded"`
}

func (Import) TableName() string { return "contact_imports" }

// Sources and states of an import.
const (
	SourceFile  = "file"
	SourcePhone = "phone"

	StatusUploaded = "uploaded"
	StatusPending  = "pending"
	StatusReading  = "reading"
	StatusDone     = "done"
	StatusFailed   = "failed"
)

// EventImport is the live channel of an import's progress (company-{id}-ContactImport).
const EventImport = "ContactImport"

// Limits.
const (
	// UploadMaxBytes bounds the uploaded file (a 100,000-row sheet is about 4 MB).
	UploadMaxBytes = 20 << 20
	// PreviewRows is how many rows the preview shows (and can be picked one by one).
	PreviewRows = 100
	// MaxPicked bounds the rows listed one by one in a selection.
	MaxPicked = 1000
	// MaxTags bounds the tags one row adds.
	MaxTags = 10
)

// MaxRows bounds the rows of one file (a variable for tests).
var MaxRows = 200_000

// Errors (the spec's import messages where it has them).
var (
	ErrNotFound       = errs.New(http.StatusNotFound, "ERR_IMPORT_NOT_FOUND", "Importação não encontrada.")
	ErrNoRows         = errs.New(http.StatusBadRequest, "ERR_IMPORT_NO_ROWS", "A planilha não tem nenhuma linha de contato.")
	ErrTooManyRows    = errs.New(http.StatusBadRequest, "ERR_IMPORT_TOO_MANY_ROWS", "A planilha passa de 200.000 linhas.")
	ErrNoHeader       = errs.New(http.StatusBadRequest, "ERR_IMPORT_NO_HEADER", "Arquivo inválido! A primeira linha deve nomear as colunas.")
	ErrFailed         = errs.New(http.StatusInternalServerError, "ERR_IMPORT_FAILED", "A importação falhou. Envie a planilha de novo.")
	ErrNameNotMapped  = errs.New(http.StatusBadRequest, "ERR_IMPORT_NAME_NOT_SELECTED", "O campo nome não foi selecionado.")
	ErrNumNotMapped   = errs.New(http.StatusBadRequest, "ERR_IMPORT_NUMBER_NOT_SELECTED", "O campo número não foi selecionado.")
	ErrColumnTwice    = errs.New(http.StatusBadRequest, "ERR_IMPORT_COLUMN_TWICE", "Cada coluna só pode ser ligada a um campo.")
	ErrBadColumn      = errs.New(http.StatusBadRequest, "ERR_IMPORT_BAD_COLUMN", "A coluna escolhida não existe na planilha.")
	ErrNoneSelected   = errs.New(http.StatusBadRequest, "ERR_IMPORT_NO_CONTACT_SELECTED", "Nenhum contato selecionado")
	ErrTooManyPicked  = errs.New(http.StatusBadRequest, "ERR_IMPORT_TOO_MANY_PICKED", "Escolha no máximo 1.000 linhas uma a uma, ou todas.")
	ErrNotWaiting     = errs.New(http.StatusConflict, "ERR_IMPORT_ALREADY_STARTED", "Esta importação já começou.")
	ErrPhoneChannel   = errs.New(http.StatusBadRequest, "ERR_IMPORT_PHONE_UNSUPPORTED", "Só uma conexão WhatsApp por QR code tem contatos do telefone para importar.")
	ErrNotConnected   = errs.New(http.StatusBadRequest, "ERR_WAPP_NOT_INITIALIZED", "A conexão não está conectada ao WhatsApp.")
	ErrNoConnection   = errs.New(http.StatusNotFound, "ERR_NO_WAPP_FOUND", "Nenhuma conexão encontrada.")
	ErrPhoneUnreached = errs.New(http.StatusBadGateway, "ERR_IMPORT_PHONE_FAILED", "Não foi possível ler os contatos do telefone. Verifique a conexão e tente de novo.")
)

var fileErrors = importjob.MessagesOf(ErrNoRows, ErrTooManyRows, ErrNoHeader, ErrFailed, ErrPhoneUnreached,
	ErrNotConnected, ErrNoConnection)

// SettingReader reads a company setting's value.
type SettingReader interface {
	Value(ctx context.Context, key string) string
}

// Service runs the imports of the context's company.
type Service struct {
	DB       *gorm.DB
	Events   realtime.Publisher
	Queue    tasks.Enqueuer
	Files    importjob.Files
	Channels importjob.Channels
	Settings SettingReader
}

// announce publishes an import's progress as stored.
func (s Service) announce(ctx context.Context, id int64) {
	var im Import
	if s.Events == nil || s.DB.WithContext(ctx).Take(&im, id).Error != nil {
		return
	}
	im.Explain(fileErrors)
	_ = s.Events.Publish(ctx, realtime.ToCompany(im.CompanyID, EventImport, map[string]any{"action": "update", "record": im}))
}

// publishContacts tells the contact lists open in the company to load again.
func (s Service) publishContacts(ctx context.Context, companyID int64) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompany(companyID, "contact", map[string]any{"action": "reload"}))
	}
}
