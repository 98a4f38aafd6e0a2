package importjob

import (
	"time"

	"atende/pkg/errs"
)

// State is what an import's row records of its file and its reading: the same columns in
// contact_imports and contact_list_imports, embedded in each package's Import. Error is a
// file-level error code; ErrorMessage says it in words (not stored: Explain fills it).
type State struct {
	FilePath     string     `json:"-"`
	FileName     string     `json:"fileName"`
	FileType     string     `json:"fileType"`
	Status       string     `json:"status"`
	Error        string     `json:"error"`
	ErrorMessage string     `json:"errorMessage" gorm:"-"`
	TotalRows    int        `json:"totalRows"`
	Percent      int        `json:"percent"`
	RowsRead     int        `json:"rowsRead"`
	Refused      int        `json:"refused"`
	CreatedAt    time.Time  `json:"createdAt"`
	UpdatedAt    time.Time  `json:"updatedAt"`
	FinishedAt   *time.Time `json:"finishedAt"`
}

// Messages are the words of an import's file-level error codes.
type Messages map[string]string

// MessagesOf maps each error's code to its message.
func MessagesOf(list ...*errs.Error) Messages {
	m := Messages{}
	for _, e := range list {
		m[e.Code] = e.Message
	}
	return m
}

// Explain fills ErrorMessage from the error code.
func (s *State) Explain(m Messages) { s.ErrorMessage = m[s.Error] }
