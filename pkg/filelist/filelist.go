// Package filelist holds a company's file lists (spec/3 "File list"): named sets of files
// that a queue or a queue option sends. This package reads them for the admin selects
// and checks ids, and the /files page edits them (edit.go).
package filelist

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/page"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// List is one file list with its files.
type List struct {
	ID        int64    `json:"id"`
	CompanyID int64    `json:"-"`
	Name      string   `json:"name"`
	Message   string   `json:"message"`
	UserID    *int64   `json:"userId"`
	Options   []Option `json:"options" gorm:"-"`
	Count     int64    `json:"-" gorm:"-"`
}

// TableName is the spec's table.
func (List) TableName() string { return "files" }

// Option is one file of a list.
type Option struct {
	ID        int64  `json:"id"`
	FileID    int64  `json:"-"`
	Name      string `json:"name"`
	Path      string `json:"path"`
	MediaType string `json:"mediaType"`
	URL       string `json:"url" gorm:"-"` // signed, for the page's links
	CompanyID int64  `json:"-"`
}

// TableName is the spec's table.
func (Option) TableName() string { return "file_options" }

// Filter selects a page of lists.
type Filter struct {
	Search string
	Page   int
}

// Page is a page of lists, as GET /files/ answers it.
type Page struct {
	Files   []List `json:"files"`
	HasMore bool   `json:"hasMore"`
	Count   int64  `json:"count"`
}

// Media signs and removes stored files.
type Media interface {
	URL(rel string) string
	Remove(rel string) error
}

// Service reads and edits the file lists of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
	Media  Media
}

// List returns a page of the company's lists by name, each with its files (two queries).
func (s Service) List(ctx context.Context, f Filter) (Page, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Page{}, err
	}
	q = q.Model(&List{})
	if search := strings.TrimSpace(f.Search); search != "" {
		q = q.Where("lower(name) LIKE ?", page.Like(strings.ToLower(search)))
	}
	p := Page{Files: []List{}}
	if err := q.Session(&gorm.Session{}).Count(&p.Count).Error; err != nil {
		return Page{}, err
	}
	if p.HasMore, err = page.Find(q.Order("name, id"), f.Page, page.Size, &p.Files); err != nil || len(p.Files) == 0 {
		return p, err
	}
	ids := make([]int64, len(p.Files))
	byID := make(map[int64]*List, len(p.Files))
	for i := range p.Files {
		p.Files[i].Options = []Option{}
		ids[i], byID[p.Files[i].ID] = p.Files[i].ID, &p.Files[i]
	}
	var opts []Option
	if err := s.DB.WithContext(ctx).Where("file_id IN ?", ids).Order("file_id, id").Find(&opts).Error; err != nil {
		return Page{}, err
	}
	for _, o := range opts {
		o.URL = s.url(o.Path)
		byID[o.FileID].Options = append(byID[o.FileID].Options, o)
	}
	return p, nil
}

// Owned reports whether id is a file list of the company. Inside a transaction the row is
// key-share locked (as a foreign key check does), so it can't vanish before the commit.
func Owned(tx *gorm.DB, companyID, id int64) (bool, error) {
	var ids []int64
	err := tx.Raw("SELECT id FROM files WHERE id = ? AND company_id = ? FOR KEY SHARE", id, companyID).Scan(&ids).Error
	return len(ids) == 1, err
}
