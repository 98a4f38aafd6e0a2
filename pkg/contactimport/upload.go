package contactimport

import (
	"context"
	"time"

	"atende/pkg/importjob"
	"atende/pkg/sheet"
	"atende/pkg/tenant"
)

// Preview is what an upload answers: the import waiting for its mapping, the file's header,
// its first rows and the mapping its header suggests.
type Preview struct {
	Import  Import       `json:"import"`
	Header  []string     `json:"header"`
	Rows    []PreviewRow `json:"rows"`
	Mapping Mapping      `json:"mapping"`
}

// PreviewRow is one row of the preview with its spreadsheet row number.
type PreviewRow struct {
	Line  int      `json:"line"`
	Cells []string `json:"cells"`
}

// forgetAfter: an upload never started is removed, with its file, after this.
const forgetAfter = 24 * time.Hour

// Upload records a stored spreadsheet (at rel) and reads its first rows for the preview. A
// file that does not read as a sheet, has no header or no rows is refused (the caller removes
// it).
func (s Service) Upload(ctx context.Context, userID int64, rel, name, fileType string) (Preview, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Preview{}, err
	}
	p, total, err := s.preview(rel, fileType)
	if err != nil {
		return Preview{}, err
	}
	s.forgetOld(ctx, companyID)
	im := Import{CompanyID: companyID, Source: SourceFile, Header: p.Header, State: importjob.State{FilePath: rel,
		FileName: sheet.Clip(name, 200), FileType: fileType, Status: StatusUploaded, TotalRows: total}}
	if userID > 0 {
		im.UserID = &userID
	}
	if err := s.DB.WithContext(ctx).Create(&im).Error; err != nil {
		return Preview{}, err
	}
	p.Import = im
	return p, nil
}

// preview reads the header and up to PreviewRows non-blank rows.
func (s Service) preview(rel, fileType string) (Preview, int, error) {
	f, err := s.Files.OpenLocal(rel)
	if err != nil {
		return Preview{}, 0, err
	}
	defer f.Close()
	sh, err := sheet.Open(fileType, f)
	if err != nil {
		return Preview{}, 0, err
	}
	defer sh.Close()
	p := Preview{Rows: []PreviewRow{}}
	for line := 1; len(p.Rows) < PreviewRows && sh.Next(); line++ {
		cells := cleanRow(sh.Row())
		if line == 1 {
			p.Header = cells
			continue
		}
		if !blank(cells) {
			p.Rows = append(p.Rows, PreviewRow{Line: line, Cells: cells})
		}
	}
	switch {
	case sh.Err() != nil:
		return p, 0, sheet.ErrUnreadable
	case blank(p.Header):
		return p, 0, ErrNoHeader
	case len(p.Rows) == 0:
		return p, 0, ErrNoRows
	}
	p.Mapping = guess(p.Header)
	return p, max(sh.Total()-1, 0), nil
}

// cleanRow copies a row (readers reuse theirs), its cells cleaned and bounded.
func cleanRow(row []string) []string {
	out := make([]string, min(len(row), maxColumns))
	for i := range out {
		out[i] = sheet.Clip(sheet.Clean(row[i]), 500)
	}
	return out
}

// maxColumns bounds the columns a preview carries.
const maxColumns = 50

func blank(cells []string) bool {
	for _, c := range cells {
		if c != "" {
			return false
		}
	}
	return true
}

// forgetOld removes the company's uploads that were never started, and their files.
func (s Service) forgetOld(ctx context.Context, companyID int64) {
	var old []Import
	s.DB.WithContext(ctx).Where("company_id = ? AND status = ? AND created_at < ?", companyID, StatusUploaded,
		time.Now().Add(-forgetAfter)).Limit(100).Find(&old)
	for _, im := range old {
		_ = s.Files.Remove(im.FilePath)
		s.DB.WithContext(ctx).Delete(&Import{}, im.ID)
	}
}
